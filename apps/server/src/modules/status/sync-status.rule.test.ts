import { isInSync } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import type { AttachedStandby } from './sync-status.repository';
import { fromAttachedStandbys, fromStandbyProbe, NO_REPLICA, replicaUnknown } from './sync-status.rule';

const standby = (overrides: Partial<AttachedStandby>): AttachedStandby => ({
  state: 'streaming',
  replay_lag_seconds: null,
  caught_up: true,
  replaying: true,
  ...overrides,
});

describe('fromStandbyProbe', () => {
  it('reports a streaming, replaying standby in whole seconds', () => {
    const status = fromStandbyProbe(
      { lag_seconds: 2.7, receiver_running: true, replay_paused: false },
      'read-replica',
    );
    expect(status).toEqual({
      Seconds_Behind_Master: 2,
      Slave_IO_Running: 'Yes',
      Slave_SQL_Running: 'Yes',
      Source: 'read-replica',
    });
    expect(isInSync(status)).toBe(true);
  });

  it('is out of sync when the receiver stopped or replay is paused', () => {
    const stopped = fromStandbyProbe(
      { lag_seconds: 0, receiver_running: false, replay_paused: false },
      'standby',
    );
    expect(stopped.Slave_IO_Running).toBe('No');
    expect(isInSync(stopped)).toBe(false);
    const paused = fromStandbyProbe(
      { lag_seconds: 0, receiver_running: true, replay_paused: true },
      'standby',
    );
    expect(paused.Slave_SQL_Running).toBe('No');
    expect(isInSync(paused)).toBe(false);
  });

  it('keeps an unknown lag unknown and clamps clock skew to zero', () => {
    expect(
      fromStandbyProbe({ lag_seconds: null, receiver_running: true, replay_paused: false }, 'standby')
        .Seconds_Behind_Master,
    ).toBeNull();
    expect(
      fromStandbyProbe({ lag_seconds: -0.4, receiver_running: true, replay_paused: false }, 'standby')
        .Seconds_Behind_Master,
    ).toBe(0);
  });
});

describe('fromAttachedStandbys', () => {
  it('reports no replica when none is attached', () => {
    expect(fromAttachedStandbys([])).toEqual(NO_REPLICA);
  });

  it('counts a caught-up standby as without lag, whatever replay_lag still shows', () => {
    expect(fromAttachedStandbys([standby({ replay_lag_seconds: 12 })])).toMatchObject({
      Seconds_Behind_Master: 0,
      Slave_IO_Running: 'Yes',
      Slave_SQL_Running: 'Yes',
      Source: 'replicas',
    });
  });

  it('reports the standby furthest behind', () => {
    const status = fromAttachedStandbys([
      standby({ caught_up: false, replay_lag_seconds: 1.2 }),
      standby({ caught_up: false, replay_lag_seconds: 8.9 }),
    ]);
    expect(status.Seconds_Behind_Master).toBe(8);
    expect(isInSync(status)).toBe(false);
  });

  it('is unknown, not healthy, when the role may not read the standbys’ state', () => {
    const status = fromAttachedStandbys([
      standby({ state: null, caught_up: null, replay_lag_seconds: null, replaying: false }),
    ]);
    expect(status).toMatchObject({
      Seconds_Behind_Master: null,
      Slave_IO_Running: 'No',
      Slave_SQL_Running: 'No',
    });
    expect(isInSync(status)).toBe(false);
  });

  it('says No for IO when any standby is still catching up from scratch', () => {
    expect(fromAttachedStandbys([standby({}), standby({ state: 'catchup' })]).Slave_IO_Running).toBe('No');
  });
});

describe('replicaUnknown', () => {
  it('is never in sync', () => {
    expect(isInSync(replicaUnknown('read-replica'))).toBe(false);
  });
});
