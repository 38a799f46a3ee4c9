import { formatUtcDate } from './date-format.rule';

/** What a KYCLOG entry is built from (SPEC §7.1). */
export interface LogEntryInput {
  timestamp: Date;
  username: string;
  text: string;
  /** The comments already on the transaction, newest first; null or blank when there are none. */
  oldComments?: string | null;
}

/** Whether a log text may be submitted (SPEC §5): something other than whitespace was typed. */
export const isLogTextValid = (text: string): boolean => text.trim() !== '';

/**
 * The comments value sent with KYCLOG (SPEC §7.1): a new first line '{UTC date} - {username}: {text}',
 * then the old comments on the following lines, so the log reads newest first. No trailing newline when
 * there are no old comments. Throws RangeError for an invalid timestamp, which would otherwise write an
 * undated entry into a permanent log.
 */
export const formatLogEntry = ({ timestamp, username, text, oldComments }: LogEntryInput): string => {
  const stamp = formatUtcDate(timestamp);
  if (stamp === '') throw new RangeError('Invalid log timestamp');
  const line = `${stamp} - ${username}: ${text.trim()}`;
  const previous = oldComments?.trim() ?? '';
  return previous === '' ? line : `${line}\n${previous}`;
};
