import { ADMIN_CALLS, DEFAULT_STATUS_FILTER, formatTransactionRef, type Transaction } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let token = '';
let kycToken = '';
const today = () => t.clock.now().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 11, days: 12, txPerDay: 45, now: t.clock.now() });
  token = (await signIn(t.app, 'support')).token;
  kycToken = (await signIn(t.app, 'kyc')).token;
});
afterAll(() => t.close());

async function list(query: Record<string, string>) {
  const response = await adminGet(t.app, token, 'ListTransactions', {
    start: daysAgo(13),
    end: today(),
    ...query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListTransactions.data.parse(response.json().data);
}

async function walk(query: Record<string, string>): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  let page = await list(query);
  rows.push(...page.records);
  while (page.lastCursor && rows.length < page.total) {
    page = await list({ ...query, page: 'next', cursor: page.lastCursor });
    rows.push(...page.records);
  }
  return rows;
}

describe('ListTransactions', () => {
  it('answers a page of 15 newest first, with the total for "Showing a - b of n"', async () => {
    const page = await list({});
    expect(page.records).toHaveLength(15);
    expect(page.total).toBeGreaterThan(300);
    const created = page.records.map((r) => r.CreatedOn);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.records[0]?.Amount).toMatch(/^\d+\.\d{8}$/);
  });

  it('walks every row once with Next, and Previous and Last agree with the walk', async () => {
    const all = await walk({});
    const first = await list({});
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((r) => r.ID)).size).toBe(all.length);

    const second = await list({ page: 'next', cursor: first.lastCursor ?? '' });
    const back = await list({ page: 'prev', cursor: second.firstCursor ?? '' });
    expect(back.records.map((r) => r.ID)).toEqual(first.records.map((r) => r.ID));

    const last = await list({ page: 'last' });
    const tail = all.slice(all.length - (first.total % 15 || 15));
    expect(last.records.map((r) => r.ID)).toEqual(tail.map((r) => r.ID));
  });

  it.each([
    ['Merchant', (r: Transaction) => r.ShopTitle],
    ['TransactionID', (r: Transaction) => r.TransactionID],
    ['Amount', (r: Transaction) => Number(r.Amount)],
    ['Status', (r: Transaction) => r.Status],
    ['Date', (r: Transaction) => r.Date],
  ] as const)('sorts by %s both ways, across page boundaries', async (sort, value) => {
    for (const order of ['asc', 'desc'] as const) {
      const pick: (r: Transaction) => string | number = value;
      const walked = await walk({ sort, order, statuses: 'paid,expired' });
      // Every row exactly once, whatever the column's collation.
      expect(new Set(walked.map((r) => r.ID)).size).toBe(
        (await list({ sort, order, statuses: 'paid,expired' })).total,
      );
      const rows = walked.map(pick);
      const sorted = [...rows].sort((a, b) => {
        const d =
          typeof a === 'number' && typeof b === 'number'
            ? a - b
            : String(a) < String(b)
              ? -1
              : String(a) > String(b)
                ? 1
                : 0;
        return order === 'asc' ? d : -d;
      });
      if (sort !== 'Merchant') expect(rows).toEqual(sorted);
      expect(rows.length).toBeGreaterThan(15);
    }
  });

  it('filters by status, splitting reflextrader by prefix', async () => {
    const rtT = await walk({ statuses: 'rt-t' });
    expect(rtT.length).toBeGreaterThan(0);
    expect(rtT.every((r) => r.Status === 'reflextrader' && r.Prefix === 'T')).toBe(true);
    const defaults = await walk({ statuses: DEFAULT_STATUS_FILTER.join(',') });
    expect(defaults.some((r) => r.Status.startsWith('payout-') || r.Status === 'reflextrader')).toBe(false);
  });

  it('filters by merchant', async () => {
    const someone = (await list({})).records[0];
    const rows = await walk({ merchantId: String(someone?.MerchantID) });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.MerchantID === someone?.MerchantID)).toBe(true);
  });

  it('finds a row by its padded reference, its xChange id, its address and its merchant name', async () => {
    const all = await walk({});
    const target = all.find((r) => r.XChangeID !== null && r.CoinAddress !== 'NA') ?? all[0];
    if (!target) throw new Error('no rows');
    const byRef = await list({ keyword: formatTransactionRef(target.Prefix, target.TransactionID) });
    expect(byRef.records.map((r) => r.ID)).toEqual([target.ID]);
    if (target.XChangeID !== null) {
      const byXc = await list({ keyword: `xc${target.XChangeID}` });
      expect(byXc.records.map((r) => r.ID)).toContain(target.ID);
    }
    const bySecurity = await list({ keyword: target.Security });
    expect(bySecurity.records.map((r) => r.ID)).toEqual([target.ID]);
    const byName = await walk({ keyword: target.ShopTitle.slice(0, 6).toLowerCase() });
    expect(byName.map((r) => r.ID)).toContain(target.ID);
  });

  it('answers the SPEC texts and clean errors for bad input', async () => {
    const swapped = await adminGet(t.app, token, 'ListTransactions', { start: today(), end: daysAgo(3) });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().message).toBe('From date can not be greater than To date');
    const badCursor = await adminGet(t.app, token, 'ListTransactions', {
      start: daysAgo(3),
      end: today(),
      page: 'next',
      cursor: 'nope',
    });
    expect(badCursor.json()).toEqual({ status_code: 400, message: 'Invalid page cursor', data: null });
    const badDay = await adminGet(t.app, token, 'ListTransactions', {
      start: '2026-02-30',
      end: '2026-03-01',
    });
    expect(badDay.json().message).toBe('Invalid date 2026-02-30');
    const badStatus = await adminGet(t.app, token, 'ListTransactions', {
      start: daysAgo(3),
      end: today(),
      statuses: "paid,'; drop table x",
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('is refused without view-transactions', async () => {
    const response = await adminGet(t.app, kycToken, 'ListTransactions', { start: daysAgo(3), end: today() });
    expect(response.statusCode).toBe(403);
  });
});

describe('TransactionDetail and MerchantsListDash', () => {
  it('answers one transaction by reference, and No record found! for an unknown one', async () => {
    const row = (await list({})).records[0];
    if (!row) throw new Error('no rows');
    const ref = formatTransactionRef(row.Prefix, row.TransactionID);
    const found = await adminGet(t.app, token, 'TransactionDetail', { ID: ref });
    expect(ADMIN_CALLS.TransactionDetail.data.parse(found.json().data).ID).toBe(row.ID);
    const missing = await adminGet(t.app, token, 'TransactionDetail', { ID: 'T999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No record found!');
  });

  it('lists merchants of the range by shop title, falling back to 60 days for an empty range', async () => {
    const recent = ADMIN_CALLS.MerchantsListDash.data.parse(
      (await adminGet(t.app, token, 'MerchantsListDash', { startDate: daysAgo(2), endDate: today() })).json()
        .data,
    );
    expect(recent.length).toBeGreaterThan(0);
    const future = await adminGet(t.app, token, 'MerchantsListDash', {
      startDate: '2099-01-01',
      endDate: '2099-01-02',
    });
    expect(future.json().data).toEqual([]);
    const titles = recent.map((m) => m.ShopTitle);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
