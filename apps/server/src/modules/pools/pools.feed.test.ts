import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmDepositAddresses, transactions, xrpInboundPayments } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPoolChains, type PoolChains } from './chains/pool-chains';
import { createPoolFeed, feedPools } from './pools.feed';

let t: TestApp;
let chains: PoolChains;
let merchantId = 0;
const POOL_ACCOUNT = 'rFeedTestPoo1AccountXXXXXXXXXXXX';
const never = {
  chance: () => false,
  int: (min: number) => min,
  pick: <T>(values: readonly T[]) => values[0] as T,
};

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, t.clock.now());
  chains = createPoolChains(t.config, t.database.db, t.clock.now);
  merchantId = await insertMerchant(t.database.db, 'Feed Shop');
});
afterAll(() => t.close());

describe('the demo platform feeds the pools', () => {
  it('sends the funds of a recently paid USDT payment to its address, which then waits for gas', async () => {
    const paid = await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 13,
      status: 'paid',
      amount: '42.50000000',
      confirmedOn: t.clock.now(),
    });
    const [row] = await t.database.db
      .select({ address: transactions.coinAddress })
      .from(transactions)
      .where(eq(transactions.id, paid.id));
    const feed = createPoolFeed({ db: t.database.db, now: t.clock.now, chains });
    await feedPools(feed, t.database.db, t.clock.now(), never, POOL_ACCOUNT);
    const [deposit] = await t.database.db
      .select()
      .from(evmDepositAddresses)
      .where(eq(evmDepositAddresses.address, row?.address ?? ''));
    expect(deposit?.token).toBe('USDT');
    expect(deposit?.balanceUnits).toBe('42500000');
    expect(deposit?.state).toBe('gas_required');
    expect((await chains.evm.balances(row?.address ?? '')).USDT).toBe(42_500_000n);
    // Fed once: a second step finds the payment already in the pool.
    await feedPools(feed, t.database.db, t.clock.now(), never, POOL_ACCOUNT);
    expect(
      await t.database.db
        .select()
        .from(evmDepositAddresses)
        .where(eq(evmDepositAddresses.address, row?.address ?? '')),
    ).toHaveLength(1);
  });

  it('matches an XRP payment to its transaction by the invoice tag', async () => {
    const paid = await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 6,
      status: 'paid',
      amount: '15.00000000',
      confirmedOn: t.clock.now(),
    });
    await t.database.db.update(transactions).set({ tag: '123456' }).where(eq(transactions.id, paid.id));
    const feed = createPoolFeed({ db: t.database.db, now: t.clock.now, chains });
    await feedPools(feed, t.database.db, t.clock.now(), never, POOL_ACCOUNT);
    const [payment] = await t.database.db
      .select()
      .from(xrpInboundPayments)
      .where(eq(xrpInboundPayments.matchedTransactionId, paid.id));
    expect(payment?.status).toBe('matched');
    expect(payment?.destTag).toBe(123456);
    expect(payment?.amountDrops).toBe(15_000_000n);
    expect(payment?.account).toBe(POOL_ACCOUNT);
  });
});
