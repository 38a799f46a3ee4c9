import { FAILURE_NEW_MAX_DAYS } from '../common/constants';
import { parseUtcDate } from './date-format.rule';

const MAX_AGE_MS = FAILURE_NEW_MAX_DAYS * 24 * 60 * 60 * 1000;

/**
 * Whether a failure record gets the red "new" dot (SPEC §2.6, §9): created at most FAILURE_NEW_MAX_DAYS
 * ago, the boundary included. A future date counts as new (clock skew must not hide fresh failures); an
 * unreadable date never does.
 */
export const isNewFailure = (createdOn: string, now: Date): boolean => {
  const created = parseUtcDate(createdOn);
  const nowMs = now.getTime();
  if (!created || Number.isNaN(nowMs)) return false;
  return nowMs - created.getTime() <= MAX_AGE_MS;
};
