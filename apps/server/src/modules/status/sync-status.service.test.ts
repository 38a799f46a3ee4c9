import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import { createSyncStatusReader } from './sync-status.service';

let database: Database;
const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('sync status reader', () => {
  it('reports no replica lag for a database without replicas', async () => {
    const reader = createSyncStatusReader({ database, readReplicaUrl: undefined, logger });
    expect(await reader.read()).toEqual({
      Seconds_Behind_Master: 0,
      Slave_IO_Running: 'Yes',
      Slave_SQL_Running: 'Yes',
      Source: 'primary',
    });
  });

  it('reports an unreachable read replica as unknown lag, not as in sync', async () => {
    const reader = createSyncStatusReader({
      database,
      // Port 1 on loopback: nothing listens, the connection is refused at once.
      readReplicaUrl: 'postgres://nobody:secret@127.0.0.1:1/replica',
      logger,
    });
    try {
      expect(await reader.read()).toEqual({
        Seconds_Behind_Master: null,
        Slave_IO_Running: 'No',
        Slave_SQL_Running: 'No',
        Source: 'read-replica',
      });
      expect(warnings.length).toBeGreaterThan(0);
    } finally {
      await reader.close();
    }
  });
});
