// biome-ignore-all lint/style/noProcessEnv: a command-line benchmark, configured by its environment (README.md)
/**
 * The dashboard's transactions list at platform volume: seeds a fresh PostgreSQL database with ~900,000
 * transactions (60 days × 15,000) and times ListTransactions through the service the handler calls.
 * Not a test: it prints p50 / p95 against the budget and exits non-zero when a case is over it.
 */
import { randomBytes } from 'node:crypto';
import {
  ADMIN_CALLS,
  BALANCE_SHEET_BUY_FILTERS,
  BALANCE_SHEET_LISTS,
  DEFAULT_STATUS_FILTER,
  formatTransactionRef,
  OFFLINE_POOL_PAGE_SIZE,
  TRANSACTION_SORT_COLUMNS,
  type TransactionListParams,
  transactionListParamsSchema,
} from '@bo/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../src/db/database';
import * as schema from '../src/db/schema';
import { seedCatalog } from '../src/db/seed/catalog.seed';
import { buildMerchants, type DemoMerchant, seedMerchants } from '../src/db/seed/merchants.seed';
import { createRandom } from '../src/db/seed/random';
import { createBalanceSheetService } from '../src/modules/balance-sheet/balance-sheet.service';
import { createOfflinePoolService } from '../src/modules/offline-pool/offline-pool.service';
import { classifyKeyword } from '../src/modules/transactions/keyword.rule';
import { countTransactions } from '../src/modules/transactions/transactions.repository';
import { createTransactionsService } from '../src/modules/transactions/transactions.service';
import { seedVolume } from './seed-volume';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAYS = Number(process.env.BENCH_DAYS ?? 60);
const PER_DAY = Number(process.env.BENCH_TX_PER_DAY ?? 15_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 600);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 1000);
/** Only cases whose name contains this text (for looking into one). */
const ONLY = process.env.BENCH_ONLY ?? '';
/** Print EXPLAIN ANALYZE of every query of each case. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** Keep the database after the run (prints its URL) instead of dropping it. */
const KEEP = process.env.BENCH_KEEP === '1';

const out = (line = '') => process.stdout.write(`${line}\n`);
const DAY_MS = 86_400_000;

const name = `bo_bench_${randomBytes(5).toString('hex')}`;
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
    if (KEEP) {
      out(`\nKept ${benchUrl} (BENCH_KEEP=1); drop it with: DROP DATABASE ${name} WITH (FORCE)`);
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

interface Case {
  name: string;
  run: () => Promise<number>;
  /** The same case over a logging connection, for BENCH_EXPLAIN. */
  explain?: () => Promise<unknown>;
}

interface Result {
  name: string;
  rows: number;
  p50: number;
  p95: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;

async function measure(c: Case): Promise<Result> {
  let rows = await c.run(); // warm-up: the first run pays for cold pages
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const began = performance.now();
    rows = await c.run();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return { name: c.name, rows, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function main(): Promise<void> {
  const now = new Date();
  const day = (back: number) => new Date(now.getTime() - back * DAY_MS).toISOString().slice(0, 10);
  const today = day(0);
  const week = { start: day(7), end: today };
  const xcRange = { start: day(DAYS), end: today };

  out(`Transactions benchmark: ${DAYS} days × ${PER_DAY.toLocaleString('en')} a day, ${MERCHANTS} merchants`);
  await adminQuery(`CREATE DATABASE ${name}`);
  created = true;
  out(`Database ${name} on ${new URL(SERVER_URL).host}`);

  const began = performance.now();
  database = await openDatabase({ url: benchUrl, dataDir: '' });
  const { db } = database;
  out(`Migrations applied (${((performance.now() - began) / 1000).toFixed(1)} s)`);

  const seedStart = performance.now();
  out('Seeding:');
  await seedCatalog(db, now);
  const merchantList: DemoMerchant[] = buildMerchants(createRandom(20260101), MERCHANTS, now, DAYS);
  await seedMerchants(db, merchantList);
  const seedClient = new pg.Client({ connectionString: benchUrl });
  await seedClient.connect();
  let rowCount: number;
  try {
    rowCount = await seedVolume(seedClient, {
      now,
      days: DAYS,
      perDay: PER_DAY,
      merchants: merchantList,
      seed: 0.42,
      log: out,
    });
  } finally {
    await seedClient.end();
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // Bench-only reads (facts, samples, EXPLAIN) go through their own pool, not the service's.
  const raw = new pg.Pool({ connectionString: benchUrl, max: 2 });
  pools.push(raw);
  const facts = await raw.query<{ version: string; size: string; indexes: string }>(
    `select current_setting('server_version') as version,
            pg_size_pretty(pg_table_size('transactions')) as size,
            pg_size_pretty(pg_indexes_size('transactions')) as indexes`,
  );
  const fact = facts.rows[0];
  out(
    `Seeded ${rowCount.toLocaleString('en')} transactions in ${seedSeconds.toFixed(0)} s ` +
      `(PostgreSQL ${fact?.version}, table ${fact?.size}, indexes ${fact?.indexes})`,
  );

  // Real values to search for, drawn from the seeded rows.
  const sample = async (where: string) => {
    const result = await raw.query<{
      prefix: 'T' | 'P';
      transaction_id: number;
      security: string;
      coin_address: string;
      xchange_id: number | null;
      customer_reference: string | null;
    }>(
      `select prefix, transaction_id::float8 as transaction_id, security, coin_address,
              xchange_id::float8 as xchange_id, customer_reference
       from transactions where ${where} order by id limit 1 offset ${Math.min(1000, Math.floor(rowCount / 200))}`,
    );
    const row = result.rows[0];
    if (!row) throw new Error(`no sample row for ${where}`);
    return row;
  };
  const tRow = await sample(`prefix = 'T' and coin_address <> 'NA' and status = 'paid'`);
  const pRow = await sample(`prefix = 'P'`);
  const xcRow = await sample(`xchange_id is not null and status = 'swap'`);
  const orderRow = await sample(`customer_reference like 'ORD-%'`);
  const byActivity = [...merchantList].filter((m) => m.activity > 0).sort((a, b) => b.activity - a.activity);
  const big = byActivity[0] as DemoMerchant;
  const small = byActivity[Math.floor(byActivity.length * 0.8)] as DemoMerchant;
  const mid = byActivity[Math.floor(byActivity.length / 3)] as DemoMerchant;
  const titleWords = mid.row.shopTitle.split(' ');
  const titleFragment = (titleWords[1] ?? titleWords[0] ?? '').toLowerCase().slice(0, 6);

  const service = createTransactionsService(db, () => now);
  const defaults = { statuses: DEFAULT_STATUS_FILTER.join(',') };
  const list = (params: TransactionListParams, via = service) =>
    via.list(transactionListParamsSchema.parse(params)).then((r) => r.total);

  // BENCH_EXPLAIN: the same service over a connection that records its SQL, then EXPLAIN ANALYZE each one.
  const logged: { sql: string; params: unknown[] }[] = [];
  const explainDb = drizzle({
    client: raw,
    schema,
    logger: { logQuery: (sql, params) => logged.push({ sql, params }) },
  }) as unknown as Db;
  const explainService = createTransactionsService(explainDb, () => now);
  const explainList = async (params: TransactionListParams) => {
    logged.length = 0;
    await list(params, explainService);
    for (const q of logged.splice(0)) {
      const plan = await raw.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
      out(`\n${q.sql}\n${JSON.stringify(q.params)}`);
      for (const line of plan.rows) out(`  ${line['QUERY PLAN']}`);
    }
  };

  const cases: Case[] = [];
  const listCase = (caseName: string, params: TransactionListParams) =>
    cases.push({ name: caseName, run: () => list(params), explain: () => explainList(params) });

  // Cursors for the page moves come from real answers.
  const cursorOf = async (params: TransactionListParams) => {
    const page = await service.list(transactionListParamsSchema.parse(params));
    return page;
  };

  listCase('first page: last 7 days, default statuses', { ...week, ...defaults });
  listCase('first page: 60 days (xc), default statuses', { ...xcRange, ...defaults });
  listCase('first page: 60 days, all statuses', { ...xcRange });
  for (const [label, range] of [
    ['7 days', week],
    ['60 days', xcRange],
  ] as const) {
    for (const sort of TRANSACTION_SORT_COLUMNS) {
      for (const order of ['desc', 'asc'] as const)
        listCase(`sort ${sort} ${order}, ${label}`, { ...range, ...defaults, sort, order });
    }
  }

  const firstPage = await cursorOf({ ...xcRange, ...defaults });
  const nextParams = { ...xcRange, ...defaults, page: 'next' as const, cursor: firstPage.lastCursor ?? '' };
  listCase('next page: 60 days, CreatedOn desc', nextParams);
  const secondPage = await cursorOf(nextParams);
  listCase('previous page: 60 days, CreatedOn desc', {
    ...xcRange,
    ...defaults,
    page: 'prev',
    cursor: secondPage.firstCursor ?? '',
  });
  listCase('last page: 60 days, CreatedOn desc', { ...xcRange, ...defaults, page: 'last' });
  for (const sort of ['Merchant', 'Amount', 'Date'] as const) {
    const first = await cursorOf({ ...xcRange, ...defaults, sort, order: 'asc' });
    listCase(`next page: 60 days, ${sort} asc`, {
      ...xcRange,
      ...defaults,
      sort,
      order: 'asc',
      page: 'next',
      cursor: first.lastCursor ?? '',
    });
    listCase(`last page: 60 days, ${sort} asc`, {
      ...xcRange,
      ...defaults,
      sort,
      order: 'asc',
      page: 'last',
    });
  }

  listCase(`merchant filter: biggest merchant, 60 days`, { ...xcRange, ...defaults, merchantId: big.id });
  listCase(`merchant filter: small merchant, 60 days`, { ...xcRange, ...defaults, merchantId: small.id });
  listCase(`merchant filter: biggest merchant, 60 days, Amount asc`, {
    ...xcRange,
    ...defaults,
    merchantId: big.id,
    sort: 'Amount',
    order: 'asc',
  });
  listCase(`merchant filter: biggest merchant, 7 days, Merchant desc`, {
    ...week,
    ...defaults,
    merchantId: big.id,
    sort: 'Merchant',
  });
  for (const status of ['expired', 'payout-pending', 'rt-t'] as const) {
    listCase(`status filter: ${status}, 60 days`, { ...xcRange, statuses: status });
    listCase(`status filter: ${status}, 7 days`, { ...week, statuses: status });
  }
  listCase('status filter: expired, 60 days, TransactionID asc', {
    ...xcRange,
    statuses: 'expired',
    sort: 'TransactionID',
    order: 'asc',
  });

  const keywords: ReadonlyArray<readonly [string, string]> = [
    ['T id', formatTransactionRef(tRow.prefix, tRow.transaction_id)],
    ['P id', formatTransactionRef(pRow.prefix, pRow.transaction_id)],
    ['bare number', String(tRow.transaction_id)],
    ['xChange id', `xc${xcRow.xchange_id}`],
    ['hash (security key)', tRow.security],
    ['coin address', tRow.coin_address],
    ['order reference (text)', orderRow.customer_reference ?? ''],
    [`shop-title fragment "${titleFragment}"`, titleFragment],
    [`owner nick "${big.row.ownerNickName}"`, big.row.ownerNickName],
    ['e-mail fragment "kelly"', 'kelly'],
    ['e-mail fragment "gmail.com"', 'gmail.com'],
    ['free text, no match', 'zqxjv'],
    ['free text, two letters "ke"', 'ke'],
  ];
  for (const [label, keyword] of keywords) {
    // Payouts are outside the default statuses, so a P id is looked up with every status selected.
    const statuses = label === 'P id' ? {} : defaults;
    listCase(`keyword ${label} [${classifyKeyword(keyword).kind}], 60 days`, {
      ...xcRange,
      ...statuses,
      keyword,
    });
  }
  listCase(`keyword shop-title fragment, 7 days, Amount desc`, {
    ...week,
    ...defaults,
    keyword: titleFragment,
    sort: 'Amount',
  });

  const countFilter = (range: { start: string; end: string }) => ({
    from: new Date(`${range.start}T00:00:00Z`),
    to: new Date(new Date(`${range.end}T00:00:00Z`).getTime() + DAY_MS),
    statuses: DEFAULT_STATUS_FILTER,
    keyword: classifyKeyword(''),
  });
  cases.push({
    name: 'total count only: 60 days, default statuses',
    run: () => countTransactions(db, countFilter(xcRange)),
  });
  cases.push({
    name: 'total count only: 7 days, default statuses',
    run: () => countTransactions(db, countFilter(week)),
  });

  // The Balance Sheet (all six lists) and the XChange Offline Pool (ADR 0008), through their services.
  const balanceSheet = createBalanceSheetService(db, () => now);
  for (const online of BALANCE_SHEET_LISTS) {
    for (const buy of BALANCE_SHEET_BUY_FILTERS) {
      cases.push({
        name: `coins: balance sheet, ${online}, buy ${buy}`,
        run: () => balanceSheet.list({ online, buy }).then((r) => r.records.length),
      });
    }
  }
  const offlinePool = createOfflinePoolService(db);
  const poolParams = (params: Record<string, unknown>) => ADMIN_CALLS.XChangeOfflinePool.params.parse(params);
  const btcPool = await offlinePool.pool(poolParams({ coin: 1 }));
  const lastPoolPage = Math.max(1, Math.ceil(btcPool.totals.Count / OFFLINE_POOL_PAGE_SIZE));
  for (const [label, params] of [
    ['Bitcoin, first page', { coin: 1 }],
    ['Bitcoin, oldest first', { coin: 1, order: 'asc' }],
    [`Bitcoin, last page (${lastPoolPage})`, { coin: 1, page: lastPoolPage }],
    ['a delisted coin, nothing open', { coin: 50 }],
  ] as const) {
    cases.push({
      name: `coins: offline pool, ${label}`,
      run: () => offlinePool.pool(poolParams(params)).then((r) => r.totals.Count),
    });
  }

  const selected = cases.filter((c) => c.name.includes(ONLY));
  out(`\n${selected.length} cases, ${RUNS} timed runs each after one warm-up; budget ${BUDGET_MS} ms at p95`);
  out('Each list case is one ListTransactions call: the total count and one page of 15.\n');

  const results: Result[] = [];
  const width = Math.max(...selected.map((c) => c.name.length), 4);
  const header = `${'case'.padEnd(width)}  ${'rows'.padStart(9)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'budget'.padStart(7)}  result`;
  out(header);
  out('-'.repeat(header.length));
  for (const c of selected) {
    const r = await measure(c);
    results.push(r);
    const pass = r.p95 <= BUDGET_MS;
    out(
      `${r.name.padEnd(width)}  ${r.rows.toLocaleString('en').padStart(9)}  ${r.p50.toFixed(1).padStart(8)}  ${r.p95
        .toFixed(1)
        .padStart(8)}  ${String(BUDGET_MS).padStart(7)}  ${pass ? 'PASS' : 'FAIL'}`,
    );
    if (EXPLAIN && c.explain) await c.explain();
  }

  const failed = results.filter((r) => r.p95 > BUDGET_MS);
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a), { name: '-', rows: 0, p50: 0, p95: 0 });
  out('-'.repeat(header.length));
  out(
    `${results.length - failed.length}/${results.length} within ${BUDGET_MS} ms; slowest p95 ${worst.p95.toFixed(1)} ms (${worst.name})`,
  );
  if (failed.length > 0) process.exitCode = 1;
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
