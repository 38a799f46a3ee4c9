import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { permissions, rolePermissions, roles, staff } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;

export async function findStaffByUsername(db: DbOrTx, username: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username.toLowerCase())).limit(1);
  return row;
}

export async function findStaffByLogin(db: DbOrTx, login: string): Promise<StaffRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`${staff.username} = ${value} or lower(${staff.email}) = ${value}`)
    .limit(1);
  return row;
}

export async function findStaffById(db: DbOrTx, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

export async function permissionSlugsOfRole(db: DbOrTx, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: permissions.slug })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(permissions.slug);
  return rows.map((r) => r.slug);
}

export async function roleName(db: DbOrTx, roleId: number): Promise<string> {
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.id, roleId)).limit(1);
  return row?.name ?? '';
}

export async function countStaff(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staff);
  return row?.n ?? 0;
}

export async function upsertPermissions(
  db: DbOrTx,
  list: ReadonlyArray<{ slug: string; name: string; description: string }>,
): Promise<void> {
  for (const p of list) {
    await db
      .insert(permissions)
      .values(p)
      .onConflictDoUpdate({ target: permissions.slug, set: { name: p.name, description: p.description } });
  }
}

/** Creates the role if missing and sets its permissions to exactly `slugs`. */
export async function upsertRole(
  db: DbOrTx,
  name: string,
  description: string,
  slugs: readonly string[],
): Promise<number> {
  const [role] = await db
    .insert(roles)
    .values({ name, description })
    .onConflictDoUpdate({ target: roles.name, set: { description } })
    .returning({ id: roles.id });
  if (!role) throw new Error(`role ${name} not saved`);
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
  if (slugs.length > 0) {
    const ids = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.slug, [...slugs]));
    await db.insert(rolePermissions).values(ids.map((p) => ({ roleId: role.id, permissionId: p.id })));
  }
  return role.id;
}

export async function insertStaff(db: DbOrTx, values: typeof staff.$inferInsert): Promise<StaffRow> {
  const [row] = await db.insert(staff).values(values).returning();
  if (!row) throw new Error('staff not saved');
  return row;
}

export async function updateStaff(
  db: DbOrTx,
  id: number,
  values: Partial<typeof staff.$inferInsert>,
): Promise<void> {
  await db.update(staff).set(values).where(eq(staff.id, id));
}

/** Accepts a TOTP step only if it is newer than the last one used: a code works once. */
export async function claimTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`))
    .returning({ id: staff.id });
  return rows.length === 1;
}
