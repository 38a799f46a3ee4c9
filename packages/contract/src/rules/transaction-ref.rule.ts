import { TRANSACTION_ID_DIGITS } from '../common/constants';
import type { TransactionPrefix } from '../entities/transaction.schema';

/** A transaction reference split into its prefix and numeric id. */
export interface TransactionRef {
  prefix: TransactionPrefix;
  id: number;
}

/**
 * The reference shown and used in transaction-detail routes (SPEC §2.1, §9): the prefix letter and the id
 * zero-padded to TRANSACTION_ID_DIGITS, e.g. 'T000001234'. Longer ids are kept whole, since truncating
 * would point at another transaction. Throws RangeError for an id that is not a positive safe integer.
 */
export const formatTransactionRef = (prefix: TransactionPrefix, id: number): string => {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Invalid transaction id: ${id}`);
  return `${prefix}${String(id).padStart(TRANSACTION_ID_DIGITS, '0')}`;
};

const REF_PATTERN = /^([TP])(\d+)$/i;

/**
 * Reads a reference such as 'T000001234' back into prefix and id; `null` for anything else. The prefix may
 * be lower case and padding is optional ('p42'), because people type these by hand; surrounding spaces
 * are ignored. The id must be a positive safe integer.
 */
export const parseTransactionRef = (ref: string): TransactionRef | null => {
  const match = REF_PATTERN.exec(ref.trim());
  if (!match) return null;
  const [, letter = '', digits = ''] = match;
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { prefix: letter.toUpperCase() === 'P' ? 'P' : 'T', id };
};
