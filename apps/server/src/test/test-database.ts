import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readEnv } from '../config/env';
import { type Database, openDatabase } from '../db/database';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when TEST_DATABASE_URL is set —
 * a new database on that PostgreSQL server, dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  return {
    ...database,
    // Another server instance on the same database opens it by this (the multi-instance tests).
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pg's Pool.end() resolves before its connections have closed; terminating one that is still closing
      // (DROP … WITH (FORCE)) makes it throw outside any test. So wait for them to go first.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

function testDatabaseUrl(): string | undefined {
  return readEnv().TEST_DATABASE_URL;
}
