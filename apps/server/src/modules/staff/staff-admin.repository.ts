import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { permissions, rolePermissions, roles, sessions, staff } from '../../db/schema';

/** A session counts as live while it is not ended, not past its expiry and not idle (session.service). */
const liveSession = (at: Date, idleMs: number) =>
  and(
    isNull(sessions.endedAt),
    gt(sessions.expiresAt, at),
    gt(sessions.lastSeenAt, new Date(at.getTime() - idleMs)),
  );

export interface StaffMemberRow {
  id: number;
  username: string;
  displayName: string;
  email: string;
  roleId: number;
  role: string;
  disabled: boolean;
  totpEnrolled: boolean;
  createdOn: Date;
  lastLoginOn: Date | null;
  liveSessions: number;
}

/** Every staff account (or the one with `id`), with its role's name and how many live sessions it has. */
export async function listStaffMembers(
  db: DbOrTx,
  at: Date,
  idleMs: number,
  id?: number,
): Promise<StaffMemberRow[]> {
  const live = db
    .select({ staffId: sessions.staffId, n: sql<number>`count(*)::int`.as('n') })
    .from(sessions)
    .where(liveSession(at, idleMs))
    .groupBy(sessions.staffId)
    .as('live');
  return db
    .select({
      id: staff.id,
      username: staff.username,
      displayName: staff.displayName,
      email: staff.email,
      roleId: staff.roleId,
      role: roles.name,
      disabled: staff.disabled,
      totpEnrolled: sql<boolean>`${staff.totpSecret} is not null`,
      createdOn: staff.createdOn,
      lastLoginOn: staff.lastLoginOn,
      liveSessions: sql<number>`coalesce(${live.n}, 0)::int`,
    })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .leftJoin(live, eq(live.staffId, staff.id))
    .where(id === undefined ? undefined : eq(staff.id, id))
    .orderBy(asc(staff.username));
}

export async function findStaffMember(
  db: DbOrTx,
  id: number,
  at: Date,
  idleMs: number,
): Promise<StaffMemberRow | undefined> {
  const [row] = await listStaffMembers(db, at, idleMs, id);
  return row;
}

export async function listRoleOptions(db: DbOrTx): Promise<Array<{ ID: number; Name: string }>> {
  return db.select({ ID: roles.id, Name: roles.name }).from(roles).orderBy(asc(roles.name));
}

export async function roleExists(db: DbOrTx, roleId: number): Promise<boolean> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)).limit(1);
  return row !== undefined;
}

/**
 * Locks the given staff rows (in id order, so two administrators changing each other cannot deadlock) and
 * answers their role and state as committed, for checks that must hold until the change commits.
 */
export async function lockStaff(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Array<{ id: number; username: string; roleId: number; disabled: boolean }>> {
  return db
    .select({ id: staff.id, username: staff.username, roleId: staff.roleId, disabled: staff.disabled })
    .from(staff)
    .where(inArray(staff.id, [...ids]))
    .orderBy(asc(staff.id))
    .for('update');
}

export async function roleHolds(db: DbOrTx, roleId: number, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rolePermissions.roleId })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(rolePermissions.roleId, roleId), eq(permissions.slug, slug)))
    .limit(1);
  return row !== undefined;
}

export interface StaffSessionRow {
  id: string;
  staffId: number;
  username: string;
  displayName: string;
  role: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function listLiveSessions(
  db: DbOrTx,
  at: Date,
  idleMs: number,
  staffId?: number,
): Promise<StaffSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      staffId: sessions.staffId,
      username: staff.username,
      displayName: staff.displayName,
      role: roles.name,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(
      and(
        liveSession(at, idleMs),
        eq(staff.disabled, false),
        staffId === undefined ? undefined : eq(sessions.staffId, staffId),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), asc(sessions.id))
    .limit(1000);
}

/** The account behind a session not ended yet (idle or expired ones included), or undefined. */
export async function findOpenSessionOwner(
  db: DbOrTx,
  sessionId: string,
): Promise<{ username: string } | undefined> {
  const [row] = await db
    .select({ username: staff.username })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .limit(1);
  return row;
}
