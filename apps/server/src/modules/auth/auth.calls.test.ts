import { MESSAGES } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  adminGet,
  createTestApp,
  csrf,
  login,
  sessionCookie,
  signIn,
  solveBotCheck,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  type TestApp,
} from '../../test/test-app';
import { totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in a demo account and answers the session fields with a lower-cased username', async () => {
    const response = await login(t.app, 'Admin');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status_code).toBe(200);
    expect(body.data).toMatchObject({ Username: 'admin' });
    expect(Object.keys(body.data).sort()).toEqual(['APIKey', 'ID', 'SessionID', 'Username']);
    const cookie = response.cookies.find((c) => c.name === 'bo_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.maxAge).toBe(7 * 86_400);
  });

  it('refuses a wrong password with the generic message', async () => {
    const response = await login(t.app, 'support', { password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const response = await login(t.app, 'nobody-here');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status_code: 401, message: MESSAGES.invalidCredentials, data: null });
  });

  it('refuses a login without a solved bot check, and a replayed solution', async () => {
    const payload = await solveBotCheck(t.app);
    const body = { User: 'kyc', Password: TEST_PASSWORD, totp: '000000', 'g-recaptcha-response': payload };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: csrf,
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: csrf,
      payload: body,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Verify you are not a robot');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: csrf,
      payload: { ...body, 'g-recaptcha-response': Buffer.from('{"x":1}').toString('base64') },
    });
    expect(forged.json().message).toBe('Verify you are not a robot');
  });

  it('answers Session already exists when the browser still has a live session', async () => {
    const cookie = sessionCookie(await login(t.app, 'marketing'));
    const again = await login(t.app, 'marketing', { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Session already exists');
  });

  it('requires a valid, unused TOTP code for an enrolled account', async () => {
    const defaultCode = await login(t.app, 'secure', { totp: '000000' });
    expect(defaultCode.statusCode).toBe(401);
    const code = await totpCode(TEST_TOTP_SECRET, t.clock.now());
    const ok = await login(t.app, 'secure', { totp: code });
    expect(ok.statusCode).toBe(200);
    const reused = await login(t.app, 'secure', { totp: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('refuses a state-changing call without the CSRF header or from a foreign origin', async () => {
    const bare = await t.app.inject({ method: 'POST', url: '/api/main/Login', payload: {} });
    expect(bare.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: { ...csrf, origin: 'https://evil.example' },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('lockout', () => {
  it('locks an account after repeated failures, answers like a wrong password, and unlocks later', async () => {
    const ip = '10.0.0.9';
    for (let i = 0; i < t.config.loginLimits.maxAccountFailures; i++) {
      await login(t.app, 'viewer', { password: 'bad', ip });
    }
    const locked = await login(t.app, 'viewer', { ip });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe(MESSAGES.invalidCredentials);
    t.clock.advance(t.config.loginLimits.lockMs + 1000);
    const after = await login(t.app, 'viewer', { ip });
    expect(after.statusCode).toBe(200);
  });
});

describe('session, token and permissions', () => {
  it('restores the session from the cookie and mints a token with the role permissions', async () => {
    const { cookie, token, permissions } = await signIn(t.app, 'support');
    const restored = await t.app.inject({ method: 'GET', url: '/api/main/Session', headers: { cookie } });
    expect(restored.json().data.Username).toBe('support');
    expect(token.split('.')).toHaveLength(3);
    expect(permissions.map((p: { Slug: string }) => p.Slug).sort()).toEqual([
      'chatter-role',
      'view-transactions',
      'view-users',
    ]);
  });

  it('answers Accountdetail for the signed-in account only', async () => {
    const { cookie, session } = await signIn(t.app, 'admin');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/main/v2REAPI?Call=Accountdetail&MerchantID=${session.ID}&APIKey=${session.APIKey}&output=json`,
      headers: { cookie },
    });
    expect(own.json().data.data).toMatchObject({ Username: 'admin', Role: 'Administrator' });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/main/v2REAPI?Call=Accountdetail&MerchantID=${session.ID + 1}&APIKey=${session.APIKey}`,
      headers: { cookie },
    });
    expect(other.statusCode).toBe(403);
  });

  it('checks the permission slug of every admin call on the server', async () => {
    const viewer = await signIn(t.app, 'viewer');
    expect((await adminGet(t.app, viewer.token, 'ListAltCoins')).statusCode).toBe(200);
    const roles = await adminGet(t.app, viewer.token, 'ListRoles');
    expect(roles.statusCode).toBe(403);
    expect(roles.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
    const admin = await signIn(t.app, 'admin');
    const list = await adminGet(t.app, admin.token, 'ListRoles');
    expect(list.json().data.data.map((r: { Name: string }) => r.Name)).toContain('Administrator');
  });

  it('answers 401 without a token, and the JWT error for a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/admin?Call=ListAltCoins' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('unauthorized');
    const bad = await adminGet(t.app, 'a.b.c', 'ListAltCoins');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('jwt malformed');
  });

  it('expires the token after its lifetime while the session lives on', async () => {
    const { token } = await signIn(t.app, 'kyc');
    t.clock.advance((t.config.jwtTtlSeconds + 5) * 1000);
    const expired = await adminGet(t.app, token, 'ListAltCoins');
    expect(expired.json().message).toBe('jwt expired');
  });

  it('ends the session at logout, and its token stops working at once', async () => {
    const { cookie, token } = await signIn(t.app, 'marketing');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: { ...csrf, cookie },
      payload: { logout: 'true', output: 'json' },
    });
    expect(out.json()).toEqual({ status_code: 200, message: 'success', data: null });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/main/Session', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect((await adminGet(t.app, token, 'ListAltCoins')).statusCode).toBe(401);
  });

  it('ends an idle session after the idle timeout', async () => {
    const { cookie } = await signIn(t.app, 'viewer');
    t.clock.advance(t.config.session.idleMs + 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/main/Session', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('refuses an unknown call and params that do not fit the contract', async () => {
    const { token } = await signIn(t.app, 'admin');
    expect((await adminGet(t.app, token, 'DropTables')).json().message).toBe('Unknown Call DropTables');
    const wrongMethod = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=ListAltCoins',
      headers: { ...csrf, authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(wrongMethod.statusCode).toBe(405);
  });
});

describe('forgot password', () => {
  it('answers alike for known and unknown accounts and mails a single-use link to the known one', async () => {
    const ask = async (User: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/main/ForgotPassword',
        headers: csrf,
        payload: { User, 'g-recaptcha-response': await solveBotCheck(t.app) },
      });
    const unknown = await ask('ghost');
    const known = await ask('support@backoffice.local');
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(MESSAGES.resetRequested);
    expect(t.outbox).toHaveLength(1);
    const token = /token=([\w-]+)/.exec(t.outbox[0]?.text ?? '')?.[1] ?? '';
    const reset = (Password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/main/ResetPassword',
        headers: csrf,
        payload: { token, Password, Confirm: Password },
      });
    expect((await reset('a-brand-new-password')).json().message).toBe(MESSAGES.resetDone);
    expect((await reset('another-new-password')).json().message).toBe(MESSAGES.resetInvalid);
    expect((await login(t.app, 'support', { password: 'a-brand-new-password' })).statusCode).toBe(200);
  });
});

describe('audit log', () => {
  it('records sign-ins and refuses to change or delete a row', async () => {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'login'));
    expect(rows.length).toBeGreaterThan(0);
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
