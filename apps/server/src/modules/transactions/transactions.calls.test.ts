import {
  ADMIN_CALLS,
  ALL_STATUS_FILTER,
  DEFAULT_STATUS_FILTER,
  formatTransactionRef,
  fromTransactionColumns,
  type Transaction,
} from '@bo/contract';
import { ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { adminGet, createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';
import { classifyKeyword } from './keyword.rule';
import { TRANSACTION_EXPORT_PAGE_SIZE, transactionExports } from './transactions.calls';
import { countTransactions, findTransaction } from './transactions.repository';

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

async function count(query: Record<string, string>) {
  const response = await adminGet(t.app, token, 'CountTransactions', {
    start: daysAgo(13),
    end: today(),
    ...query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.CountTransactions.data.parse(response.json().data);
}

async function walk(query: Record<string, string>): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  let page = await list(query);
  rows.push(...page.records);
  while (page.lastCursor && page.records.length === 15) {
    page = await list({ ...query, page: 'next', cursor: page.lastCursor });
    rows.push(...page.records);
  }
  return rows;
}

describe('ListTransactions', () => {
  it('answers each row exactly as the single-row read does (the page maps the driver rows itself)', async () => {
    const page = await list({ pageSize: '500', statuses: ALL_STATUS_FILTER.join(',') });
    expect(page.records.length).toBeGreaterThan(100);
    // Rows with every optional field set and unset, payouts and payments, on either driver.
    for (const record of page.records) {
      const single = await findTransaction(t.database.db, record.Prefix, record.TransactionID);
      expect(record).toEqual(single);
    }
    expect(page.records.some((r) => r.Expired !== null && r.TransactionConfirmedOn === null)).toBe(true);
    expect(page.records.some((r) => r.Prefix === 'P')).toBe(true);
  });

  it('answers a page of 15 newest first; the total for "Showing a - b of n" is CountTransactions', async () => {
    const page = await list({});
    expect(page.records).toHaveLength(15);
    expect((await count({})).total).toBeGreaterThan(300);
    const created = page.records.map((r) => r.CreatedOn);
    expect(created).toEqual([...created].sort().reverse());
    expect(page.records[0]?.Amount).toMatch(/^\d+\.\d{8}$/);
  });

  it('walks every row once with Next, and Previous and Last agree with the walk', async () => {
    const all = await walk({});
    const { total } = await count({});
    expect(all).toHaveLength(total);
    expect(new Set(all.map((r) => r.ID)).size).toBe(all.length);

    const first = await list({});
    const second = await list({ page: 'next', cursor: first.lastCursor ?? '' });
    const back = await list({ page: 'prev', cursor: second.firstCursor ?? '' });
    expect(back.records.map((r) => r.ID)).toEqual(first.records.map((r) => r.ID));

    // The client asks Last for the remainder of the total, so the last page lines up with the others.
    const lastSize = total % 15 || 15;
    const last = await list({ page: 'last', pageSize: String(lastSize) });
    expect(last.records.map((r) => r.ID)).toEqual(all.slice(all.length - lastSize).map((r) => r.ID));
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
      expect(new Set(walked.map((r) => r.ID)).size).toBe((await count({ statuses: 'paid,expired' })).total);
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

  it("sorts ascending by TransactionID and Date from the range's day bounds, rows out of time order first", async () => {
    const db = t.database.db;
    /** Keys (day, status, prefix) whose bound lies above one of their rows: an ascending sort would miss it. */
    const boundsAbove = async () =>
      (
        (await db.execute(sql`
          select a.day, a.status, a.prefix from (
            select (created_on at time zone 'UTC')::date as day, status, prefix, min(transaction_id) as min_id,
              min(transaction_shown_on(status, expired_on, confirmed_on, created_on)) as min_shown
            from transactions group by 1, 2, 3) a
          left join transaction_day_bounds b on b.day = a.day and b.status = a.status and b.prefix = a.prefix
          where b.day is null or b.min_transaction_id > a.min_id or b.min_shown_on > a.min_shown`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    expect(await boundsAbove()).toEqual([]);
    const someone = (await list({})).records[0];
    if (!someone) throw new Error('no rows');
    // Rows the platform did not number or date in order: a small TransactionID created two days ago, a
    // payment created then but confirmed a month before, and one that an edit later takes below both.
    await db.execute(sql`
      insert into transactions (prefix, transaction_id, merchant_id, original_amount, input_currency, amount,
        alt_coin_id, status, transaction_type, created_on, updated_on, confirmed_on, security, coin_address)
      select 'T', m.low - g, ${someone.MerchantID}, 1, 'EUR', 1, ${someone.AltCoinID}, 'paid', 'API',
             now() - interval '2 days', now(), now() - (30 + g) * interval '1 day', 'bounds-' || g, 'NA'
      from generate_series(1, 3) g, (select min(transaction_id) as low from transactions) m`);
    const ids = (await walk({ statuses: 'paid', keyword: '' }))
      .filter((r) => r.Security.startsWith('bounds-'))
      .sort((a, b) => a.TransactionID - b.TransactionID);
    const [third, second, first] = ids;
    if (!first || !second || !third) throw new Error('rows not written');
    await db.execute(sql`update transactions set status = 'expired', expired_on = now() - interval '90 days',
      created_on = now() - interval '1 day', transaction_id = transaction_id - 10 where security = 'bounds-1'`);
    expect(await boundsAbove()).toEqual([]);

    const all = ALL_STATUS_FILTER.join(',');
    const byId = await list({ sort: 'TransactionID', order: 'asc', statuses: all });
    expect(byId.records.slice(0, 3).map((r) => r.Security)).toEqual(['bounds-1', 'bounds-3', 'bounds-2']);
    const byDate = await list({ sort: 'Date', order: 'asc', statuses: all });
    expect(byDate.records.slice(0, 3).map((r) => r.Security)).toEqual(['bounds-1', 'bounds-3', 'bounds-2']);
    // Each status has its own bounds: the edited row now leads its new status, as it leads them all.
    const expired = await list({ sort: 'TransactionID', order: 'asc', statuses: 'expired' });
    expect(expired.records[0]?.Security).toBe('bounds-1');
    // A range that starts after those days is bounded by its own days and does not show them.
    const recent = await list({ sort: 'Date', order: 'asc', statuses: all, start: today() });
    expect(recent.records.some((r) => r.Security.startsWith('bounds-'))).toBe(false);
    expect(recent.records.length).toBeGreaterThan(0);

    await db.execute(sql`delete from transactions where security like 'bounds-%'`);
    expect(await boundsAbove()).toEqual([]);
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
    const mailed = all.find((r) => r.Email?.includes('@'));
    if (!mailed?.Email) throw new Error('no row with an e-mail address');
    // A whole address is looked up exactly, whatever its case; a part of one is searched as text.
    const byEmail = await walk({ keyword: mailed.Email.toUpperCase() });
    expect(byEmail.map((r) => r.ID)).toContain(mailed.ID);
    expect(byEmail.every((r) => r.Email?.toLowerCase() === mailed.Email?.toLowerCase())).toBe(true);
    const byPart = await walk({ keyword: mailed.Email.slice(1, -1) });
    expect(byPart.map((r) => r.ID)).toContain(mailed.ID);
    const referenced = all.find((r) => /^(ORD|INV|POS)-\d/.test(r.CustomerReferenceNr ?? ''));
    const reference = referenced?.CustomerReferenceNr;
    if (!referenced || !reference) throw new Error('no row with an order, invoice or POS reference');
    // A reference is found whole or from its start, whatever its case.
    const byReference = await walk({ keyword: reference.toLowerCase() });
    expect(byReference.map((r) => r.ID)).toContain(referenced.ID);
    const start = reference.slice(0, reference.indexOf('-') + 2);
    const byStart = await walk({ keyword: start });
    expect(byStart.map((r) => r.ID)).toContain(referenced.ID);
    expect(byStart.every((r) => r.CustomerReferenceNr?.toLowerCase().startsWith(start.toLowerCase()))).toBe(
      true,
    );
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

describe('SyncTransactions', () => {
  async function syncPage(query: Record<string, string>) {
    const response = await adminGet(t.app, token, 'SyncTransactions', {
      start: daysAgo(13),
      end: today(),
      ...query,
    });
    expect(response.statusCode, response.body).toBe(200);
    return ADMIN_CALLS.SyncTransactions.data.parse(response.json().data);
  }

  it("answers ListTransactions' newest-first pages, row for row, as columns", async () => {
    const filters = { statuses: ALL_STATUS_FILTER.join(','), keyword: 'a' };
    const expected = await walk(filters);
    expect(expected.length).toBeGreaterThan(100);
    const synced: Transaction[] = [];
    let page = await syncPage({ ...filters, pageSize: '40' });
    synced.push(...fromTransactionColumns(page.columns));
    while (page.lastCursor && page.columns.ID.length === 40) {
      page = await syncPage({ ...filters, pageSize: '40', cursor: page.lastCursor });
      synced.push(...fromTransactionColumns(page.columns));
    }
    expect(synced).toEqual(expected);
  });

  it('names each field once per page, not once per row', async () => {
    const response = await adminGet(t.app, token, 'SyncTransactions', {
      start: daysAgo(13),
      end: today(),
      pageSize: '200',
    });
    const body = response.body;
    expect(body.split('"CoinAddress"')).toHaveLength(2);
    const rows = await list({ pageSize: '200' });
    expect(body.length).toBeLessThan(JSON.stringify(rows).length * 0.6);
  });

  it('refuses a bad range or cursor, and callers without view-transactions', async () => {
    const swapped = await adminGet(t.app, token, 'SyncTransactions', { start: today(), end: daysAgo(3) });
    expect(swapped.json().message).toBe('From date can not be greater than To date');
    const badCursor = await adminGet(t.app, token, 'SyncTransactions', {
      start: daysAgo(3),
      end: today(),
      cursor: 'nope',
    });
    expect(badCursor.json()).toEqual({ status_code: 400, message: 'Invalid page cursor', data: null });
    const tooLarge = await adminGet(t.app, token, 'SyncTransactions', {
      start: daysAgo(3),
      end: today(),
      pageSize: '5001',
    });
    expect(tooLarge.statusCode).toBe(400);
    const refused = await adminGet(t.app, kycToken, 'SyncTransactions', { start: daysAgo(3), end: today() });
    expect(refused.statusCode).toBe(403);
  });
});

describe('CountTransactions', () => {
  /** The per-day counts must equal a count of the table itself, key by key (zero rows left aside). */
  async function dayCountsDrift() {
    const db = t.database.db;
    const drift = await db.execute(sql`
      select coalesce(a.day, b.day) as day, coalesce(a.status, b.status) as status
      from (select (created_on at time zone 'UTC')::date as day, status, prefix, count(*) as n
            from transactions group by 1, 2, 3) a
      full join (select day, status, prefix, sum(n) as n from transaction_day_counts
                 group by 1, 2, 3 having sum(n) <> 0) b
        on a.day = b.day and a.status = b.status and a.prefix = b.prefix
      where a.n is distinct from b.n
      union all
      select coalesce(a.day, b.day), coalesce(a.status, b.status)
      from (select merchant_id, (created_on at time zone 'UTC')::date as day, status, prefix, count(*) as n
            from transactions group by 1, 2, 3, 4) a
      full join (select merchant_id, day, status, prefix, n from transaction_merchant_day_counts where n <> 0) b
        on a.merchant_id = b.merchant_id and a.day = b.day and a.status = b.status and a.prefix = b.prefix
      where a.n is distinct from b.n`);
    // Both drivers answer with `rows`; any row is a key whose count drifted.
    return (drift as unknown as { rows: unknown[] }).rows;
  }

  it('counts exactly the rows the list walks, for each filter and keyword shape', async () => {
    const someone = (await list({})).records[0];
    if (!someone) throw new Error('no rows');
    const filters: Record<string, string>[] = [
      {},
      { start: daysAgo(3), end: daysAgo(1) },
      { statuses: DEFAULT_STATUS_FILTER.join(',') },
      { statuses: 'rt-t,expired' },
      { merchantId: String(someone.MerchantID) },
      { merchantId: String(someone.MerchantID), statuses: 'paid' },
      { keyword: formatTransactionRef(someone.Prefix, someone.TransactionID) },
      { keyword: someone.ShopTitle.slice(0, 5).toLowerCase() },
      { keyword: 'a' },
      { keyword: 'nothing-matches-this' },
    ];
    for (const filter of filters) {
      const counted = await count(filter);
      expect(counted, JSON.stringify(filter)).toEqual({
        total: (await walk(filter)).length,
        isCapped: false,
      });
    }
  });

  it('stops a free-text count at the cap unless the exact count is asked for', async () => {
    const filter = {
      from: new Date(`${daysAgo(13)}T00:00:00Z`),
      to: new Date(`${daysAgo(-1)}T00:00:00Z`),
      statuses: [],
      keyword: classifyKeyword('a'),
    };
    const exact = await countTransactions(t.database.db, filter);
    expect(exact.total).toBeGreaterThan(10);
    expect(await countTransactions(t.database.db, filter, 10)).toEqual({ total: 10, isCapped: true });
    expect(await countTransactions(t.database.db, filter, exact.total)).toEqual(exact);
    expect(await count({ keyword: 'a', exact: '1' })).toEqual(exact);
    // Only free text is capped: an empty keyword is summed from the per-day counts, whatever the cap.
    const all = await countTransactions(t.database.db, { ...filter, keyword: classifyKeyword('') }, 10);
    expect(all.isCapped).toBe(false);
    expect(all.total).toBeGreaterThan(10);
  });

  it('keeps the per-day counts exact through inserts, status changes, edits and deletes', async () => {
    expect(await dayCountsDrift()).toEqual([]);
    const waiting = (await walk({ statuses: 'waiting' }))[0];
    if (!waiting) throw new Error('no waiting payment');
    const before = { waiting: await count({ statuses: 'waiting' }), paid: await count({ statuses: 'paid' }) };
    const admin = (await signIn(t.app, 'admin')).token;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=TransactionStatusUpdate',
      headers: { ...csrf, authorization: `Bearer ${admin}` },
      payload: {
        TransactionID: formatTransactionRef('T', waiting.TransactionID),
        targetMerchant: waiting.MerchantID,
        statusID: 1,
        notenough: 0,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await count({ statuses: 'waiting' })).total).toBe(before.waiting.total - 1);
    expect((await count({ statuses: 'paid' })).total).toBe(before.paid.total + 1);

    const db = t.database.db;
    const [other] = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(ne(merchants.id, waiting.MerchantID))
      .limit(1);
    // A bulk insert, a move to another day and merchant, an edit that moves nothing, and a delete.
    await db.execute(sql`
      insert into transactions (prefix, transaction_id, merchant_id, original_amount, input_currency, amount,
        alt_coin_id, status, transaction_type, created_on, updated_on, security, coin_address)
      select 'T', 900000 + g, ${waiting.MerchantID}, 1, 'EUR', 1, ${waiting.AltCoinID}, 'expired', 'API',
             now() - g * interval '7 hours', now(), 'sec-' || g, 'NA'
      from generate_series(1, 40) g`);
    await db.execute(sql`update transactions set created_on = created_on - interval '2 days',
      merchant_id = ${other?.id} where transaction_id between 900001 and 900010`);
    await db.execute(sql`update transactions set comments = 'checked' where transaction_id > 900000`);
    await db.execute(sql`delete from transactions where transaction_id between 900011 and 900020`);
    expect(await dayCountsDrift()).toEqual([]);
    await db.execute(sql`delete from transactions where transaction_id > 900000`);
  });

  it('refuses bad input with the SPEC text and needs view-transactions', async () => {
    const swapped = await adminGet(t.app, token, 'CountTransactions', { start: today(), end: daysAgo(3) });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().message).toBe('From date can not be greater than To date');
    const refused = await adminGet(t.app, kycToken, 'CountTransactions', { start: daysAgo(3), end: today() });
    expect(refused.statusCode).toBe(403);
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

describe('ListTransactions export', () => {
  it('walks the list by its keyset cursor, first page then next from the last row, to a short page', async () => {
    const exporter = transactionExports.ListTransactions;
    if (!exporter || !('pages' in exporter)) throw new Error('ListTransactions pages by cursor');
    const [row] = (await list({})).records;
    if (!row) throw new Error('no transaction');
    const sizes = [TRANSACTION_EXPORT_PAGE_SIZE, TRANSACTION_EXPORT_PAGE_SIZE, 2];
    const asked: Array<{ page: string; cursor?: string; pageSize: number }> = [];
    const params = ADMIN_CALLS.ListTransactions.params.parse({
      start: daysAgo(13),
      end: today(),
      page: 'last',
    });
    const pages = exporter.pages(params, async (p) => {
      asked.push({ page: p.page, cursor: p.cursor, pageSize: p.pageSize });
      const records = Array.from({ length: sizes[asked.length - 1] ?? 0 }, () => row);
      return { records, firstCursor: 'top', lastCursor: `edge-${asked.length}` };
    });
    const counts: number[] = [];
    for await (const rows of pages) counts.push(rows.length);
    expect(counts).toEqual(sizes);
    expect(asked).toEqual([
      { page: 'first', cursor: undefined, pageSize: TRANSACTION_EXPORT_PAGE_SIZE },
      { page: 'next', cursor: 'edge-1', pageSize: TRANSACTION_EXPORT_PAGE_SIZE },
      { page: 'next', cursor: 'edge-2', pageSize: TRANSACTION_EXPORT_PAGE_SIZE },
    ]);
  });

  it('downloads every row the list walks, in its order', async () => {
    const query = { statuses: ALL_STATUS_FILTER.join(','), sort: 'Amount', order: 'asc' };
    const walked = await walk(query);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=ListTransactions',
      headers: { ...csrf, authorization: `Bearer ${token}` },
      payload: {
        params: { start: daysAgo(13), end: today(), ...query },
        columns: [{ key: 'ID', header: 'ID' }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines.slice(1).map(Number)).toEqual(walked.map((r) => r.ID));
    expect(walked.length).toBeGreaterThan(100);
  });
});
