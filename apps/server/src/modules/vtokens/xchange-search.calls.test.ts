import { ADMIN_CALLS } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { signInStaff } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin = '';
let support = '';
let kyc = '';
let viewer = '';
let merchant = 0;
let other = 0;
const rows: Array<{ transactionId: number; xchangeId: number | null }> = [];

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
  admin = (await signInStaff(t.app, 'admin')).token;
  support = (await signInStaff(t.app, 'support')).token;
  kyc = (await signInStaff(t.app, 'kyc')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  merchant = await insertMerchant(t.database.db, 'Exchange Delta Traders');
  other = await insertMerchant(t.database.db, 'Plain Epsilon Shop');
  // Three exchange transactions of one merchant, one of another, and one that never went through xChange.
  for (const [m, xc, day] of [
    [merchant, 7_001, '2026-06-01'],
    [merchant, 7_002, '2026-06-02'],
    [merchant, 7_003, '2026-06-03'],
    [other, 7_004, '2026-06-04'],
    [merchant, null, '2026-06-05'],
  ] as const) {
    const row = await insertTransaction(t.database.db, {
      merchantId: m,
      altCoinId: 1,
      status: 'swap',
      amount: '0.10000000',
      xchangeId: xc,
      createdOn: new Date(`${day}T10:00:00Z`),
    });
    rows.push({ transactionId: row.transactionId, xchangeId: xc });
  }
});
afterAll(() => t.close());

const search = async (token: string, query: Record<string, string>) => {
  const response = await adminGet(t.app, token, 'XChangeSearch', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.XChangeSearch.data.parse(response.json().data);
};
const ids = (page: { records: Array<{ XChangeID: number }> }) => page.records.map((r) => r.XChangeID);

describe('XChangeSearch', () => {
  it('finds a transaction by its XChange ID, with or without a leading xc, and says where it leads', async () => {
    const page = await search(support, { q: 'xc7002' });
    expect(ids(page)).toEqual([7_002]);
    expect(page.meta).toEqual({ total: 1, offset: 0, limit: 25, page: 1, isCapped: false });
    expect(page.records[0]).toMatchObject({
      Prefix: 'T',
      TransactionID: rows[1]?.transactionId,
      MerchantID: merchant,
      ShopTitle: 'Exchange Delta Traders',
      Status: 'swap',
      CreatedOn: '2026-06-02T10:00:00.000Z',
    });
    expect(ids(await search(admin, { q: 'XC0007002' }))).toEqual([7_002]);
    expect(ids(await search(admin, { q: '7003' }))).toEqual([7_003]);
    expect(ids(await search(admin, { q: '7003', field: 'xchange' }))).toEqual([7_003]);
  });

  it('finds one by its transaction hash or its coin address', async () => {
    const id = rows[0]?.transactionId;
    expect(ids(await search(admin, { q: `sec${id}`, field: 'hash' }))).toEqual([7_001]);
    expect(ids(await search(admin, { q: `addr${id}`, field: 'address' }))).toEqual([7_001]);
    expect(ids(await search(admin, { q: `addr${id}`, field: 'hash' }))).toEqual([]);
  });

  it("lists a merchant's exchange transactions, newest first, by id or by a part of its shop title", async () => {
    expect(ids(await search(admin, { q: String(merchant), field: 'merchant' }))).toEqual([
      7_003, 7_002, 7_001,
    ]);
    expect(ids(await search(admin, { q: 'delta trad' }))).toEqual([7_003, 7_002, 7_001]);
    expect(ids(await search(admin, { q: 'Delta', field: 'merchant', order: 'asc' }))).toEqual([
      7_001, 7_002, 7_003,
    ]);
    const second = await search(admin, { q: 'Delta', limit: '2', page: '2' });
    expect(ids(second)).toEqual([7_001]);
    expect(second.meta).toMatchObject({ total: 3, offset: 2, page: 2 });
    // The transaction that never went through xChange is no exchange transaction.
    expect(ids(await search(admin, { q: `sec${rows[4]?.transactionId}`, field: 'hash' }))).toEqual([]);
    expect(ids(await search(admin, { q: 'no merchant is called so' }))).toEqual([]);
  });

  it('refuses an empty search and a non-numeric XChange ID with a 400 naming q', async () => {
    let response = await adminGet(t.app, admin, 'XChangeSearch', { q: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.issues).toEqual([
      { path: 'q', message: 'Type an XChange ID, a transaction hash, a coin address or a merchant' },
    ]);
    response = await adminGet(t.app, admin, 'XChangeSearch', { q: 'abc', field: 'xchange' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('An XChange ID is a number, optionally after xc (xc12345)');
    response = await adminGet(t.app, admin, 'XChangeSearch', { q: '1', field: 'everything' });
    expect(response.statusCode).toBe(400);
  });

  it('is answered to view-transactions (admin, support) and refused to the others', async () => {
    for (const token of [kyc, viewer]) {
      const response = await adminGet(t.app, token, 'XChangeSearch', { q: 'xc7001' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
    }
    expect(ids(await search(admin, { q: 'xc7001' }))).toEqual([7_001]);
  });
});
