import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Db } from '../../db/database';
import * as schema from '../../db/schema';
import { attachedStandbys, isInRecovery, standbyProbe } from './sync-status.repository';
import {
  fromAttachedStandbys,
  fromStandbyProbe,
  NO_REPLICA,
  replicaUnknown,
  type SlaveStatus,
} from './sync-status.rule';

export interface SyncStatusOptions {
  database: Database;
  /** A read replica to ask directly (READ_REPLICA_URL); otherwise the server's own database is asked. */
  readReplicaUrl: string | undefined;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The real replication state behind SlaveStatus (ADR 0006): the configured read replica if any, else
 * the server's own database as a standby, else the standbys attached to it; with no replica at all
 * (PGlite, or a lone primary) there is no lag because every read comes from the primary.
 */
export function createSyncStatusReader(options: SyncStatusOptions) {
  let replica: { pool: pg.Pool; db: Db } | undefined;
  const replicaDb = (url: string): Db => {
    if (!replica) {
      // One connection is plenty for a probe every few minutes; a dead replica must not hang the call.
      const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 3000 });
      pool.on('error', (err) => options.logger.warn({ err }, 'read replica connection failed'));
      replica = { pool, db: drizzle({ client: pool, schema }) as unknown as Db };
    }
    return replica.db;
  };

  const readReplica = async (url: string): Promise<SlaveStatus> => {
    try {
      const db = replicaDb(url);
      const probe = (await isInRecovery(db)) ? await standbyProbe(db) : undefined;
      if (!probe) {
        options.logger.warn('READ_REPLICA_URL does not point at a standby; reporting its lag as unknown');
        return replicaUnknown('read-replica');
      }
      return fromStandbyProbe(probe, 'read-replica');
    } catch (err) {
      options.logger.warn({ err }, 'read replica cannot be asked for its replication state');
      return replicaUnknown('read-replica');
    }
  };

  return {
    async read(): Promise<SlaveStatus> {
      if (options.readReplicaUrl) return readReplica(options.readReplicaUrl);
      if (options.database.kind === 'pglite') return NO_REPLICA;
      const { db } = options.database;
      if (await isInRecovery(db)) {
        const probe = await standbyProbe(db);
        return probe ? fromStandbyProbe(probe, 'standby') : replicaUnknown('standby');
      }
      const standbys = await attachedStandbys(db);
      if (standbys.some((s) => s.state === null)) {
        options.logger.warn(
          'standbys are attached but this role cannot read their state; grant it pg_monitor',
        );
      }
      return fromAttachedStandbys(standbys);
    },

    async close(): Promise<void> {
      await replica?.pool.end();
      replica = undefined;
    },
  };
}

export type SyncStatusReader = ReturnType<typeof createSyncStatusReader>;
