import { ADMIN_CALLS, MESSAGES } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema';
import { adminPost, createTestStaff, signInStaff } from '../../test/access-helpers';
import { adminGet, createTestApp, csrf, login, type TestApp } from '../../test/test-app';
import { roleIdByName } from '../roles/roles.repository';

let t: TestApp;
let adminToken = '';
let adminSessionId = '';
let adminId = 0;
let viewerRoleId = 0;
let supportRoleId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signInStaff(t.app, 'admin');
  adminToken = admin.token;
  adminId = admin.session.ID;
  adminSessionId = admin.session.SessionID;
  viewerRoleId = (await roleIdByName(t.database.db, 'Viewer')) ?? 0;
  supportRoleId = (await roleIdByName(t.database.db, 'Support')) ?? 0;
});
afterAll(() => t.close());

const latestAudit = async (entity: string, entityId: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe('ListStaff', () => {
  it('lists every account with its role, state and live sessions, and no secret of any', async () => {
    const response = await adminGet(t.app, adminToken, 'ListStaff');
    expect(response.statusCode, response.body).toBe(200);
    const { data, roles } = ADMIN_CALLS.ListStaff.data.parse(response.json().data);
    expect(data.map((s) => s.Username)).toEqual(['admin', 'kyc', 'marketing', 'secure', 'support', 'viewer']);
    expect(data.find((s) => s.Username === 'admin')).toMatchObject({
      Role: 'Administrator',
      Disabled: false,
      TotpEnrolled: false,
      LiveSessions: 1,
    });
    expect(data.find((s) => s.Username === 'secure')?.TotpEnrolled).toBe(true);
    expect(roles.map((r) => r.Name)).toEqual([
      'Administrator',
      'KYC Officer',
      'Marketing',
      'Support',
      'Viewer',
    ]);
    // Hashes, TOTP secrets and API keys stay on the server.
    expect(response.body).not.toMatch(/argon2|password|apikey|totpsecret|JBSWY3DP/i);
  });
});

describe('refusals', () => {
  it.each([
    ['ListStaff', 'GET', {}],
    ['StaffSessions', 'GET', {}],
    ['UpdateStaff', 'POST', { ID: 1, Disabled: true }],
    ['EndStaffSession', 'POST', { SessionID: '00000000-0000-4000-8000-000000000000' }],
  ] as const)(
    'refuses %s to staff without admin-commander and to callers without a token',
    async (call, method, params) => {
      for (const user of ['support', 'viewer', 'kyc', 'marketing']) {
        const { token } = await signInStaff(t.app, user);
        const response =
          method === 'GET' ? await adminGet(t.app, token, call) : await adminPost(t.app, token, call, params);
        expect(response.statusCode, `${user} ${call}`).toBe(403);
        expect(response.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
      }
      // No bearer token at all, as a caller that never signed in.
      const anonymous = await t.app.inject({
        method,
        url: `/api/admin?Call=${call}`,
        headers: csrf,
        ...(method === 'POST' ? { payload: params } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ status_code: 401, message: MESSAGES.unauthorized, data: null });
      // Nothing was changed by the refused calls.
      const staff = ADMIN_CALLS.ListStaff.data.parse(
        (await adminGet(t.app, adminToken, 'ListStaff')).json().data,
      );
      expect(staff.data.every((s) => !s.Disabled)).toBe(true);
    },
  );
});

describe('UpdateStaff', () => {
  it('changes a role and writes before and after to the audit log', async () => {
    const target = await createTestStaff(t.database.db, 'role-target', 'Viewer');
    const response = await adminPost(t.app, adminToken, 'UpdateStaff', {
      ID: target.id,
      RoleID: supportRoleId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ADMIN_CALLS.UpdateStaff.data.parse(response.json().data)).toMatchObject({
      ID: target.id,
      Role: 'Support',
      RoleID: supportRoleId,
      Disabled: false,
    });
    const audit = await latestAudit('staff', String(target.id));
    expect(audit).toMatchObject({
      action: 'staff.update',
      actorUsername: 'admin',
      actorStaffId: adminId,
      before: { Username: 'role-target', Role: 'Viewer', RoleID: viewerRoleId, Disabled: false },
      after: { Username: 'role-target', Role: 'Support', RoleID: supportRoleId, Disabled: false },
    });
  });

  it('disables an account, ending its sessions, and enables it again; each change audited', async () => {
    const target = await createTestStaff(t.database.db, 'disable-target', 'Support');
    const signedIn = await signInStaff(t.app, 'disable-target');
    const disabled = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: target.id, Disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data).toMatchObject({ Disabled: true, LiveSessions: 0 });
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, signedIn.session.SessionID));
    expect(session?.endReason).toBe('disabled');
    expect((await latestAudit('staff', String(target.id)))?.after).toMatchObject({ Disabled: true });

    const enabled = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: target.id, Disabled: false });
    expect(enabled.json().data).toMatchObject({ Disabled: false });
    expect(await latestAudit('staff', String(target.id))).toMatchObject({
      before: { Disabled: true },
      after: { Disabled: false },
    });
    expect((await login(t.app, 'disable-target')).statusCode).toBe(200);
  });

  it('refuses changing one’s own account, an unknown account or role, and empty or malformed params', async () => {
    const own = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: adminId, Disabled: true });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      status_code: 409,
      message: 'You cannot change your own role or disable your own account',
      data: null,
    });
    const unknown = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: 999_999, Disabled: true });
    expect(unknown.statusCode).toBe(404);
    const target = await createTestStaff(t.database.db, 'param-target', 'Viewer');
    const badRole = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: target.id, RoleID: 999_999 });
    expect(badRole.json()).toEqual({ status_code: 400, message: 'Unknown role', data: null });
    const empty = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: target.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Give a role or a disabled state to change');
    const stringy = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: target.id, Disabled: 'yes' });
    expect(stringy.statusCode).toBe(400);
    const negative = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: -3, Disabled: true });
    expect(negative.statusCode).toBe(400);
    const viaGet = await adminGet(t.app, adminToken, 'UpdateStaff', {
      ID: String(target.id),
      Disabled: 'true',
    });
    expect(viaGet.statusCode).toBe(405);
    // None of it changed the account.
    const staff = ADMIN_CALLS.ListStaff.data.parse(
      (await adminGet(t.app, adminToken, 'ListStaff')).json().data,
    );
    expect(staff.data.find((s) => s.ID === target.id)).toMatchObject({ Role: 'Viewer', Disabled: false });
    expect(staff.data.find((s) => s.ID === adminId)).toMatchObject({
      Role: 'Administrator',
      Disabled: false,
    });
  });

  it('refuses an administrator whose own admin-commander was taken away meanwhile', async () => {
    const other = await createTestStaff(t.database.db, 'second-admin', 'Administrator');
    const second = await signInStaff(t.app, 'second-admin');
    const target = await createTestStaff(t.database.db, 'victim', 'Support');
    await adminPost(t.app, adminToken, 'UpdateStaff', { ID: other.id, RoleID: viewerRoleId });
    const refused = await adminPost(t.app, second.token, 'UpdateStaff', { ID: target.id, Disabled: true });
    expect(refused.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
  });
});

describe('StaffSessions and EndStaffSession', () => {
  it('lists live sessions with address and browser, marking the caller’s own', async () => {
    await createTestStaff(t.database.db, 'listed', 'Support');
    const listed = await signInStaff(t.app, 'listed');
    const response = await adminGet(t.app, adminToken, 'StaffSessions');
    expect(response.statusCode, response.body).toBe(200);
    const list = ADMIN_CALLS.StaffSessions.data.parse(response.json().data);
    const mine = list.find((s) => s.SessionID === adminSessionId);
    expect(mine).toMatchObject({ Username: 'admin', Role: 'Administrator', Current: true, IP: '127.0.0.1' });
    expect(list.find((s) => s.SessionID === listed.session.SessionID)).toMatchObject({
      Username: 'listed',
      Role: 'Support',
      Current: false,
      UserAgent: 'lightMyRequest',
    });
    const onlyListed = ADMIN_CALLS.StaffSessions.data.parse(
      (await adminGet(t.app, adminToken, 'StaffSessions', { StaffID: String(listed.session.ID) })).json()
        .data,
    );
    expect(onlyListed.map((s) => s.Username)).toEqual(['listed']);
    // The cookie's secret is never part of the list.
    expect(response.body).not.toContain(listed.cookie.replace('bo_session=', ''));
  });

  it('ends a session: its next call is refused, the audit log names it, and it leaves the list', async () => {
    await createTestStaff(t.database.db, 'ended', 'Support');
    const victim = await signInStaff(t.app, 'ended');
    const response = await adminPost(t.app, adminToken, 'EndStaffSession', {
      SessionID: victim.session.SessionID,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ SessionID: victim.session.SessionID });
    const next = await adminGet(t.app, victim.token, 'ListTransactions', {
      start: '2026-01-01',
      end: '2026-01-02',
    });
    expect(next.json()).toEqual({ status_code: 401, message: MESSAGES.unauthorized, data: null });
    const cookieCall = await t.app.inject({
      method: 'GET',
      url: '/api/main/Session',
      headers: { cookie: victim.cookie },
    });
    expect(cookieCall.statusCode).toBe(401);
    expect(await latestAudit('session', victim.session.SessionID)).toMatchObject({
      action: 'session.end',
      actorUsername: 'admin',
      before: { Username: 'ended', EndedAt: null },
      after: { Username: 'ended', EndReason: 'ended-by-admin' },
    });
    const list = ADMIN_CALLS.StaffSessions.data.parse(
      (await adminGet(t.app, adminToken, 'StaffSessions')).json().data,
    );
    expect(list.some((s) => s.SessionID === victim.session.SessionID)).toBe(false);
    const again = await adminPost(t.app, adminToken, 'EndStaffSession', {
      SessionID: victim.session.SessionID,
    });
    expect(again.json()).toEqual({ status_code: 404, message: 'No live session with that id', data: null });
  });

  it('refuses ending the caller’s own session and a malformed id', async () => {
    const own = await adminPost(t.app, adminToken, 'EndStaffSession', { SessionID: adminSessionId });
    expect(own.json()).toEqual({ status_code: 400, message: 'Sign out to end your own session', data: null });
    const malformed = await adminPost(t.app, adminToken, 'EndStaffSession', { SessionID: "x' or 1=1 --" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('SessionID must be a session id');
    expect((await adminGet(t.app, adminToken, 'ListStaff')).statusCode).toBe(200);
  });
});
