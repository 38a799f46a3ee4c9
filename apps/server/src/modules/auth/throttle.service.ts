import type { Db } from '../../db/database';
import { clearThrottle, lockThrottle, saveThrottle, type ThrottleRow } from './throttle.repository';

export interface ThrottleLimits {
  maxAccountFailures: number;
  maxAddressFailures: number;
  lockMs: number;
}

/**
 * The fixed rules of the brute-force limits (ADR 0004). The limits a deployment tunes (failures per
 * account and per address, base lock) come from env.ts as LOGIN_*; everything else is here.
 */
export const THROTTLE_RULES = {
  /** The count starts again when the last counted attempt is older than this (Keycloak: failure reset time). */
  failureWindowMs: 60 * 60_000,
  /** A key whose last lock ended this long ago starts again at the base lock. */
  lockoutMemoryMs: 24 * 60 * 60_000,
  /** Each further lock lasts twice as long as the one before, up to this multiple of the base. */
  maxLockMultiplier: 32,
} as const;

type Counter = Omit<ThrottleRow, 'key'>;

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;
const isLocked = (row: Counter, at: number) => row.lockedUntil !== null && row.lockedUntil.getTime() > at;

function lock(row: Counter, lockMs: number, at: number): Counter {
  const forgotten =
    row.lockedUntil !== null && at - row.lockedUntil.getTime() > THROTTLE_RULES.lockoutMemoryMs;
  const lockouts = (forgotten ? 0 : row.lockouts) + 1;
  const multiplier = Math.min(2 ** (lockouts - 1), THROTTLE_RULES.maxLockMultiplier);
  return { ...row, failures: 0, lockouts, lockedUntil: new Date(at + lockMs * multiplier) };
}

/**
 * Brute-force limits per account and per address, shared by every instance through PostgreSQL.
 *
 * An attempt is counted *before* its password is checked (`admit`) and taken back only when it succeeds,
 * each step under a row lock. Counting afterwards would let a burst of parallel attempts all pass the lock
 * check before the first failure is written (the race of keycloak/keycloak#31726). A locked key is refused
 * before the password is checked; the caller answers exactly as for a wrong password.
 */
export function createLoginThrottle(db: Db, limits: ThrottleLimits, now: () => Date) {
  const keysOf = (username: string, ip: string) => [addressKey(ip), accountKey(username)];
  const maxOf = (key: string) =>
    key.startsWith('account:') ? limits.maxAccountFailures : limits.maxAddressFailures;

  /**
   * Runs `step` on each key's counter in turn, under a row lock (taken in one order, so two attempts never
   * deadlock): it answers the counter to save, whether to remove it, and whether to stop at this key.
   */
  async function update(
    keys: string[],
    step: (key: string, row: Counter) => { save?: Counter; remove?: boolean; stop?: boolean },
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const byKey = new Map((await lockThrottle(tx, keys)).map((r) => [r.key, r]));
      for (const key of keys) {
        const row = byKey.get(key);
        if (!row) continue;
        const { save, remove, stop } = step(key, row);
        if (remove) await clearThrottle(tx, key);
        else if (save) await saveThrottle(tx, { ...save, key });
        if (stop) return;
      }
    });
  }

  return {
    /**
     * Counts one attempt against the address, then the account. False (refuse, without checking the
     * password) when either is locked, or when this attempt goes over the limit, which locks it.
     */
    async admit(username: string, ip: string): Promise<boolean> {
      const at = now().getTime();
      let admitted = true;
      await update(keysOf(username, ip), (key, row) => {
        if (isLocked(row, at)) {
          admitted = false;
          return { stop: true };
        }
        const stale =
          row.lastFailureAt === null || at - row.lastFailureAt.getTime() > THROTTLE_RULES.failureWindowMs;
        const counted = { ...row, failures: (stale ? 0 : row.failures) + 1, lastFailureAt: new Date(at) };
        if (counted.failures <= maxOf(key)) return { save: counted };
        // Only parallel attempts get here: the ones before reached the limit while still being checked.
        admitted = false;
        return { save: lock(counted, limits.lockMs, at), stop: true };
      });
      return admitted;
    },

    /** The admitted attempt failed: a key that has reached its limit is locked now. */
    async recordFailure(username: string, ip: string): Promise<void> {
      const at = now().getTime();
      await update(keysOf(username, ip), (key, row) =>
        !isLocked(row, at) && row.failures >= maxOf(key) ? { save: lock(row, limits.lockMs, at) } : {},
      );
    },

    /** The admitted attempt succeeded: the account starts afresh; the address only takes this attempt back. */
    async recordSuccess(username: string, ip: string): Promise<void> {
      const account = accountKey(username);
      await update(keysOf(username, ip), (key, row) =>
        key === account ? { remove: true } : { save: { ...row, failures: Math.max(0, row.failures - 1) } },
      );
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
