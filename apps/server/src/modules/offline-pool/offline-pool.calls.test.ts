import { ADMIN_CALLS, formatTransactionRef, type OfflinePool } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { insertFailure, insertMerchant, insertTransaction } from '../../test/factories';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin = '';
let support = '';
let btcFailure = 0;
let ethFailure = 0;
const open: string[] = [];

const BTC = 1;
const ETH = 5;
const at = (minute: number) => new Date(Date.UTC(2026, 1, 1, 10, minute));

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await seedCatalog(db, t.clock.now());
  const shop = await insertMerchant(db, 'Northwind Coffee');
  let xc = 5_000_000;
  const add = async (
    status: Parameters<typeof insertTransaction>[1]['status'],
    amount: string,
    minute: number,
    options: { coin?: number; xchange?: boolean } = {},
  ) =>
    insertTransaction(db, {
      merchantId: shop,
      altCoinId: options.coin ?? BTC,
      status,
      amount,
      createdOn: at(minute),
      xchangeId: options.xchange === false ? null : ++xc,
      confirmedOn: status === 'underpaid' ? at(minute + 30) : null,
    });
  // Open: an xChange id and a status that is not settled (waiting, underpaid, payout-pending, ltr-open,
  // vtoken-active). Oldest first here.
  for (const [status, amount, minute] of [
    ['underpaid', '0.10000000', 1],
    ['waiting', '0.20000000', 2],
    ['payout-pending', '0.30000000', 3],
    ['ltr-open', '0.40000000', 4],
    ['vtoken-active', '0.00000001', 5],
  ] as const) {
    const row = await add(status, amount, minute);
    open.push(formatTransactionRef(row.prefix, row.transactionId));
  }
  // Not open: settled, without an xChange id, or another coin.
  await add('paid', '9', 6);
  await add('swap', '9', 7);
  await add('payout-completed', '9', 8);
  await add('underpaid', '9', 9, { xchange: false });
  await add('underpaid', '9', 10, { coin: ETH });
  btcFailure = await insertFailure(db, {
    altCoinId: BTC,
    failure: 'Node out of sync',
    notes: 'Restart planned',
  });
  ethFailure = await insertFailure(db, { altCoinId: ETH });
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
});
afterAll(() => t.close());

const pool = async (query: Record<string, string>): Promise<OfflinePool> => {
  const response = await adminGet(t.app, admin, 'XChangeOfflinePool', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.XChangeOfflinePool.data.parse(response.json().data);
};
const refused = async (query: Record<string, string>) => {
  const response = await adminGet(t.app, admin, 'XChangeOfflinePool', query);
  return { status: response.statusCode, message: response.json().message as string };
};
const refOf = (r: OfflinePool['records'][number]) => formatTransactionRef(r.Prefix, r.TransactionID);

describe('XChangeOfflinePool', () => {
  it("lists the coin's open xChange transactions, newest first, with totals over all of them", async () => {
    const answer = await pool({ coin: String(BTC) });
    expect(answer.Coin).toMatchObject({ ID: BTC, Name: 'Bitcoin' });
    expect(answer.Failure).toBeNull();
    expect(answer.records.map(refOf)).toEqual([...open].reverse());
    expect(answer.totals).toEqual({ Count: 5, Amount: '1.00000001', AmountEUR: '90000.00' });
    expect(answer.meta).toEqual({ total: 5, offset: 0, limit: 15, page: 1 });
    const underpaid = answer.records.at(-1);
    expect(underpaid).toMatchObject({
      Status: 'underpaid',
      NotEnough: 1,
      Amount: '0.10000000',
      AmountEUR: '9000.00',
      ShopTitle: 'Northwind Coffee',
      CoinName: 'Bitcoin',
      XChangeID: 5_000_001,
      CreatedOn: at(1).toISOString(),
      // The date SPEC §4 shows: confirmation for an underpaid payment.
      Date: at(31).toISOString(),
    });
  });

  it('pages by the given size, oldest first on request', async () => {
    const first = await pool({ coin: String(BTC), order: 'asc', limit: '2' });
    expect(first.records.map(refOf)).toEqual(open.slice(0, 2));
    const third = await pool({ coin: String(BTC), order: 'asc', limit: '2', page: '3' });
    expect(third.records.map(refOf)).toEqual(open.slice(4));
    expect(third.meta).toEqual({ total: 5, offset: 4, limit: 2, page: 3 });
    expect(third.totals.Count).toBe(5);
  });

  it('shows the failure record it was opened for', async () => {
    const answer = await pool({ coin: String(BTC), id: String(btcFailure) });
    expect(answer.Failure).toMatchObject({
      ID: btcFailure,
      AltCoinID: BTC,
      Name: 'Bitcoin',
      Failure: 'Node out of sync',
      Notes: 'Restart planned',
    });
  });

  it('answers a coin with nothing open with an empty list and zero totals', async () => {
    const answer = await pool({ coin: '2' });
    expect(answer.records).toEqual([]);
    expect(answer.totals).toEqual({ Count: 0, Amount: '0.00000000', AmountEUR: '0.00' });
  });

  it('refuses missing or malformed params with a message that names them', async () => {
    expect(await refused({})).toEqual({ status: 400, message: 'The coin is missing' });
    expect(await refused({ coin: '' })).toEqual({ status: 400, message: 'The coin is missing' });
    expect(await refused({ coin: 'btc' })).toEqual({ status: 400, message: 'The coin must be a number' });
    expect(await refused({ coin: '1.5' })).toEqual({
      status: 400,
      message: 'The coin must be a whole number',
    });
    expect(await refused({ coin: '99999999999' })).toEqual({ status: 400, message: 'The coin is too large' });
    expect(await refused({ coin: '1', id: '0' })).toEqual({
      status: 400,
      message: 'The failure id must be a positive number',
    });
    expect(await refused({ coin: '1', order: 'up' })).toMatchObject({ status: 400 });
  });

  it('refuses an unknown coin or failure record, and a failure record of another coin', async () => {
    expect(await refused({ coin: '4242' })).toEqual({ status: 404, message: 'No coin found with ID 4242' });
    expect(await refused({ coin: '1', id: '999999' })).toEqual({
      status: 404,
      message: 'No failure record found with ID 999999',
    });
    expect(await refused({ coin: String(BTC), id: String(ethFailure) })).toEqual({
      status: 400,
      message: `Failure ${ethFailure} is for Ethereum, not Bitcoin`,
    });
  });

  it('refuses staff without admin-commander', async () => {
    const response = await adminGet(t.app, support, 'XChangeOfflinePool', { coin: '1' });
    expect(response.statusCode).toBe(403);
  });
});
