/**
 * Suite `coins` (issue #15): Coin Health's list and detail and AltCoin Stats' first pages on PostgreSQL at a
 * realistic retention — every on-chain coin sampled once a minute for 30 days (COIN_HEALTH_RETENTION_DAYS)
 * and two years of daily figures for all 54 coins — budget 50 ms p95 each. Server time: the services the
 * calls run. Makes its own scratch database and drops it.
 */
import { ADMIN_CALLS } from '@bo/contract';
import pg from 'pg';
import { toConfig } from '../../apps/server/src/config/config';
import { readEnv } from '../../apps/server/src/config/env';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { seedCatalog } from '../../apps/server/src/db/seed/catalog.seed';
import { ensureThresholds, rollUpSamples } from '../../apps/server/src/modules/coins/coin-health.repository';
import { createCoins } from '../../apps/server/src/modules/coins/coins.module';
import { checkpoint, createScratchDatabase, dropOnInterrupt } from '../lib/scratch-database';
import { type Case, measureAll } from './measure';

const SUITE = 'coins';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SAMPLE_DAYS = Number(process.env.BENCH_COINS_SAMPLE_DAYS ?? 30);
const STATS_DAYS = Number(process.env.BENCH_COINS_STATS_DAYS ?? 730);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const BUDGET_MS = 50;

const out = (line = '') => process.stdout.write(`${line}\n`);

const scratch = await createScratchDatabase(SERVER_URL, SUITE);
dropOnInterrupt(scratch, out);

let database: Database | undefined;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '' });
  const began = performance.now();
  await seedCatalog(database.db, new Date());
  await ensureThresholds(database.db);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  let samples = 0;
  try {
    // One sample a minute per watched coin, mostly in step; now and then a lag, a low hot wallet.
    await client.query(`insert into coin_health_samples (alt_coin_id, sampled_at, reachable, node_height,
        reference_height, last_block_at, hot_wallet, pending_deposits, pending_withdrawals, status, reason)
      select c.alt_coin_id, g.at, true, 1000000 + m - (case when m % 997 = 0 then 9 else 0 end), 1000000 + m,
        g.at - interval '30 seconds', 10 + (m % 500) / 7.0, m % 4, m % 3,
        case when m % 997 = 0 then 'red' when m % 211 = 0 then 'amber' else 'green' end,
        case when m % 997 = 0 then 'Node 9 blocks behind the reference (limit 6)'
             when m % 211 = 0 then 'Node 4 blocks behind the reference (limit 6)'
             else 'In sync at block ' || (1000000 + m) || '; hot wallet within limits' end
      from coin_health_thresholds c
      cross join generate_series(now() - interval '${SAMPLE_DAYS} days', now(), interval '1 minute') as g(at)
      cross join lateral (select (extract(epoch from g.at) / 60)::bigint as m) x`);
    await rollUpSamples(database.db);
    samples = Number((await client.query('select count(*)::int as n from coin_health_samples')).rows[0].n);
    await client.query(`insert into coin_stats_daily (alt_coin_id, day, incoming, paid, expired, underpaid, volume,
        volume_eur, confirmed, confirm_seconds, avg_confirm_seconds, p95_confirm_seconds, payouts, payout_volume,
        failures, final, computed_at)
      select a.id, d::date, 40 + (a.id + extract(doy from d)::int) % 60, 30, 6 + a.id % 5, 2, 12.5, 4200.25,
        30, 30 * 540, 540, 1500, 3, 1.25, a.id % 3, true, now()
      from alt_coins a cross join generate_series(current_date - ${STATS_DAYS}, current_date, interval '1 day') d`);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  await checkpoint(scratch.url, out);
  out(
    `Seeded ${samples.toLocaleString('en')} node samples (${SAMPLE_DAYS} days, one a minute per coin) and ${STATS_DAYS} days of daily figures for every coin in ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );

  const config = toConfig(readEnv({ DATA_DIR: '/tmp/unused' }));
  const coins = createCoins(config, database.db, () => new Date());
  const list = (query: Record<string, string>) => async () =>
    (await coins.coinHealth.list(ADMIN_CALLS.CoinHealth.params.parse(query))).records.length;
  const detail = (query: Record<string, string>) => async () =>
    (await coins.coinHealth.detail(ADMIN_CALLS.CoinHealthDetail.params.parse(query))).History.length;
  const stats = (query: Record<string, string>) => async () =>
    (await coins.coinStats.stats(ADMIN_CALLS.AltCoinStats.params.parse(query))).records.length;
  const cases: Case[] = [
    { name: 'coins: Coin Health first page, worst first', run: list({}) },
    { name: 'coins: Coin Health, red only', run: list({ status: 'red' }) },
    { name: 'coins: Coin Health, search "coin"', run: list({ q: 'coin' }) },
    { name: 'coins: Coin Health detail, 24 h', run: detail({ ID: '1' }) },
    { name: 'coins: Coin Health detail, 7 d', run: detail({ ID: '1', window: '7d' }) },
    { name: 'coins: Coin Health detail, 30 d', run: detail({ ID: '1', window: '30d' }) },
    { name: 'coins: AltCoin Stats first page, 24 h', run: stats({ period: '24h' }) },
    { name: 'coins: AltCoin Stats first page, 7 d', run: stats({}) },
    { name: 'coins: AltCoin Stats first page, 30 d', run: stats({ period: '30d' }) },
    {
      name: 'coins: AltCoin Stats drawer, 90 days',
      run: async () =>
        (await coins.coinStats.daily(ADMIN_CALLS.AltCoinDaily.params.parse({ ID: '1', days: '90' }))).Days
          .length,
    },
  ].map((c) => ({ ...c, budget: BUDGET_MS }));
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget (${BUDGET_MS} ms).\n`);
  const results = await measureAll(cases, {
    suite: SUITE,
    runs: RUNS,
    volume: `${samples.toLocaleString('en')} node samples, ${STATS_DAYS} days x 54 coins of daily figures, PostgreSQL`,
    only: ONLY,
    explain: EXPLAIN,
  });
  for (const r of results)
    out(
      `${r.name.padEnd(60)} p95 ${r.p95.toFixed(1).padStart(6)} ms  p50 ${r.p50.toFixed(1).padStart(6)} ms  ${r.rows} rows`,
    );
} finally {
  await database?.close();
  await scratch.drop();
  out(`\nDropped ${scratch.name}`);
}
