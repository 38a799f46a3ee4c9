import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { sessions, staff } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;

export async function insertSession(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findLiveSessionByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ session: SessionRow; staff: StaffRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, staff })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
    .limit(1);
  return row;
}

export async function findLiveSessionById(
  db: DbOrTx,
  id: string,
): Promise<{ session: SessionRow; staff: StaffRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, staff })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
    .limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function endSession(db: DbOrTx, id: string, at: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}

export async function endAllSessionsOf(db: DbOrTx, staffId: number, at: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.staffId, staffId), isNull(sessions.endedAt)));
}
