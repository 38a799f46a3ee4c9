import { z } from 'zod';

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

export const permissionSlugSchema = z.enum(PERMISSION_SLUGS);
export type PermissionSlug = z.infer<typeof permissionSlugSchema>;

export const PERMISSION_DESCRIPTIONS: Record<PermissionSlug, string> = {
  'admin-commander': 'Most admin screens, all configs, charts, payouts, the 24H summary boxes',
  'view-transactions': 'Transaction detail, transaction lists, FIU XML reports',
  'view-users': 'Users and user detail',
  'view-roles': 'Roles',
  'kyc-commander': 'KYC',
  'marketing-commander': 'Marketing and news',
  'chatter-role': 'Support chat widget',
};

export const permissionSchema = z.object({ Slug: z.string(), Name: z.string().optional() });
export type Permission = z.infer<typeof permissionSchema>;

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
