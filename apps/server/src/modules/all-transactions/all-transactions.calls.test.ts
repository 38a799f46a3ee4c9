import { ADMIN_CALLS } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions, transactionViews } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, createTestStaff, signInStaff } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, csrf, type TestApp } from '../../test/test-app';
import { resolveRange } from './all-transactions.service';

let t: TestApp;
let watch: ReturnType<typeof createTableWatch>;
let admin = '';
let support = '';
let support2 = '';
let kyc = '';
let viewer = '';
let shop = 0;
let other = 0;
/** Transaction ids of `shop`, newest first. */
const shopRefs: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  const db = t.database.db;
  await seedCatalog(db, t.clock.now());
  watch = createTableWatch(db);
  await createTestStaff(db, 'support2', 'Support');
  admin = (await signInStaff(t.app, 'admin')).token;
  support = (await signInStaff(t.app, 'support')).token;
  support2 = (await signInStaff(t.app, 'support2')).token;
  kyc = (await signInStaff(t.app, 'kyc')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  shop = await insertMerchant(db, 'Ledger Everything Shop');
  other = await insertMerchant(db, 'Ledger Other Shop');
  // 20 of the shop's over two years (far beyond the dashboard's 60 days), alternating paid and expired,
  // coin 1 and 5; then a few of another merchant.
  for (let i = 0; i < 20; i++) {
    const row = await insertTransaction(db, {
      merchantId: shop,
      altCoinId: i % 2 === 0 ? 1 : 5,
      status: i % 2 === 0 ? 'paid' : 'expired',
      amount: `${i + 1}.00000000`,
      createdOn: new Date(Date.parse('2024-07-01T10:00:00Z') + i * 36 * 86_400_000),
    });
    shopRefs.unshift(row.transactionId);
  }
  for (let i = 0; i < 3; i++)
    await insertTransaction(db, {
      merchantId: other,
      altCoinId: 1,
      status: 'waiting',
      amount: '0.50000000',
      createdOn: new Date(daysAgo(2 - i) + 8 * 3_600_000),
    });
  // One payout of the shop: type Payout.
  await insertTransaction(db, {
    merchantId: shop,
    altCoinId: 1,
    status: 'payout-completed',
    amount: '3.00000000',
    createdOn: new Date(daysAgo(1) + 9 * 3_600_000),
  });
});
afterAll(() => t.close());

/** The start of the UTC day `n` days before the test clock's today. */
function daysAgo(n: number): number {
  const today = Date.parse(`${t.clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
  return today - n * 86_400_000;
}
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const list = async (token: string, query: Record<string, string>) => {
  const response = await adminGet(t.app, token, 'ListAllTransactions', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListAllTransactions.data.parse(response.json().data);
};
const views = async (token: string) => {
  const response = await adminGet(t.app, token, 'ListTransactionViews', {});
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListTransactionViews.data.parse(response.json().data);
};
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'transaction-view'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const tablesChangedBy = async (act: () => Promise<unknown>) => {
  const before = await watch.snapshot();
  await act();
  return changedTables(before, await watch.snapshot());
};

describe('resolveRange', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  it('keeps relative ranges relative: the last 7 days end today, whatever day it is', () => {
    expect(resolveRange({ range: '7d' }, now)).toMatchObject({ fromDay: '2026-06-09', toDay: '2026-06-15' });
    expect(resolveRange({ range: '7d' }, new Date('2026-07-01T00:00:00Z'))).toMatchObject({
      fromDay: '2026-06-25',
      toDay: '2026-07-01',
    });
    expect(resolveRange({ range: 'today' }, now)).toMatchObject({
      fromDay: '2026-06-15',
      toDay: '2026-06-15',
    });
  });
  it('bounds all time by nothing and a custom range by its days', () => {
    expect(resolveRange({ range: 'all' }, now)).toMatchObject({ fromDay: null, toDay: null });
    const custom = resolveRange({ range: 'custom', from: '2026-01-01', to: '2026-01-31' }, now);
    expect(custom.from.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(custom.to.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('ListAllTransactions', () => {
  it('lists all time by default, newest first, in pages of 15 with the exact total', async () => {
    const first = await list(support, { merchantId: String(shop) });
    expect(first.meta).toMatchObject({ total: 21, page: 1, limit: 15, offset: 0, isCapped: false });
    expect(first.meta.from).toBeNull();
    expect(first.records).toHaveLength(15);
    // The payout is the newest, then the 20 by date.
    expect(first.records[0]?.Prefix).toBe('P');
    expect(first.records.slice(1).map((r) => r.TransactionID)).toEqual(shopRefs.slice(0, 14));
    const second = await list(support, { merchantId: String(shop), page: '2' });
    expect(second.records.map((r) => r.TransactionID)).toEqual(shopRefs.slice(14));
    expect(second.meta).toMatchObject({ page: 2, offset: 15, total: 21 });
    expect(await list(support, { merchantId: String(shop), page: '3' })).toMatchObject({ records: [] });
  });

  it('reads a page past the middle from the other end with the same rows and order', async () => {
    const forward = await list(support, { merchantId: String(shop), limit: '4', page: '1', sort: 'Amount' });
    const all = [];
    for (let page = 1; page <= 6; page++)
      all.push(
        ...(await list(support, { merchantId: String(shop), limit: '4', page: String(page), sort: 'Amount' }))
          .records,
      );
    expect(all).toHaveLength(21);
    expect(all.slice(0, 4)).toEqual(forward.records);
    const amounts = all.map((r) => Number(r.Amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(new Set(all.map((r) => r.ID)).size).toBe(21);
  });

  it('filters by range, statuses, types, coin and keyword', async () => {
    const week = await list(support, { range: '7d' });
    expect(week.meta).toMatchObject({ from: dayText(daysAgo(6)), to: dayText(daysAgo(0)), total: 4 });
    const custom = await list(support, {
      range: 'custom',
      from: '2024-07-01',
      to: '2024-08-31',
      merchantId: String(shop),
    });
    expect(custom.records.map((r) => r.TransactionID)).toEqual(shopRefs.slice(-2));
    const expired = await list(support, { merchantId: String(shop), statuses: 'expired' });
    expect(expired.meta.total).toBe(10);
    expect(expired.records.every((r) => r.Status === 'expired')).toBe(true);
    const payouts = await list(support, { types: 'Payout' });
    expect(payouts.records.map((r) => r.TransactionType)).toEqual(['Payout']);
    const coin5 = await list(support, { coin: '5' });
    expect(coin5.meta).toMatchObject({ total: 10, isCapped: false });
    expect(coin5.records.every((r) => r.AltCoinID === 5)).toBe(true);
    const both = await list(support, { coin: '1', statuses: 'paid,waiting', merchantId: String(other) });
    expect(both.meta.total).toBe(3);
    const ref = `T${String(shopRefs[3]).padStart(9, '0')}`;
    const byRef = await list(support, { keyword: ref });
    expect(byRef.records.map((r) => r.TransactionID)).toEqual([shopRefs[3]]);
    const byName = await list(support, { keyword: 'ledger other' });
    expect(byName.meta.total).toBe(3);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ range: 'forever' }, 'The range must be one of'],
      [{ range: 'custom' }, 'A custom range needs a From and a To date'],
      [
        { range: 'custom', from: '2026-02-01', to: '2026-01-01' },
        'From date can not be greater than To date',
      ],
      [{ range: 'custom', from: '2026-02-30', to: '2026-03-01' }, 'The From date is not a real date'],
      [{ statuses: 'paid,bogus' }, ''],
      [{ coin: 'abc' }, 'The coin must be a number'],
      [{ page: '0' }, 'The page starts at 1'],
      [{ limit: '5000' }, 'The page size must be at most 1000'],
      [{ sort: 'Secret' }, 'Sort by one of'],
      [{ cursor: 'not-a-cursor' }, 'Invalid page cursor'],
    ];
    for (const [query, message] of cases) {
      const response = await adminGet(t.app, support, 'ListAllTransactions', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message, JSON.stringify(query)).toContain(message);
    }
  });

  it('needs view-transactions', async () => {
    for (const token of [kyc, viewer]) {
      const response = await adminGet(t.app, token, 'ListAllTransactions', {});
      expect(response.statusCode).toBe(403);
    }
  });

  it('exports the filtered list to CSV, every row the filters select, walking by cursor', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=ListAllTransactions',
      headers: { ...csrf, authorization: `Bearer ${support}` },
      payload: {
        params: { merchantId: shop, statuses: ['expired'], limit: 2, page: 3 },
        columns: [
          { key: 'TransactionID', header: 'Transaction ID' },
          { key: 'Status', header: 'Status' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Transaction ID,Status');
    expect(lines).toHaveLength(11);
    expect(lines.slice(1).every((l) => l.endsWith(',expired'))).toBe(true);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(
      shopRefs.filter((_, i) => i % 2 === 0),
    );
  });
});

describe('saved views', () => {
  const filters = {
    range: '30d',
    statuses: ['paid'],
    merchantId: 7,
    keyword: 'abc',
    sort: 'Amount',
    order: 'asc',
  };

  it('saves filters under a name, private to the author unless shared, audited', async () => {
    const created = await adminPost(t.app, support, 'CreateTransactionView', {
      Name: 'big-paid',
      Filters: filters,
    });
    expect(created.statusCode, created.body).toBe(200);
    const view = ADMIN_CALLS.CreateTransactionView.data.parse(created.json().data);
    expect(view).toMatchObject({
      Name: 'big-paid',
      Shared: false,
      Author: 'support',
      IsMine: true,
      CanDelete: true,
    });
    expect(view.Filters).toMatchObject({
      range: '30d',
      statuses: ['paid'],
      merchantId: 7,
      types: [],
      sort: 'Amount',
    });
    // Only filters are kept: no page, no rows.
    const [stored] = await t.database.db
      .select()
      .from(transactionViews)
      .where(eq(transactionViews.id, view.ID));
    expect(Object.keys(stored?.filters as object)).not.toContain('page');
    expect((await views(support)).map((v) => v.Name)).toContain('big-paid');
    expect((await views(support2)).map((v) => v.Name)).not.toContain('big-paid');
    const [entry] = await auditOf(view.ID);
    expect(entry).toMatchObject({ action: 'transaction-view.create', actorUsername: 'support' });

    const shared = await adminPost(t.app, support, 'CreateTransactionView', {
      Name: 'team-expired',
      Shared: true,
      Filters: { range: '7d', statuses: ['expired'] },
    });
    expect(shared.statusCode).toBe(200);
    const seen = (await views(support2)).find((v) => v.Name === 'team-expired');
    expect(seen).toMatchObject({ IsMine: false, CanDelete: false, Author: 'support', Shared: true });
    expect((await views(admin)).find((v) => v.Name === 'team-expired')).toMatchObject({ CanDelete: true });
  });

  it('refuses a taken name with 409 and a bad name or filters with 400, writing nothing', async () => {
    await adminPost(t.app, support, 'CreateTransactionView', { Name: 'taken-name', Filters: {} });
    const again = await adminPost(t.app, support2, 'CreateTransactionView', {
      Name: 'taken-name',
      Filters: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A saved view named taken-name already exists');
    const bad: Array<[object, string]> = [
      [{ Name: 'Has Spaces', Filters: {} }, 'Use lower-case letters'],
      [{ Name: '', Filters: {} }, 'A name is required'],
      [{ Name: 'x'.repeat(61), Filters: {} }, 'at most 60'],
      [{ Name: 'ok-name', Filters: { range: 'custom' } }, 'A custom range needs'],
      [{ Name: 'ok-name', Filters: { statuses: ['nope'] } }, ''],
      [{ Name: 'ok-name' }, ''],
      [{ Name: 'ok-name', Filters: {}, Shared: 'yes' }, 'Shared must be true or false'],
    ];
    for (const [body, message] of bad) {
      const changed = await tablesChangedBy(async () => {
        const response = await adminPost(t.app, support, 'CreateTransactionView', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toContain(message);
      });
      expect(changed).toEqual([]);
    }
  });

  it('lets only the author rename, re-share or change filters; audited with before and after', async () => {
    const made = ADMIN_CALLS.CreateTransactionView.data.parse(
      (
        await adminPost(t.app, support, 'CreateTransactionView', {
          Name: 'to-rename',
          Shared: true,
          Filters: {},
        })
      ).json().data,
    );
    const renamed = await adminPost(t.app, support, 'UpdateTransactionView', {
      ID: made.ID,
      Name: 'renamed-view',
      Filters: { range: '90d', coin: 5 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      Name: 'renamed-view',
      Shared: true,
      Filters: { range: '90d', coin: 5 },
    });
    const [entry] = await auditOf(made.ID);
    expect(entry).toMatchObject({
      action: 'transaction-view.update',
      before: { Name: 'to-rename' },
      after: { Name: 'renamed-view' },
    });
    const byOther = await adminPost(t.app, support2, 'UpdateTransactionView', {
      ID: made.ID,
      Name: 'hijack',
    });
    expect(byOther.statusCode).toBe(403);
    const taken = await adminPost(t.app, support, 'UpdateTransactionView', {
      ID: made.ID,
      Name: 'taken-name',
    });
    expect(taken.statusCode).toBe(409);
    const nothing = await adminPost(t.app, support, 'UpdateTransactionView', { ID: made.ID });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain('Nothing to change');
    const missing = await adminPost(t.app, support, 'UpdateTransactionView', { ID: 999999, Name: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes by the author, or by an admin when shared; another’s private view is not found', async () => {
    const mine = ADMIN_CALLS.CreateTransactionView.data.parse(
      (await adminPost(t.app, support2, 'CreateTransactionView', { Name: 'private-two', Filters: {} })).json()
        .data,
    );
    expect((await adminPost(t.app, support, 'DeleteTransactionView', { ID: mine.ID })).statusCode).toBe(404);
    expect((await adminPost(t.app, admin, 'DeleteTransactionView', { ID: mine.ID })).statusCode).toBe(404);
    const shared = ADMIN_CALLS.CreateTransactionView.data.parse(
      (
        await adminPost(t.app, support2, 'CreateTransactionView', {
          Name: 'shared-two',
          Shared: true,
          Filters: {},
        })
      ).json().data,
    );
    expect((await adminPost(t.app, support, 'DeleteTransactionView', { ID: shared.ID })).statusCode).toBe(
      403,
    );
    const byAdmin = await adminPost(t.app, admin, 'DeleteTransactionView', { ID: shared.ID });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await auditOf(shared.ID))[0]).toMatchObject({
      action: 'transaction-view.delete',
      actorUsername: 'admin',
    });
    const own = await adminPost(t.app, support2, 'DeleteTransactionView', { ID: mine.ID });
    expect(own.statusCode).toBe(200);
    expect((await views(support2)).map((v) => v.Name)).not.toContain('private-two');
    expect((await adminPost(t.app, support2, 'DeleteTransactionView', { ID: 'abc' })).statusCode).toBe(400);
  });

  it('needs view-transactions for every view call', async () => {
    for (const token of [kyc, viewer]) {
      expect((await adminGet(t.app, token, 'ListTransactionViews', {})).statusCode).toBe(403);
      expect(
        (await adminPost(t.app, token, 'CreateTransactionView', { Name: 'nope', Filters: {} })).statusCode,
      ).toBe(403);
      expect(
        (await adminPost(t.app, token, 'UpdateTransactionView', { ID: 1, Name: 'nope' })).statusCode,
      ).toBe(403);
      expect((await adminPost(t.app, token, 'DeleteTransactionView', { ID: 1 })).statusCode).toBe(403);
    }
  });

  it('never changes a transaction', async () => {
    const changed = await tablesChangedBy(() =>
      adminGet(t.app, support, 'ListAllTransactions', { range: 'all' }),
    );
    expect(changed).toEqual([]);
    expect((await t.database.db.select().from(transactions)).length).toBe(24);
  });
});
