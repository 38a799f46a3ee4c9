import { ADMIN_CALLS, EXPORT_MAX_ROWS } from '@bo/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, failureCauses } from '../../db/schema';
import { insertCoin, insertFailure, insertMerchant, insertTransaction } from '../../test/factories';
import { createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';
import { ADMIN_EXPORTS } from './admin.handlers';
import { exportFileName } from './csv-export.service';

let t: TestApp;
let support = '';
let kyc = '';
let admin = '';
const COIN = 7001;
const timeouts: number[] = [];
let formulaId = 0;
let merchantId = 0;
const merchantTransactions: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await insertCoin(db, { id: COIN, name: 'Exportcoin', isOnline: true, buyEnabled: true, eur: '2.00' });
  for (let i = 0; i < 3; i++)
    timeouts.push(
      await insertFailure(db, {
        altCoinId: COIN,
        failure: `Node timeout ${i}`,
        notes: i === 1 ? 'Retried, then gave up' : null,
      }),
    );
  await insertFailure(db, { altCoinId: COIN, failure: 'Fee too low' });
  formulaId = await insertFailure(db, {
    altCoinId: COIN,
    failure: '=HYPERLINK("https://evil.example","win")',
  });
  // More than one page of the default export's 100 rows.
  await db.insert(failureCauses).values(
    Array.from({ length: 150 }, (_, i) => ({
      altCoinId: COIN,
      failure: `Disk full ${i}`,
      address: 'bc1qdisk',
      createdOn: new Date('2026-01-01T00:00:00Z'),
      updatedOn: new Date('2026-01-01T00:00:00Z'),
    })),
  );
  merchantId = await insertMerchant(db, 'Export Shop');
  const other = await insertMerchant(db, 'Other Shop');
  for (const day of ['2026-02-03', '2026-02-01', '2026-02-02']) {
    const row = await insertTransaction(db, {
      merchantId,
      altCoinId: COIN,
      status: 'paid',
      amount: '1.50000000',
      createdOn: new Date(`${day}T10:00:00Z`),
    });
    merchantTransactions.push(row.transactionId);
  }
  await insertTransaction(db, { merchantId: other, altCoinId: COIN, status: 'paid', amount: '9.00000000' });
  support = (await signIn(t.app, 'support')).token;
  kyc = (await signIn(t.app, 'kyc')).token;
  admin = (await signIn(t.app, 'admin')).token;
});
afterAll(() => t.close());

const exportList = (call: string, body: object, token = support) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/export?Call=${call}`,
    headers: { ...csrf, authorization: `Bearer ${token}` },
    payload: body,
  });

/** The file's lines after the BOM, without the empty one after the last CRLF. */
const linesOf = (body: string) => {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
};

const auditCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n ?? 0;

const FAILURE_COLUMNS = [
  { key: 'ID', header: 'ID' },
  { key: 'Failure', header: 'Failure' },
  { key: 'Notes', header: 'Notes' },
];

describe('POST /api/admin/export', () => {
  it('has a way to read the rows of every exportable list, and of no other call', () => {
    const exportable = Object.entries(ADMIN_CALLS)
      .filter(([, call]) => call.exportable)
      .map(([name]) => name);
    expect(Object.keys(ADMIN_EXPORTS).sort()).toEqual(exportable.sort());
  });

  it('streams exactly the filtered rows under the headers asked for, as a dated attachment', async () => {
    const response = await exportList('TransactionFailure', {
      params: { keyword: 'timeout', orderBy: 'ID', order: 'asc', page: 9, limit: 1 },
      columns: FAILURE_COLUMNS,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exportFileName('TransactionFailure', t.clock.now())}"`,
    );
    // The page and page size of the params are ignored: the whole filtered list comes.
    expect(linesOf(response.body)).toEqual([
      'ID,Failure,Notes',
      `${timeouts[0]},Node timeout 0,`,
      `${timeouts[1]},Node timeout 1,"Retried, then gave up"`,
      `${timeouts[2]},Node timeout 2,`,
    ]);
  });

  it('reads a list longer than a page to its end', async () => {
    const response = await exportList('TransactionFailure', {
      params: { keyword: 'disk full' },
      columns: [{ key: 'Failure', header: 'Failure' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = linesOf(response.body);
    expect(lines).toHaveLength(151);
    expect(new Set(lines.slice(1)).size).toBe(150);
    expect(response.body).not.toContain('cut');
    expect(EXPORT_MAX_ROWS).toBeGreaterThan(150);
  });

  it('neutralises a formula in a row', async () => {
    const response = await exportList('TransactionFailure', {
      params: { keyword: String(formulaId) },
      columns: FAILURE_COLUMNS,
    });
    expect(linesOf(response.body)[1]).toBe(`${formulaId},"'=HYPERLINK(""https://evil.example"",""win"")",`);
  });

  it('pages the transaction list by its cursor, in the order and with the filters asked for', async () => {
    const response = await exportList('ListTransactions', {
      params: { start: '2026-01-01', end: '2026-03-31', merchantId, sort: 'CreatedOn', order: 'asc' },
      columns: [
        { key: 'TransactionID', header: 'Transaction' },
        { key: 'ShopTitle', header: 'Shop' },
        { key: 'Amount', header: 'Amount' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    // Inserted on 3, 1 and 2 February.
    const [third, first, second] = merchantTransactions;
    expect(linesOf(response.body)).toEqual([
      'Transaction,Shop,Amount',
      `${first},Export Shop,1.50000000`,
      `${second},Export Shop,1.50000000`,
      `${third},Export Shop,1.50000000`,
    ]);
  });

  it('records one audit row with the list, its filters as parsed and the columns, before the file', async () => {
    const before = await auditCount();
    const response = await exportList('TransactionFailure', {
      params: { keyword: 'timeout', sticky: '1' },
      columns: FAILURE_COLUMNS,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      actorUsername: 'support',
      action: 'export.csv',
      entity: 'export',
      entityId: 'TransactionFailure',
      before: null,
      after: {
        Call: 'TransactionFailure',
        params: { keyword: 'timeout', sticky: true, orderBy: 'CreatedOn', order: 'desc', page: 1, limit: 8 },
        columns: FAILURE_COLUMNS,
      },
    });
    expect(row?.actorStaffId).toBeGreaterThan(0);
  });

  it('refuses staff without the list’s permission, and a caller without a token, recording nothing', async () => {
    const before = await auditCount();
    const body = { params: {}, columns: FAILURE_COLUMNS };
    const refused = await exportList('TransactionFailure', body, kyc);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=TransactionFailure',
      headers: csrf,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await auditCount()).toBe(before);
  });

  it('refuses params the list refuses, naming the field, recording nothing', async () => {
    const before = await auditCount();
    const response = await exportList(
      'XChangeOfflinePool',
      { params: { coin: 'abc' }, columns: [{ key: 'ID', header: 'ID' }] },
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The coin must be a number');
    expect(response.json().data.issues[0].path).toBe('coin');
    // Valid params the list itself refuses (an unknown coin) are its own answer, before any of the file.
    const unknown = await exportList(
      'XChangeOfflinePool',
      { params: { coin: 999_999 }, columns: [{ key: 'ID', header: 'ID' }] },
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No coin found with ID 999999');
    expect(await auditCount()).toBe(before);
  });

  it('refuses a column the list’s rows do not have, and a call that is not an exportable list', async () => {
    const before = await auditCount();
    const column = await exportList('TransactionFailure', {
      params: {},
      columns: [...FAILURE_COLUMNS, { key: 'search', header: 'Search' }],
    });
    expect(column.statusCode).toBe(400);
    expect(column.json().message).toBe('TransactionFailure has no column search');
    const notExportable = await exportList('ListAltCoins', {
      params: {},
      columns: [{ key: 'ID', header: 'ID' }],
    });
    expect(notExportable.statusCode).toBe(400);
    expect(notExportable.json().message).toBe('ListAltCoins cannot be exported');
    const noColumns = await exportList('TransactionFailure', { params: {}, columns: [] });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toBe('Choose at least one column to export');
    expect(await auditCount()).toBe(before);
  });

  it('exports the unpaged lists whole', async () => {
    const staff = await exportList(
      'ListStaff',
      { params: {}, columns: [{ key: 'Username', header: 'Username' }] },
      admin,
    );
    expect(staff.statusCode, staff.body).toBe(200);
    expect(linesOf(staff.body)).toEqual(expect.arrayContaining(['Username', 'admin', 'support', 'kyc']));
    const sheet = await exportList(
      'BalanceSheet',
      { params: { online: 'online' }, columns: [{ key: 'Name', header: 'Coin' }] },
      admin,
    );
    expect(linesOf(sheet.body)).toContain('Exportcoin');
    const [audited] = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, 'BalanceSheet'));
    expect(audited?.after).toMatchObject({ params: { online: 'online', buy: 'both' } });
  });
});
