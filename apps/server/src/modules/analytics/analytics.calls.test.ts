import { ADMIN_CALLS, ANALYTICS_NO_PROVIDER } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditLog, transactions } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { insertMerchant, insertTransaction, type TransactionInput } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, csrf, type TestApp } from '../../test/test-app';
import { addDays } from './analytics.service';

let t: TestApp;
let watch: ReturnType<typeof createTableWatch>;
let admin = '';
let support = '';
let kyc = '';
let viewer = '';
let shopA = 0;
let shopB = 0;
let today = '';

/** A transaction of `day` with its EUR figures and provider set (the factory leaves them at their defaults). */
async function tx(input: {
  day: string;
  merchantId: number;
  coin?: number;
  status?: TransactionInput['status'];
  volume?: string;
  revenue?: string;
  provider?: string | null;
}) {
  const row = await insertTransaction(t.database.db, {
    merchantId: input.merchantId,
    altCoinId: input.coin ?? 1,
    status: input.status ?? 'paid',
    amount: '0.01000000',
    createdOn: new Date(`${input.day}T12:00:00Z`),
  });
  await t.database.db
    .update(transactions)
    .set({
      volumeEur: input.volume ?? '100.00000000',
      revenueEur: input.revenue ?? '1.00000000',
      externalProvider: input.provider ?? null,
    })
    .where(eq(transactions.id, row.id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
  watch = createTableWatch(t.database.db);
  admin = (await signInStaff(t.app, 'admin')).token;
  support = (await signInStaff(t.app, 'support')).token;
  kyc = (await signInStaff(t.app, 'kyc')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  shopA = await insertMerchant(t.database.db, 'Analytics Alpha Shop');
  shopB = await insertMerchant(t.database.db, 'Analytics Beta Shop');
  today = t.clock.now().toISOString().slice(0, 10);
  // This week (the last 7 days): shop A 3 paid + 1 expired on coin 1 by card, shop B 1 underpaid on coin 2.
  await tx({ day: today, merchantId: shopA, provider: 'Stripe' });
  await tx({ day: addDays(today, -1), merchantId: shopA, provider: 'Stripe' });
  await tx({ day: addDays(today, -6), merchantId: shopA, volume: '50.50000000', revenue: '0.50000000' });
  await tx({
    day: addDays(today, -2),
    merchantId: shopA,
    status: 'expired',
    volume: '70.00000000',
    revenue: '0',
  });
  await tx({
    day: addDays(today, -3),
    merchantId: shopB,
    coin: 2,
    status: 'underpaid',
    volume: '30.00000000',
  });
  // The week before: shop A 2 paid; a payout of shop B with revenue 2.
  await tx({ day: addDays(today, -7), merchantId: shopA, volume: '80.00000000' });
  await tx({ day: addDays(today, -13), merchantId: shopA, volume: '45.00000000' });
  await tx({
    day: addDays(today, -10),
    merchantId: shopB,
    coin: 2,
    status: 'payout-completed',
    revenue: '2.00000000',
  });
});
afterAll(() => t.close());

const read = async (call: string, query: Record<string, string>): Promise<unknown> => {
  const response = await adminGet(t.app, admin, call, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** Each read call's answer, parsed with its contract schema. */
async function get(
  call: 'AnalyticsSummary',
  query: Record<string, string>,
): Promise<z.output<typeof ADMIN_CALLS.AnalyticsSummary.data>>;
async function get(
  call: 'AnalyticsBreakdown',
  query: Record<string, string>,
): Promise<z.output<typeof ADMIN_CALLS.AnalyticsBreakdown.data>>;
async function get(
  call: 'AnalyticsSeries',
  query: Record<string, string>,
): Promise<z.output<typeof ADMIN_CALLS.AnalyticsSeries.data>>;
async function get(
  call: 'AnalyticsSummary' | 'AnalyticsBreakdown' | 'AnalyticsSeries',
  query: Record<string, string>,
) {
  return ADMIN_CALLS[call].data.parse(await read(call, query));
}
const week = () => ({ from: addDays(today, -6), to: today });
const tablesChangedBy = async (act: () => Promise<unknown>) => {
  const before = await watch.snapshot();
  await act();
  return changedTables(before, await watch.snapshot());
};

describe('AnalyticsSummary', () => {
  it('answers the range and the previous period of equal length with the change of each figure', async () => {
    const s = await get('AnalyticsSummary', week());
    expect(s).toMatchObject({
      From: addDays(today, -6),
      To: today,
      PreviousFrom: addDays(today, -13),
      PreviousTo: addDays(today, -7),
    });
    // Payments: 5 (4 paid or underpaid); volume is the paid ones' (100 + 100 + 50.50 + 30); revenue every row's.
    expect(s.Current).toEqual({
      Transactions: 5,
      Paid: 4,
      PaidRatio: 80,
      VolumeEur: '280.50',
      RevenueEur: '3.50',
    });
    expect(s.Previous).toEqual({
      Transactions: 2,
      Paid: 2,
      PaidRatio: 100,
      VolumeEur: '125.00',
      RevenueEur: '4.00',
    });
    expect(s.Change).toEqual({ Transactions: 150, PaidRatio: -20, VolumeEur: 124.4, RevenueEur: -12.5 });
  });

  it('defaults to the last 30 days up to today', async () => {
    const s = await get('AnalyticsSummary', {});
    expect(s.From).toBe(addDays(today, -29));
    expect(s.To).toBe(today);
    expect(s.Current.Transactions).toBe(7);
    expect(s.Change.Transactions).toBeNull();
  });

  it('follows status changes, moves and deletes (the triggers), and a rebuild gives the same figures', async () => {
    const extra = await tx({
      day: addDays(today, -1),
      merchantId: shopB,
      status: 'waiting',
      volume: '10.00000000',
      revenue: '0',
    });
    let s = await get('AnalyticsSummary', week());
    expect(s.Current).toMatchObject({ Transactions: 6, Paid: 4, VolumeEur: '280.50' });
    await t.database.db
      .update(transactions)
      .set({ status: 'paid', revenueEur: '0.10000000' })
      .where(eq(transactions.id, extra.id));
    s = await get('AnalyticsSummary', week());
    expect(s.Current).toMatchObject({ Transactions: 6, Paid: 5, VolumeEur: '290.50', RevenueEur: '3.60' });
    // Moved out of the range (to 20 days back), then deleted.
    await t.database.db
      .update(transactions)
      .set({ createdOn: new Date(`${addDays(today, -20)}T08:00:00Z`) })
      .where(eq(transactions.id, extra.id));
    expect((await get('AnalyticsSummary', week())).Current.Transactions).toBe(5);
    await t.database.db.delete(transactions).where(eq(transactions.id, extra.id));
    const kept = await get('AnalyticsBreakdown', { ...week(), groupBy: 'merchant' });
    const response = await adminPost(t.app, admin, 'RebuildAnalytics', {
      from: addDays(today, -29),
      to: today,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ From: addDays(today, -29), To: today });
    expect(response.json().data.Rows).toBeGreaterThan(0);
    expect(await get('AnalyticsBreakdown', { ...week(), groupBy: 'merchant' })).toEqual(kept);
    expect((await get('AnalyticsSummary', week())).Current).toEqual({
      Transactions: 5,
      Paid: 4,
      PaidRatio: 80,
      VolumeEur: '280.50',
      RevenueEur: '3.50',
    });
  });

  it('refuses bad ranges with a 400 naming the field, and To after today', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ from: '2026-04-05', to: '2026-04-01' }, 'from', 'From date can not be greater than To date'],
      [{ from: '2024-01-01', to: '2025-06-01' }, 'from', 'The range must be at most 366 days'],
      // From alone runs to today: capped all the same, or 1970 would sum half a century twice.
      [{ from: '1970-01-01' }, 'from', 'The range must be at most 366 days'],
      [{ from: '2026-02-30' }, 'from', 'The From date is not a real date'],
      [{ to: 'yesterday' }, 'to', 'The To date must be a date as YYYY-MM-DD'],
    ];
    for (const [query, path, message] of cases) {
      const response = await adminGet(t.app, admin, 'AnalyticsSummary', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().data.issues).toEqual([{ path, message }]);
    }
    const future = await adminGet(t.app, admin, 'AnalyticsSummary', { to: addDays(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('To date can not be greater than today');
    expect(future.json().data.issues).toEqual([
      { path: 'to', message: 'To date can not be greater than today' },
    ]);
  });

  it('is refused to staff without admin-commander, and reads change nothing', async () => {
    for (const call of ['AnalyticsSummary', 'AnalyticsBreakdown', 'AnalyticsSeries'])
      for (const token of [support, kyc, viewer]) {
        const response = await adminGet(t.app, token, call);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
      }
    expect(
      await tablesChangedBy(async () => {
        await get('AnalyticsSummary', {});
        await get('AnalyticsBreakdown', { groupBy: 'merchant' });
        await get('AnalyticsSeries', { granularity: 'week' });
      }),
    ).toEqual([]);
  });
});

describe('AnalyticsBreakdown', () => {
  it('groups by coin with the previous period beside each, largest volume first', async () => {
    const page = await get('AnalyticsBreakdown', week());
    expect(page.meta).toEqual({ total: 2, offset: 0, limit: 15, page: 1 });
    const [first, second] = page.records;
    expect(first).toMatchObject({ Key: '1', Transactions: 4, PrevTransactions: 2, TransactionsChange: 100 });
    expect(first).toMatchObject({
      Paid: 3,
      PaidRatio: 75,
      PrevPaidRatio: 100,
      VolumeEur: '250.50',
      PrevVolumeEur: '125.00',
    });
    expect(first?.VolumeChange).toBe(100.4);
    expect(second).toMatchObject({
      Key: '2',
      Transactions: 1,
      PrevTransactions: 0,
      TransactionsChange: null,
    });
    // Coin 2's previous period has the payout's revenue only.
    expect(second).toMatchObject({ RevenueEur: '1.00', PrevRevenueEur: '2.00', RevenueChange: -50 });
    expect(first?.Name).not.toBe('Coin 1');
  });

  it('groups by merchant and by provider (on-chain named), sorts and pages', async () => {
    const merchants = await get('AnalyticsBreakdown', {
      ...week(),
      groupBy: 'merchant',
      sort: 'Name',
      order: 'asc',
    });
    expect(merchants.records.map((r) => [r.Key, r.Name])).toEqual([
      [String(shopA), 'Analytics Alpha Shop'],
      [String(shopB), 'Analytics Beta Shop'],
    ]);
    const providers = await get('AnalyticsBreakdown', {
      ...week(),
      groupBy: 'provider',
      sort: 'Transactions',
    });
    expect(providers.records.map((r) => [r.Name, r.Transactions])).toEqual([
      [ANALYTICS_NO_PROVIDER, 3],
      ['Stripe', 2],
    ]);
    const paged = await get('AnalyticsBreakdown', {
      ...week(),
      groupBy: 'merchant',
      limit: '1',
      page: '2',
      sort: 'Name',
      order: 'asc',
    });
    expect(paged.records.map((r) => r.Name)).toEqual(['Analytics Beta Shop']);
    expect(paged.meta.total).toBe(2);
    const beyond = await get('AnalyticsBreakdown', { ...week(), groupBy: 'merchant', page: '9' });
    expect(beyond).toEqual({ records: [], meta: { total: 2, offset: 120, limit: 15, page: 9 } });
  });

  it('refuses an unknown grouping or sort with a 400', async () => {
    let response = await adminGet(t.app, admin, 'AnalyticsBreakdown', { groupBy: 'country' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Group by one of coin, provider, merchant');
    response = await adminGet(t.app, admin, 'AnalyticsBreakdown', { sort: 'Profit' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.issues[0].path).toBe('sort');
  });

  it('exports the breakdown as CSV with the range and grouping on screen, audited', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=AnalyticsBreakdown',
      headers: { ...csrf, authorization: `Bearer ${admin}` },
      payload: {
        params: { ...week(), groupBy: 'merchant', sort: 'Name', order: 'asc' },
        columns: [
          { key: 'Name', header: 'Merchant' },
          { key: 'Transactions', header: 'Transactions' },
          { key: 'PrevTransactions', header: 'Previous transactions' },
          { key: 'VolumeEur', header: 'Volume EUR' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Merchant,Transactions,Previous transactions,Volume EUR',
      'Analytics Alpha Shop,4,2,250.50',
      'Analytics Beta Shop,1,0,30.00',
      '',
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=AnalyticsBreakdown',
      headers: { ...csrf, authorization: `Bearer ${support}` },
      payload: { params: {}, columns: [{ key: 'Name', header: 'Name' }] },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('AnalyticsSeries', () => {
  it('answers every day of the range, quiet days as zeros, and the top coins share', async () => {
    const s = await get('AnalyticsSeries', week());
    expect(s.Points).toHaveLength(7);
    expect(s.Points.at(-1)).toEqual({
      Period: today,
      Transactions: 1,
      Paid: 1,
      Unpaid: 0,
      VolumeEur: '100.00',
      RevenueEur: '1.00',
    });
    expect(s.Points.find((p) => p.Period === addDays(today, -2))).toMatchObject({
      Transactions: 1,
      Paid: 0,
      Unpaid: 1,
    });
    expect(s.Points.find((p) => p.Period === addDays(today, -4))).toMatchObject({
      Transactions: 0,
      VolumeEur: '0.00',
    });
    expect(s.TopCoins.map((c) => [c.AltCoinID, c.VolumeEur, c.Share])).toEqual([
      [1, '250.50', 89.3],
      [2, '30.00', 10.6],
    ]);
  });

  it('buckets by ISO week and month, the first bucket starting at the range', async () => {
    const weeks = await get('AnalyticsSeries', { from: '2026-11-04', to: '2026-11-28', granularity: 'week' });
    expect(weeks.Points.map((p) => p.Period)).toEqual([
      '2026-11-04',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    const months = await get('AnalyticsSeries', {
      from: '2026-09-15',
      to: '2026-11-28',
      granularity: 'month',
    });
    expect(months.Points.map((p) => p.Period)).toEqual(['2026-09-15', '2026-10-01', '2026-11-01']);
    const sum = months.Points.reduce((n, p) => n + p.Transactions, 0);
    const summary = await get('AnalyticsSummary', { from: '2026-09-15', to: '2026-11-28' });
    expect(sum).toBe(summary.Current.Transactions);
  });

  it('refuses an unknown granularity with a 400', async () => {
    const response = await adminGet(t.app, admin, 'AnalyticsSeries', { granularity: 'hour' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The granularity must be one of day, week, month');
  });
});

describe('RebuildAnalytics', () => {
  it('is audited with who asked and the range', async () => {
    const response = await adminPost(t.app, admin, 'RebuildAnalytics', {
      from: addDays(today, -3),
      to: today,
    });
    expect(response.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'analytics'), eq(auditLog.entityId, `${addDays(today, -3)}..${today}`)));
    expect(entry).toMatchObject({ action: 'analytics.rebuild', actorUsername: 'admin' });
  });

  it('refuses bad input with a 400 and changes nothing; refused without admin-commander', async () => {
    const bad: Array<[object, string]> = [
      [{}, 'The From date must be a date'],
      [{ from: '2026-04-05', to: '2026-04-01' }, 'From date can not be greater than To date'],
      [{ from: '2024-01-01', to: '2026-01-01' }, 'A rebuild covers at most 366 days'],
    ];
    for (const [body, message] of bad) {
      const changed = await tablesChangedBy(async () => {
        const response = await adminPost(t.app, admin, 'RebuildAnalytics', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      });
      expect(changed).toEqual([]);
    }
    const future = await adminPost(t.app, admin, 'RebuildAnalytics', { from: today, to: addDays(today, 2) });
    expect(future.statusCode).toBe(400);
    for (const token of [support, kyc, viewer]) {
      const response = await adminPost(t.app, token, 'RebuildAnalytics', { from: today, to: today });
      expect(response.statusCode).toBe(403);
    }
  });
});
