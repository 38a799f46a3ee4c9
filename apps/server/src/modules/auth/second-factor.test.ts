import { MESSAGES } from '@bo/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginThrottle } from '../../db/schema';
import { createTestApp, login, TEST_TOTP_SECRET, type TestApp } from '../../test/test-app';
import { totpCode } from './totp';

const STEP_MS = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  // Refused codes count toward the lock; no test should be refused because of another's failures.
  await t.database.db.delete(loginThrottle);
  // The middle of a time step well after any step an earlier test used, so every code here is unused.
  t.clock.set(new Date((Math.floor(t.clock.now().getTime() / STEP_MS) + 4) * STEP_MS + STEP_MS / 2));
});

/** The code the authenticator shows `steps` time steps from now. */
const codeAt = (steps: number) =>
  totpCode(TEST_TOTP_SECRET, new Date(t.clock.now().getTime() + steps * STEP_MS));
const withCode = (totp: string, password?: string) =>
  login(t.app, 'secure', { totp, ...(password ? { password } : {}) });

describe('TOTP second factor', () => {
  it('accepts the current code once and refuses it the second time', async () => {
    const code = await codeAt(0);
    expect((await withCode(code)).statusCode).toBe(200);
    const again = await withCode(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('lets only one of two concurrent sign-ins racing with the same code through', async () => {
    const code = await codeAt(0);
    const answers = await Promise.all([withCode(code), withCode(code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('allows one step of clock drift either way, refuses codes further away and codes older than the last used', async () => {
    expect((await withCode(await codeAt(-2))).statusCode).toBe(401);
    expect((await withCode(await codeAt(2))).statusCode).toBe(401);
    expect((await withCode(await codeAt(-1))).statusCode).toBe(200);
    expect((await withCode(await codeAt(1))).statusCode).toBe(200);
    // Step 0 is still inside the window, but older than the step just used: refused.
    expect((await withCode(await codeAt(0))).statusCode).toBe(401);
  });

  it('refuses a code from an old window even when it was never used', async () => {
    const old = await codeAt(0);
    t.clock.advance(2 * STEP_MS);
    expect((await withCode(old)).statusCode).toBe(401);
  });

  it('does not use up the code on a wrong password', async () => {
    const code = await codeAt(0);
    expect((await withCode(code, 'not-the-password')).statusCode).toBe(401);
    expect((await withCode(code)).statusCode).toBe(200);
  });

  it('refuses the form default 000000 for an enrolled account', async () => {
    expect((await withCode('000000')).statusCode).toBe(401);
  });
});

describe('TOTP_MANDATORY', () => {
  it('refuses accounts without TOTP, and still signs in enrolled ones', async () => {
    const strict = await createTestApp({ totpMandatory: true });
    try {
      expect((await login(strict.app, 'admin')).statusCode).toBe(401);
      const code = await totpCode(TEST_TOTP_SECRET, strict.clock.now());
      expect((await login(strict.app, 'secure', { totp: code })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
