// No zod here: the route guards of the login page's code read these, and the login page does not download
// any schema (ADR 0012).

/** Permission slugs of SPEC §6. */
export const PERMISSION_SLUGS = [
  'admin-commander',
  'view-transactions',
  'view-users',
  'view-roles',
  'kyc-commander',
  'marketing-commander',
  'chatter-role',
] as const;

export type PermissionSlug = (typeof PERMISSION_SLUGS)[number];

export const PERMISSION_DESCRIPTIONS: Record<PermissionSlug, string> = {
  'admin-commander': 'Most admin screens, all configs, charts, payouts, the 24H summary boxes',
  'view-transactions': 'Transaction detail, transaction lists, FIU XML reports',
  'view-users': 'Users and user detail',
  'view-roles': 'Roles',
  'kyc-commander': 'KYC',
  'marketing-commander': 'Marketing and news',
  'chatter-role': 'Support chat widget',
};

/**
 * SPEC §6: a check passes when no slug (or an empty slug) is required, or the slug is in the list.
 */
export function hasPermission(
  permissions: ReadonlyArray<{ Slug: string }>,
  required: string | null | undefined,
): boolean {
  if (!required) return true;
  return permissions.some((p) => p.Slug === required);
}
