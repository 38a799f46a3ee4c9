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

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A database of the suite's own on the server at `serverUrl` (`bo_bench_<suite>_<random>`), so a benchmark
 * never touches anyone's data and several runs can share a server. The caller drops it, also on error or
 * Ctrl-C.
 */
export async function createScratchDatabase(serverUrl: string, suite: string): Promise<ScratchDatabase> {
  const name = `bo_bench_${suite}_${randomBytes(5).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  let dropping: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop() {
      // FORCE ends the connections still open on it (the server process, a half-done seed).
      dropping ??= adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return dropping;
    },
  };
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
    return { merchantIds: merchants.filter((m) => m.activity > 0).map((m) => m.id), transactions };
  } finally {
    await database.close();
  }
}

/** Drops the day-count triggers of transactions (a diagnosis of their cost; see live.bench.ts). */
export async function withoutCountTriggers(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const trigger of ['transaction_counts_insert', 'transaction_counts_update']) {
      await client.query(`drop trigger if exists ${trigger} on transactions`);
    }
  } finally {
    await client.end();
  }
}
