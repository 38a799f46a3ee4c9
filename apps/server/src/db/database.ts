import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which PostgreSQL they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository takes either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on a channel (DESIGN §4: live events fan out through PostgreSQL, so every server instance sees
   * every NOTIFY). Resolves once listening; the returned function stops. `onReconnect` is called after a
   * dropped LISTEN connection is back: NOTIFYs sent meanwhile were not heard, so the caller catches up.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTEN on node-postgres needs a connection of its own, outside the pool, held open; when it drops it is
 * opened again (with a growing pause) so a database restart does not silence the live feeds.
 */
async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      if (stopped) {
        await next.end();
        return;
      }
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    retryMs = 500;
  };

  // Tries again with a growing pause for as long as the database stays away; each try is a new client.
  const scheduleRetry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          if (client) onReconnect?.();
        },
        () => {
          retryMs = Math.min(retryMs * 2, 30_000);
          scheduleRetry();
        },
      );
    }, retryMs);
    timer.unref();
  };

  // Only the live client's loss matters; a failed attempt's own events are handled by its retry.
  const dropped = (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = undefined;
    failed.end().catch(() => undefined);
    scheduleRetry();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Opens PostgreSQL at `url` when given, else the embedded PGlite in `dataDir` (`memory://` for tests),
 * and applies pending migrations.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (restart, failover, admin command) is replaced on the next
    // checkout; without a listener node-postgres would throw it and end the process.
    pool.on('error', (error) => console.warn(`database connection dropped: ${error.message}`));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    const url = options.url;
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: (channel, onPayload, onReconnect) => {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name ${channel}`);
        return listenPg(url, channel, onPayload, onReconnect);
      },
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  // Extensions the migrations create must be bundled into PGlite here (pg_trgm: migration 0003).
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name ${channel}`);
      const stop = await client.listen(channel, onPayload);
      return () => stop();
    },
    close: () => client.close(),
  };
}
