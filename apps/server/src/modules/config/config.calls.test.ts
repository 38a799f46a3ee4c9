import { ADMIN_CONFIG_DEFAULTS, CONFIG_MESSAGES, type ConfigState } from '@bo/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, configVersions } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, nextTotpCode, signInStaff, signInWithTotp } from '../../test/access-helpers';
import { adminGet, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin = '';
let secure = '';
let support = '';
let viewer = '';

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
  admin = (await signInStaff(t.app, 'admin')).token;
  secure = await signInWithTotp(t, 'secure');
  support = (await signInStaff(t.app, 'support')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
});
afterAll(() => t.close());

const getState = async (token = admin) => {
  const res = await adminGet(t.app, token, 'GetConfig', { Namespace: 'admin' });
  expect(res.statusCode).toBe(200);
  return res.json().data as ConfigState;
};

const save = (values: Record<string, unknown>, expected: number, extra: Record<string, unknown> = {}) =>
  adminPost(t.app, admin, 'SaveConfigDraft', {
    Namespace: 'admin',
    ExpectedVersion: expected,
    Values: values,
    Password: TEST_PASSWORD,
    ...extra,
  });

const refusal = (res: { statusCode: number; json(): { message: string } }) => ({
  status: res.statusCode,
  message: res.json().message,
});

describe('Admin Config (config engine)', () => {
  it('runs on the built-in defaults before the first version, and tells each admin how they confirm', async () => {
    const state = await getState();
    expect(state).toMatchObject({ Namespace: 'admin', Title: 'Admin Config', Head: 0, Active: null });
    expect(state.Defaults).toEqual(ADMIN_CONFIG_DEFAULTS);
    expect(state.StepUpWith).toBe('password');
    expect((await getState(secure)).StepUpWith).toBe('totp');
  });

  it('is refused to staff without admin-commander, for reading and for writing', async () => {
    for (const token of [support, viewer]) {
      expect((await adminGet(t.app, token, 'GetConfig', { Namespace: 'admin' })).statusCode).toBe(403);
      const res = await adminPost(t.app, token, 'SaveConfigDraft', {
        Namespace: 'admin',
        ExpectedVersion: 0,
        Values: ADMIN_CONFIG_DEFAULTS,
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it.each([
    [{ platformName: 'A' }, 'Name must be 2–40 characters'],
    [{ invoiceExpiryMinutes: 2 }, 'Expiry must be between 5 and 1440 minutes'],
    [{ defaultFlexibilityPct: 59 }, 'Flexibility must be between 60 and 100 percent'],
    [{ maintenanceMode: true, maintenanceMessage: '' }, 'Say what merchants see during maintenance'],
    [{ dailyPayoutLimitEur: '100.00' }, 'Daily payout limit must be at least the largest single payout'],
    [
      { defaultFeesPaidBy: 'shared', sharedSplitPct: null },
      'Say which share the customer pays when fees are shared',
    ],
    [
      { underpaidTolerancePct: '5.5' },
      'Underpaid tolerance must be between 0 and 5 percent, at most 2 decimals',
    ],
    [
      {
        confirmations: [
          { coin: 1, minConfirmations: 2, largeAmountEur: '1000', confirmationsAboveLarge: 3 },
          { coin: 1, minConfirmations: 3, largeAmountEur: '1000', confirmationsAboveLarge: 3 },
        ],
      },
      'Bitcoin is listed twice',
    ],
    [
      {
        confirmations: [{ coin: 1, minConfirmations: 0, largeAmountEur: '1000', confirmationsAboveLarge: 3 }],
      },
      '0 confirmations is only allowed for Lightning',
    ],
    [
      {
        confirmations: [{ coin: 1, minConfirmations: 6, largeAmountEur: '1000', confirmationsAboveLarge: 3 }],
      },
      'Confirmations above the large amount must be at least the minimum confirmations',
    ],
    [
      {
        confirmations: [{ coin: 4242, minConfirmations: 1, largeAmountEur: '1', confirmationsAboveLarge: 1 }],
      },
      'No coin found with ID 4242',
    ],
  ])('refuses %j with the brief’s message and stores nothing', async (change, message) => {
    const res = await save({ ...ADMIN_CONFIG_DEFAULTS, ...change }, 0);
    expect(refusal(res)).toEqual({ status: 400, message });
    expect(res.json().data.issues[0].message).toBe(message);
    expect((await getState()).Head).toBe(0);
  });

  it('allows 0 confirmations for a virtual-fiat instrument', async () => {
    const res = await save(
      {
        ...ADMIN_CONFIG_DEFAULTS,
        confirmations: [
          { coin: 625, minConfirmations: 0, largeAmountEur: '1000', confirmationsAboveLarge: 0 },
        ],
      },
      0,
      { Password: 'not-the-password' },
    );
    // Valid values reach the step-up, which the wrong password fails.
    expect(refusal(res)).toEqual({ status: 400, message: CONFIG_MESSAGES.wrongPassword });
  });

  it('refuses an unknown namespace and a secret the namespace does not have', async () => {
    const unknown = await adminGet(t.app, admin, 'GetConfig', { Namespace: 'nope' });
    expect(unknown.statusCode).toBe(400);
    const secret = await save(ADMIN_CONFIG_DEFAULTS, 0, { Secrets: { apiKey: 'abcdefgh' } });
    expect(refusal(secret)).toEqual({ status: 400, message: CONFIG_MESSAGES.unknownSecret('apiKey') });
  });

  it('needs the step-up to save: the password of an account without an authenticator', async () => {
    const changed = { ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 90 };
    const missing = await save(changed, 0, { Password: undefined });
    expect(refusal(missing)).toEqual({ status: 400, message: CONFIG_MESSAGES.stepUpPassword });
    const wrong = await save(changed, 0, { Password: 'wrong-password' });
    expect(refusal(wrong)).toEqual({ status: 400, message: CONFIG_MESSAGES.wrongPassword });
    expect((await getState()).Head).toBe(0);
  });

  it('refuses a save that changes nothing', async () => {
    expect(refusal(await save(ADMIN_CONFIG_DEFAULTS, 0))).toEqual({
      status: 400,
      message: CONFIG_MESSAGES.noChange,
    });
  });

  it('saves a draft, refuses a stale writer (409), and activates only with a second administrator', async () => {
    const saved = await save({ ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 90 }, 0, {
      Comment: 'Longer expiry',
    });
    expect(saved.statusCode).toBe(200);
    const afterSave = saved.json().data as ConfigState;
    expect(afterSave.Head).toBe(1);
    expect(afterSave.Draft).toMatchObject({
      Version: 1,
      Status: 'draft',
      Author: 'admin',
      Comment: 'Longer expiry',
    });
    expect(afterSave.Draft?.Values.invoiceExpiryMinutes).toBe(90);
    expect(afterSave.Active).toBeNull();

    const stale = await save({ ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 120 }, 0);
    expect(refusal(stale)).toEqual({
      status: 409,
      message: 'This config changed since you opened it (v0 → v1). Reload to see the changes.',
    });

    const submitted = await adminPost(t.app, admin, 'SubmitConfig', { Namespace: 'admin', Version: 1 });
    expect(submitted.json().data.Pending).toMatchObject({ Version: 1, Status: 'pending_approval' });

    const own = await adminPost(t.app, admin, 'ApproveConfig', {
      Namespace: 'admin',
      Version: 1,
      Password: TEST_PASSWORD,
    });
    expect(refusal(own)).toEqual({ status: 409, message: CONFIG_MESSAGES.ownApproval });

    const noCode = await adminPost(t.app, secure, 'ApproveConfig', { Namespace: 'admin', Version: 1 });
    expect(refusal(noCode)).toEqual({ status: 400, message: CONFIG_MESSAGES.stepUpCode });

    const approved = await adminPost(t.app, secure, 'ApproveConfig', {
      Namespace: 'admin',
      Version: 1,
      Code: await nextTotpCode(t),
    });
    expect(approved.statusCode).toBe(200);
    const state = approved.json().data as ConfigState;
    expect(state.Active).toMatchObject({ Version: 1, Status: 'active', Author: 'admin', Approver: 'secure' });
    expect(state.Pending).toBeNull();

    const again = await adminPost(t.app, secure, 'ApproveConfig', {
      Namespace: 'admin',
      Version: 1,
      Code: await nextTotpCode(t),
    });
    expect(refusal(again)).toEqual({ status: 409, message: CONFIG_MESSAGES.notPending(1) });
  });

  it('rejects a pending change with a reason, and it never becomes active', async () => {
    const saved = await save({ ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 45 }, 1);
    expect(saved.statusCode).toBe(200);
    await adminPost(t.app, admin, 'SubmitConfig', { Namespace: 'admin', Version: 2 });
    const short = await adminPost(t.app, secure, 'RejectConfig', {
      Namespace: 'admin',
      Version: 2,
      Reason: '',
    });
    expect(refusal(short)).toEqual({
      status: 400,
      message: 'Say why the change is rejected (at least 3 characters)',
    });
    const rejected = await adminPost(t.app, secure, 'RejectConfig', {
      Namespace: 'admin',
      Version: 2,
      Reason: 'Too short for slow chains',
    });
    const state = rejected.json().data as ConfigState;
    expect(state.Pending).toBeNull();
    expect(state.Active?.Version).toBe(1);
  });

  it('lists the versions with what changed, and restores an old one as a new version needing approval', async () => {
    // v3: a second activated change, so v1 can be rolled back to.
    await save({ ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 120, platformName: 'Paylane' }, 2);
    await adminPost(t.app, admin, 'SubmitConfig', { Namespace: 'admin', Version: 3 });
    await adminPost(t.app, secure, 'ApproveConfig', {
      Namespace: 'admin',
      Version: 3,
      Code: await nextTotpCode(t),
    });

    const history = await adminGet(t.app, admin, 'ConfigHistory', { Namespace: 'admin' });
    const records = history.json().data.records as Array<{
      Version: number;
      Status: string;
      Changes: Array<{ Path: string; Old: string | null; New: string | null }>;
    }>;
    expect(records.map((r) => [r.Version, r.Status])).toEqual([
      [3, 'active'],
      [2, 'rejected'],
      [1, 'superseded'],
    ]);
    expect(records[2]?.Changes).toEqual([
      { Path: 'invoiceExpiryMinutes', Kind: 'CHANGE', Old: '60', New: '90' },
    ]);
    expect(records[0]?.Changes).toContainEqual({
      Path: 'platformName',
      Kind: 'CHANGE',
      Old: '"Backoffice"',
      New: '"Paylane"',
    });

    const stale = await adminPost(t.app, admin, 'RestoreConfig', {
      Namespace: 'admin',
      Version: 1,
      ExpectedVersion: 2,
      Password: TEST_PASSWORD,
    });
    expect(refusal(stale)).toEqual({
      status: 409,
      message: 'This config changed since you opened it (v2 → v3). Reload to see the changes.',
    });
    const restored = await adminPost(t.app, admin, 'RestoreConfig', {
      Namespace: 'admin',
      Version: 1,
      ExpectedVersion: 3,
      Password: TEST_PASSWORD,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.Pending).toMatchObject({
      Version: 4,
      Comment: 'Restore of v1',
      Author: 'admin',
    });
    const approved = await adminPost(t.app, secure, 'ApproveConfig', {
      Namespace: 'admin',
      Version: 4,
      Code: await nextTotpCode(t),
    });
    const state = approved.json().data as ConfigState;
    expect(state.Active?.Version).toBe(4);
    expect(state.Active?.Values).toEqual({ ...ADMIN_CONFIG_DEFAULTS, invoiceExpiryMinutes: 90 });
  });

  it('audits every step under config:admin, naming who did what', async () => {
    const rows = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUsername, id: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.entity, 'config:admin'))
      .orderBy(asc(auditLog.id));
    expect(rows.slice(0, 3)).toEqual([
      { action: 'config.save-draft', actor: 'admin', id: '1' },
      { action: 'config.submit', actor: 'admin', id: '1' },
      { action: 'config.approve', actor: 'secure', id: '1' },
    ]);
    expect(rows.map((r) => r.action)).toContain('config.restore');
    expect(rows.map((r) => r.action)).toContain('config.reject');
  });

  it('keeps one active version per namespace and the four-eyes rule in the table itself', async () => {
    const active = await t.database.db
      .select({ v: configVersions.version })
      .from(configVersions)
      .where(and(eq(configVersions.ns, 'admin'), eq(configVersions.status, 'active')));
    expect(active).toEqual([{ v: 4 }]);
    const [own] = await t.database.db
      .select({ author: configVersions.authorStaffId })
      .from(configVersions)
      .where(eq(configVersions.version, 4));
    await expect(
      t.database.db
        .update(configVersions)
        .set({ approverStaffId: own?.author ?? 0 })
        .where(eq(configVersions.version, 4)),
    ).rejects.toThrow();
  });
});
