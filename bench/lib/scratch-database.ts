import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { buildMerchants, type DemoMerchant } from '../../apps/server/src/db/seed/merchants.seed';
import { createRandom } from '../../apps/server/src/db/seed/random';
import { seedDemoStaff } from '../../apps/server/src/modules/staff/staff.service';
import { seedBenchData } from '../db/seed-volume';

export interface ScratchDatabase {
  readonly name: string;
  readonly url: string;
  /** Drops the database once, whatever state the run is in; later calls wait for the first. */
  drop(): Promise<void>;
}

/** Runs one statement on its own connection and answers its rows. */
async function queryOnce<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  statement: string,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** The address of database `name` on the server at `serverUrl`. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of the suite's own on the server at `serverUrl` (`bo_bench_<suite>_<random>`), so a benchmark
 * never touches anyone's data and several runs can share a server. The caller drops it, also on error or
 * Ctrl-C.
 */
export async function createScratchDatabase(serverUrl: string, suite: string): Promise<ScratchDatabase> {
  const name = `bo_bench_${suite}_${randomBytes(5).toString('hex')}`;
  await queryOnce(serverUrl, `CREATE DATABASE ${name}`);
  let dropping: Promise<void> | undefined;
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop() {
      // FORCE ends the connections still open on it (the server process, a half-done seed).
      dropping ??= queryOnce(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined);
      return dropping;
    },
  };
}

/**
 * Ctrl-C or a kill drops the scratch database before the process ends (exit 130), once however often the
 * signal comes; errors of the run being cut short are not reported over it.
 */
export function dropOnInterrupt(
  scratch: ScratchDatabase,
  out: (line: string) => void,
  options: { keep?: boolean } = {},
): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      process.on('uncaughtException', () => undefined);
      out(`\n${signal}: ${options.keep ? 'keeping' : 'dropping'} ${scratch.name}…`);
      (options.keep ? Promise.resolve() : scratch.drop())
        .catch((error: unknown) => console.error(error))
        .finally(() => process.exit(130));
    });
  }
}

/** A database an earlier run kept (BENCH_KEEP=1), to measure again; dropping it is left to whoever kept it. */
export function reuseScratchDatabase(serverUrl: string, name: string): ScratchDatabase {
  if (!/^bo_bench_[a-z_]+_[0-9a-f]+$/.test(name))
    throw new Error(`${name} is not the name of a bench database`);
  return { name, url: databaseUrl(serverUrl, name), drop: () => Promise.resolve() };
}

/** The merchants with transactions in a seeded database's last 30 days, as the seed answers them. */
export async function tradingMerchants(url: string): Promise<number[]> {
  const rows = await queryOnce<{ id: number }>(
    url,
    `select distinct merchant_id as id from transactions where created_on > now() - interval '30 days' order by 1`,
  );
  return rows.map((row) => row.id);
}

export interface SeedOptions {
  days: number;
  perDay: number;
  merchants: number;
  staffPassword: string;
  totpSecret: string;
  log: (line: string) => void;
}

/**
 * Migrates the database as the server does at start, then seeds what a production back-office holds: the
 * demo catalogue (coins, rates), merchants, the demo staff accounts and roles, and `days × perDay`
 * transactions up to now (the volume seeder of the `db` suite). Answers the merchants that trade, for a
 * load to pick from, and the number of transactions seeded.
 */
export async function seedScratchDatabase(
  url: string,
  options: SeedOptions,
): Promise<{ merchantIds: number[]; transactions: number }> {
  const database = await openDatabase({ url, dataDir: '' });
  try {
    const now = new Date();
    const { days, perDay } = options;
    const merchants: DemoMerchant[] = buildMerchants(createRandom(20260101), options.merchants, now, days);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let transactions: number;
    try {
      transactions = await seedBenchData(database.db, client, {
        now,
        days,
        perDay,
        merchants,
        log: options.log,
      });
    } finally {
      await client.end();
    }
    await seedDemoStaff(database.db, { password: options.staffPassword, totpSecret: options.totpSecret });
    await checkpoint(url, options.log);
    return { merchantIds: merchants.filter((m) => m.activity > 0).map((m) => m.id), transactions };
  } finally {
    await database.close();
  }
}

/**
 * Writes every page the seed changed to disk (CHECKPOINT) before anything is measured. A seed of millions of
 * rows leaves gigabytes of WAL behind it, and the checkpoints that follow would otherwise run into the
 * measured seconds: in one live run the end of such a checkpoint (its fsync of the data files, 0.6 s) held
 * the commits of the platform feed for as long, and that one second alone put the run's p99 at 400 ms.
 * Needs a superuser or pg_checkpoint (PostgreSQL 15); without it the run goes on, and says so.
 */
export async function checkpoint(url: string, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  try {
    await queryOnce(url, 'checkpoint');
    log(`  checkpoint (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    log(
      `  checkpoint not taken (${error instanceof Error ? error.message : String(error)}): figures may include the seed's`,
    );
  }
}

/** Drops the day-count triggers of transactions (a diagnosis of their cost; see live.bench.ts). */
export async function withoutCountTriggers(url: string): Promise<void> {
  for (const trigger of ['transaction_counts_insert', 'transaction_counts_update']) {
    await queryOnce(url, `drop trigger if exists ${trigger} on transactions`);
  }
}
