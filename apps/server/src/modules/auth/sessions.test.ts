import { createHash } from 'node:crypto';
import { MESSAGES } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema';
import {
  adminGet,
  createTestApp,
  csrf,
  login,
  sessionCookie,
  signIn,
  type TestApp,
} from '../../test/test-app';

const SEVEN_DAYS_S = 7 * 86_400;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The session cookie's Set-Cookie line, split into its value and attributes (lower-cased names). */
function setCookieOf(response: LightMyRequestResponse) {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const line = lines.find((l) => l.startsWith('bo_session='));
  if (!line) throw new Error('no session Set-Cookie');
  const [pair = '', ...rest] = line.split(';').map((p) => p.trim());
  const attributes = new Map(
    rest.map((a) => {
      const at = a.indexOf('=');
      return at < 0 ? [a.toLowerCase(), ''] : [a.slice(0, at).toLowerCase(), a.slice(at + 1)];
    }),
  );
  return { value: pair.slice('bo_session='.length), attributes };
}

const sessionWith = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/main/Session', headers: { cookie } });
const isLive = async (cookie: string) => (await sessionWith(cookie)).statusCode === 200;
const logout = (cookie: string, scope: 'true' | 'all' = 'true') =>
  t.app.inject({
    method: 'POST',
    url: '/api/main/Login',
    headers: { ...csrf, cookie },
    payload: { logout: scope, output: 'json' },
  });
const tokenWorks = async (token: string) => (await adminGet(t.app, token, 'ListAltCoins')).statusCode === 200;

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Strict, for the whole site, and lasts 7 days (SPEC §9)', async () => {
    const cookie = setCookieOf(await login(t.app, 'viewer'));
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Strict');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.get('max-age')).toBe(String(SEVEN_DAYS_S));
    // Plain http here: a Secure cookie would never come back.
    expect(cookie.attributes.has('secure')).toBe(false);
    expect(cookie.attributes.has('domain')).toBe(false);
  });

  it('carries Secure when configured', async () => {
    const secure = await createTestApp({ session: { ...t.config.session, cookieSecure: true } });
    try {
      const cookie = setCookieOf(await login(secure.app, 'viewer'));
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.has('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')).toBe('Strict');
    } finally {
      await secure.close();
    }
  });
});

describe('session fixation', () => {
  it('never adopts a session id planted before sign-in: the sign-in issues a fresh one', async () => {
    const planted = 'bo_session=attacker-chosen-session-value-0123456789abcdef';
    const response = await login(t.app, 'support', { cookie: planted });
    expect(response.statusCode).toBe(200);
    const issued = setCookieOf(response).value;
    expect(`bo_session=${issued}`).not.toBe(planted);
    expect(await isLive(planted)).toBe(false);
    expect(await isLive(`bo_session=${issued}`)).toBe(true);
  });

  it("does not bring an ended session's cookie back to life at the next sign-in", async () => {
    const old = sessionCookie(await login(t.app, 'kyc'));
    await logout(old);
    const fresh = sessionCookie(await login(t.app, 'kyc', { cookie: old }));
    expect(fresh).not.toBe(old);
    expect(await isLive(old)).toBe(false);
    expect(await isLive(fresh)).toBe(true);
  });

  it('issues a new random secret at every sign-in, and the database keeps only its hash', async () => {
    const first = await login(t.app, 'marketing');
    const second = await login(t.app, 'marketing');
    const a = setCookieOf(first).value;
    const b = setCookieOf(second).value;
    expect(a).not.toBe(b);
    // 256 bits, base64url.
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessionId = first.json().data.SessionID as string;
    expect(sessionId).not.toBe(a);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row?.tokenHash).toBe(createHash('sha256').update(a).digest('hex'));
    expect(JSON.stringify(await t.database.db.select().from(sessions))).not.toContain(a);
  });

  it('refuses to sign in over a live session instead of replacing it', async () => {
    const cookie = sessionCookie(await login(t.app, 'viewer'));
    const again = await login(t.app, 'viewer', { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.sessionExists);
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe('session lifetime', () => {
  it('ends a session and its token after the idle timeout, and not before', async () => {
    const { cookie, token } = await signIn(t.app, 'support');
    t.clock.advance(t.config.session.idleMs - 60_000);
    expect(await isLive(cookie)).toBe(true);
    t.clock.advance(t.config.session.idleMs - 60_000);
    expect(await isLive(cookie)).toBe(true);
    t.clock.advance(t.config.session.idleMs + 1000);
    expect(await isLive(cookie)).toBe(false);
    expect(await tokenWorks(token)).toBe(false);
  });

  it('ends a session at its absolute lifetime of 7 days however busy it is, and its token with it', async () => {
    const { cookie } = await signIn(t.app, 'admin');
    const maxAgeMs = t.config.session.maxAgeMs;
    expect(maxAgeMs).toBe(SEVEN_DAYS_S * 1000);
    const step = t.config.session.idleMs - 10 * 60_000;
    let used = 0;
    while (used + step < maxAgeMs) {
      t.clock.advance(step);
      used += step;
      expect(await isLive(cookie)).toBe(true);
    }
    // A token minted minutes before the end dies with its session, not at its own expiry.
    const live = (await sessionWith(cookie)).json().data as { ID: number; APIKey: string };
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=GenerateJWTToken',
      headers: { ...csrf, cookie },
      payload: { MerchantID: live.ID, APIKey: live.APIKey },
    });
    const token = minted.json().data.Token as string;
    expect(await tokenWorks(token)).toBe(true);
    t.clock.advance(maxAgeMs - used);
    expect(await tokenWorks(token)).toBe(false);
    expect(await isLive(cookie)).toBe(false);
  });
});

describe('sign-out', () => {
  it('ends the session and its token at once and clears the cookie', async () => {
    const { cookie, token } = await signIn(t.app, 'marketing');
    const out = await logout(cookie);
    expect(out.json()).toEqual({ status_code: 200, message: MESSAGES.ok, data: null });
    const cleared = setCookieOf(out);
    expect(cleared.value).toBe('');
    expect(new Date(cleared.attributes.get('expires') ?? '').getTime()).toBeLessThan(Date.now());
    expect(await isLive(cookie)).toBe(false);
    expect(await tokenWorks(token)).toBe(false);
    // The ended cookie cannot sign out (or do anything) again.
    expect((await logout(cookie)).statusCode).toBe(401);
  });

  it('signs out everywhere: every session of the account and its tokens end, no one else’s', async () => {
    const laptop = await signIn(t.app, 'kyc');
    const phone = await signIn(t.app, 'kyc');
    const colleague = await signIn(t.app, 'support');
    const out = await logout(laptop.cookie, 'all');
    expect(out.json()).toEqual({ status_code: 200, message: MESSAGES.ok, data: null });
    for (const device of [laptop, phone]) {
      expect(await isLive(device.cookie)).toBe(false);
      expect(await tokenWorks(device.token)).toBe(false);
    }
    expect(await isLive(colleague.cookie)).toBe(true);
    expect(await tokenWorks(colleague.token)).toBe(true);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'logout.all'), eq(auditLog.actorUsername, 'kyc')));
    expect(audited).toHaveLength(1);
  });

  it('refuses an unknown logout scope', async () => {
    const { cookie } = await signIn(t.app, 'viewer');
    expect((await logout(cookie, 'everyone' as 'all')).statusCode).toBe(400);
    expect(await isLive(cookie)).toBe(true);
  });
});
