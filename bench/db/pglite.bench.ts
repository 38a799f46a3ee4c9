/**
 * Suite `pglite` of `npm run bench` (issue #6): the dashboard's transactions list on the embedded
 * database (PGlite, PostgreSQL compiled to WebAssembly, the default without DATABASE_URL) at 1,000,000
 * transactions (15,000 a day). Seeds a scratch data directory with the same set-based statements as the
 * `db` suite, then times the first page of each filter combination and its total (p95 ≤ 150 ms) through
 * the service the handler calls. Settings: README.md beside this file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { buildMerchants } from '../../apps/server/src/db/seed/merchants.seed';
import { createRandom } from '../../apps/server/src/db/seed/random';
import { createTransactionsService } from '../../apps/server/src/modules/transactions/transactions.service';
import {
  combinations,
  countCases,
  drawSamples,
  firstPageCases,
  rangesOf,
  sortCases,
} from './dashboard-cases';
import { measureAll } from './measure';
import { type SqlClient, seedBenchData } from './seed-volume';

const SUITE = 'pglite';
const ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 1_000_000);
const PER_DAY = Number(process.env.BENCH_TX_PER_DAY ?? 15_000);
const DAYS = Math.max(1, Math.round(ROWS / PER_DAY));
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 600);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Issue #6's budget on PGlite, p95 server time. */
const BUDGET_MS = 150;
const ONLY = process.env.BENCH_ONLY ?? '';

const out = (line = '') => process.stdout.write(`${line}\n`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-pglite-'));
let database: Database | undefined;

/** PGlite answers raw SQL through drizzle's `execute`, with `rows` as node-postgres does. */
const clientOf = (db: Database['db']): SqlClient => ({
  query: async <R extends Record<string, unknown>>(text: string) => {
    const result = (await db.execute(sql.raw(text))) as unknown as { rows: R[] };
    return { rows: result.rows };
  },
});

async function main(): Promise<void> {
  const now = new Date();
  const volume = `${(DAYS * PER_DAY).toLocaleString('en')} rows (${DAYS} days × ${PER_DAY.toLocaleString('en')}), PGlite`;
  out(`PGlite: ${volume}, ${MERCHANTS} merchants, data in ${dataDir}`);
  const began = performance.now();
  database = await openDatabase({ dataDir });
  const { db } = database;
  out(`Migrations applied (${((performance.now() - began) / 1000).toFixed(1)} s)`);

  const seedStart = performance.now();
  out('Seeding:');
  const merchantList = buildMerchants(createRandom(20260101), MERCHANTS, now, DAYS);
  const client = clientOf(db);
  const rowCount = await seedBenchData(db, client, {
    now,
    days: DAYS,
    perDay: PER_DAY,
    merchants: merchantList,
    log: out,
  });
  out(
    `Seeded ${rowCount.toLocaleString('en')} transactions in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );

  const samples = await drawSamples(client, merchantList, rowCount);
  const ranges = rangesOf(now, DAYS);
  const service = createTransactionsService(db, () => now);
  const options = { service, budget: BUDGET_MS, countBudget: BUDGET_MS };
  const settings = { suite: SUITE, runs: RUNS, volume, only: ONLY };
  // The machine is often shared: the load beside the figures says how far to trust them.
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  out(`Load average before the cases: ${load()} (${os.cpus().length} CPUs)`);
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget, p50 and rows in the note.\n`);
  const list = combinations(ranges, DAYS, samples);
  await measureAll(firstPageCases(list, options), settings);
  await measureAll(countCases(list, options), settings);
  await measureAll(sortCases(ranges, DAYS, options), settings);
  out(`Load average after the cases: ${load()}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
