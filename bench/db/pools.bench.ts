/**
 * Suite `pools` (issue #15): the XRP Pool's and the Ether Pool's first pages at 100,000 inbound payments and
 * 100,000 deposit addresses on PostgreSQL, budget 50 ms p95 each — every view and filter the screens offer,
 * with their figures (summary sums, counts, the sandbox chain's balances). Server time: the pools' services,
 * as the `users` suite measures the merchant list. Makes its own scratch database and drops it.
 */
import { ADMIN_CALLS } from '@bo/contract';
import pg from 'pg';
import { toConfig } from '../../apps/server/src/config/config';
import { readEnv } from '../../apps/server/src/config/env';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { createPoolChains } from '../../apps/server/src/modules/pools/chains/pool-chains';
import { createEtherPoolService } from '../../apps/server/src/modules/pools/ether-pool.service';
import { createXrpPoolService } from '../../apps/server/src/modules/pools/xrp-pool.service';
import { checkpoint, createScratchDatabase, dropOnInterrupt } from '../lib/scratch-database';
import { type Case, measureAll } from './measure';

const SUITE = 'pools';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAYMENTS = Number(process.env.BENCH_POOLS_PAYMENTS ?? 100_000);
const ADDRESSES = Number(process.env.BENCH_POOLS_ADDRESSES ?? 100_000);
const DEPOSIT_ACCOUNTS = 2_000;
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
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    // Proportions of a pool that is worked: most payments matched, a few percent waiting for staff; most
    // addresses swept, a quarter with something to sweep, the rest too small or dust.
    await client.query(`insert into xrp_pool_accounts (address, role, balance_drops, reserve_drops, sequence, updated_at)
      values ('rBenchPoo1', 'pool', 5000000000, 1400000, 1, now()), ('rBenchHot', 'hot', 90000000000, 1200000, 1, now())`);
    await client.query(`insert into xrp_pool_accounts (address, role, balance_drops, reserve_drops, sequence, updated_at)
      select 'rBenchDeposit' || g, 'deposit', 1000000 + (g % 7) * 25000000, 1000000, 1 + g % 3, now()
      from generate_series(1, ${DEPOSIT_ACCOUNTS}) g`);
    await client.query(`insert into xrp_inbound_payments (tx_hash, ledger_index, account, from_address, dest_tag,
        amount_drops, status, received_at)
      select md5('xrp' || g), 90000000 + g,
        case when g % 10 = 0 then 'rBenchDeposit' || (1 + g % ${DEPOSIT_ACCOUNTS}) else 'rBenchPoo1' end,
        'rSender' || (g % 5000), case when g % 10 = 0 or g % 33 = 0 then null else 100000 + g end,
        1000000 + (g::bigint * 7919) % 900000000,
        case when g % 33 = 0 then 'unmatched-no-tag' when g % 71 = 0 then 'unmatched-unknown-tag'
             when g % 50 = 0 then 'underpaid' else 'matched' end,
        now() - (${PAYMENTS} - g) * interval '37 seconds'
      from generate_series(1, ${PAYMENTS}) g`);
    await client.query(`insert into pool_actions (key, chain, kind, subject, params, state, tx_hash, created_at, finished_at)
      select 'xrp:sweep:rBenchDeposit' || g || ':seq1', 'xrp', 'sweep', 'rBenchDeposit' || g, '{}', 'done', md5('s' || g),
        now() - g * interval '1 hour', now() - g * interval '1 hour'
      from generate_series(1, ${DEPOSIT_ACCOUNTS}, 2) g`);
    await client.query(`insert into evm_deposit_addresses (address, derivation_index, token, balance_units, gas_wei,
        state, last_tx_hash, updated_at)
      select '0x' || lpad(to_hex(g), 40, '0'), g, case when g % 3 = 0 then 'USDT' else 'ETH' end,
        case when g % 20 < 12 then 0 when g % 3 = 0 then 1000000 + (g::bigint * 7919) % 900000000
             else (1000000 + (g::bigint * 7919) % 900000000)::numeric * 1000000000000 end,
        case when g % 7 = 0 then 1950000000000000 else 0 end,
        case when g % 20 < 12 then 'accumulated' when g % 20 < 14 then 'balance_too_low' when g % 20 = 14 then 'dust'
             when g % 20 = 15 then 'failed' when g % 3 = 0 and g % 7 <> 0 then 'gas_required'
             else 'ready_for_accumulation' end,
        md5('evm' || g), now() - (${ADDRESSES} - g) * interval '41 seconds'
      from generate_series(1, ${ADDRESSES}) g`);
    await client.query(`insert into pool_actions (key, chain, kind, subject, params, state, tx_hash, created_at, finished_at)
      select 'eth:sweep:' || address || ':' || token || ':v1', 'eth', 'sweep', address, '{}', 'done', last_tx_hash,
        updated_at, updated_at
      from evm_deposit_addresses where state = 'accumulated'`);
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  await checkpoint(scratch.url, out);
  out(
    `Seeded ${PAYMENTS.toLocaleString('en')} XRP payments and ${ADDRESSES.toLocaleString('en')} deposit addresses in ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );

  const config = toConfig(readEnv({ DATA_DIR: '/tmp/unused' }));
  const now = () => new Date();
  const chains = createPoolChains(config, database.db, now);
  const xrp = createXrpPoolService({ db: database.db, now, xrpl: chains.xrp, pools: config.pools });
  const ether = createEtherPoolService({ db: database.db, now, evm: chains.evm, pools: config.pools });
  const xrpPage = (query: Record<string, string>) => async () =>
    (await xrp.list(ADMIN_CALLS.XrpPool.params.parse(query))).records.length;
  const etherPage = (query: Record<string, string>) => async () =>
    (await ether.list(ADMIN_CALLS.EtherPool.params.parse(query))).records.length;
  const cases: Case[] = [
    { name: 'pools: XRP first page, needs attention', run: xrpPage({}) },
    { name: 'pools: XRP first page, all payments', run: xrpPage({ view: 'all' }) },
    { name: 'pools: XRP first page, status matched', run: xrpPage({ status: 'matched' }) },
    { name: 'pools: XRP first page, status underpaid', run: xrpPage({ status: 'underpaid' }) },
    { name: 'pools: XRP all payments, oldest first', run: xrpPage({ view: 'all', order: 'asc' }) },
    { name: 'pools: Ether first page, to sweep', run: etherPage({}) },
    { name: 'pools: Ether first page, all addresses', run: etherPage({ view: 'all' }) },
    { name: 'pools: Ether first page, USDT to sweep', run: etherPage({ token: 'USDT' }) },
    { name: 'pools: Ether first page, swept', run: etherPage({ view: 'accumulated' }) },
    { name: 'pools: Ether first page, dust', run: etherPage({ view: 'dust' }) },
  ].map((c) => ({ ...c, budget: BUDGET_MS }));
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget (${BUDGET_MS} ms).\n`);
  const results = await measureAll(cases, {
    suite: SUITE,
    runs: RUNS,
    volume: `${PAYMENTS.toLocaleString('en')} XRP payments, ${ADDRESSES.toLocaleString('en')} deposit addresses, PostgreSQL`,
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
