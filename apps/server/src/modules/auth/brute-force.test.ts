import { MESSAGES } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginThrottle } from '../../db/schema';
import { createTestApp, login, TEST_TOTP_SECRET, type TestApp } from '../../test/test-app';
import { THROTTLE_RULES } from './throttle.service';
import { totpCode } from './totp';

let t: TestApp;
let maxAccount = 0;
let maxAddress = 0;
let lockMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  ({ maxAccountFailures: maxAccount, maxAddressFailures: maxAddress, lockMs } = t.config.loginLimits);
});
afterAll(() => t.close());
// Every test starts from clean counters, so one test's lock never explains another's refusal.
beforeEach(async () => {
  await t.database.db.delete(loginThrottle);
});

let lastIp = 0;
/** A client address no other attempt has used, so only the account counter is in play. */
const freshIp = () => {
  lastIp += 1;
  return `10.1.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

const fail = (user: string, ip = freshIp()) => login(t.app, user, { password: 'not-the-password', ip });
async function failTimes(user: string, times: number, ip?: () => string) {
  for (let i = 0; i < times; i++) await fail(user, ip?.() ?? freshIp());
}
const signsIn = async (user: string, ip = freshIp()) => (await login(t.app, user, { ip })).statusCode === 200;

/** What an attacker can see of an answer: status, the headers that could differ, and the exact body bytes. */
function observable(response: LightMyRequestResponse) {
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe('per-account limit', () => {
  it('locks an account after the limit of wrong passwords and wrong TOTP codes alike', async () => {
    const ip = freshIp();
    await failTimes('secure', maxAccount - 2, () => ip);
    // The right password with a code from far outside the ±1 step window.
    const wrongCode = await totpCode(TEST_TOTP_SECRET, new Date(t.clock.now().getTime() + 3_600_000));
    for (let i = 0; i < 2; i++) {
      expect((await login(t.app, 'secure', { totp: wrongCode, ip })).statusCode).toBe(401);
    }
    const right = await login(t.app, 'secure', { totp: await totpCode(TEST_TOTP_SECRET, t.clock.now()) });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('answers a locked account byte for byte like a wrong password, for real and unknown accounts', async () => {
    await failTimes('viewer', maxAccount);
    await failTimes('ghost-account', maxAccount);
    const wrongPassword = observable(await fail('support'));
    const unknown = observable(await fail('nobody-at-all'));
    const lockedRightPassword = observable(await login(t.app, 'viewer', { ip: freshIp() }));
    const lockedWrongPassword = observable(await fail('viewer'));
    const lockedUnknown = observable(await fail('ghost-account'));

    expect(wrongPassword.status).toBe(401);
    expect(JSON.parse(wrongPassword.body)).toEqual({
      status_code: 401,
      message: MESSAGES.invalidCredentials,
      data: null,
    });
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    for (const answer of [unknown, lockedRightPassword, lockedWrongPassword, lockedUnknown]) {
      expect(answer).toEqual(wrongPassword);
    }
  });

  it('keeps the lock for its whole length, then lets the right password in', async () => {
    await failTimes('kyc', maxAccount);
    t.clock.advance(lockMs - 1000);
    expect(await signsIn('kyc')).toBe(false);
    t.clock.advance(2000);
    expect(await signsIn('kyc')).toBe(true);
  });

  it('doubles each further lock, and starts again from the base lock after a success', async () => {
    const lockedFor = async (user: string) => {
      // Probes while locked do not count; each probe comes from a new address so no address lock interferes.
      await failTimes(user, maxAccount);
      let waited = 0;
      while (!(await signsIn(user))) {
        t.clock.advance(lockMs / 4);
        waited += lockMs / 4;
        if (waited > lockMs * THROTTLE_RULES.maxLockMultiplier * 2) throw new Error('never unlocked');
      }
      return waited;
    };
    // A success clears the account, so each round first locks it twice in a row without one.
    const lockTwice = async () => {
      await failTimes('marketing', maxAccount);
      t.clock.advance(lockMs + 1000);
      const second = await lockedFor('marketing');
      return second;
    };
    expect(await lockedFor('marketing')).toBe(lockMs);
    // After that success the next lock is the base one again; locking twice without a success doubles it.
    expect(await lockTwice()).toBe(2 * lockMs);
    expect(await lockedFor('marketing')).toBe(lockMs);
  });

  it('grows the lock 1, 2, 4… times the base up to the cap while the failures go on', async () => {
    const user = 'ghost-escalation';
    const seen: number[] = [];
    for (let round = 0; round < 7; round++) {
      await failTimes(user, maxAccount);
      const [row] = await t.database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, `account:${user}`));
      const lockedFor = (row?.lockedUntil?.getTime() ?? 0) - t.clock.now().getTime();
      seen.push(Math.round(lockedFor / lockMs));
      t.clock.advance(lockedFor + 1000);
    }
    expect(seen).toEqual([1, 2, 4, 8, 16, 32, 32]);
  });

  it('forgets the lock history after a day without a lock', async () => {
    const user = 'ghost-memory';
    await failTimes(user, maxAccount);
    t.clock.advance(lockMs + THROTTLE_RULES.lockoutMemoryMs + 1000);
    await failTimes(user, maxAccount);
    const [row] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, `account:${user}`));
    expect((row?.lockedUntil?.getTime() ?? 0) - t.clock.now().getTime()).toBe(lockMs);
  });

  it('starts the count again when the last failure is older than the failure window', async () => {
    for (let i = 0; i < maxAccount * 2; i++) {
      await fail('admin');
      t.clock.advance(THROTTLE_RULES.failureWindowMs + 1000);
    }
    expect(await signsIn('admin')).toBe(true);
  });

  it('resets the count on a success', async () => {
    await failTimes('support', maxAccount - 1);
    expect(await signsIn('support')).toBe(true);
    await failTimes('support', maxAccount - 1);
    expect(await signsIn('support')).toBe(true);
  });

  it('counts a burst of parallel attempts: no more than the limit reach the password check', async () => {
    const user = 'viewer';
    const burst = maxAccount * 3;
    const checkedSoFar = async () =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'login.failed'), eq(auditLog.actorUsername, user)))
      ).length;
    const before = await checkedSoFar();
    const answers = await Promise.all(
      Array.from({ length: burst }, () => fail(user)), // each from its own address
    );
    expect(answers.every((a) => a.statusCode === 401)).toBe(true);
    // Each attempt that had its password checked leaves one login.failed row; refused ones do not.
    expect((await checkedSoFar()) - before).toBeLessThanOrEqual(maxAccount);
    expect(await signsIn(user)).toBe(false);
  });
});

describe('per-address limit', () => {
  it('stops one address spraying many accounts, while other addresses still sign in', async () => {
    const ip = freshIp();
    for (let i = 0; i < maxAddress; i++) await fail(`sprayed-${i}`, ip);
    // No single account reached its limit…
    const [sprayed] = await t.database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, 'account:sprayed-0'));
    expect(sprayed?.lockedUntil ?? null).toBeNull();
    // …but the address is locked, even for the right password of a real account.
    const fromSprayer = await login(t.app, 'admin', { ip });
    expect(fromSprayer.statusCode).toBe(401);
    expect(fromSprayer.json().message).toBe(MESSAGES.invalidCredentials);
    expect(await signsIn('admin', freshIp())).toBe(true);
    t.clock.advance(lockMs + 1000);
    expect(await signsIn('admin', ip)).toBe(true);
  });

  it("does not let an attacker's own successful sign-ins reset the address count", async () => {
    const ip = freshIp();
    for (let i = 0; i < maxAddress - 1; i++) {
      await fail(`guess-${i}`, ip);
      // The attacker signs in to an account of their own between guesses.
      if (i % 5 === 0) expect(await signsIn('viewer', ip)).toBe(true);
    }
    await fail('guess-last', ip);
    expect(await signsIn('viewer', ip)).toBe(false);
  });
});
