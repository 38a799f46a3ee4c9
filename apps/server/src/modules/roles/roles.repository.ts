import type { Role } from '@bo/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { permissions, rolePermissions, roles, staff } from '../../db/schema';

export async function listRoles(db: DbOrTx): Promise<Role[]> {
  const rows = await db
    .select({
      ID: roles.id,
      Name: roles.name,
      Description: roles.description,
      // Drizzle renders a column unqualified inside sql``, where the subquery's own "id" would shadow it.
      Permissions: sql<string[]>`coalesce((
        select array_agg(p.slug order by p.slug) from ${rolePermissions} rp
        join ${permissions} p on p.id = rp.permission_id where rp.role_id = "roles"."id"), '{}')`,
      StaffCount: sql<number>`(select count(*)::int from ${staff} s where s.role_id = "roles"."id" and not s.disabled)`,
    })
    .from(roles)
    .orderBy(asc(roles.name));
  return rows;
}

export async function listPermissions(db: DbOrTx) {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.slug));
  return rows.map((p) => ({ Slug: p.slug, Name: p.name, Description: p.description }));
}

export async function roleIdByName(db: DbOrTx, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return row?.id;
}
