import {
  matchesKeyword,
  matchesStatusFilter,
  type StatusFilterValue,
  shownDate,
  type Transaction,
  type TransactionSortColumn,
} from '@bo/contract';

/** The Local mode's own filters (SPEC §2.6 item 2): merchant, keyword, status and type. */
export interface LocalFilter {
  merchantId: number | null;
  keyword: string;
  statuses: readonly StatusFilterValue[];
  /** TransactionType values; none selected means all. */
  types: readonly string[];
}

export interface LocalQuery {
  filter: LocalFilter;
  sort: TransactionSortColumn;
  order: 'asc' | 'desc';
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface LocalResult {
  rows: Transaction[];
  /** Rows matching the filter, for 'Showing a - b of n'. */
  total: number;
  /** The page actually shown (a filter can shrink the list below the asked page). */
  page: number;
}

export interface LocalFacets {
  merchants: Array<{ id: number; title: string }>;
  types: string[];
}

export const EMPTY_LOCAL_FILTER: LocalFilter = { merchantId: null, keyword: '', statuses: [], types: [] };

/** Decimal strings compared by value without float arithmetic: sign, integer length, then digits. */
export const compareDecimal = (a: string, b: string): number => {
  const parse = (v: string) => {
    const negative = v.startsWith('-');
    const [int = '0', frac = ''] = v.replace(/^[-+]/, '').split('.');
    return { negative, int: int.replace(/^0+(?=\d)/, ''), frac };
  };
  const x = parse(a);
  const y = parse(b);
  const isZero = (d: typeof x) => /^0*$/.test(d.int) && /^0*$/.test(d.frac);
  const sx = isZero(x) ? 0 : x.negative ? -1 : 1;
  const sy = isZero(y) ? 0 : y.negative ? -1 : 1;
  if (sx !== sy) return sx - sy;
  if (sx === 0) return 0;
  let magnitude = x.int.length - y.int.length;
  if (magnitude === 0) magnitude = x.int < y.int ? -1 : x.int > y.int ? 1 : 0;
  if (magnitude === 0) {
    const width = Math.max(x.frac.length, y.frac.length);
    const fx = x.frac.padEnd(width, '0');
    const fy = y.frac.padEnd(width, '0');
    magnitude = fx < fy ? -1 : fx > fy ? 1 : 0;
  }
  return sx * Math.sign(magnitude);
};

const text = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

const COMPARE: Record<TransactionSortColumn, (a: Transaction, b: Transaction) => number> = {
  Merchant: (a, b) => text(a.ShopTitle || a.OwnerNickName, b.ShopTitle || b.OwnerNickName),
  TransactionID: (a, b) => a.TransactionID - b.TransactionID,
  OriginalAmount: (a, b) => compareDecimal(a.OriginalAmount, b.OriginalAmount),
  Amount: (a, b) => compareDecimal(a.Amount, b.Amount),
  Type: (a, b) => text(a.TransactionType, b.TransactionType),
  Status: (a, b) => text(a.Status, b.Status),
  CreatedOn: (a, b) => (a.CreatedOn < b.CreatedOn ? -1 : a.CreatedOn > b.CreatedOn ? 1 : 0),
  Date: (a, b) => {
    const x = shownDate(a);
    const y = shownDate(b);
    return x < y ? -1 : x > y ? 1 : 0;
  },
};

export const matchesLocalFilter = (tx: Transaction, filter: LocalFilter): boolean =>
  (filter.merchantId === null || tx.MerchantID === filter.merchantId) &&
  (filter.types.length === 0 || filter.types.includes(tx.TransactionType)) &&
  matchesStatusFilter(tx, filter.statuses) &&
  matchesKeyword(tx, filter.keyword);

/**
 * Filters, sorts and pages the loaded rows. Ties break on the id (descending first), so pages never shuffle
 * rows with equal values between requests.
 */
export function runLocalQuery(rows: readonly Transaction[], query: LocalQuery): LocalResult {
  const matching = rows.filter((tx) => matchesLocalFilter(tx, query.filter));
  const compare = COMPARE[query.sort];
  const direction = query.order === 'asc' ? 1 : -1;
  matching.sort(
    (a, b) => direction * (compare(a, b) || a.TransactionID - b.TransactionID || text(a.Prefix, b.Prefix)),
  );
  const lastPage = Math.max(1, Math.ceil(matching.length / query.pageSize));
  const page = Math.min(Math.max(1, query.page), lastPage);
  const start = (page - 1) * query.pageSize;
  return { rows: matching.slice(start, start + query.pageSize), total: matching.length, page };
}

/** The choices of the Local merchant and type pickers: what the loaded rows contain. */
export function localFacets(rows: readonly Transaction[]): LocalFacets {
  const merchants = new Map<number, string>();
  const types = new Set<string>();
  for (const tx of rows) {
    if (!merchants.has(tx.MerchantID)) merchants.set(tx.MerchantID, tx.ShopTitle || tx.OwnerNickName);
    types.add(tx.TransactionType);
  }
  return {
    merchants: [...merchants].map(([id, title]) => ({ id, title })).sort((a, b) => text(a.title, b.title)),
    types: [...types].sort(text),
  };
}
