/**
 * Suite `db` of `npm run bench` (issue #6): the database paths of the dashboard at production volume on
 * PostgreSQL. Seeds a scratch database with 5,000,000 transactions (15,000 a day, about 333 days) and
 * 100,000 failure causes, then times, through the services the handlers call:
 * the transactions list's first page for each filter combination, its total (CountTransactions), every
 * sort, page 1,000 and the last page (p95 ≤ 50 ms); the failure-causes box (p95 ≤ 30 ms); and, reported
 * only, the Balance Sheet and the XChange Offline Pool. Settings: README.md beside this file.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  ADMIN_CALLS,
  BALANCE_SHEET_BUY_FILTERS,
  BALANCE_SHEET_LISTS,
  DEFAULT_STATUS_FILTER,
  OFFLINE_POOL_PAGE_SIZE,
} from '@bo/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../../apps/server/src/db/database';
import * as schema from '../../apps/server/src/db/schema';
import { buildMerchants, type DemoMerchant } from '../../apps/server/src/db/seed/merchants.seed';
import { createRandom } from '../../apps/server/src/db/seed/random';
import { createBalanceSheetService } from '../../apps/server/src/modules/balance-sheet/balance-sheet.service';
import { createFailuresService } from '../../apps/server/src/modules/failures/failures.service';
import { createOfflinePoolService } from '../../apps/server/src/modules/offline-pool/offline-pool.service';
import {
  createTransactionsService,
  type TransactionsService,
} from '../../apps/server/src/modules/transactions/transactions.service';
import { checkpoint } from '../lib/scratch-database';
import {
  combinations,
  countCases,
  type DashboardOptions,
  deepPageCases,
  drawSamples,
  firstPageCases,
  rangesOf,
  sortCases,
} from './dashboard-cases';
import { type Case, measureAll } from './measure';
import { seedFailures } from './seed-failures';
import { seedBenchData } from './seed-volume';

const SUITE = 'db';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const PER_DAY = Number(process.env.BENCH_TX_PER_DAY ?? 15_000);
const DAYS = Math.max(1, Math.round(ROWS / PER_DAY));
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 600);
const FAILURES = Number(process.env.BENCH_FAILURES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Issue #6's budgets, p95 server time. */
const PAGE_BUDGET_MS = 50;
const FAILURE_BUDGET_MS = 30;
const ONLY = process.env.BENCH_ONLY ?? '';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const KEEP = process.env.BENCH_KEEP === '1';
/** A database kept by an earlier run (BENCH_KEEP=1): measured again without seeding. */
const REUSE = process.env.BENCH_REUSE ?? '';

const out = (line = '') => process.stdout.write(`${line}\n`);

if (REUSE && !/^bo_bench_db_[a-z0-9_]+$/.test(REUSE))
  throw new Error('BENCH_REUSE names a bo_bench_db_… database');
const name = REUSE || `bo_bench_db_${randomBytes(5).toString('hex')}`;
const benchUrl = (() => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
})();

let database: Database | undefined;
const pools: pg.Pool[] = [];
let created = false;
let dropping: Promise<void> | undefined;

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops the bench database once, whatever state the run is in (FORCE ends its open connections). */
function dropDatabase(): Promise<void> {
  dropping ??= (async () => {
    if (!created) return;
    if (KEEP || REUSE) {
      out(
        `\nKept ${benchUrl}; measure it again with BENCH_REUSE=${name}, drop it with: DROP DATABASE ${name} WITH (FORCE)`,
      );
      return;
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    out(`\nDropped ${name}`);
  })();
  return dropping;
}

// Ctrl-C reaches both tsx and this process, and tsx passes it on again: act on the first, ignore the rest.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // FORCE also ends this process's own connections; their errors are expected from here on.
    process.on('uncaughtException', () => undefined);
    out(`\n${signal}: dropping ${name}…`);
    dropDatabase()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(130));
  });
}

async function seed(db: Db, client: pg.Client, now: Date, merchantList: DemoMerchant[]): Promise<void> {
  const began = performance.now();
  out('Seeding:');
  await seedBenchData(db, client, { now, days: DAYS, perDay: PER_DAY, merchants: merchantList, log: out });
  await seedFailures(client, { count: FAILURES, now, days: DAYS, log: out });
  await checkpoint(benchUrl, out);
  // The seed's day is the data set's "now": a reused database is measured against the same day.
  await client.query(`comment on database ${name} is '${now.toISOString()}'`);
  out(`Seeded in ${((performance.now() - began) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  let now = new Date();
  const volume = `${(DAYS * PER_DAY).toLocaleString('en')} rows (${DAYS} days × ${PER_DAY.toLocaleString('en')})`;
  out(`Database paths: ${volume}, ${MERCHANTS} merchants, ${FAILURES.toLocaleString('en')} failure causes`);
  if (!REUSE) {
    await adminQuery(`CREATE DATABASE ${name}`);
    created = true;
  }
  out(`Database ${name} on ${new URL(SERVER_URL).host}`);

  const began = performance.now();
  database = await openDatabase({ url: benchUrl, dataDir: '' });
  const { db } = database;
  out(`Migrations applied (${((performance.now() - began) / 1000).toFixed(1)} s)`);

  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    if (REUSE) {
      created = true;
      const seeded = await client.query<{ at: string | null }>(
        'select shobj_description(oid, $$pg_database$$) as at from pg_database where datname = current_database()',
      );
      now = new Date(seeded.rows[0]?.at ?? now.toISOString());
    }
    const merchantList = buildMerchants(createRandom(20260101), MERCHANTS, now, DAYS);
    if (!REUSE) await seed(db, client, now, merchantList);
    else {
      // The merchants were inserted in this order: the ids the seed gave them.
      const ids = await client.query<{ id: number }>('select id from merchants order by id');
      merchantList.forEach((m, i) => {
        m.id = ids.rows[i]?.id ?? 0;
      });
      // A database kept before the failure causes were part of the suite gets them now.
      const failures = await client.query<{ n: number }>('select count(*)::int as n from failure_causes');
      if ((failures.rows[0]?.n ?? 0) < FAILURES / 2)
        await seedFailures(client, { count: FAILURES, now, days: DAYS, log: out });
      await checkpoint(benchUrl, out);
    }

    const facts = await client.query<{ version: string; rows: string; size: string; indexes: string }>(
      `select current_setting('server_version') as version, (select count(*) from transactions)::text as rows,
              pg_size_pretty(pg_table_size('transactions')) as size,
              pg_size_pretty(pg_indexes_size('transactions')) as indexes`,
    );
    const fact = facts.rows[0];
    out(
      `PostgreSQL ${fact?.version}: ${Number(fact?.rows).toLocaleString('en')} transactions, table ${fact?.size}, indexes ${fact?.indexes}`,
    );
    await run(db, client, now, merchantList, volume, Number(fact?.rows ?? 0));
  } finally {
    await client.end();
  }
}

async function run(
  db: Db,
  client: pg.Client,
  now: Date,
  merchantList: DemoMerchant[],
  volume: string,
  rowCount: number,
): Promise<void> {
  const samples = await drawSamples(client, merchantList, rowCount);
  const ranges = rangesOf(now, DAYS);
  const service = createTransactionsService(db, () => now);

  // BENCH_EXPLAIN: the same service over a connection that records its SQL, then EXPLAIN ANALYZE of each.
  const raw = new pg.Pool({ connectionString: benchUrl, max: 2 });
  pools.push(raw);
  const logged: { sql: string; params: unknown[] }[] = [];
  const explainDb = drizzle({
    client: raw,
    schema,
    logger: { logQuery: (sql, params) => logged.push({ sql, params }) },
  }) as unknown as Db;
  const explainService = createTransactionsService(explainDb, () => now);
  const explain = async (call: (via: TransactionsService) => Promise<unknown>) => {
    logged.length = 0;
    await call(explainService);
    for (const q of logged.splice(0)) {
      const plan = await raw.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
      out(`\n${q.sql}\n${JSON.stringify(q.params)}`);
      for (const line of plan.rows) out(`  ${line['QUERY PLAN']}`);
    }
  };
  const options: DashboardOptions = {
    service,
    budget: PAGE_BUDGET_MS,
    countBudget: PAGE_BUDGET_MS,
    ...(EXPLAIN ? { explain } : {}),
  };
  const settings = { suite: SUITE, runs: RUNS, volume, only: ONLY, explain: EXPLAIN };

  // The machine is often shared: the load beside the figures says how far to trust them.
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  out(`Load average before the cases: ${load()} (${os.cpus().length} CPUs)`);
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget, p50 and rows in the note.`);
  out('Each "first page" is one ListTransactions call (the page, without its total); each "count" one');
  out('CountTransactions call (the total for "Showing a - b of n", asked beside the page).\n');

  const list = combinations(ranges, DAYS, samples);
  await measureAll(firstPageCases(list, options), settings);
  await measureAll(countCases(list, options), settings);
  await measureAll(sortCases(ranges, DAYS, options), settings);

  const defaults = { statuses: [...DEFAULT_STATUS_FILTER] };
  const deepTargets = [
    { label: '60 days · CreatedOn desc', params: { ...ranges.xc, ...defaults } },
    { label: `${DAYS} days · CreatedOn desc`, params: { ...ranges.full, ...defaults } },
    {
      label: `${DAYS} days · Amount asc`,
      params: { ...ranges.full, ...defaults, sort: 'Amount', order: 'asc' },
    },
    {
      label: `${DAYS} days · Merchant asc`,
      params: { ...ranges.full, ...defaults, sort: 'Merchant', order: 'asc' },
    },
    {
      label: `${DAYS} days · big merchant`,
      params: { ...ranges.full, ...defaults, merchantId: samples.big.id },
    },
    { label: `${DAYS} days · keyword "kelly"`, params: { ...ranges.full, ...defaults, keyword: 'kelly' } },
  ] as const;
  // Finding page 999's cursor walks 15,000 rows: only for the targets BENCH_ONLY asks for.
  const wanted = deepTargets.filter((t) =>
    [`page 1,000 · ${t.label}`, `last page · ${t.label}`].some((n) => n.includes(ONLY)),
  );
  await measureAll(await deepPageCases(wanted, options), settings);

  await measureAll(failureCases(db, now), settings);
  await measureAll(await coinCases(db, now), settings);
  out(`Load average after the cases: ${load()}`);
}

/** The Transaction Failure box (SPEC §2.6 item 4): pages of 8, searched, Sticky Only, sorted three ways. */
function failureCases(db: Db, now: Date): Case[] {
  const failures = createFailuresService(db, () => now);
  const call = (params: Record<string, unknown>) =>
    failures
      .list(ADMIN_CALLS.TransactionFailure.params.parse({ limit: 8, ...params }))
      .then((r) => r.data.meta.total);
  const cases: Case[] = [];
  const add = (label: string, params: Record<string, unknown>) =>
    cases.push({ name: `failures · ${label}`, budget: FAILURE_BUDGET_MS, run: () => call(params) });
  add('first page', {});
  for (const orderBy of ['ID', 'CreatedOn', 'UpdatedOn'] as const) {
    for (const order of ['desc', 'asc'] as const) add(`sort ${orderBy} ${order}`, { orderBy, order });
  }
  add('Sticky Only', { sticky: '1' });
  add('Sticky Only · sort UpdatedOn asc', { sticky: '1', orderBy: 'UpdatedOn', order: 'asc' });
  for (const [label, keyword] of [
    ['coin name "ethereum"', 'ethereum'],
    ['failure text "fee"', 'fee'],
    ['failure text "mempool"', 'mempool'],
    ['notes "rebroadcast"', 'rebroadcast'],
    ['address fragment', '0x7a3'],
    ['two letters "ex"', 'ex'],
    ['ID', '4242'],
    ['no match', 'zqxjv'],
  ] as const) {
    add(`keyword ${label}`, { keyword });
  }
  add('keyword "fee" · Sticky Only', { keyword: 'fee', sticky: '1' });
  add('keyword "fee" · sort UpdatedOn asc', { keyword: 'fee', orderBy: 'UpdatedOn', order: 'asc' });
  add('page 100', { page: 100 });
  add('page 1,000', { page: 1000 });
  add(`last page (${Math.ceil(FAILURES / 8).toLocaleString('en')})`, { page: Math.ceil(FAILURES / 8) });
  return cases;
}

/** The Balance Sheet's six lists and the XChange Offline Pool's pages (ADR 0008): reported only. */
async function coinCases(db: Db, now: Date): Promise<Case[]> {
  const cases: Case[] = [];
  const balanceSheet = createBalanceSheetService(db, () => now);
  for (const online of BALANCE_SHEET_LISTS) {
    for (const buy of BALANCE_SHEET_BUY_FILTERS) {
      cases.push({
        name: `coins · balance sheet · ${online} · buy ${buy}`,
        run: () => balanceSheet.list({ online, buy }).then((r) => r.records.length),
      });
    }
  }
  const offlinePool = createOfflinePoolService(db);
  const poolParams = (params: Record<string, unknown>) => ADMIN_CALLS.XChangeOfflinePool.params.parse(params);
  for (const [label, params] of [
    ['Bitcoin, first page', { coin: 1 }],
    ['Bitcoin, oldest first', { coin: 1, order: 'asc' }],
    ['a delisted coin, nothing open', { coin: 50 }],
  ] as const) {
    cases.push({
      name: `coins · offline pool · ${label}`,
      run: () => offlinePool.pool(poolParams(params)).then((r) => r.totals.Count),
    });
  }
  const first = await offlinePool.pool(poolParams({ coin: 1 }));
  const last = Math.max(1, Math.ceil(first.totals.Count / OFFLINE_POOL_PAGE_SIZE));
  cases.push({
    name: `coins · offline pool · Bitcoin, last page (${last})`,
    run: () => offlinePool.pool(poolParams({ coin: 1, page: last })).then((r) => r.totals.Count),
  });
  return cases;
}

try {
  await main();
} catch (error) {
  // After Ctrl-C the dropped database's queries fail, as they should.
  if (!stopping) console.error(error);
  process.exitCode = 1;
} finally {
  for (const pool of pools) await pool.end().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await dropDatabase().catch((error: unknown) => console.error(error));
}
