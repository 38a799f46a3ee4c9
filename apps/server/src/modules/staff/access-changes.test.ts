import { MESSAGES, SOCKET_PATHS } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readEnv } from '../../config/env';
import { openDatabase } from '../../db/database';
import {
  adminPost,
  createTestStaff,
  openFeed,
  signInStaff,
  WS_HOST,
  WS_ORIGIN,
  within,
} from '../../test/access-helpers';
import { adminGet, createTestApp, csrf, login, type TestApp } from '../../test/test-app';
import { SOCKET_RECHECK_MS } from '../realtime/realtime.routes';
import { roleIdByName } from '../roles/roles.repository';
import { upsertRole } from './staff.repository';

// Far below the periodic re-check (SOCKET_RECHECK_MS, 30 s): a close within this time is the prompt path.
const PROMPTLY_MS = 3_000;
const OPEN = 1;

let t: TestApp;
let adminToken = '';
const roleIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signInStaff(t.app, 'admin')).token;
  // A role that keeps the transaction feeds but not the chat, to show a role change narrows feed by feed.
  await upsertRole(t.database.db, 'Transactions Only', 'Transactions without chat', ['view-transactions']);
  for (const name of ['Support', 'Marketing', 'Viewer', 'Transactions Only'])
    roleIds[name] = (await roleIdByName(t.database.db, name)) ?? 0;
});
afterAll(() => t.close());

const setRole = async (staffId: number, role: string) => {
  const response = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: staffId, RoleID: roleIds[role] });
  expect(response.statusCode, response.body).toBe(200);
};
const setDisabled = async (staffId: number, disabled: boolean) => {
  const response = await adminPost(t.app, adminToken, 'UpdateStaff', { ID: staffId, Disabled: disabled });
  expect(response.statusCode, response.body).toBe(200);
};
const listTransactions = (token: string) =>
  adminGet(t.app, token, 'ListTransactions', { start: '2026-01-01', end: '2026-01-02' });
const contactList = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/main/MarketAPI?MSGS&Call=CONTACTLIST', headers: { cookie } });
const accountPermissions = async (cookie: string, session: { ID: number; APIKey: string }) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/main/v2REAPI?Call=Accountdetail&MerchantID=${session.ID}&APIKey=${session.APIKey}`,
    headers: { cookie },
  });
  return response.json().data.data.Permissions as string[];
};
const FORBIDDEN = { status_code: 403, message: 'Forbidden', data: null };
const UNAUTHORIZED = { status_code: 401, message: MESSAGES.unauthorized, data: null };

describe('a role change takes effect on the next call', () => {
  it('narrows admin calls made with a token minted before the change, session calls and the account', async () => {
    const account = await createTestStaff(t.database.db, 'narrowed', 'Support');
    const staff = await signInStaff(t.app, 'narrowed');
    expect((await listTransactions(staff.token)).statusCode).toBe(200);
    expect((await contactList(staff.cookie)).statusCode).toBe(200);

    await setRole(account.id, 'Marketing');
    // The same token: it names the session, never the permissions, which are read on every call.
    const refused = await listTransactions(staff.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
    expect((await contactList(staff.cookie)).json()).toEqual(FORBIDDEN);
    expect(await accountPermissions(staff.cookie, staff.session)).toEqual(['marketing-commander']);
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=GenerateJWTToken',
      headers: { ...csrf, cookie: staff.cookie },
      payload: { MerchantID: staff.session.ID, APIKey: staff.session.APIKey },
    });
    expect(minted.json().data.Permissions).toEqual([{ Slug: 'marketing-commander' }]);

    // Widening is immediate too.
    await setRole(account.id, 'Support');
    expect((await listTransactions(staff.token)).statusCode).toBe(200);
    expect((await contactList(staff.cookie)).statusCode).toBe(200);
  });
});

describe('disabling an account takes effect on the next call', () => {
  it('refuses its token, its session cookie and its sign-in; enabling lets it sign in again', async () => {
    const account = await createTestStaff(t.database.db, 'disabled-now', 'Support');
    const staff = await signInStaff(t.app, 'disabled-now');
    expect((await listTransactions(staff.token)).statusCode).toBe(200);

    await setDisabled(account.id, true);
    expect((await listTransactions(staff.token)).json()).toEqual(UNAUTHORIZED);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/main/Session',
      headers: { cookie: staff.cookie },
    });
    expect(session.json()).toEqual(UNAUTHORIZED);
    expect((await contactList(staff.cookie)).json()).toEqual(UNAUTHORIZED);
    const again = await login(t.app, 'disabled-now');
    expect(again.json()).toEqual({ status_code: 401, message: MESSAGES.invalidCredentials, data: null });

    await setDisabled(account.id, false);
    // The old session stays ended; a new sign-in works.
    expect((await listTransactions(staff.token)).statusCode).toBe(401);
    expect((await login(t.app, 'disabled-now')).statusCode).toBe(200);
  });
});

describe('live feeds follow access changes at once', () => {
  it('a role change closes the feeds the new role does not allow with 4401 and keeps the others', async () => {
    const account = await createTestStaff(t.database.db, 'feeds-narrowed', 'Support');
    const { cookie } = await signInStaff(t.app, 'feeds-narrowed');
    const rows = await openFeed(t.app, SOCKET_PATHS.transactions, cookie);
    const chat = await openFeed(t.app, SOCKET_PATHS.chat, cookie);
    await rows.synced;
    await chat.synced;

    await setRole(account.id, 'Transactions Only');
    expect(await within(chat.closed, PROMPTLY_MS, 'the chat feed to close')).toBe(4401);
    expect(rows.socket.readyState).toBe(OPEN);

    await setRole(account.id, 'Viewer');
    expect(await within(rows.closed, PROMPTLY_MS, 'the transactions feed to close')).toBe(4401);
    expect(PROMPTLY_MS).toBeLessThan(SOCKET_RECHECK_MS);
  });

  it('disabling an account closes every feed of each of its sessions with 4401', async () => {
    const account = await createTestStaff(t.database.db, 'feeds-disabled', 'Support');
    const first = await signInStaff(t.app, 'feeds-disabled');
    const second = await signInStaff(t.app, 'feeds-disabled');
    const feeds = [
      await openFeed(t.app, SOCKET_PATHS.notifications, first.cookie),
      await openFeed(t.app, SOCKET_PATHS.chat, first.cookie),
      await openFeed(t.app, SOCKET_PATHS.transactions, second.cookie),
    ];
    await Promise.all(feeds.map((f) => f.synced));
    await setDisabled(account.id, true);
    const codes = await Promise.all(feeds.map((f) => within(f.closed, PROMPTLY_MS, 'a feed to close')));
    expect(codes).toEqual([4401, 4401, 4401]);
  });

  it('ending one session closes its feeds with 4401 and leaves the account’s other sessions open', async () => {
    await createTestStaff(t.database.db, 'feeds-ended', 'Support');
    const ended = await signInStaff(t.app, 'feeds-ended');
    const kept = await signInStaff(t.app, 'feeds-ended');
    const endedFeed = await openFeed(t.app, SOCKET_PATHS.transactions, ended.cookie);
    const keptFeed = await openFeed(t.app, SOCKET_PATHS.transactions, kept.cookie);
    await endedFeed.synced;
    await keptFeed.synced;

    const response = await adminPost(t.app, adminToken, 'EndStaffSession', {
      SessionID: ended.session.SessionID,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await within(endedFeed.closed, PROMPTLY_MS, 'the ended session’s feed to close')).toBe(4401);
    expect(keptFeed.socket.readyState).toBe(OPEN);
    expect((await listTransactions(kept.token)).statusCode).toBe(200);
    keptFeed.socket.terminate();
  });

  it('refuses a new feed to a session ended or narrowed a moment ago', async () => {
    const account = await createTestStaff(t.database.db, 'feeds-refused', 'Support');
    const staff = await signInStaff(t.app, 'feeds-refused');
    await setRole(account.id, 'Marketing');
    const headers = { host: WS_HOST, origin: WS_ORIGIN, cookie: staff.cookie };
    await expect(t.app.injectWS(SOCKET_PATHS.transactions, { headers })).rejects.toThrow(/403/);
    await adminPost(t.app, adminToken, 'EndStaffSession', { SessionID: staff.session.SessionID });
    await expect(t.app.injectWS(SOCKET_PATHS.transactions, { headers })).rejects.toThrow(/401/);
  });
});

describe('several server instances', () => {
  // Two instances need a database both reach: PostgreSQL only (TEST_DATABASE_URL).
  it.runIf(Boolean(readEnv().TEST_DATABASE_URL))(
    'a role change or an ended session on one instance closes the feeds held by another at once',
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
        const account = await createTestStaff(t.database.db, 'two-instances', 'Support');
        const narrowed = await signInStaff(t.app, 'two-instances');
        const chat = await openFeed(second, SOCKET_PATHS.chat, narrowed.cookie);
        await chat.synced;
        await setRole(account.id, 'Transactions Only');
        expect(await within(chat.closed, PROMPTLY_MS, 'the other instance’s chat feed to close')).toBe(4401);

        const rows = await openFeed(second, SOCKET_PATHS.transactions, narrowed.cookie);
        await rows.synced;
        await adminPost(t.app, adminToken, 'EndStaffSession', { SessionID: narrowed.session.SessionID });
        expect(await within(rows.closed, PROMPTLY_MS, 'the other instance’s feed to close')).toBe(4401);
      } finally {
        await second.close();
        await secondDatabase.close();
      }
    },
  );
});
