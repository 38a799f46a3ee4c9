import {
  CONFIG_MESSAGES,
  type ConfigState,
  type ConfigTestRun,
  OPENNODE_CONFIG_DEFAULTS,
  TRADING_CONFIG_DEFAULTS,
} from '@bo/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretOf } from '../../config/config';
import { auditLog, configTestRuns } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, nextTotpCode, signInStaff, signInWithTotp } from '../../test/access-helpers';
import { adminGet, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { OPENNODE_FAKE_KEYS } from '../integrations/opennode/opennode.fake';

let t: TestApp;
let admin = '';
let secure = '';
let support = '';

const DEV_KEY = OPENNODE_FAKE_KEYS.dev.invoice;
const LIVE_KEY = OPENNODE_FAKE_KEYS.live.invoice;

beforeAll(async () => {
  t = await createTestApp({
    jwtTtlSeconds: 3600,
    configMasterKey: secretOf('ab'.repeat(32)),
    publicUrl: 'https://bo.example.com',
  });
  await seedCatalog(t.database.db, t.clock.now());
  admin = (await signInStaff(t.app, 'admin')).token;
  secure = await signInWithTotp(t, 'secure');
  support = (await signInStaff(t.app, 'support')).token;
});
afterAll(() => t.close());

const state = async (ns: string) =>
  (await adminGet(t.app, admin, 'GetConfig', { Namespace: ns })).json().data as ConfigState;

const saveOpenNode = (expected: number, invoiceKey: string, change: Record<string, unknown> = {}) =>
  adminPost(t.app, admin, 'SaveConfigDraft', {
    Namespace: 'opennode',
    ExpectedVersion: expected,
    Values: { ...OPENNODE_CONFIG_DEFAULTS, ...change },
    Secrets: { invoiceApiKey: invoiceKey },
    Password: TEST_PASSWORD,
  });

const testConfig = async (params: Record<string, unknown>, token = admin) =>
  adminPost(t.app, token, 'TestConfig', { Namespace: 'opennode', ...params });

const approve = async (version: number) =>
  adminPost(t.app, secure, 'ApproveConfig', {
    Namespace: 'opennode',
    Version: version,
    Code: await nextTotpCode(t),
  });

const refusal = (res: { statusCode: number; json(): { message: string } }) => ({
  status: res.statusCode,
  message: res.json().message,
});

describe('Test connection (TestConfig) and the activation rule of integration configs', () => {
  it('shows the mode badge for integrations only, and OpenNode’s callback URL from the public URL', async () => {
    const opennode = await state('opennode');
    expect(opennode).toMatchObject({ Badge: 'FAKE', LastTest: null, Head: 0 });
    expect(opennode.Derived).toEqual({ callbackUrl: 'https://bo.example.com/api/hooks/opennode' });
    expect((await state('trading')).Badge).toBe('FAKE');
    const adminState = await state('admin');
    expect(adminState).toMatchObject({ Badge: null, LastTest: null, Derived: {} });
    expect((await state('automation')).Badge).toBeNull();
  });

  it('refuses a config without a connection, an unknown namespace or version, and nothing saved yet', async () => {
    expect(refusal(await testConfig({ Namespace: 'admin' }))).toEqual({
      status: 400,
      message: CONFIG_MESSAGES.noTest('Admin Config'),
    });
    expect(refusal(await testConfig({ Namespace: 'automation' }))).toEqual({
      status: 400,
      message: CONFIG_MESSAGES.noTest('Automation Config'),
    });
    expect((await testConfig({ Namespace: 'nope' })).statusCode).toBe(400);
    expect(refusal(await testConfig({ Version: 'v1' }))).toEqual({
      status: 400,
      message: 'Version must be a version number',
    });
    expect(refusal(await testConfig({}))).toEqual({ status: 409, message: CONFIG_MESSAGES.nothingToTest });
    expect(refusal(await testConfig({ Version: 7 }))).toEqual({
      status: 404,
      message: CONFIG_MESSAGES.noVersion(7),
    });
  });

  it('is refused to staff without admin-commander', async () => {
    expect((await testConfig({}, support)).statusCode).toBe(403);
  });

  it('reports a key of the other environment as OpenNode’s 401, stores the run and keeps the key out', async () => {
    expect((await saveOpenNode(0, LIVE_KEY)).statusCode).toBe(200);
    const res = await testConfig({});
    expect(res.statusCode).toBe(200);
    const run = res.json().data as ConfigTestRun;
    expect(run).toMatchObject({
      Version: 1,
      Ok: false,
      Message: 'OpenNode refused the key (401). Check that it belongs to the dev environment.',
      By: 'admin',
    });
    expect(run.LatencyMs).toBeGreaterThanOrEqual(0);
    expect((await state('opennode')).LastTest).toEqual(run);
    const audit = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'config:opennode'), eq(auditLog.action, 'config.test')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(LIVE_KEY);
    expect(JSON.stringify(await t.database.db.select().from(configTestRuns))).not.toContain(LIVE_KEY);
  });

  it('refuses to activate a version whose latest test is red', async () => {
    await adminPost(t.app, admin, 'SubmitConfig', { Namespace: 'opennode', Version: 1 });
    expect(refusal(await approve(1))).toEqual({ status: 409, message: CONFIG_MESSAGES.testFirst });
  });

  it('tests a valid dev key green, and activates only while that exact version’s green test is fresh', async () => {
    expect((await saveOpenNode(1, DEV_KEY, { chargeExpiryMinutes: 30 })).statusCode).toBe(200);
    // No test of v2 yet: the green of another version does not count either.
    await adminPost(t.app, admin, 'SubmitConfig', { Namespace: 'opennode', Version: 2 });
    expect(refusal(await approve(2))).toEqual({ status: 409, message: CONFIG_MESSAGES.testFirst });

    const green = (await testConfig({ Version: 2 })).json().data as ConfigTestRun;
    expect(green).toMatchObject({
      Version: 2,
      Ok: true,
      Message: 'Key valid · env dev · permission Invoice',
    });

    t.clock.advance(16 * 60_000);
    expect(refusal(await approve(2))).toEqual({ status: 409, message: CONFIG_MESSAGES.testFirst });

    expect(((await testConfig({ Version: 2 })).json().data as ConfigTestRun).Ok).toBe(true);
    const approved = await approve(2);
    expect(approved.statusCode).toBe(200);
    expect((approved.json().data as ConfigState).Active).toMatchObject({ Version: 2, Approver: 'secure' });
  });

  it('tests the withdrawal key too when withdrawals are on', async () => {
    const saved = await adminPost(t.app, admin, 'SaveConfigDraft', {
      Namespace: 'opennode',
      ExpectedVersion: 2,
      Values: { ...OPENNODE_CONFIG_DEFAULTS, withdrawalsEnabled: true },
      Secrets: { withdrawalApiKey: OPENNODE_FAKE_KEYS.dev.withdrawals },
      Password: TEST_PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    const run = (await testConfig({})).json().data as ConfigTestRun;
    expect(run).toMatchObject({
      Version: 3,
      Ok: true,
      Message: 'Key valid · env dev · permission Invoice · withdrawal key valid',
    });
  });

  it('audits each run under config:opennode with the version', async () => {
    const rows = await t.database.db
      .select({ id: auditLog.entityId, actor: auditLog.actorUsername })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'config:opennode'), eq(auditLog.action, 'config.test')))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => r.id)).toEqual(['1', '2', '2', '3']);
    expect(rows.every((r) => r.actor === 'admin')).toBe(true);
  });

  it('reads the top of book of each enabled internal pair for Trading Config', async () => {
    const saved = await adminPost(t.app, admin, 'SaveConfigDraft', {
      Namespace: 'trading',
      ExpectedVersion: 0,
      Values: { ...TRADING_CONFIG_DEFAULTS, staleQuoteSec: 20 },
      Password: TEST_PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    const run = (await adminPost(t.app, admin, 'TestConfig', { Namespace: 'trading' })).json()
      .data as ConfigTestRun;
    expect(run.Ok).toBe(true);
    // The fake's book sits a few basis points off the rates table (BTC 90,000 EUR, ETH 3,000 EUR), spread 2 bp.
    expect(run.Message).toBe(
      'BTC-EUR bid 90,009.00 / ask 90,027.00, deviation from reference 0.02 % · ' +
        'ETH-EUR bid 3,000.00 / ask 3,000.60, deviation from reference 0.01 %',
    );
  });
});
