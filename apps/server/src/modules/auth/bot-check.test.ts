import { MESSAGES } from '@bo/contract';
import { type Challenge, type Solution, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { type BotCheck, createBotCheck } from './bot-check.service';

let t: TestApp;
let botCheck: BotCheck;
beforeAll(async () => {
  t = await createTestApp();
  // The same secret, database and clock as the app's own bot check, so the two agree on every payload.
  botCheck = createBotCheck({
    db: t.database.db,
    secret: t.config.appSecret,
    cost: t.config.botCheck.cost,
    maxCounter: t.config.botCheck.maxCounter,
    now: t.clock.now,
  });
});
afterAll(() => t.close());

interface Solved {
  challenge: Challenge;
  solution: Solution;
}

async function solve(check: BotCheck = botCheck): Promise<Solved> {
  const challenge = await check.challenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('bot check not solved');
  return { challenge, solution };
}
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');
const redeem = (payload: unknown) => botCheck.redeem(encode(payload));
const withParameters = (s: Solved, change: Partial<Challenge['parameters']>): Solved => ({
  ...s,
  challenge: { ...s.challenge, parameters: { ...s.challenge.parameters, ...change } },
});

describe('bot check', () => {
  it('accepts a solved challenge once and refuses its replay', async () => {
    const solved = await solve();
    expect(await redeem(solved)).toBe(true);
    expect(await redeem(solved)).toBe(false);
  });

  it('redeems a solution once even when two requests race with it', async () => {
    const payload = encode(await solve());
    const results = await Promise.all([botCheck.redeem(payload), botCheck.redeem(payload)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('refuses a solution spliced from two solved challenges, and the splice burns neither', async () => {
    const a = await solve();
    const b = await solve();
    expect(await redeem({ challenge: a.challenge, solution: b.solution })).toBe(false);
    expect(await redeem({ challenge: b.challenge, solution: a.solution })).toBe(false);
    // A's signed parameters under B's signature, and B's key signature inside A's parameters.
    expect(await redeem({ ...a, challenge: { ...a.challenge, signature: b.challenge.signature } })).toBe(
      false,
    );
    expect(await redeem(withParameters(a, { keySignature: b.challenge.parameters.keySignature }))).toBe(
      false,
    );
    expect(await redeem(a)).toBe(true);
    expect(await redeem(b)).toBe(true);
  });

  it('refuses a challenge signed with another secret', async () => {
    const foreign = createBotCheck({
      db: t.database.db,
      secret: 'another-deployment-secret-of-40-chars!!',
      cost: 10,
      maxCounter: 40,
      now: t.clock.now,
    });
    expect(await redeem(await solve(foreign))).toBe(false);
  });

  it('refuses a tampered signature, expiry, cost, key prefix or derived key', async () => {
    const solved = await solve();
    const signature = solved.challenge.signature ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const expiresAt = solved.challenge.parameters.expiresAt ?? 0;
    const key = solved.solution.derivedKey;
    const tampered: Solved[] = [
      { ...solved, challenge: { ...solved.challenge, signature: flipped } },
      { ...solved, challenge: { ...solved.challenge, signature: signature.toUpperCase() } },
      withParameters(solved, { expiresAt: expiresAt + 86_400 }),
      withParameters(solved, { cost: 1 }),
      withParameters(solved, { keyPrefix: '0' }),
      {
        ...solved,
        solution: {
          ...solved.solution,
          derivedKey: `${key.slice(0, -2)}${key.endsWith('00') ? '01' : '00'}`,
        },
      },
      { ...solved, challenge: { parameters: solved.challenge.parameters } },
    ];
    for (const payload of tampered) expect(await redeem(payload)).toBe(false);
    expect(await redeem(solved)).toBe(true);
  });

  it('refuses a challenge solved after it expired', async () => {
    const solved = await solve();
    t.clock.advance(10 * 60_000 + 1000);
    expect(await redeem(solved)).toBe(false);
  });

  it('refuses payloads that are not a solution at all', async () => {
    for (const payload of ['', 'not base64 json', encode({}), encode({ challenge: 1, solution: 2 })]) {
      expect(await botCheck.redeem(payload)).toBe(false);
    }
  });

  it('refuses at sign-in a solution already spent on a password reset request', async () => {
    const payload = encode(await solve());
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/main/ForgotPassword',
      headers: csrf,
      payload: { User: 'admin', 'g-recaptcha-response': payload },
    });
    expect(forgot.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: csrf,
      payload: { User: 'admin', Password: TEST_PASSWORD, totp: '000000', 'g-recaptcha-response': payload },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe(MESSAGES.botCheck);
  });
});
