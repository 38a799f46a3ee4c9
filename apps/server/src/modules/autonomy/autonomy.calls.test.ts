import { ADMIN_CALLS, AUTONOMY_MESSAGES, type AutonomyRow } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsMerchantDays, auditLog, merchantAutonomy, merchants, payouts } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost } from '../../test/access-helpers';
import { insertMerchant, insertPayout } from '../../test/factories';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';
import { createCoins } from '../coins/coins.module';
import { createFileStorage } from '../files/file-storage';
import { createJobHandlers } from '../jobs/jobs.catalogue';
import { createPayoutRail } from '../payouts/payout-rail';

let t: TestApp;
let admin = '';
let support = '';
let approved = 0;
let pending = 0;
let failing = 0;

const dayPlus = (days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 36_000 });
  const { db } = t.database;
  await seedCatalog(db, t.clock.now());
  approved = await insertMerchant(db, 'Autonomy Approved Shop');
  pending = await insertMerchant(db, 'Autonomy Pending Shop');
  failing = await insertMerchant(db, 'Autonomy Failing Shop');
  await db.update(merchants).set({ kycStatus: 'approved' }).where(eq(merchants.id, approved));
  await db.update(merchants).set({ kycStatus: 'pending' }).where(eq(merchants.id, pending));
  await db.update(merchants).set({ kycStatus: 'approved' }).where(eq(merchants.id, failing));
  // 30-day paid volume from Infolytics' roll-up: 1,200.50 EUR recent, and a day too old to count.
  await db.insert(analyticsMerchantDays).values([
    {
      day: dayPlus(-3),
      merchantId: approved,
      prefix: 'T',
      n: 3,
      paid: 3,
      paidVolumeEur: '1000.25',
      revenueEur: '5',
    },
    {
      day: dayPlus(-10),
      merchantId: approved,
      prefix: 'T',
      n: 1,
      paid: 1,
      paidVolumeEur: '200.25',
      revenueEur: '1',
    },
    {
      day: dayPlus(-40),
      merchantId: approved,
      prefix: 'T',
      n: 1,
      paid: 1,
      paidVolumeEur: '9999',
      revenueEur: '1',
    },
    {
      day: dayPlus(-2),
      merchantId: failing,
      prefix: 'T',
      n: 1,
      paid: 1,
      paidVolumeEur: '50',
      revenueEur: '1',
    },
  ]);
  // Three failed payouts this week.
  for (let i = 0; i < 3; i++) {
    const id = await insertPayout(db, { merchantId: failing, state: 'failed' });
    await db
      .update(payouts)
      .set({ failedOn: new Date(t.clock.now().getTime() - (i + 1) * 3_600_000) })
      .where(eq(payouts.id, id));
  }
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
});
afterAll(() => t.close());

const set = (payload: object, token = admin) => adminPost(t.app, token, 'SetAutonomy', payload);
const change = (over: object = {}) => ({
  MerchantIDs: [approved],
  Level: 1,
  DailyAutoPayoutEur: '5000',
  PerPayoutEur: '1000.50',
  AddressChangeCooldownH: 24,
  Reason: 'Good history',
  ...over,
});
const rowOf = async (id: number): Promise<AutonomyRow | undefined> => {
  const response = await adminGet(t.app, admin, 'ListAutonomy', { q: String(id) });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListAutonomy.data.parse(response.json().data).records[0];
};

describe('autonomy: access', () => {
  it('is refused to staff without admin-commander and to no session', async () => {
    expect((await adminGet(t.app, support, 'ListAutonomy')).statusCode).toBe(403);
    expect((await set(change(), support)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin?Call=ListAutonomy' })).statusCode).toBe(401);
  });
});

describe('autonomy: list', () => {
  it('shows level 0 before any change, KYC, risk profile, 30-day volume and suggestions from real data', async () => {
    expect(await rowOf(approved)).toMatchObject({
      Merchant: 'Autonomy Approved Shop',
      Level: 0,
      KycStatus: 'approved',
      RiskProfileID: 1,
      Volume30dEur: '1200.50',
      ChangedBy: null,
      Suggestion: AUTONOMY_MESSAGES.eligible,
    });
    expect(await rowOf(pending)).toMatchObject({
      KycStatus: 'pending',
      Volume30dEur: '0.00',
      Suggestion: null,
    });
    // Three failures: no Level 2 offer at level 0, a downgrade suggestion once elevated.
    expect((await rowOf(failing))?.Suggestion).toBeNull();
    expect((await set(change({ MerchantIDs: [failing] }))).statusCode).toBe(200);
    expect(await rowOf(failing)).toMatchObject({
      Level: 1,
      FailedPayouts7d: 3,
      Suggestion: 'Downgrade suggested: 3 failures in 7 days',
    });
  });

  it('filters by level; an empty level is an empty page', async () => {
    const at = async (level: string) =>
      ADMIN_CALLS.ListAutonomy.data.parse(
        (await adminGet(t.app, admin, 'ListAutonomy', { level, q: 'Autonomy' })).json().data,
      );
    expect((await at('1')).records.map((r) => r.MerchantID)).toContain(failing);
    expect((await at('2')).records).toEqual([]);
    expect((await adminGet(t.app, admin, 'ListAutonomy', { level: '3' })).json().message).toBe(
      'The level must be 0, 1 or 2',
    );
  });
});

describe('autonomy: set', () => {
  it.each([
    [{ PerPayoutEur: '5000.01' }, 'PerPayoutEur', AUTONOMY_MESSAGES.perPayout],
    [{ DailyAutoPayoutEur: '1.234' }, 'DailyAutoPayoutEur', AUTONOMY_MESSAGES.limit],
    [{ PerPayoutEur: '-1' }, 'PerPayoutEur', AUTONOMY_MESSAGES.limit],
    [{ AddressChangeCooldownH: 169 }, 'AddressChangeCooldownH', AUTONOMY_MESSAGES.cooldown],
    [{ AddressChangeCooldownH: -1 }, 'AddressChangeCooldownH', AUTONOMY_MESSAGES.cooldown],
    [{ Reason: '  ' }, 'Reason', AUTONOMY_MESSAGES.reason],
    [{ Level: 3 }, 'Level', 'The level must be 0, 1 or 2'],
    [{ MerchantIDs: [] }, 'MerchantIDs', AUTONOMY_MESSAGES.noMerchants],
  ])('%o is refused on %s with its message', async (over, path, message) => {
    const response = await set(change(over));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().data.issues).toContainEqual({ path, message });
  });

  it('refuses level 2 without an approved KYC, naming the current status; a bulk change is all or none', async () => {
    const single = await set(change({ MerchantIDs: [pending], Level: 2 }));
    expect(single.json()).toMatchObject({
      status_code: 400,
      message: 'Level 2 needs an approved KYC (current: pending)',
    });
    const bulk = await set(change({ MerchantIDs: [approved, pending], Level: 2 }));
    expect(bulk.json().message).toBe(
      'Autonomy Pending Shop: Level 2 needs an approved KYC (current: pending)',
    );
    expect((await rowOf(approved))?.Level).not.toBe(2);
    expect((await set(change({ MerchantIDs: [999_999] }))).statusCode).toBe(404);
    expect((await set(change({ ExpiresOn: dayPlus(0) }))).json().message).toBe(AUTONOMY_MESSAGES.expiresOn);
  });

  it('sets one or many merchants, each audited with before and after', async () => {
    const response = await set(change({ MerchantIDs: [approved, pending], Level: 1, Reason: 'Bulk review' }));
    expect(response.statusCode, response.body).toBe(200);
    const rows = ADMIN_CALLS.SetAutonomy.data.parse(response.json().data);
    expect(
      rows.map((r) => [r.MerchantID, r.Level, r.DailyAutoPayoutEur, r.PerPayoutEur, r.ChangedBy]),
    ).toEqual([
      [approved, 1, '5000.00000000', '1000.50000000', 'admin'],
      [pending, 1, '5000.00000000', '1000.50000000', 'admin'],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'merchant_autonomy'), eq(auditLog.entityId, String(pending))));
    expect(audit.map((a) => a.action)).toEqual(['merchant_autonomy.set']);
    expect(audit[0]?.before).toEqual({ level: 0 });
    expect(audit[0]?.after).toMatchObject({ level: 1, reason: 'Bulk review', expiresOn: null });
  });
});

describe('autonomy: time-boxed elevation', () => {
  it('the autonomy.revert job restores the level before the elevation once its last day is over, once', async () => {
    const shop = await insertMerchant(t.database.db, 'Autonomy Easter Shop');
    await t.database.db.update(merchants).set({ kycStatus: 'approved' }).where(eq(merchants.id, shop));
    expect((await set(change({ MerchantIDs: [shop], Level: 1, Reason: 'Baseline' }))).statusCode).toBe(200);
    const elevated = await set(
      change({ MerchantIDs: [shop], Level: 2, ExpiresOn: dayPlus(2), Reason: 'Easter peak' }),
    );
    expect(elevated.json().data[0]).toMatchObject({ Level: 2, ExpiresOn: dayPlus(2), PreviousLevel: 1 });
    // A second elevation keeps the level from before the first.
    await set(change({ MerchantIDs: [shop], Level: 2, ExpiresOn: dayPlus(3), Reason: 'Longer peak' }));
    expect(await rowOf(shop)).toMatchObject({ PreviousLevel: 1, ExpiresOn: dayPlus(3) });

    const handlers = createJobHandlers({
      config: t.config,
      db: t.database.db,
      now: t.clock.now,
      coins: createCoins(t.config, t.database.db, t.clock.now),
      payoutRail: createPayoutRail(t.config.payouts.railMode),
      marketing: t.app.marketing,
      fileStorage: createFileStorage(t.config.files),
      databaseKind: t.database.kind,
      mailer: { send: async () => undefined },
    });
    const revert = handlers['autonomy.revert'];
    if (!revert) throw new Error('no autonomy.revert handler');
    const ctx = { signal: new AbortController().signal, log: () => undefined, params: {} };
    // Still within its last day: nothing to do.
    t.clock.advance(3 * 86_400_000);
    expect(await revert(ctx)).toEqual({ items: 0 });
    const stored = async () =>
      (await t.database.db.select().from(merchantAutonomy).where(eq(merchantAutonomy.merchantId, shop)))[0];
    expect((await stored())?.level).toBe(2);
    t.clock.advance(86_400_000);
    expect(await revert(ctx)).toEqual({ items: 1 });
    expect(await stored()).toMatchObject({
      level: 1,
      expiresOn: null,
      previousLevel: null,
      updatedByStaffId: null,
      reason: 'Time-boxed elevation ended',
    });
    expect(await revert(ctx)).toEqual({ items: 0 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'merchant_autonomy'), eq(auditLog.entityId, String(shop))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorUsername])).toEqual([
      ['merchant_autonomy.set', 'admin'],
      ['merchant_autonomy.set', 'admin'],
      ['merchant_autonomy.set', 'admin'],
      ['merchant_autonomy.revert', 'autonomy-revert'],
    ]);
    t.clock.advance(-4 * 86_400_000);
    // The list names the job as the one who changed it.
    expect(await rowOf(shop)).toMatchObject({
      Level: 1,
      ChangedBy: 'system',
      Reason: 'Time-boxed elevation ended',
    });
  });
});
