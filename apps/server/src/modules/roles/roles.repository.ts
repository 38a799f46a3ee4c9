import type { Role } from '@bo/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { permissions, rolePermissions, roles, staff } from '../../db/schema';

function selectRoles(db: DbOrTx, where?: SQL) {
  return db
    .select({
      ID: roles.id,
      Name: roles.name,
      Description: roles.description,
      // Drizzle renders a column unqualified inside sql``, where the subquery's own "id" would shadow it.
      Permissions: sql<string[]>`coalesce((
        select array_agg(p.slug order by p.slug) from ${rolePermissions} rp
        join ${permissions} p on p.id = rp.permission_id where rp.role_id = "roles"."id"), '{}')`,
      StaffCount: sql<number>`(select count(*)::int from ${staff} s where s.role_id = "roles"."id" and not s.disabled)`,
      DisabledStaffCount: sql<number>`(select count(*)::int from ${staff} s where s.role_id = "roles"."id" and s.disabled)`,
    })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.name));
}

export async function listRoles(db: DbOrTx): Promise<Role[]> {
  return selectRoles(db);
}

export async function findRole(db: DbOrTx, id: number): Promise<Role | undefined> {
  const [row] = await selectRoles(db, eq(roles.id, id));
  return row;
}

export async function listPermissions(db: DbOrTx) {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.slug));
  return rows.map((p) => ({ Slug: p.slug, Name: p.name, Description: p.description }));
}

export async function roleIdByName(db: DbOrTx, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return row?.id;
}

// Any constant both sides agree on: the key of the transaction-scoped advisory lock below.
const ROLE_NAMES_LOCK = 0x726f6c65;

/**
 * Serialises the changes to roles until the transaction ends: names are unique whatever their case, which
 * the unique index (exact case) cannot enforce alone, and a check of who still manages staff holds until
 * the change commits.
 */
export async function lockRoleChanges(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ROLE_NAMES_LOCK})`);
}

/** The role whose name equals `name` ignoring case, other than `exceptId`. */
export async function roleNamed(
  db: DbOrTx,
  name: string,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(
      and(
        sql`lower(${roles.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function lockRole(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; name: string; description: string } | undefined> {
  const [row] = await db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(eq(roles.id, id))
    .for('update');
  return row;
}

export async function insertRole(db: DbOrTx, values: { name: string; description: string }): Promise<number> {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  if (!row) throw new Error('role not saved');
  return row.id;
}

export async function updateRole(
  db: DbOrTx,
  id: number,
  values: { name?: string; description?: string },
): Promise<void> {
  await db.update(roles).set(values).where(eq(roles.id, id));
}

/** Sets a role's permissions to exactly `slugs`. */
export async function setRoleSlugs(db: DbOrTx, roleId: number, slugs: readonly string[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (slugs.length === 0) return;
  const ids = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.slug, [...slugs]));
  if (ids.length > 0)
    await db.insert(rolePermissions).values(ids.map((p) => ({ roleId, permissionId: p.id })));
}

/** Accounts that hold the role, disabled ones included. */
export async function countRoleHolders(db: DbOrTx, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(eq(staff.roleId, roleId));
  return row?.n ?? 0;
}

/** Deletes the role; its permission rows go with it (on delete cascade). */
export async function deleteRole(db: DbOrTx, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}
