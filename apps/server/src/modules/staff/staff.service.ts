import { randomBytes } from 'node:crypto';
import { PERMISSION_DESCRIPTIONS, PERMISSION_SLUGS, type PermissionSlug } from '@bo/contract';
import type { Db } from '../../db/database';
import { hashPassword } from '../auth/password';
import {
  countStaff,
  findStaffByUsername,
  insertStaff,
  type StaffRow,
  upsertPermissions,
  upsertRole,
} from './staff.repository';

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

export async function ensureRolesAndPermissions(db: Db): Promise<Map<string, number>> {
  await upsertPermissions(
    db,
    PERMISSION_SLUGS.map((slug) => ({
      slug,
      name: titleOf(slug),
      description: PERMISSION_DESCRIPTIONS[slug],
    })),
  );
  const ids = new Map<string, number>();
  for (const role of BUILT_IN_ROLES)
    ids.set(role.name, await upsertRole(db, role.name, role.description, role.slugs));
  return ids;
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
    const roleId = roleIds.get(account.role);
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
