import { ADMIN_CALLS, MESSAGES, type Role, SOCKET_PATHS } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readEnv } from '../../config/env';
import { openDatabase } from '../../db/database';
import { auditLog } from '../../db/schema';
import { adminPost, createTestStaff, openFeed, signInStaff, within } from '../../test/access-helpers';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import {
  adminGet,
  createTestApp,
  csrf,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  type TestApp,
} from '../../test/test-app';
import { seedDemoStaff } from '../staff/staff.service';
import { roleIdByName } from './roles.repository';

// Far below the feeds' periodic re-check: a close within this time is the prompt path.
const PROMPTLY_MS = 3_000;

let t: TestApp;
let watch: ReturnType<typeof createTableWatch>;
let adminToken = '';
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  watch = createTableWatch(t.database.db);
  adminToken = (await signInStaff(t.app, 'admin')).token;
  for (const user of ['support', 'kyc', 'marketing', 'viewer'])
    tokens[user] = (await signInStaff(t.app, user)).token;
});
afterAll(() => t.close());

const post = (call: string, params: object, token = adminToken) => adminPost(t.app, token, call, params);
const roles = async (): Promise<Role[]> =>
  ADMIN_CALLS.ListRoles.data.parse((await adminGet(t.app, adminToken, 'ListRoles')).json().data).data;
const roleNamed = async (name: string) => (await roles()).find((r) => r.Name === name);
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const create = async (params: object) => {
  const response = await post('CreateRole', params);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.CreateRole.data.parse(response.json().data);
};
/** Makes the call and answers it with the tables it changed. */
const changesOf = async (call: string, params: object) => {
  const before = await watch.snapshot();
  const response = await post(call, params);
  return { response, changed: changedTables(before, await watch.snapshot()) };
};

describe('CreateRole', () => {
  it('creates a role with its trimmed name and each slug once, listed with no holder, and audits it', async () => {
    const role = await create({
      Name: '  Compliance  ',
      Description: 'Reviews KYC and users',
      Slugs: ['view-users', 'kyc-commander', 'view-users'],
    });
    const expected = {
      ID: role.ID,
      Name: 'Compliance',
      Description: 'Reviews KYC and users',
      Permissions: ['kyc-commander', 'view-users'],
      StaffCount: 0,
      DisabledStaffCount: 0,
    };
    expect(role).toEqual(expected);
    expect(await roleNamed('Compliance')).toEqual(expected);
    expect((await auditOf(role.ID))[0]).toMatchObject({
      action: 'role.create',
      actorUsername: 'admin',
      before: null,
      after: {
        Name: 'Compliance',
        Description: 'Reviews KYC and users',
        Slugs: ['kyc-commander', 'view-users'],
      },
    });
  });

  it('refuses a name another role has in any case with 409, and writes nothing', async () => {
    const { response, changed } = await changesOf('CreateRole', { Name: 'SUPPORT', Slugs: [] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status_code: 409, message: 'A role named Support exists', data: null });
    expect(changed).toEqual([]);
  });

  it.each([
    [{ Name: 'x' }, 'Name', 'A role name has 2 to 60 characters'],
    [{ Name: 'y'.repeat(61) }, 'Name', 'A role name has 2 to 60 characters'],
    [
      { Name: 'Gods', Slugs: ['god-mode'] },
      'Slugs.0',
      expect.stringMatching(/^A permission is one of admin-commander/),
    ],
    [
      { Name: 'Gods', Description: 'd'.repeat(201) },
      'Description',
      'A description has at most 200 characters',
    ],
  ])('refuses %j with a 400 naming the field, and writes nothing', async (params, path, message) => {
    const { response, changed } = await changesOf('CreateRole', params);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.issues).toEqual([{ path, message }]);
    expect(changed).toEqual([]);
  });
});

describe('UpdateRole', () => {
  it('renames and re-describes a role, auditing only the fields that changed', async () => {
    const role = await create({ Name: 'Auditors', Description: 'Old', Slugs: ['view-transactions'] });
    const response = await post('UpdateRole', { ID: role.ID, Name: 'External Auditors', Description: 'Old' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      Name: 'External Auditors',
      Permissions: ['view-transactions'],
    });
    expect((await auditOf(role.ID))[0]).toMatchObject({
      action: 'role.update',
      before: { Name: 'Auditors' },
      after: { Name: 'External Auditors' },
    });
    // The same name in another case is the role's own: allowed.
    expect((await post('UpdateRole', { ID: role.ID, Name: 'external auditors' })).statusCode).toBe(200);
    const taken = await changesOf('UpdateRole', { ID: role.ID, Name: 'viewer' });
    expect(taken.response.statusCode).toBe(409);
    expect(taken.response.json().message).toBe('A role named Viewer exists');
    expect(taken.changed).toEqual([]);
  });

  it('writes nothing when nothing changes', async () => {
    const role = await create({ Name: 'Steady', Slugs: ['view-roles'] });
    const { response, changed } = await changesOf('UpdateRole', { ID: role.ID, Slugs: ['view-roles'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(changed).toEqual([]);
  });

  it('changes a role’s slugs for its holders on their next call, with the same token, and narrows their feeds', async () => {
    const role = await create({ Name: 'Growing', Slugs: [] });
    await createTestStaff(t.database.db, 'grower', 'Growing');
    const holder = await signInStaff(t.app, 'grower');
    const list = () => adminGet(t.app, holder.token, 'SlaveStatus');
    expect((await list()).statusCode).toBe(403);

    const widened = await post('UpdateRole', { ID: role.ID, Slugs: ['view-transactions'] });
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await list()).statusCode).toBe(200);
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=GenerateJWTToken',
      headers: { ...csrf, cookie: holder.cookie },
      payload: { MerchantID: holder.session.ID, APIKey: holder.session.APIKey },
    });
    expect(minted.json().data.Permissions).toEqual([{ Slug: 'view-transactions' }]);
    expect((await auditOf(role.ID))[0]).toMatchObject({
      before: { Name: 'Growing', Slugs: [] },
      after: { Name: 'Growing', Slugs: ['view-transactions'] },
    });

    const feed = await openFeed(t.app, SOCKET_PATHS.transactions, holder.cookie);
    await feed.synced;
    await post('UpdateRole', { ID: role.ID, Slugs: ['view-users'] });
    expect(await within(feed.closed, PROMPTLY_MS, 'the transactions feed to close')).toBe(4401);
    expect((await list()).statusCode).toBe(403);
  });

  it('refuses to take admin-commander from the caller’s own role (409), and writes nothing', async () => {
    const administrator = await roleIdByName(t.database.db, 'Administrator');
    const { response, changed } = await changesOf('UpdateRole', { ID: administrator, Slugs: ['view-roles'] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot remove admin-commander from your own role');
    expect(changed).toEqual([]);
  });

  it('refuses an update that changes nothing with a 400, and an unknown role with a 404', async () => {
    const empty = await post('UpdateRole', { ID: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Give a name, a description or permission slugs to change');
    expect((await post('UpdateRole', { ID: 999_999, Name: 'Ghost' })).statusCode).toBe(404);
  });
});

describe('DeleteRole', () => {
  it('refuses while anyone holds the role, a disabled account too, then deletes it and audits it', async () => {
    const role = await create({ Name: 'Temporary', Slugs: ['view-users'] });
    const holder = await createTestStaff(t.database.db, 'temp-holder', 'Temporary');
    expect((await post('UpdateStaff', { ID: holder.id, Disabled: true })).statusCode).toBe(200);
    expect(await roleNamed('Temporary')).toMatchObject({ StaffCount: 0, DisabledStaffCount: 1 });

    const refused = await changesOf('DeleteRole', { ID: role.ID });
    expect(refused.response.statusCode).toBe(409);
    expect(refused.response.json().message).toBe('Role Temporary is held by 1 staff member');
    expect(refused.changed).toEqual([]);

    const viewer = await roleIdByName(t.database.db, 'Viewer');
    expect((await post('UpdateStaff', { ID: holder.id, RoleID: viewer })).statusCode).toBe(200);
    const deleted = await post('DeleteRole', { ID: role.ID });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ ID: role.ID, Name: 'Temporary' });
    expect(await roleNamed('Temporary')).toBeUndefined();
    expect((await auditOf(role.ID))[0]).toMatchObject({
      action: 'role.delete',
      before: { Name: 'Temporary', Slugs: ['view-users'] },
      after: null,
    });
    expect((await post('DeleteRole', { ID: role.ID })).statusCode).toBe(404);
  });

  it('counts every holder in its refusal', async () => {
    const administrator = await roleIdByName(t.database.db, 'Administrator');
    const response = await post('DeleteRole', { ID: administrator });
    expect(response.json().message).toBe('Role Administrator is held by 2 staff members');
  });
});

describe('a restart', () => {
  it('keeps staff’s role edits: built-in roles are made only on a fresh installation', async () => {
    const marketing = await roleNamed('Marketing');
    const support = await roleNamed('Support');
    await post('UpdateRole', { ID: marketing?.ID, Name: 'Growth' });
    await post('UpdateRole', { ID: support?.ID, Slugs: ['view-transactions'] });
    // What every demo start runs.
    await seedDemoStaff(t.database.db, { password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET });
    expect(await roleNamed('Marketing')).toBeUndefined();
    expect((await roleNamed('Growth'))?.ID).toBe(marketing?.ID);
    expect((await roleNamed('Support'))?.Permissions).toEqual(['view-transactions']);
  });
});

describe('access', () => {
  it.each([
    ['CreateRole', { Name: 'Nope' }],
    ['UpdateRole', { ID: 1, Name: 'Nope' }],
    ['DeleteRole', { ID: 1 }],
  ] as const)('refuses %s without admin-commander (403) and without a token (401)', async (call, params) => {
    for (const user of ['support', 'kyc', 'marketing', 'viewer']) {
      const response = await post(call, params, tokens[user]);
      expect(response.statusCode, `${user} ${call}`).toBe(403);
      expect(response.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin?Call=${call}`,
      headers: csrf,
      payload: params,
    });
    expect(anonymous.json()).toEqual({ status_code: 401, message: MESSAGES.unauthorized, data: null });
    expect(await roleNamed('Nope')).toBeUndefined();
  });
});

describe('several server instances', () => {
  // Two instances need a database both reach: PostgreSQL only (TEST_DATABASE_URL).
  it.runIf(Boolean(readEnv().TEST_DATABASE_URL))(
    'a slug change made on one instance holds on the next call to another and closes its feeds at once',
    async () => {
      const url = t.database.url;
      if (!url) throw new Error('no database url');
      const secondDatabase = await openDatabase({ url, dataDir: '' });
      const second = await buildApp({
        config: t.config,
        database: secondDatabase,
        now: t.clock.now,
        logger: false,
      });
      await second.ready();
      try {
        const role = await create({ Name: 'Roaming', Slugs: ['view-transactions'] });
        await createTestStaff(t.database.db, 'roamer', 'Roaming');
        const holder = await signInStaff(t.app, 'roamer');
        const feed = await openFeed(second, SOCKET_PATHS.transactions, holder.cookie);
        await feed.synced;
        const onSecond = () =>
          second.inject({
            method: 'GET',
            url: '/api/admin?Call=SlaveStatus',
            headers: { authorization: `Bearer ${holder.token}` },
          });
        expect((await onSecond()).statusCode).toBe(200);
        await post('UpdateRole', { ID: role.ID, Slugs: [] });
        expect((await onSecond()).statusCode).toBe(403);
        expect(await within(feed.closed, PROMPTLY_MS, 'the other instance’s feed to close')).toBe(4401);
      } finally {
        await second.close();
        await secondDatabase.close();
      }
    },
  );
});
