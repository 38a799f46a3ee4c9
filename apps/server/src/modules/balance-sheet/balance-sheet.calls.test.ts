import { ADMIN_CALLS, BALANCE_SHEET_BUY_FILTERS, BALANCE_SHEET_LISTS, type BalanceSheet } from '@bo/contract';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altCoins } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { insertCoin, insertMerchant, insertTransaction } from '../../test/factories';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin = '';
let support = '';

const BTC = 1;
const EUR = 625;
const MONERO = 8; // online, buying disabled; 352.70 EUR
const BRENT = 712; // offline, buying enabled; 54.80 EUR
const NO_RATE = 990; // online, buying enabled, no rate

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  await seedCatalog(db, t.clock.now());
  await insertCoin(db, { id: NO_RATE, name: 'Unpriced', isOnline: true, buyEnabled: true, eur: null });
  const shop = await insertMerchant(db);
  const tx = (altCoinId: number, status: Parameters<typeof insertTransaction>[1]['status'], amount: string) =>
    insertTransaction(db, { merchantId: shop, altCoinId, status, amount });
  // Bitcoin: 0.85 received (two paid, one underpaid), 0.2 paid out, 0.05 pending; the rest does not count.
  await tx(BTC, 'paid', '0.50000000');
  await tx(BTC, 'paid', '0.25000000');
  await tx(BTC, 'underpaid', '0.10000000');
  await tx(BTC, 'payout-completed', '0.20000000');
  await tx(BTC, 'payout-pending', '0.05000000');
  await tx(BTC, 'expired', '1.00000000');
  await tx(BTC, 'waiting', '2.00000000');
  await tx(BTC, 'swap', '3.00000000');
  await tx(BTC, 'payout-cancelled', '4.00000000');
  await insertTransaction(db, {
    merchantId: shop,
    altCoinId: BTC,
    status: 'reflextrader',
    prefix: 'P',
    amount: '5',
  });
  // Open xChange: an underpaid payment converted through xChange.
  await insertTransaction(db, {
    merchantId: shop,
    altCoinId: BTC,
    status: 'underpaid',
    amount: '0.00000001',
    xchangeId: 4_000_001,
  });
  await tx(MONERO, 'paid', '1.23456789');
  await tx(BRENT, 'payout-completed', '2.00000000');
  // 10.005 EUR: a float would make it 10.00 (10.00499…); numeric rounds half away from zero to 10.01.
  await tx(EUR, 'paid', '10.00500000');
  await tx(NO_RATE, 'paid', '7.00000000');
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
});
afterAll(() => t.close());

const sheet = async (query: Record<string, string> = {}): Promise<BalanceSheet> => {
  const response = await adminGet(t.app, admin, 'BalanceSheet', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.BalanceSheet.data.parse(response.json().data);
};
const rowOf = (answer: BalanceSheet, id: number) => {
  const row = answer.records.find((r) => r.ID === id);
  if (!row) throw new Error(`coin ${id} not listed`);
  return row;
};

describe('BalanceSheet', () => {
  it('figures a coin from its paid and underpaid payments and its completed and pending payouts', async () => {
    const btc = rowOf(await sheet(), BTC);
    expect(btc).toMatchObject({
      Name: 'Bitcoin',
      Received: '0.85000001',
      ReceivedCount: 4,
      PaidOut: '0.20000000',
      PaidOutCount: 1,
      PendingPayouts: '0.05000000',
      PendingPayoutsCount: 1,
      Balance: '0.60000001',
      BalanceEUR: '54000.00',
      OpenXChange: 1,
    });
    expect(Number(btc.RateEUR)).toBe(90000);
  });

  it('values the balance in EUR exactly, rounding cents half away from zero, negative when paid out more', async () => {
    expect(rowOf(await sheet(), EUR)).toMatchObject({ Balance: '10.00500000', BalanceEUR: '10.01' });
    expect(rowOf(await sheet({ buy: 'disabled' }), MONERO)).toMatchObject({
      Balance: '1.23456789',
      // 1.23456789 × 352.70 = 435.432094803
      BalanceEUR: '435.43',
    });
    expect(rowOf(await sheet({ online: 'offline' }), BRENT)).toMatchObject({
      Received: '0.00000000',
      PaidOut: '2.00000000',
      Balance: '-2.00000000',
      BalanceEUR: '-109.60',
    });
  });

  it('shows a coin without a rate with no EUR value, and leaves it out of the total', async () => {
    const online = await sheet();
    expect(rowOf(online, NO_RATE)).toMatchObject({ Balance: '7.00000000', RateEUR: null, BalanceEUR: null });
    // 54000.00 (BTC) + 10.01 (EUR) + 435.43 (Monero); the other coins are at zero.
    expect(online.TotalBalanceEUR).toBe('54445.44');
    expect(rowOf(online, 2)).toMatchObject({
      Received: '0.00000000',
      Balance: '0.00000000',
      BalanceEUR: '0.00',
    });
  });

  it('answers each of the six lists with exactly its coins, by name', async () => {
    const coins = await t.database.db
      .select()
      .from(altCoins)
      .orderBy(sql`lower(${altCoins.name})`, asc(altCoins.id));
    for (const online of BALANCE_SHEET_LISTS) {
      for (const buy of BALANCE_SHEET_BUY_FILTERS) {
        const expected = coins
          .filter((c) => c.isOnline === (online === 'online'))
          .filter((c) => buy === 'both' || c.buyEnabled === (buy === 'enabled'))
          .map((c) => c.id);
        const answer = await sheet({ online, buy });
        expect(expected.length, `${online}/${buy}`).toBeGreaterThan(0);
        expect(
          answer.records.map((r) => r.ID),
          `${online}/${buy}`,
        ).toEqual(expected);
      }
    }
    const offlineDisabled = await sheet({ online: 'offline', buy: 'disabled' });
    expect(offlineDisabled.records.every((r) => !r.isOnline && !r.BuyEnabled)).toBe(true);
    expect(offlineDisabled.TotalBalanceEUR).toBe('0.00');
  });

  it('refuses an unknown list or buy filter with a message that says what is allowed', async () => {
    const list = await adminGet(t.app, admin, 'BalanceSheet', { online: 'sideways' });
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe('The list must be online or offline');
    const buy = await adminGet(t.app, admin, 'BalanceSheet', { buy: 'sometimes' });
    expect(buy.statusCode).toBe(400);
    expect(buy.json().message).toBe('Buy must be enabled, disabled or both');
  });

  it('refuses staff without admin-commander, and callers without a token', async () => {
    expect((await adminGet(t.app, support, 'BalanceSheet')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin?Call=BalanceSheet' })).statusCode).toBe(401);
  });
});
