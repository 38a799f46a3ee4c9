import type { ADMIN_CALLS, DataOf, SyncSource } from '@bo/contract';
import type { AttachedStandby, StandbyProbe } from './sync-status.repository';

export type SlaveStatus = DataOf<(typeof ADMIN_CALLS)['SlaveStatus']>;

const yesNo = (value: boolean): string => (value ? 'Yes' : 'No');
// MySQL reports whole seconds; a standby's clock a little ahead of the primary's must not read as negative.
const wholeSeconds = (seconds: number | null): number | null =>
  seconds === null || !Number.isFinite(seconds) ? null : Math.max(0, Math.floor(seconds));

/** No replica is involved: reads come from the primary itself, so nothing can lag behind it (ADR 0006). */
export const NO_REPLICA: SlaveStatus = {
  Seconds_Behind_Master: 0,
  Slave_IO_Running: 'Yes',
  Slave_SQL_Running: 'Yes',
  Source: 'primary',
};

/** A replica that should exist but cannot be read or is not replicating: unknown lag, never 'in sync'. */
export const replicaUnknown = (source: SyncSource): SlaveStatus => ({
  Seconds_Behind_Master: null,
  Slave_IO_Running: 'No',
  Slave_SQL_Running: 'No',
  Source: source,
});

/** A standby's own probe in SHOW SLAVE STATUS terms: the receiver is the IO thread, replay the SQL thread. */
export const fromStandbyProbe = (probe: StandbyProbe, source: 'standby' | 'read-replica'): SlaveStatus => ({
  Seconds_Behind_Master: wholeSeconds(probe.lag_seconds),
  Slave_IO_Running: yesNo(probe.receiver_running),
  Slave_SQL_Running: yesNo(!probe.replay_paused),
  Source: source,
});

/**
 * The primary's view of its standbys, the worst one counting: any standby not streaming makes IO 'No',
 * any not replaying makes SQL 'No', and the lag is the largest (unknown if any is unknown). A caught-up
 * standby has no lag even when PostgreSQL still shows the last measured replay_lag.
 */
export const fromAttachedStandbys = (standbys: readonly AttachedStandby[]): SlaveStatus => {
  if (standbys.length === 0) return NO_REPLICA;
  let lag: number | null = 0;
  for (const s of standbys) {
    const own = s.caught_up === true ? 0 : s.replay_lag_seconds;
    lag = lag === null || own === null ? null : Math.max(lag, own);
  }
  return {
    Seconds_Behind_Master: wholeSeconds(lag),
    Slave_IO_Running: yesNo(standbys.every((s) => s.state === 'streaming')),
    Slave_SQL_Running: yesNo(standbys.every((s) => s.replaying)),
    Source: 'replicas',
  };
};
