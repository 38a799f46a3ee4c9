import { randomBytes } from 'node:crypto';
import { PERMISSION_DESCRIPTIONS, PERMISSION_SLUGS, type PermissionSlug } from '@bo/contract';
import type { Db } from '../../db/database';
import { hashPassword } from './password';
import {
  countStaff,
  findStaffByUsername,
  insertStaff,
  type StaffRow,
  upsertPermissions,
  upsertRole,
} from './staff.repository';
import { listRoleOptions } from './staff-admin.repository';

const titleOf = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Roles every installation has; the demo accounts of issue #2 use them. */
export const BUILT_IN_ROLES: ReadonlyArray<{
  name: string;
  description: string;
  slugs: readonly PermissionSlug[];
}> = [
  { name: 'Administrator', description: 'Every permission', slugs: PERMISSION_SLUGS },
  {
    name: 'Support',
    description: 'Transactions, users and the support chat',
    slugs: ['view-transactions', 'view-users', 'chatter-role'],
  },
  { name: 'KYC Officer', description: 'KYC review and users', slugs: ['kyc-commander', 'view-users'] },
  { name: 'Marketing', description: 'Email marketing and news', slugs: ['marketing-commander'] },
  { name: 'Viewer', description: 'Sign-in and the dashboard only', slugs: [] },
];

/**
 * The contract's permissions, and on a fresh installation (no role yet) the built-in roles. Roles are staff's
 * to edit after that: a restart must not undo a rename, a deletion or a change of slugs. Answers every
 * role's id by name.
 */
export async function ensureRolesAndPermissions(db: Db): Promise<Map<string, number>> {
  await upsertPermissions(
    db,
    PERMISSION_SLUGS.map((slug) => ({
      slug,
      name: titleOf(slug),
      description: PERMISSION_DESCRIPTIONS[slug],
    })),
  );
  if ((await listRoleOptions(db)).length === 0) {
    for (const role of BUILT_IN_ROLES) await upsertRole(db, role.name, role.description, role.slugs);
  }
  return new Map((await listRoleOptions(db)).map((role) => [role.Name, role.ID]));
}

export const newApiKey = () => randomBytes(24).toString('hex');

export async function createStaff(
  db: Db,
  input: {
    username: string;
    email: string;
    displayName: string;
    password: string;
    roleId: number;
    totpSecret?: string | null;
  },
): Promise<StaffRow> {
  return insertStaff(db, {
    username: input.username.trim().toLowerCase(),
    email: input.email.trim().toLowerCase(),
    displayName: input.displayName,
    passwordHash: await hashPassword(input.password),
    totpSecret: input.totpSecret ?? null,
    roleId: input.roleId,
    apiKey: newApiKey(),
  });
}

export const DEMO_STAFF = [
  { username: 'admin', role: 'Administrator', displayName: 'Ada Admin', totp: false },
  { username: 'support', role: 'Support', displayName: 'Sam Support', totp: false },
  { username: 'kyc', role: 'KYC Officer', displayName: 'Kim KYC', totp: false },
  { username: 'marketing', role: 'Marketing', displayName: 'Max Marketing', totp: false },
  { username: 'viewer', role: 'Viewer', displayName: 'Vic Viewer', totp: false },
  { username: 'secure', role: 'Administrator', displayName: 'Sid Secure', totp: true },
] as const;

/** Demo mode only: the accounts of README's table, all with DEMO_PASSWORD; `secure` has TOTP. */
export async function seedDemoStaff(
  db: Db,
  options: { password: string; totpSecret: string },
): Promise<void> {
  const roleIds = await ensureRolesAndPermissions(db);
  for (const account of DEMO_STAFF) {
    if (await findStaffByUsername(db, account.username)) continue;
    // An account not made yet whose role staff renamed or deleted gets the role back as built in.
    const builtIn = BUILT_IN_ROLES.find((role) => role.name === account.role);
    const roleId =
      roleIds.get(account.role) ??
      (builtIn ? await upsertRole(db, builtIn.name, builtIn.description, builtIn.slugs) : undefined);
    if (roleId === undefined) throw new Error(`missing role ${account.role}`);
    await createStaff(db, {
      username: account.username,
      email: `${account.username}@backoffice.local`,
      displayName: account.displayName,
      password: options.password,
      roleId,
      totpSecret: account.totp ? options.totpSecret : null,
    });
  }
}

export const hasAnyStaff = async (db: Db) => (await countStaff(db)) > 0;
