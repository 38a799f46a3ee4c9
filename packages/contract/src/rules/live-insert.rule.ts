import type { StatusFilterValue, Transaction } from '../entities/transaction.schema';
import { parseUtcDate } from './date-format.rule';
import { matchesKeyword } from './keyword-match.rule';

/** The dashboard filters a live transaction is held against (SPEC §3 Dashboard filters). */
export interface LiveInsertFilter {
  /** The range end, YYYY-MM-DD (UTC, as the server reads the range). */
  end: string;
  merchantId: number | null;
  statuses: readonly StatusFilterValue[];
  keyword: string;
}

/** Whether a row's status is among the selected filter values; reflextrader splits by prefix (SPEC §4). */
export const matchesStatusFilter = (
  tx: Pick<Transaction, 'Status' | 'Prefix'>,
  statuses: readonly StatusFilterValue[],
): boolean => {
  if (statuses.length === 0) return true;
  if (tx.Status === 'reflextrader') return statuses.includes(tx.Prefix === 'T' ? 'rt-t' : 'rt-p');
  return (statuses as readonly string[]).includes(tx.Status);
};

/**
 * Whether a live transaction joins the table (SPEC §4): it was created on the range's end day, and the
 * merchant, status and keyword filters all match. Rows already shown are refreshed whatever this says.
 */
export const shouldInsertLive = (tx: Transaction, filter: LiveInsertFilter): boolean =>
  parseUtcDate(tx.CreatedOn)?.toISOString().slice(0, 10) === filter.end &&
  (filter.merchantId === null || tx.MerchantID === filter.merchantId) &&
  matchesStatusFilter(tx, filter.statuses) &&
  matchesKeyword(tx, filter.keyword);
