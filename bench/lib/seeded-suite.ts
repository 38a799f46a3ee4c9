/**
 * What the PostgreSQL suites over seeded transactions share (vtokens, analytics, transactions-all): the
 * settings they read, a scratch database made and seeded (or a kept one reused), dropped at the end, on error
 * and on Ctrl-C, and the cases measured and printed. A suite says only what it seeds on top and what it times.
 */
import type { SQL } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { type Case, measureAll } from '../db/measure';
import {
  createScratchDatabase,
  dropOnInterrupt,
  reuseScratchDatabase,
  type ScratchDatabase,
  seedScratchDatabase,
} from './scratch-database';

export const out = (line = '') => process.stdout.write(`${line}\n`);

/** The settings every seeded suite reads; each suite's README line says which it honours. */
export const benchSettings = {
  serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  perDay: Number(process.env.BENCH_TX_PER_DAY ?? 15_000),
  merchants: Number(process.env.BENCH_MERCHANTS ?? 600),
  runs: Number(process.env.BENCH_RUNS ?? 20),
  only: process.env.BENCH_ONLY ?? '',
  keep: process.env.BENCH_KEEP === '1',
  reuse: process.env.BENCH_REUSE ?? '',
};

/** Days of history for `BENCH_ROWS` transactions (default `rows`) at the suite's rate. */
export function daysForRows(rows: number): number {
  return Math.max(1, Math.round(Number(process.env.BENCH_ROWS ?? rows) / benchSettings.perDay));
}

export interface SeededSuite {
  db: Database['db'];
  /** True when this run seeded the database (false when it measures a kept one again). */
  seeded: boolean;
  rows<T>(query: SQL): Promise<T[]>;
  /** The first row of `query`; a sample the cases need, so none is an error. */
  pick<T>(query: SQL): Promise<T>;
  /** Times the cases (BENCH_ONLY picks some), records each against its budget and prints p95 and p50. */
  measure(cases: readonly Case[], volume: string): Promise<void>;
}

/**
 * Runs `body` on a scratch database `bo_bench_<suite>_…` seeded with `days × BENCH_TX_PER_DAY` transactions
 * through the server's migrations and triggers. BENCH_KEEP=1 keeps the database; BENCH_REUSE=<name> measures
 * a kept one again without seeding.
 */
export async function runSeededSuite(
  suite: string,
  days: number,
  body: (suite: SeededSuite) => Promise<void>,
): Promise<void> {
  const { serverUrl, perDay, merchants, runs, only, keep, reuse } = benchSettings;
  const prefix = `bo_bench_${suite.replaceAll('-', '_')}_`;
  if (reuse && !reuse.startsWith(prefix)) throw new Error(`BENCH_REUSE names a ${prefix}… database`);
  const scratch: ScratchDatabase = reuse
    ? reuseScratchDatabase(serverUrl, reuse)
    : await createScratchDatabase(serverUrl, suite.replaceAll('-', '_'));
  const keepIt = keep || Boolean(reuse);
  dropOnInterrupt(scratch, out, { keep: keepIt });

  let database: Database | undefined;
  try {
    if (!reuse) {
      const began = performance.now();
      await seedScratchDatabase(scratch.url, {
        days,
        perDay,
        merchants,
        staffPassword: 'bench-password-2026',
        totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        log: out,
      });
      out(
        `Seeded ${(days * perDay).toLocaleString('en')} transactions in ${((performance.now() - began) / 1000).toFixed(0)} s`,
      );
    }
    database = await openDatabase({ url: scratch.url, dataDir: '' });
    const db = database.db;
    const rows = async <T>(query: SQL): Promise<T[]> =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    await body({
      db,
      seeded: !reuse,
      rows,
      async pick<T>(query: SQL): Promise<T> {
        const [row] = await rows<T>(query);
        if (!row) throw new Error('no sample row');
        return row;
      },
      async measure(cases, volume) {
        out(`\n${runs} timed runs per case after a warm-up; p95 against each budget.\n`);
        const results = await measureAll(cases, { suite, runs, volume, only });
        const width = Math.max(...results.map((r) => r.name.length), 40) + 2;
        for (const r of results)
          out(
            `${r.name.padEnd(width)} p95 ${r.p95.toFixed(1).padStart(6)} ms  p50 ${r.p50.toFixed(1).padStart(6)} ms  ${r.rows} rows`,
          );
      },
    });
  } finally {
    await database?.close();
    if (keepIt) out(`\nKept ${scratch.name}`);
    else {
      await scratch.drop();
      out(`\nDropped ${scratch.name}`);
    }
  }
}
