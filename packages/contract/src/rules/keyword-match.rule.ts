import type { Transaction } from '../entities/transaction.schema';
import { parseTransactionRef } from './transaction-ref.rule';

const SEARCHED_FIELDS = [
  'TransactionID',
  'ShopTitle',
  'OwnerNickName',
  'Amount',
  'OriginalAmount',
  'InputCurrency',
  'LongName',
  'CoinName',
  'Status',
  'TransactionType',
  'Security',
  'CustomerReferenceNr',
  'CoinAddress',
  'Email',
  'Tag',
  'revolutID',
  'XChangeID',
  'MasterTransactionID',
  'ExternalTransactionProvider',
] as const;

/** The fields {@link matchesKeyword} reads from a transaction row. */
export type KeywordSearchable = Pick<Transaction, (typeof SEARCHED_FIELDS)[number] | 'Prefix'>;

const XCHANGE_PATTERN = /^xc(\d+)$/;

/**
 * The client-side keyword filter of the Local mode (SPEC §5); trimmed, case-insensitive, empty matches all.
 * A keyword shaped like a reference ('t1234', 'P000001234') is an exact lookup of that id among rows of
 * that prefix only, and 'xc' plus digits is an exact XChangeID lookup; neither falls back to substring
 * search, since a staff member typing an id wants that one row, not every address containing the digits.
 * Anything else is a substring of any searched field; Status also matches with spaces for hyphens, as the
 * badges read ('payout completed').
 */
export const matchesKeyword = (tx: KeywordSearchable, keyword: string): boolean => {
  const needle = keyword.trim().toLowerCase();
  if (needle === '') return true;

  const ref = parseTransactionRef(needle);
  if (ref) return tx.Prefix === ref.prefix && tx.TransactionID === ref.id;

  const xchange = XCHANGE_PATTERN.exec(needle);
  if (xchange) return tx.XChangeID !== null && tx.XChangeID === Number(xchange[1]);

  const haystacks = SEARCHED_FIELDS.map((field) => tx[field]).filter((v) => v !== null && v !== undefined);
  haystacks.push(tx.Status.replaceAll('-', ' '));
  return haystacks.some((value) => String(value).toLowerCase().includes(needle));
};
