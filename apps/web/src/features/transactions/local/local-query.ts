import {
  KEYWORD_FIELDS,
  type KeywordField,
  keywordHaystack,
  matchesParsedKeyword,
  matchesStatusFilter,
  type ParsedKeyword,
  parseKeyword,
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

// One collator for every comparison: localeCompare with options builds its collation each call, which is
// most of a 100,000-row sort's time.
const text = new Intl.Collator(undefined, { sensitivity: 'base' }).compare;

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

/** The filter parts other than the keyword, which every row is checked against. */
const matchesBaseFilter = (tx: Transaction, filter: LocalFilter): boolean =>
  (filter.merchantId === null || tx.MerchantID === filter.merchantId) &&
  (filter.types.length === 0 || filter.types.includes(tx.TransactionType)) &&
  matchesStatusFilter(tx, filter.statuses);

export const matchesLocalFilter = (tx: Transaction, filter: LocalFilter): boolean =>
  matchesBaseFilter(tx, filter) && matchesParsedKeyword(tx, parseKeyword(filter.keyword));

/** The order of a Local query; ties break on the id (descending first), so pages never shuffle equal rows. */
const comparatorOf = (sort: TransactionSortColumn, order: 'asc' | 'desc') => {
  const compare = COMPARE[sort];
  const direction = order === 'asc' ? 1 : -1;
  return (a: Transaction, b: Transaction) =>
    direction * (compare(a, b) || a.TransactionID - b.TransactionID || text(a.Prefix, b.Prefix));
};

const pageOf = <T>(matching: readonly T[], query: LocalQuery): { rows: T[]; total: number; page: number } => {
  const lastPage = Math.max(1, Math.ceil(matching.length / query.pageSize));
  const page = Math.min(Math.max(1, query.page), lastPage);
  const start = (page - 1) * query.pageSize;
  return { rows: matching.slice(start, start + query.pageSize), total: matching.length, page };
};

/** Filters, sorts and pages a list of rows in one go (the reference for {@link LocalIndex}). */
export function runLocalQuery(rows: readonly Transaction[], query: LocalQuery): LocalResult {
  const matching = rows.filter((tx) => matchesLocalFilter(tx, query.filter));
  matching.sort(comparatorOf(query.sort, query.order));
  return pageOf(matching, query);
}

interface Entry {
  tx: Transaction;
  /** The lower-case text of the row's own keyword fields, made once rather than on every keystroke. */
  haystack: string;
  /** The row's group of merchant texts and of its other repeated texts (see {@link TextGroups}). */
  merchantGroup: number;
  sharedGroup: number;
}

/**
 * Keyword fields whose values repeat on row after row. Each value is kept once, shared by its rows (this
 * keeps 100,000 rows in a worker heap of about 100 MB, ADR 0012), and rows are grouped by the text of these
 * fields, so that a keyword is tried once per group rather than once per row: the merchant's two names
 * (hundreds of groups), and the currency, coin, status, type and provider (a few thousand combinations).
 * The row's own haystack holds the other fields.
 */
const MERCHANT_FIELDS = ['ShopTitle', 'OwnerNickName'] as const satisfies readonly KeywordField[];
const GROUPED_FIELDS = [
  'InputCurrency',
  'LongName',
  'CoinName',
  'Status',
  'TransactionType',
  'ExternalTransactionProvider',
] as const satisfies readonly KeywordField[];
const SHARED_FIELDS: readonly KeywordField[] = [...MERCHANT_FIELDS, ...GROUPED_FIELDS];
const OWN_FIELDS = KEYWORD_FIELDS.filter((field) => !SHARED_FIELDS.includes(field));

/** T and P ids are separate sequences: a number key per row, cheaper than a 'T123' string. */
const keyOf = (tx: Pick<Transaction, 'Prefix' | 'TransactionID'>): number =>
  tx.TransactionID * 2 + (tx.Prefix === 'P' ? 1 : 0);

/**
 * The rows' distinct combinations of a few fields, numbered, each with its keyword text. keywordHaystack
 * joins the fields' texts with a separator no needle holds, so a needle is in a group's text exactly when it
 * is in one of its fields. A row finds its group through one map per field, keyed by the values themselves
 * (shared strings): lower-casing and joining the texts of every row as it arrives was a third of the time
 * it took to index a sync's rows.
 */
class TextGroups {
  private readonly root: GroupLevel = new Map();
  private readonly texts: string[] = [];

  constructor(private readonly fields: readonly KeywordField[]) {}

  idOf(tx: Transaction): number {
    let level = this.root;
    const last = this.fields.length - 1;
    for (let i = 0; i < last; i++) {
      const value = tx[this.fields[i] as KeywordField];
      let next = level.get(value);
      if (next === undefined) {
        next = new Map();
        level.set(value, next);
      }
      level = next as GroupLevel;
    }
    const value = tx[this.fields[last] as KeywordField];
    let id = level.get(value);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(keywordHaystack(tx, this.fields));
      level.set(value, id);
    }
    return id as number;
  }

  /** 1 for each group whose text holds the needle, by group number. */
  hits(needle: string): Uint8Array {
    const hits = new Uint8Array(this.texts.length);
    for (let i = 0; i < this.texts.length; i++) hits[i] = (this.texts[i] as string).includes(needle) ? 1 : 0;
    return hits;
  }

  clear(): void {
    this.root.clear();
    this.texts.length = 0;
  }
}

/** One field's level of {@link TextGroups}: the next field's level, or the group's number after the last. */
type GroupLevel = Map<unknown, GroupLevel | number>;

/** Answers kept for the keystrokes to come: deleting a letter asks again what was asked a moment before. */
const RECENT_ANSWERS = 16;

interface Answer {
  base: string;
  order: string;
  keyword: ParsedKeyword;
  matching: Entry[];
}

/** Whether every row matching `narrower` matches `wider`: 'abc' is in every text that holds 'abcd'. */
const isWithin = (narrower: ParsedKeyword, wider: ParsedKeyword): boolean =>
  narrower.kind === 'text' &&
  (wider.kind === 'all' || (wider.kind === 'text' && narrower.needle.includes(wider.needle)));

const keywordKey = (keyword: ParsedKeyword): string => JSON.stringify(keyword);

/**
 * The rows Local mode queries, kept ready for a query per keystroke (ADR 0012) over about 100,000 rows:
 * - each row's keyword text is made once, when the row arrives;
 * - each sort order is made once per change of the rows and kept, so a query only filters;
 * - the last answers are kept until the rows change: a deleted letter asks again what was just asked, and a
 *   keyword that extends an earlier one (typing) filters that answer, not every row;
 * - repeated texts (merchant, coin, status, type, a Date equal to another time) are shared between rows.
 * Answers are the same as {@link runLocalQuery}'s.
 */
export class LocalIndex {
  private readonly entries = new Map<number, Entry>();
  private readonly strings = new Map<string, string>();
  private readonly sorted = new Map<string, Entry[]>();
  private readonly merchantGroups = new TextGroups(MERCHANT_FIELDS);
  private readonly sharedGroups = new TextGroups(GROUPED_FIELDS);
  private facetsCache: LocalFacets | null = null;
  // The pickers' choices, kept up to date as rows arrive: recounting 100,000 rows after every chunk of a
  // sync was a good part of the worker's time.
  private readonly merchants = new Map<number, string>();
  private readonly types = new Set<string>();
  /** Newest last; emptied by every change of the rows. */
  private readonly recent = new Map<string, Answer>();
  private changes = 0;

  get size(): number {
    return this.entries.size;
  }

  /** Goes up with every change of the rows: equal revisions have equal facets. */
  get revision(): number {
    return this.changes;
  }

  has(tx: Pick<Transaction, 'Prefix' | 'TransactionID'>): boolean {
    return this.entries.has(keyOf(tx));
  }

  clear(): void {
    this.entries.clear();
    this.strings.clear();
    this.merchantGroups.clear();
    this.sharedGroups.clear();
    this.merchants.clear();
    this.types.clear();
    this.changed();
  }

  /** Adds or replaces rows (by prefix and id). */
  set(rows: Iterable<Transaction>): void {
    for (const parsed of rows) {
      const tx = this.compact(parsed);
      this.entries.set(keyOf(tx), {
        tx,
        haystack: keywordHaystack(tx, OWN_FIELDS),
        merchantGroup: this.merchantGroups.idOf(tx),
        sharedGroup: this.sharedGroups.idOf(tx),
      });
      if (!this.merchants.has(tx.MerchantID)) this.merchants.set(tx.MerchantID, merchantTitle(tx));
      this.types.add(tx.TransactionType);
    }
    this.changed();
  }

  /**
   * The row as one object literal of the contract's shape. The validated rows arrive in dictionary mode (a
   * hash table of their properties, about 800 bytes a row in the worker's heap); a literal of a fixed shape
   * keeps its properties inline, about 150 bytes. Repeated texts are shared on the way (see SHARED_FIELDS),
   * and the Date column's time is one of the row's other times (SPEC §4), so it shares that string.
   */
  private compact(tx: Transaction): Transaction {
    const shared = <T extends string | null>(value: T): T => {
      if (value === null) return value;
      const known = this.strings.get(value);
      if (known !== undefined) return known as T;
      this.strings.set(value, value);
      return value;
    };
    const date =
      tx.Date === tx.CreatedOn
        ? tx.CreatedOn
        : tx.Date === tx.TransactionConfirmedOn
          ? tx.TransactionConfirmedOn
          : tx.Date === tx.Expired
            ? tx.Expired
            : tx.Date;
    return {
      ID: tx.ID,
      TransactionID: tx.TransactionID,
      Prefix: tx.Prefix,
      MerchantID: tx.MerchantID,
      OwnerNickName: shared(tx.OwnerNickName),
      ShopTitle: shared(tx.ShopTitle),
      OriginalAmount: tx.OriginalAmount,
      InputCurrency: shared(tx.InputCurrency),
      Amount: tx.Amount,
      LongName: shared(tx.LongName),
      CoinName: shared(tx.CoinName),
      AltCoinID: tx.AltCoinID,
      Status: shared(tx.Status),
      NotEnough: tx.NotEnough,
      TransactionType: shared(tx.TransactionType),
      ExternalTransactionProvider: shared(tx.ExternalTransactionProvider),
      CreatedOn: tx.CreatedOn,
      Date: date ?? tx.Date,
      Expired: tx.Expired,
      TransactionConfirmedOn: tx.TransactionConfirmedOn,
      Security: tx.Security,
      CustomerReferenceNr: tx.CustomerReferenceNr,
      CoinAddress: tx.CoinAddress,
      BlockExplorer: tx.BlockExplorer,
      XChangeID: tx.XChangeID,
      MasterTransactionID: tx.MasterTransactionID,
      Comments: tx.Comments,
      revolutID: tx.revolutID,
      Email: tx.Email,
      ConfirmURL: tx.ConfirmURL,
      FailURL: tx.FailURL,
      InvoiceCC: tx.InvoiceCC,
      Tag: tx.Tag,
      FiatConfirmedAmount: tx.FiatConfirmedAmount,
      OriginalAmountFee: tx.OriginalAmountFee,
    } satisfies Required<Transaction>;
  }

  query(query: LocalQuery): LocalResult {
    const order = `${query.sort}:${query.order}`;
    const { filter } = query;
    const base = JSON.stringify([filter.merchantId, filter.statuses, filter.types]);
    const keyword = parseKeyword(filter.keyword);
    const key = `${base}|${order}|${keywordKey(keyword)}`;
    let answer = this.recent.get(key);
    if (answer) this.recent.delete(key);
    else answer = { base, order, keyword, matching: this.filter(query, base, keyword) };
    this.recent.set(key, answer);
    if (this.recent.size > RECENT_ANSWERS) this.recent.delete(this.recent.keys().next().value as string);
    const result = pageOf(answer.matching, query);
    return { ...result, rows: result.rows.map((e) => e.tx) };
  }

  private filter(query: LocalQuery, base: string, keyword: ParsedKeyword): Entry[] {
    const { filter } = query;
    const order = `${query.sort}:${query.order}`;
    // Typing narrows: every row matching 'abcd' matches 'abc', so the smallest kept answer that holds every
    // match is enough to search.
    let candidates: Entry[] | null = null;
    let isFiltered = false;
    for (const earlier of this.recent.values()) {
      if (earlier.base !== base || earlier.order !== order || !isWithin(keyword, earlier.keyword)) continue;
      if (candidates === null || earlier.matching.length < candidates.length) candidates = earlier.matching;
      isFiltered = true;
    }
    if (candidates === null) candidates = this.sortedBy(query.sort, query.order);
    const isEverything = base === EVERYTHING;
    if (keyword.kind === 'all' && isEverything) return candidates;
    const matching: Entry[] = [];
    if (keyword.kind === 'text') {
      const { needle } = keyword;
      const byMerchant = this.merchantGroups.hits(needle);
      const byShared = this.sharedGroups.hits(needle);
      for (const e of candidates) {
        if (
          (byMerchant[e.merchantGroup] === 1 ||
            byShared[e.sharedGroup] === 1 ||
            e.haystack.includes(needle)) &&
          (isFiltered || isEverything || matchesBaseFilter(e.tx, filter))
        )
          matching.push(e);
      }
      return matching;
    }
    for (const e of candidates) {
      if ((isFiltered || matchesBaseFilter(e.tx, filter)) && matchesParsedKeyword(e.tx, keyword))
        matching.push(e);
    }
    return matching;
  }

  facets(): LocalFacets {
    this.facetsCache ??= facetsOf(this.merchants, this.types);
    return this.facetsCache;
  }

  private sortedBy(sort: TransactionSortColumn, order: 'asc' | 'desc'): Entry[] {
    const key = `${sort}:${order}`;
    let list = this.sorted.get(key);
    if (!list) {
      const compare = comparatorOf(sort, order);
      // Rows arrive newest first, a few days at a time: the default order is a few sorted runs to merge.
      list = [...this.entries.values()].sort((a, b) => compare(a.tx, b.tx));
      this.sorted.set(key, list);
    }
    return list;
  }

  private changed(): void {
    this.changes += 1;
    this.sorted.clear();
    this.facetsCache = null;
    this.recent.clear();
  }
}

const EVERYTHING = JSON.stringify([null, [], []]);

const merchantTitle = (tx: Transaction): string => tx.ShopTitle || tx.OwnerNickName;

const facetsOf = (merchants: ReadonlyMap<number, string>, types: ReadonlySet<string>): LocalFacets => ({
  merchants: [...merchants].map(([id, title]) => ({ id, title })).sort((a, b) => text(a.title, b.title)),
  types: [...types].sort(text),
});

/** The choices of the Local merchant and type pickers: what the loaded rows contain. */
export function localFacets(rows: readonly Transaction[]): LocalFacets {
  const merchants = new Map<number, string>();
  const types = new Set<string>();
  for (const tx of rows) {
    if (!merchants.has(tx.MerchantID)) merchants.set(tx.MerchantID, merchantTitle(tx));
    types.add(tx.TransactionType);
  }
  return facetsOf(merchants, types);
}
