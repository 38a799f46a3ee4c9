import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { loginThrottle } from '../../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/**
 * The counters of `keys`, created when missing, locked for the rest of the transaction. The rows are locked
 * in key order, so two attempts sharing keys wait for each other instead of deadlocking.
 */
export async function lockThrottle(tx: Tx, keys: string[]): Promise<ThrottleRow[]> {
  if (keys.length === 0) return [];
  await tx
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, failures: 0, lockouts: 0, lastFailureAt: null, lockedUntil: null })))
    .onConflictDoNothing();
  return tx
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys))
    .orderBy(loginThrottle.key)
    .for('update');
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
