import type { Db } from '../../db/database';
import { clearThrottle, readThrottle, saveThrottle } from './throttle.repository';

export interface ThrottleLimits {
  maxAccountFailures: number;
  maxAddressFailures: number;
  lockMs: number;
}

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;
/** Failures older than this no longer count toward a lock. */
const FAILURE_WINDOW_MS = 60 * 60_000;
const MAX_LOCK_MULTIPLIER = 32;

/**
 * Brute-force limits per account and per address. Each lock lasts longer than the one before (doubling),
 * a success resets the account; a locked key is refused before the password is checked, and the caller
 * answers exactly as for a wrong password.
 */
export function createLoginThrottle(db: Db, limits: ThrottleLimits, now: () => Date) {
  return {
    async isLocked(username: string, ip: string): Promise<boolean> {
      const rows = await readThrottle(db, [accountKey(username), addressKey(ip)]);
      const t = now().getTime();
      return rows.some((r) => r.lockedUntil !== null && r.lockedUntil.getTime() > t);
    },

    async recordFailure(username: string, ip: string): Promise<void> {
      const keys = [
        { key: accountKey(username), max: limits.maxAccountFailures },
        { key: addressKey(ip), max: limits.maxAddressFailures },
      ];
      const existing = new Map(
        (
          await readThrottle(
            db,
            keys.map((k) => k.key),
          )
        ).map((r) => [r.key, r]),
      );
      const at = now();
      for (const { key, max } of keys) {
        const row = existing.get(key);
        const stale = !row?.lastFailureAt || at.getTime() - row.lastFailureAt.getTime() > FAILURE_WINDOW_MS;
        let failures = (stale ? 0 : (row?.failures ?? 0)) + 1;
        let lockouts = row?.lockouts ?? 0;
        let lockedUntil = row?.lockedUntil ?? null;
        if (failures >= max) {
          lockouts += 1;
          const multiplier = Math.min(2 ** (lockouts - 1), MAX_LOCK_MULTIPLIER);
          lockedUntil = new Date(at.getTime() + limits.lockMs * multiplier);
          failures = 0;
        }
        await saveThrottle(db, { key, failures, lockouts, lastFailureAt: at, lockedUntil });
      }
    },

    async recordSuccess(username: string): Promise<void> {
      await clearThrottle(db, accountKey(username));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
