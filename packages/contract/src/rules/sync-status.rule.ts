import { SYNC_THRESHOLD_SECONDS } from '../common/constants';
import type { SyncStatus } from '../entities/catalog.schema';

/**
 * Whether the replica counts as in sync (SPEC §4, §9): lag below SYNC_THRESHOLD_SECONDS and both
 * replication threads reporting 'yes' in any case. An unknown lag (null, as MySQL reports while the SQL
 * thread is stopped) is never in sync.
 */
export const isInSync = (s: SyncStatus): boolean =>
  s.Seconds_Behind_Master !== null &&
  Number.isFinite(s.Seconds_Behind_Master) &&
  s.Seconds_Behind_Master < SYNC_THRESHOLD_SECONDS &&
  s.Slave_IO_Running.toLowerCase() === 'yes' &&
  s.Slave_SQL_Running.toLowerCase() === 'yes';

/**
 * Whether a status endpoint's answer means healthy (SPEC §4): the text is exactly 'OK'. Deliberately no
 * trimming or case folding, so the server must answer the bare text.
 */
export const isServiceOk = (text: string): boolean => text === 'OK';
