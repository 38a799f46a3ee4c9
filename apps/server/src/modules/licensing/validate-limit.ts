import type { Db } from '../../db/database';
import { lockThrottle, saveThrottle } from '../auth/throttle.repository';

/** At most this many validations per address in a window (a device validates at start and now and then). */
export const VALIDATE_LIMIT = { perWindow: 30, windowMs: 60_000 } as const;

/**
 * The public validate-key route's limit per address, on the sign-in throttle's table (ADR 0004), so every
 * instance shares one count: a fixed window whose start is `last_failure_at` and whose count is `failures`.
 * Counted under the row lock before the key is looked at, so a parallel burst cannot slip past the count.
 */
export async function admitValidation(db: Db, ip: string, at: Date): Promise<boolean> {
  const key = `licence-validate:${ip}`;
  return db.transaction(async (tx) => {
    const [row] = await lockThrottle(tx, [key]);
    if (!row) return true;
    const fresh =
      row.lastFailureAt === null || at.getTime() - row.lastFailureAt.getTime() >= VALIDATE_LIMIT.windowMs;
    const count = fresh ? 1 : row.failures + 1;
    if (count > VALIDATE_LIMIT.perWindow) return false;
    await saveThrottle(tx, { ...row, failures: count, lastFailureAt: fresh ? at : row.lastFailureAt });
    return true;
  });
}
