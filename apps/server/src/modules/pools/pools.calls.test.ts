import { ADMIN_CALLS, type AdminCallName, POOL_CALLS } from '@bo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_POOL_WALLETS } from '../../config/pool-wallets';
import {
  auditLog,
  evmDepositAddresses,
  poolActions,
  transactions,
  xrpInboundPayments,
} from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, createTestStaff, signInStaff } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';
import { createPoolChains, type PoolChains } from './chains/pool-chains';
import { createPoolFeed, type PoolFeed } from './pools.feed';

let t: TestApp;
let chains: PoolChains;
let feed: PoolFeed;
let watch: ReturnType<typeof createTableWatch>;
let admin = '';
/** A second administrator, for two staff acting at once. */
let alice = '';
const refused: Record<string, string> = {};
let merchantId = 0;

const ETH = 10n ** 18n;
const USDT = 1_000_000n;
const XRP = 1_000_000n;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  // The sandboxes keep their state in the database: this handle and the app's see one ledger.
  chains = createPoolChains(t.config, t.database.db, t.clock.now);
  feed = createPoolFeed({ db: t.database.db, now: t.clock.now, chains });
  watch = createTableWatch(t.database.db);
  await seedCatalog(t.database.db, t.clock.now());
  await createTestStaff(t.database.db, 'alice', 'Administrator');
  admin = (await signInStaff(t.app, 'admin')).token;
  alice = (await signInStaff(t.app, 'alice')).token;
  for (const user of ['support', 'kyc', 'marketing', 'viewer'])
    refused[user] = (await signInStaff(t.app, user)).token;
  await chains.sandbox?.evm.setBalance(SANDBOX_POOL_WALLETS.ethGasKeeper, 'ETH', 2n * ETH);
  await chains.sandbox?.evm.fixGasPrice(20);
  await chains.sandbox?.xrp.openAccount(SANDBOX_POOL_WALLETS.xrpHotWallet, 100n * XRP);
  merchantId = await insertMerchant(t.database.db, 'Pool Shop');
});
afterAll(() => t.close());

let addressCount = 0;
const newAddress = () => `0x${(++addressCount).toString(16).padStart(40, 'a')}`;

async function depositOf(address: string, token: 'ETH' | 'USDT') {
  const [row] = await t.database.db
    .select()
    .from(evmDepositAddresses)
    .where(and(eq(evmDepositAddresses.address, address), eq(evmDepositAddresses.token, token)));
  if (!row) throw new Error(`no deposit ${address}`);
  return row;
}

const hotWallet = () => chains.evm.balances(SANDBOX_POOL_WALLETS.ethHotWallet);

const etherPool = async (query: Record<string, string> = {}) => {
  const response = await adminGet(t.app, admin, 'EtherPool', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.EtherPool.data.parse(response.json().data);
};

describe('who may use the pools', () => {
  const calls = Object.keys(POOL_CALLS) as AdminCallName[];
  it.each(['support', 'kyc', 'marketing', 'viewer'])('refuses every pool call to %s (403)', async (user) => {
    for (const call of calls) {
      const token = refused[user] ?? '';
      const response =
        ADMIN_CALLS[call].method === 'GET'
          ? await adminGet(t.app, token, call, {})
          : await adminPost(t.app, token, call, { ID: 1 });
      expect(response.statusCode, `${call}: ${response.body}`).toBe(403);
    }
  });

  it('answers the lists to an administrator', async () => {
    expect((await etherPool()).Summary.Mode).toBe('fake');
    const xrp = await adminGet(t.app, admin, 'XrpPool', {});
    expect(xrp.statusCode, xrp.body).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    ['EtherPool', { view: 'soon' }, 'view', 'The view must be one of'],
    ['EtherPool', { token: 'DOGE' }, 'token', 'The token must be one of ETH, USDT'],
    ['XrpPool', { page: '0' }, 'page', 'The page starts at 1'],
    ['XrpPool', { status: 'lost' }, 'status', 'The status must be one of'],
  ] as const)('refuses %s with %j (400, names the field)', async (call, query, field, message) => {
    const response = await adminGet(t.app, admin, call, query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toContain(message);
    expect(JSON.stringify(body.data)).toContain(field);
  });

  it.each([
    ['SweepEtherAddress', { ID: 'abc' }, 'The deposit address id must be a number'],
    ['SweepEtherAddress', { ID: -4 }, 'The deposit address id must be a positive number'],
    ['AssignXrpPayment', { ID: 1, Transaction: 'P000000001' }, 'Use T followed by the transaction id'],
    ['SweepXrpAccount', { Address: '0xabc' }, 'The address must be an XRP address'],
    ['SweepAllEther', { token: 'BTC' }, 'The token must be one of ETH, USDT'],
  ] as const)('refuses %s with %j and writes nothing', async (call, payload, message) => {
    const before = await watch.snapshot();
    const response = await adminPost(t.app, admin, call, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
    expect(changedTables(before, await watch.snapshot())).toEqual([]);
  });

  it('answers 404 for an address that does not exist', async () => {
    const response = await adminPost(t.app, admin, 'SweepEtherAddress', { ID: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No deposit address with ID 999999');
  });
});

describe('Ether Pool sweeps', () => {
  it('sweeps an ETH address to the hot wallet once, less the gas, audited', async () => {
    const address = newAddress();
    await feed.evmDeposit(address, 'ETH', ETH / 2n);
    const row = await depositOf(address, 'ETH');
    expect(row.state).toBe('ready_for_accumulation');
    const before = (await hotWallet()).ETH;
    const response = await adminPost(t.app, admin, 'SweepEtherAddress', { ID: row.id });
    expect(response.statusCode, response.body).toBe(200);
    const result = ADMIN_CALLS.SweepEtherAddress.data.parse(response.json().data);
    // 0.5 ETH less 21,000 gas at 20 gwei.
    expect(result.Amount).toBe('0.499580000000000000');
    expect((await hotWallet()).ETH - before).toBe(499_580_000_000_000_000n);
    const after = await depositOf(address, 'ETH');
    expect(after.state).toBe('accumulated');
    expect(after.balanceUnits).toBe('0');
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'evm_deposit_address'), eq(auditLog.entityId, String(row.id))));
    expect(audit.map((a) => a.action)).toEqual(['pool.eth.sweep', 'pool.eth.done']);

    const again = await adminPost(t.app, admin, 'SweepEtherAddress', { ID: row.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /was already swept in 0x[0-9a-f]{4}…[0-9a-f]{4} by admin at .* UTC; nothing is left to sweep/,
    );
    expect((await hotWallet()).ETH - before).toBe(499_580_000_000_000_000n);
  });

  it('runs a USDT sweep once when two staff fire it at the same moment: one gas top-up, one transfer', async () => {
    const address = newAddress();
    await feed.evmDeposit(address, 'USDT', 125n * USDT);
    const row = await depositOf(address, 'USDT');
    expect(row.state).toBe('gas_required');
    const hotBefore = (await hotWallet()).USDT;
    const answers = await Promise.all([
      adminPost(t.app, admin, 'SweepEtherAddress', { ID: row.id }),
      adminPost(t.app, alice, 'SweepEtherAddress', { ID: row.id }),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
    const second = answers.find((a) => a.statusCode === 409);
    expect(second?.json().message).toMatch(/already (running|swept)/);
    expect((await hotWallet()).USDT - hotBefore).toBe(125n * USDT);
    const actions = await t.database.db.select().from(poolActions).where(eq(poolActions.subject, address));
    expect(actions).toHaveLength(1);
    const sweeps = await t.database.db.execute(
      sql`select type from evm_sweeps where deposit_id = ${row.id} order by id`,
    );
    expect((sweeps as unknown as { rows: { type: string }[] }).rows.map((r) => r.type)).toEqual([
      'gas_topup',
      'sweep',
    ]);
    expect((await depositOf(address, 'USDT')).state).toBe('accumulated');
  });

  it('postpones a sweep while gas is above the maximum, writing nothing', async () => {
    const address = newAddress();
    await feed.evmDeposit(address, 'ETH', ETH);
    const row = await depositOf(address, 'ETH');
    await chains.sandbox?.evm.fixGasPrice(84);
    try {
      const before = await watch.snapshot();
      const response = await adminPost(t.app, admin, 'SweepEtherAddress', { ID: row.id });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Gas price 84 gwei is above the maximum 60 gwei in Automation Config; sweep postponed',
      );
      expect(changedTables(before, await watch.snapshot())).toEqual([]);
      expect((await etherPool()).Summary.GasPrice).toEqual({
        NowGwei: '84.000000000',
        MaxGwei: '60.000000000',
        IsTooHigh: true,
      });
    } finally {
      await chains.sandbox?.evm.fixGasPrice(20);
    }
  });

  it('refuses a balance below the minimum with the amounts', async () => {
    const address = newAddress();
    await feed.evmDeposit(address, 'USDT', 3_200_000n);
    const row = await depositOf(address, 'USDT');
    expect(row.state).toBe('balance_too_low');
    // Staff may still try one by hand from a sweepable state; the rule answers the same.
    await t.database.db
      .update(evmDepositAddresses)
      .set({ state: 'failed' })
      .where(eq(evmDepositAddresses.id, row.id));
    const response = await adminPost(t.app, admin, 'SweepEtherAddress', { ID: row.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Balance 3.20 USDT is below the minimum 10.00 USDT to accumulate');
  });

  it('tops up gas from the keeper, then the address is ready', async () => {
    const address = newAddress();
    await feed.evmDeposit(address, 'USDT', 40n * USDT);
    const row = await depositOf(address, 'USDT');
    const response = await adminPost(t.app, admin, 'TopUpEtherGas', { ID: row.id });
    expect(response.statusCode, response.body).toBe(200);
    // 65,000 gas × 20 gwei × 1.5.
    expect(ADMIN_CALLS.TopUpEtherGas.data.parse(response.json().data).Amount).toBe('0.001950000000000000');
    const after = await depositOf(address, 'USDT');
    expect(after.state).toBe('ready_for_accumulation');
    expect(after.gasWei).toBe('1950000000000000');
    const again = await adminPost(t.app, admin, 'TopUpEtherGas', { ID: row.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('enough gas for its sweep');
  });

  it('marks an address as dust, and it leaves the list to sweep', async () => {
    const address = newAddress();
    await feed.evmDeposit(address, 'ETH', ETH / 1000n);
    const row = await depositOf(address, 'ETH');
    await t.database.db
      .update(evmDepositAddresses)
      .set({ state: 'failed' })
      .where(eq(evmDepositAddresses.id, row.id));
    const response = await adminPost(t.app, admin, 'MarkEtherDust', { ID: row.id });
    expect(response.statusCode, response.body).toBe(200);
    expect((await depositOf(address, 'ETH')).state).toBe('dust');
    const list = await etherPool({ view: 'to-sweep', limit: '100' });
    expect(list.records.some((r) => r.ID === row.id)).toBe(false);
    const dust = await etherPool({ view: 'dust' });
    expect(dust.records.some((r) => r.ID === row.id)).toBe(true);
  });

  it('refuses a bulk sweep when the keeper cannot fund the gas, naming what it needs', async () => {
    for (let i = 0; i < 5; i++) await feed.evmDeposit(newAddress(), 'USDT', 50n * USDT);
    await chains.sandbox?.evm.setBalance(SANDBOX_POOL_WALLETS.ethGasKeeper, 'ETH', ETH / 100n);
    try {
      const response = await adminPost(t.app, admin, 'SweepAllEther', { token: 'USDT' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(
        /^Gas keeper has 0\.01 ETH; it needs 0\.\d+ ETH to top up \d+ addresses$/,
      );
      expect((await etherPool()).Summary.GasKeeper.IsLow).toBe(true);
    } finally {
      await chains.sandbox?.evm.setBalance(SANDBOX_POOL_WALLETS.ethGasKeeper, 'ETH', 2n * ETH);
    }
  });

  it('sweeps every address at or above its minimum in one click', async () => {
    const response = await adminPost(t.app, admin, 'SweepAllEther', {});
    expect(response.statusCode, response.body).toBe(200);
    const result = ADMIN_CALLS.SweepAllEther.data.parse(response.json().data);
    expect(result.Swept).toBeGreaterThanOrEqual(3);
    expect(result.Failed).toBe(0);
    const left = await etherPool({ view: 'to-sweep', limit: '100' });
    expect(left.records.filter((r) => r.IsAboveMinimum)).toEqual([]);
    const nothing = await adminPost(t.app, admin, 'SweepAllEther', {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Every deposit address at or above its minimum is swept');
  });
});

describe('XRP Pool', () => {
  const customer = 'rCustomerWa11etForTestsXXXXXXXXX';

  it('lists an untagged payment as needing attention, with the pool figures', async () => {
    await feed.xrpPayment({
      from: customer,
      to: 'rTestPoo1AccountXXXXXXXXXXXXXXXX',
      drops: 42n * XRP,
      destTag: null,
    });
    const response = await adminGet(t.app, admin, 'XrpPool', {});
    expect(response.statusCode, response.body).toBe(200);
    const pool = ADMIN_CALLS.XrpPool.data.parse(response.json().data);
    const row = pool.records.find((r) => r.From === customer);
    expect(row?.Status).toBe('unmatched-no-tag');
    expect(row?.Amount).toBe('42.000000');
    expect(pool.Summary.UnmatchedCount).toBeGreaterThanOrEqual(1);
  });

  it('assigns an unmatched payment to a waiting XRP transaction, which becomes paid (audited)', async () => {
    const tx = await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 6,
      status: 'waiting',
      amount: '30.00000000',
    });
    const wrongCoin = await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 1,
      status: 'waiting',
      amount: '0.1',
    });
    const paid = await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 6,
      status: 'paid',
      amount: '30',
    });
    await feed.xrpPayment({
      from: customer,
      to: 'rTestPoo1AccountXXXXXXXXXXXXXXXX',
      drops: 31n * XRP,
      destTag: 77,
    });
    const [payment] = await t.database.db
      .select()
      .from(xrpInboundPayments)
      .where(eq(xrpInboundPayments.destTag, 77));
    if (!payment) throw new Error('no payment');
    expect(payment.status).toBe('unmatched-unknown-tag');
    const ref = (id: number) => `T${String(id).padStart(9, '0')}`;

    const notXrp = await adminPost(t.app, admin, 'AssignXrpPayment', {
      ID: payment.id,
      Transaction: ref(wrongCoin.transactionId),
    });
    expect(notXrp.statusCode).toBe(409);
    expect(notXrp.json().message).toBe(`${ref(wrongCoin.transactionId)} is not an XRP transaction`);
    const already = await adminPost(t.app, admin, 'AssignXrpPayment', {
      ID: payment.id,
      Transaction: ref(paid.transactionId),
    });
    expect(already.json().message).toBe(`${ref(paid.transactionId)} is already paid`);

    const response = await adminPost(t.app, admin, 'AssignXrpPayment', {
      ID: payment.id,
      Transaction: ref(tx.transactionId),
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = ADMIN_CALLS.AssignXrpPayment.data.parse(response.json().data);
    expect(row.Status).toBe('matched');
    expect(row.MatchedTransactionID).toBe(tx.transactionId);
    const [updated] = await t.database.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(updated?.status).toBe('paid');
    const trail = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, ref(tx.transactionId)));
    expect(trail.map((a) => a.action)).toContain('transaction.status');

    const twice = await adminPost(t.app, admin, 'AssignXrpPayment', {
      ID: payment.id,
      Transaction: ref(tx.transactionId),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payment is already matched to a transaction');
  });

  it('sweeps a deposit account above its reserve once, whoever asks twice', async () => {
    const tx = await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 6,
      status: 'paid',
      amount: '55',
    });
    const account = 'rDepositAccountForTestsXXXXXXXXX';
    await feed.xrpPayment({
      from: customer,
      to: account,
      drops: 55n * XRP,
      destTag: null,
      depositFor: { id: tx.id, amount: '55' },
    });
    const hotBefore = (await chains.xrp.accountInfo(SANDBOX_POOL_WALLETS.xrpHotWallet))?.balanceDrops ?? 0n;
    const answers = await Promise.all([
      adminPost(t.app, admin, 'SweepXrpAccount', { Address: account }),
      adminPost(t.app, alice, 'SweepXrpAccount', { Address: account }),
    ]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      200, 409,
    ]);
    const done = answers.find((a) => a.statusCode === 200);
    // 56 XRP held (1 of them the reserve the platform funded), less the reserve and the 12-drop fee.
    expect(ADMIN_CALLS.SweepXrpAccount.data.parse(done?.json().data).Amount).toBe('54.999988');
    const hotAfter = (await chains.xrp.accountInfo(SANDBOX_POOL_WALLETS.xrpHotWallet))?.balanceDrops ?? 0n;
    expect(hotAfter - hotBefore).toBe(54_999_988n);
    const trail = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'xrp_account'), eq(auditLog.entityId, account)));
    expect(trail.map((a) => a.action)).toEqual(['pool.xrp.sweep', 'pool.xrp.done']);
    const again = await adminPost(t.app, admin, 'SweepXrpAccount', { Address: account });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('nothing to sweep');
  });
});

describe('real chains', () => {
  it('refuse to start: no real adapter is built', () => {
    expect(() =>
      createPoolChains({ pools: { ...t.config.pools, evmMode: 'real' } }, t.database.db, t.clock.now),
    ).toThrow(/EVM_MODE \(or INTEGRATIONS_MODE\) is real, but no Ethereum client is built yet/);
    expect(() =>
      createPoolChains({ pools: { ...t.config.pools, xrpMode: 'real' } }, t.database.db, t.clock.now),
    ).toThrow(/no XRP Ledger client is built yet/);
  });
});
