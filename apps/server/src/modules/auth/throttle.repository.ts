import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { loginThrottle } from '../../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

export async function readThrottle(db: DbOrTx, keys: string[]): Promise<ThrottleRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
}

export async function saveThrottle(db: DbOrTx, row: ThrottleRow): Promise<void> {
  await db
    .insert(loginThrottle)
    .values(row)
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: row.failures,
        lockouts: row.lockouts,
        lastFailureAt: row.lastFailureAt,
        lockedUntil: row.lockedUntil,
      },
    });
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
