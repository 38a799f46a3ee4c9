import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database';

// The two drivers answer `execute` with different result types that share `rows`; zod checks what came.
const rowsOf = async <T extends z.ZodType>(db: DbOrTx, query: SQL, row: T): Promise<z.infer<T>[]> => {
  const result = (await db.execute(query)) as unknown as { rows: unknown };
  return z.array(row).parse(result.rows);
};

/** Whether this PostgreSQL server is a standby (in recovery) rather than a primary. */
export async function isInRecovery(db: DbOrTx): Promise<boolean> {
  const [row] = await rowsOf(
    db,
    sql`select pg_is_in_recovery() as in_recovery`,
    z.object({ in_recovery: z.boolean() }),
  );
  return row?.in_recovery ?? false;
}

const standbyRow = z.object({
  lag_seconds: z.number().nullable(),
  receiver_running: z.boolean(),
  replay_paused: z.boolean(),
});
export type StandbyProbe = z.infer<typeof standbyRow>;

/**
 * A standby's own view: how old the last replayed transaction is (0 when everything received has been
 * replayed, since an idle primary sends nothing newer), whether the WAL receiver runs and whether replay
 * is paused. The receiver row is visible to every role; only its details need pg_read_all_stats.
 */
export async function standbyProbe(db: DbOrTx): Promise<StandbyProbe | undefined> {
  const [row] = await rowsOf(
    db,
    sql`select
      case when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0::float8
        else extract(epoch from (now() - pg_last_xact_replay_timestamp()))::float8 end as lag_seconds,
      exists (select 1 from pg_stat_wal_receiver where status is null or status = 'streaming')
        as receiver_running,
      pg_is_wal_replay_paused() as replay_paused`,
    standbyRow,
  );
  return row;
}

const attachedRow = z.object({
  state: z.string().nullable(),
  replay_lag_seconds: z.number().nullable(),
  caught_up: z.boolean().nullable(),
  replaying: z.boolean(),
});
export type AttachedStandby = z.infer<typeof attachedRow>;

/**
 * A primary's view of the standbys streaming from it. Without pg_monitor (or pg_read_all_stats) the
 * detail columns come back null, which the caller must report as unknown rather than healthy.
 */
export async function attachedStandbys(db: DbOrTx): Promise<AttachedStandby[]> {
  return rowsOf(
    db,
    sql`select state,
      extract(epoch from replay_lag)::float8 as replay_lag_seconds,
      (replay_lsn = sent_lsn) as caught_up,
      replay_lsn is not null as replaying
    from pg_stat_replication
    where state is distinct from 'backup'`,
    attachedRow,
  );
}
