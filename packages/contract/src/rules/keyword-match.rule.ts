import type { Transaction } from '../entities/transaction.schema';
import { parseTransactionRef } from './transaction-ref.rule';

/** The fields a free-text keyword is looked for in (SPEC §5), in this order. */
export const KEYWORD_FIELDS = [
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
export type KeywordField = (typeof KEYWORD_FIELDS)[number];

/** The fields {@link matchesKeyword} reads from a transaction row. */
export type KeywordSearchable = Pick<Transaction, KeywordField | 'Prefix'>;

const XCHANGE_PATTERN = /^xc(\d+)$/;

// Joins the fields so that a needle never matches across two of them (a needle holding it matches nothing).
const FIELD_SEPARATOR = '\u0000';

/** A keyword as {@link matchesKeyword} reads it: everything, one reference, one xChange id, or text. */
export type ParsedKeyword =
  | { kind: 'all' }
  | { kind: 'ref'; prefix: Transaction['Prefix']; id: number }
  | { kind: 'xchange'; id: number }
  /** `needle` is trimmed and lower case. */
  | { kind: 'text'; needle: string }
  /** Text no field can hold (a NUL, which PostgreSQL text never contains). */
  | { kind: 'none' };

/** Reads a keyword once, so a list can be matched against it without parsing it per row. */
export const parseKeyword = (keyword: string): ParsedKeyword => {
  const needle = keyword.trim().toLowerCase();
  if (needle === '') return { kind: 'all' };
  const ref = parseTransactionRef(needle);
  if (ref) return { kind: 'ref', prefix: ref.prefix, id: ref.id };
  const xchange = XCHANGE_PATTERN.exec(needle);
  if (xchange) return { kind: 'xchange', id: Number(xchange[1]) };
  if (needle.includes(FIELD_SEPARATOR)) return { kind: 'none' };
  return { kind: 'text', needle };
};

/**
 * One field's lower-case text as a keyword is looked for in it; null when the field is not set. The status
 * is also read as the badge shows it ('payout completed').
 */
export const keywordFieldText = (field: KeywordField, value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).toLowerCase();
  return field === 'Status' ? `${text}${FIELD_SEPARATOR}${text.replaceAll('-', ' ')}` : text;
};

/**
 * The lower-case text a free-text keyword is looked for in: every searched field that is set (or those of
 * `fields`), the status also as the badge reads it. A list that is searched again and again (Local mode)
 * keeps it beside each row.
 */
export const keywordHaystack = (
  tx: Partial<KeywordSearchable>,
  fields: readonly KeywordField[] = KEYWORD_FIELDS,
): string => {
  const parts: string[] = [];
  for (const field of fields) {
    const text = keywordFieldText(field, tx[field]);
    if (text !== null) parts.push(text);
  }
  return parts.join(FIELD_SEPARATOR);
};

/** {@link matchesKeyword} for a keyword parsed once and, optionally, the row's prepared haystack. */
export const matchesParsedKeyword = (
  tx: KeywordSearchable,
  keyword: ParsedKeyword,
  haystack?: string,
): boolean => {
  switch (keyword.kind) {
    case 'all':
      return true;
    case 'ref':
      return tx.Prefix === keyword.prefix && tx.TransactionID === keyword.id;
    case 'xchange':
      return tx.XChangeID !== null && tx.XChangeID === keyword.id;
    case 'text':
      return (haystack ?? keywordHaystack(tx)).includes(keyword.needle);
    case 'none':
      return false;
  }
};

/**
 * The client-side keyword filter of the Local mode (SPEC §5); trimmed, case-insensitive, empty matches all.
 * A keyword shaped like a reference ('t1234', 'P000001234') is an exact lookup of that id among rows of
 * that prefix only, and 'xc' plus digits is an exact XChangeID lookup; neither falls back to substring
 * search, since a staff member typing an id wants that one row, not every address containing the digits.
 * Anything else is a substring of any searched field; Status also matches with spaces for hyphens, as the
 * badges read ('payout completed').
 */
export const matchesKeyword = (tx: KeywordSearchable, keyword: string): boolean =>
  matchesParsedKeyword(tx, parseKeyword(keyword));
