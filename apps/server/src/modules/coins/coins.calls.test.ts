import {
  ADMIN_CALLS,
  type AdminCallName,
  COIN_HEALTH_CALLS,
  INGEST_PREFIX,
  NODES_SANDBOX_PATH,
} from '@bo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coinHealthSamples, coinStatsDaily, transactions } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';
import { addDays, dayOf } from './coin-stats.repository';
import { startCoinJobs } from './coins.jobs';
import { type Coins, createCoins } from './coins.module';
import { createCoinNodes } from './nodes/coin-nodes';

const TOKEN = 'coins-test-feed-token-0123456789abcdef0123';
let t: TestApp;
let coins: Coins;
let admin = '';
const refused: Record<string, string> = {};
let watch: ReturnType<typeof createTableWatch>;
let merchantId = 0;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600, ingestToken: TOKEN });
  // The sandbox keeps its state in the database: this handle and the app's see the same nodes.
  coins = createCoins(t.config, t.database.db, t.clock.now);
  watch = createTableWatch(t.database.db);
  await seedCatalog(t.database.db, t.clock.now());
  admin = (await signInStaff(t.app, 'admin')).token;
  for (const user of ['support', 'kyc', 'marketing', 'viewer'])
    refused[user] = (await signInStaff(t.app, user)).token;
  merchantId = await insertMerchant(t.database.db, 'Coin Shop');
  await coins.coinHealth.probe();
});
afterAll(() => t.close());

/** Moves the app's clock; the admin signs in again, as the token would have expired. */
async function moveClock(ms: number) {
  t.clock.advance(ms);
  admin = (await signInStaff(t.app, 'admin')).token;
}

const list = async (query: Record<string, string> = {}) => {
  const response = await adminGet(t.app, admin, 'CoinHealth', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.CoinHealth.data.parse(response.json().data);
};
const coinOf = async (id: number) => {
  const row = (await list({ limit: '100' })).records.find((r) => r.AltCoinID === id);
  if (!row) throw new Error(`coin ${id} not listed`);
  return row;
};
const sandbox = (coin: number | string, action: 'stall' | 'resume', body: object = {}, token = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: `${INGEST_PREFIX}${NODES_SANDBOX_PATH}/${coin}/${action}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });

describe('who may use Coin Health and AltCoin Stats', () => {
  const calls = Object.keys(COIN_HEALTH_CALLS) as AdminCallName[];
  it.each(['support', 'kyc', 'marketing', 'viewer'])('refuses every call to %s (403)', async (user) => {
    for (const call of calls) {
      const token = refused[user] ?? '';
      const response =
        ADMIN_CALLS[call].method === 'GET'
          ? await adminGet(t.app, token, call, { ID: '1' })
          : await adminPost(t.app, token, call, { ID: 1 });
      expect(response.statusCode, `${call}: ${response.body}`).toBe(403);
    }
  });
});

describe('the Coin Health list', () => {
  it('lists every coin with a node (on-chain), none of the fiat or vFiat instruments', async () => {
    const answer = await list({ limit: '100' });
    expect(answer.meta.total).toBe(39);
    expect(answer.records.some((r) => r.ShortName === 'EUR')).toBe(false);
    expect(answer.Summary.Mode).toBe('fake');
    expect(answer.Summary.Counts.red + answer.Summary.Counts.amber + answer.Summary.Counts.green).toBe(39);
  });

  it('puts the worst first by default, with the reason in words', async () => {
    const { records } = await list();
    expect(records[0]?.Status).toBe('red');
    const statuses = records.map((r) => r.Status);
    const order = { red: 0, amber: 1, green: 2 };
    expect(statuses.map((s) => order[s])).toEqual([...statuses.map((s) => order[s])].sort());
  });

  it('judges each sandbox coin as its node and hot wallet are', async () => {
    const btc = await coinOf(1);
    expect(btc.Status).toBe('green');
    expect(btc.Reasons[0]).toMatch(/^In sync at block [\d,]+; hot wallet within limits$/);
    expect((await coinOf(3)).Reasons[0]).toMatch(/^Hot wallet [\d,.]+ DOGE above the maximum [\d,.]+ DOGE/);
    expect((await coinOf(3)).Status).toBe('amber');
    const xmr = await coinOf(8);
    expect(xmr.Status).toBe('red');
    expect(xmr.Reasons[0]).toMatch(/below the minimum .* XMR: payouts may fail$/);
    expect((await coinOf(11)).Reasons).toContain('Node 14 blocks behind the reference (limit 24)');
    expect((await coinOf(52)).Reasons).toEqual(['Node not answering']);
  });

  it('filters by status, online and search', async () => {
    expect((await list({ status: 'green' })).records.every((r) => r.Status === 'green')).toBe(true);
    const offline = await list({ online: 'offline' });
    expect(offline.records.map((r) => r.ShortName).sort()).toEqual(['BTG', 'NMC', 'PPC', 'XVG']);
    expect((await list({ q: 'lite' })).records.map((r) => r.Name)).toEqual(['Litecoin']);
    expect((await list({ q: 'ltc' })).records.map((r) => r.Name)).toEqual(['Litecoin']);
  });

  it('sorts by name both ways', async () => {
    const asc = (await list({ sort: 'Name', order: 'asc', limit: '3' })).records.map((r) => r.Name);
    expect(asc).toEqual(['Aave', 'Algorand', 'Arbitrum']);
  });

  it.each([
    [{ status: 'purple' }, 'The status must be one of red, amber, green'],
    [{ online: 'maybe' }, 'Online must be one of all, online, offline'],
    [{ sort: 'Colour' }, 'Sort by one of'],
    [{ q: 'x'.repeat(41) }, 'The search must be at most 40 characters'],
  ])('refuses %j with a clear 400', async (query, message) => {
    const response = await adminGet(t.app, admin, 'CoinHealth', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('the sandbox node falling behind', () => {
  it('turns the coin red at once, with the reason, and green again when it resumes', async () => {
    expect((await coinOf(1)).Status).toBe('green');
    const stalled = await sandbox(1, 'stall', { behind: 20 });
    expect(stalled.statusCode, stalled.body).toBe(200);
    const red = await coinOf(1);
    expect(red.Status).toBe('red');
    expect(red.Reasons[0]).toBe('Node 20 blocks behind the reference (limit 3)');
    // The chain goes on without it: an hour later (six more blocks) it is further behind.
    await moveClock(3_600_000);
    await coins.coinHealth.probe();
    const later = await coinOf(1);
    expect(later.Reasons[0]).toBe('Node 26 blocks behind the reference (limit 3)');
    expect(later.Reasons[1]).toMatch(/^No new block for 4 h \d+ min \(expected within 60 min\)$/);
    const resumed = await sandbox(1, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await coinOf(1)).Status).toBe('green');
  });

  it('refuses without the feed token, and for coins without a node', async () => {
    expect((await sandbox(1, 'stall', {}, 'wrong-token-wrong-token-wrong-token')).statusCode).toBe(401);
    const fiat = await sandbox(625, 'stall');
    expect(fiat.statusCode).toBe(404);
    expect(fiat.json().message).toContain('Coin 625 has no node to watch');
    expect((await sandbox('abc', 'stall')).statusCode).toBe(400);
    expect((await sandbox(2, 'stall', { behind: -1 })).statusCode).toBe(400);
  });

  it('says the figures are stale when no probe ran for a while', async () => {
    await moveClock(20 * 60_000);
    expect((await coinOf(1)).Reasons[0]).toMatch(/^Last probe 2\d min ago: the figures may be out of date$/);
    await coins.coinHealth.probe();
  });
});

describe('thresholds', () => {
  const body = {
    ID: 2,
    MaxLagBlocks: 10,
    Confirmations: 4,
    MaxBlockAgeMinutes: 20,
    HotWalletMin: '10',
    HotWalletMax: '5000.5',
  };

  it('sets a coin’s thresholds, audited, and judges by them', async () => {
    const response = await adminPost(t.app, admin, 'UpdateCoinHealthThresholds', body);
    expect(response.statusCode, response.body).toBe(200);
    const saved = ADMIN_CALLS.UpdateCoinHealthThresholds.data.parse(response.json().data);
    expect(saved).toMatchObject({ MaxLagBlocks: 10, Confirmations: 4, HotWalletMax: '5000.50000000' });
    expect(saved.UpdatedBy).toBe('admin');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coin_health_thresholds'), eq(auditLog.entityId, '2')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ MaxLagBlocks: 10, Confirmations: 4 });
    // Litecoin's 40,000 euros' worth is above a 5,000.5 LTC maximum? No: about 468 LTC, within.
    expect((await coinOf(2)).Thresholds.MaxLagBlocks).toBe(10);
  });

  it('writes nothing when nothing changes', async () => {
    const before = await watch.snapshot();
    const response = await adminPost(t.app, admin, 'UpdateCoinHealthThresholds', body);
    expect(response.statusCode).toBe(200);
    expect(changedTables(before, await watch.snapshot())).toEqual([]);
  });

  it.each([
    [{ ...body, HotWalletMax: '5' }, 'The hot-wallet maximum must not be below the minimum'],
    [{ ...body, MaxLagBlocks: 0 }, 'The lag limit must be at least 1'],
    [
      { ...body, HotWalletMin: '1.123456789' },
      'The hot-wallet minimum must be an amount with at most 8 decimals',
    ],
    [{ ...body, Confirmations: 'many' }, 'The confirmations must be a number'],
    [{ ...body, ID: 'x' }, 'The coin id must be a number'],
  ])('refuses %j (400) and writes nothing', async (payload, message) => {
    const before = await watch.snapshot();
    const response = await adminPost(t.app, admin, 'UpdateCoinHealthThresholds', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
    expect(changedTables(before, await watch.snapshot())).toEqual([]);
  });

  it('answers 404 for a coin without a node', async () => {
    const response = await adminPost(t.app, admin, 'UpdateCoinHealthThresholds', { ...body, ID: 625 });
    expect(response.statusCode).toBe(404);
  });
});

describe('the Coin Health detail', () => {
  const detail = async (query: Record<string, string>) => {
    const response = await adminGet(t.app, admin, 'CoinHealthDetail', query);
    expect(response.statusCode, response.body).toBe(200);
    return ADMIN_CALLS.CoinHealthDetail.data.parse(response.json().data);
  };

  it('shows the coin now, its history in buckets and its newest samples', async () => {
    const answer = await detail({ ID: '1' });
    expect(answer.Coin.Name).toBe('Bitcoin');
    expect(answer.Samples.length).toBeGreaterThanOrEqual(3);
    expect(
      answer.Samples.some((s) => s.Status === 'red' && s.Reason.startsWith('Node 20 blocks behind')),
    ).toBe(true);
    expect(answer.History.length).toBeGreaterThan(0);
    expect(answer.XChange).toBeNull();
    // The long windows read the hourly roll-up the probe keeps: the stall is there too.
    const week = await detail({ ID: '1', window: '7d' });
    expect(week.History.some((p) => p.MaxLag >= 20 && p.Status === 'red')).toBe(true);
  });

  it('puts an xChange transaction in context: confirmations against the policy, the node back then', async () => {
    const at = t.clock.now();
    await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 1,
      status: 'paid',
      amount: '0.01000000',
      xchangeId: 777_001,
      createdOn: new Date(at.getTime() - 60_000),
      confirmedOn: new Date(at.getTime() - 30_000),
    });
    await moveClock(3 * 3_600_000);
    await coins.coinHealth.probe();
    const answer = await detail({ ID: '1', xchange: '777001' });
    expect(answer.XChange?.XChangeID).toBe(777_001);
    expect(answer.XChange?.Required).toBe(2);
    expect(answer.XChange?.Confirmations).toBeGreaterThanOrEqual(18);
    expect(answer.XChange?.Verdict).toMatch(/confirmations, 2 required: final/);
    expect(answer.XChange?.NodeThen).not.toBeNull();
    const other = await detail({ ID: '2', xchange: '777001' });
    expect(other.XChange).toBeNull();
    expect(other.XChangeMissing).toBe('No xChange transaction 777001 in Litecoin');
  });

  it.each([
    [{ ID: '1', window: '1y' }, 'The window must be one of 24h, 7d, 30d'],
    [{ ID: 'btc' }, 'The coin id must be a number'],
    [{ ID: '1', xchange: '-3' }, 'The xChange id must be a positive number'],
  ])('refuses %j with a clear 400', async (query, message) => {
    const response = await adminGet(t.app, admin, 'CoinHealthDetail', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers 404 for a coin without a node', async () => {
    expect((await adminGet(t.app, admin, 'CoinHealthDetail', { ID: '625' })).statusCode).toBe(404);
  });
});

describe('AltCoin Stats', () => {
  const stats = async (query: Record<string, string> = {}) => {
    const response = await adminGet(t.app, admin, 'AltCoinStats', query);
    expect(response.statusCode, response.body).toBe(200);
    return ADMIN_CALLS.AltCoinStats.data.parse(response.json().data);
  };
  const row = async (id: number, query: Record<string, string> = {}) =>
    (await stats({ ...query, limit: '100' })).records.find((r) => r.AltCoinID === id);

  it('reads the daily table only: new transactions count once the job ran', async () => {
    const today = t.clock.now();
    for (const status of ['paid', 'paid', 'expired', 'underpaid', 'waiting'] as const)
      await insertTransaction(t.database.db, {
        merchantId,
        altCoinId: 4,
        status,
        amount: '1.50000000',
        createdOn: new Date(today.getTime() - 1000),
        confirmedOn: status === 'paid' ? new Date(today.getTime() - 500) : undefined,
      });
    await insertTransaction(t.database.db, {
      merchantId,
      altCoinId: 4,
      status: 'payout-completed',
      amount: '2.00000000',
      createdOn: new Date(today.getTime() - 1000),
    });
    expect((await row(4, { period: '24h' }))?.Incoming ?? 0).toBe(0);
    await coins.coinStats.refresh();
    const dash = await row(4, { period: '24h' });
    expect(dash).toMatchObject({
      Incoming: 5,
      Paid: 2,
      Expired: 1,
      Underpaid: 1,
      PaidPct: 50,
      ExpiredPct: 25,
      UnderpaidPct: 25,
      Volume: '4.50000000',
      Payouts: { Count: 1, Volume: '2.00000000' },
    });
    expect(dash?.AvgConfirmSeconds).toBe(1);
    expect(dash?.HotWallet?.Status).toBeDefined();
    expect(dash?.Spark).toHaveLength(7);
    expect(dash?.Spark.at(-1)).toBe(5);
  });

  it('covers every coin of the catalogue, fiat and vFiat too; filters online and offline', async () => {
    expect((await stats({ limit: '100' })).meta.total).toBe(54);
    const offline = await stats({ online: 'offline', limit: '100' });
    expect(offline.records.every((r) => !r.IsOnline)).toBe(true);
    expect(offline.records.map((r) => r.ShortName)).toContain('BRENT');
    expect((await row(625))?.HotWallet).toBeNull();
  });

  it('flags an expired-rate spike against the 30-day baseline', async () => {
    const today = dayOf(t.clock.now());
    const at = t.clock.now();
    await t.database.db.insert(coinStatsDaily).values(
      Array.from({ length: 30 }, (_, i) => ({
        altCoinId: 2,
        day: addDays(today, -(i + 1)),
        incoming: 50,
        paid: 47,
        expired: 3,
        underpaid: 0,
        volume: '10',
        volumeEur: '854',
        confirmed: 47,
        confirmSeconds: 47 * 600,
        payouts: 0,
        payoutVolume: '0',
        failures: 0,
        final: true,
        computedAt: at,
      })),
    );
    for (let i = 0; i < 22; i++)
      await insertTransaction(t.database.db, {
        merchantId,
        altCoinId: 2,
        status: i < 9 ? 'expired' : 'paid',
        amount: '0.50000000',
        createdOn: new Date(at.getTime() - 2000),
        confirmedOn: i < 9 ? undefined : new Date(at.getTime() - 1000),
      });
    await coins.coinStats.refresh();
    const answer = await stats({ period: '7d' });
    expect(answer.Anomalies).toContainEqual({
      AltCoinID: 2,
      Name: 'Litecoin',
      Kind: 'expired-rate',
      Message: 'Litecoin expired 41 % today vs 6 % usual: node out of sync?',
    });
    expect((await row(2))?.Anomaly).toContain('Litecoin expired 41 %');
  });

  it('answers one coin’s days for the drawer, oldest first, empty days as zeros', async () => {
    const response = await adminGet(t.app, admin, 'AltCoinDaily', { ID: '2', days: '10' });
    expect(response.statusCode, response.body).toBe(200);
    const daily = ADMIN_CALLS.AltCoinDaily.data.parse(response.json().data);
    expect(daily.Days).toHaveLength(10);
    expect(daily.Days.at(-1)?.Day).toBe(dayOf(t.clock.now()));
    expect(daily.Days.at(-2)).toMatchObject({ Incoming: 50, Expired: 3 });
    const empty = await adminGet(t.app, admin, 'AltCoinDaily', { ID: '700', days: '3' });
    expect(ADMIN_CALLS.AltCoinDaily.data.parse(empty.json().data).Days.every((d) => d.Incoming === 0)).toBe(
      true,
    );
  });

  it('sorts on click: Incoming descending', async () => {
    const answer = await stats({ sort: 'Incoming', order: 'desc', period: '24h' });
    const counts = answer.records.map((r) => r.Incoming);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it.each([
    ['AltCoinStats', { period: '1y' }, 'The period must be one of 24h, 7d, 30d'],
    ['AltCoinStats', { sort: 'Mood' }, 'Sort by one of'],
    ['AltCoinDaily', { ID: '2', days: '500' }, 'The days must be at most 90'],
    ['AltCoinDaily', { ID: '' }, 'The coin id is missing'],
  ] as const)('refuses %s %j with a clear 400', async (call, query, message) => {
    const response = await adminGet(t.app, admin, call, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers 404 for an unknown coin', async () => {
    expect((await adminGet(t.app, admin, 'AltCoinDaily', { ID: '9999' })).statusCode).toBe(404);
  });

  it('never reads transactions per request: the figures stay as the job left them', async () => {
    const before = await row(4, { period: '24h' });
    await t.database.db.delete(transactions).where(eq(transactions.altCoinId, 4));
    expect(await row(4, { period: '24h' })).toEqual(before);
  });
});

describe('the jobs and the mode', () => {
  it('refuses real nodes at start: no client is built', () => {
    expect(() =>
      createCoinNodes({ coins: { ...t.config.coins, nodesMode: 'real' } }, t.database.db, t.clock.now),
    ).toThrow(/NODES_MODE \(or INTEGRATIONS_MODE\) is real, but no coin node client is built yet/);
  });

  it('probes at once when started, and again every interval, until stopped', async () => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(coinHealthSamples))[0]?.n ?? 0;
    const before = await count();
    const jobs = startCoinJobs(
      coins,
      { coins: { ...t.config.coins, probeIntervalMs: 50, statsRefreshMs: 60_000 } },
      {
        error: () => undefined,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 180));
    await jobs.stop();
    const after = await count();
    expect(after - before).toBeGreaterThanOrEqual(2 * 39);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await count()).toBe(after);
  });

  it('closes yesterday after 00:05 UTC and keeps today open', async () => {
    const today = dayOf(t.clock.now());
    const tomorrow = new Date(`${addDays(today, 1)}T00:10:00Z`);
    t.clock.set(tomorrow);
    await coins.coinStats.refresh();
    const rows = await t.database.db
      .select({ day: coinStatsDaily.day, final: coinStatsDaily.final })
      .from(coinStatsDaily)
      .where(eq(coinStatsDaily.altCoinId, 2));
    expect(rows.find((r) => r.day === today)?.final).toBe(true);
    expect(rows.find((r) => r.day === addDays(today, 1))).toBeUndefined();
  });
});
