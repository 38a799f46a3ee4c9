import { z } from 'zod';
import { TRANSACTIONS_PAGE_SIZE } from '../common/constants';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { statusFilterValueSchema, type Transaction, transactionSchema } from './transaction.schema';

/**
 * The largest page ListTransactions answers: Local mode's sync reads the whole range in pages of this size
 * (after a small first one), and fewer, larger requests are what makes 100,000 rows load in seconds (ADR 0012).
 */
export const SYNC_PAGE_SIZE_MAX = 5000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** Columns of the dashboard table (SPEC §2.6), each sortable. */
export const TRANSACTION_SORT_COLUMNS = [
  'Merchant',
  'TransactionID',
  'OriginalAmount',
  'Amount',
  'Type',
  'Status',
  'CreatedOn',
  'Date',
] as const;
export const transactionSortColumnSchema = z.enum(TRANSACTION_SORT_COLUMNS);
export type TransactionSortColumn = z.infer<typeof transactionSortColumnSchema>;

/** A list in a query string may come as `a,b` or as repeated keys; both end up an array. */
const csvList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v), z.array(item).max(32));

/** What the dashboard filters on (SPEC §2.6, §7.3): the list and its count take the same filters. */
const transactionFilterShape = {
  start: day,
  end: day,
  keyword: z.string().trim().max(200).default(''),
  statuses: csvList(statusFilterValueSchema).default([]),
  merchantId: z.coerce.number().int().positive().max(PG_INTEGER_MAX).optional(),
  referral: z.string().trim().max(64).optional(),
};

const rangeInOrder = <T extends { start: string; end: string }>(p: T) => p.start <= p.end;
const RANGE_MESSAGE = { message: 'From date can not be greater than To date', path: ['start'] };

/**
 * The dashboard's server-side list (SPEC §2.6, §7.3): range, merchant, referral, statuses and keyword filter;
 * any column sorts; pages move by keyset (First / Previous / Next / Last), never by offset. The total for
 * 'Showing a - b of n' is a call of its own, CountTransactions (ADR 0010): a page never waits for a count.
 */
export const transactionListParamsSchema = z
  .object({
    ...transactionFilterShape,
    sort: transactionSortColumnSchema.default('CreatedOn'),
    order: z.enum(['asc', 'desc']).default('desc'),
    /**
     * `last` answers the final `pageSize` rows of the order; the client asks for the remainder of the
     * total (n mod 15, or 15) so that the last page lines up with 'Showing a - b of n'.
     */
    page: z.enum(['first', 'next', 'prev', 'last']).default('first'),
    /** Opaque position from a previous answer: `lastCursor` for next, `firstCursor` for prev. */
    cursor: z.string().max(500).optional(),
    pageSize: z.coerce.number().int().min(1).max(SYNC_PAGE_SIZE_MAX).default(TRANSACTIONS_PAGE_SIZE),
  })
  .refine(rangeInOrder, RANGE_MESSAGE)
  .refine((p) => p.page === 'first' || p.page === 'last' || p.cursor !== undefined, {
    message: 'A cursor is needed to move to the next or previous page',
    path: ['cursor'],
  });
export type TransactionListParams = z.input<typeof transactionListParamsSchema>;

export const transactionListSchema = z.object({
  records: z.array(transactionSchema),
  firstCursor: z.string().nullable(),
  lastCursor: z.string().nullable(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

/**
 * Local mode's sync (SPEC §7.3's background worker) pages through the range newest first, as the default
 * order of ListTransactions does, but gets each page as columns: one array per field, each field's name
 * once per answer. A row as an object is about 1 KB of JSON of which 600 bytes are its field names; as
 * columns a page of 5,000 rows is half the bytes, and half the work to write, read and validate (ADR 0012).
 */
export const transactionSyncParamsSchema = z
  .object({
    ...transactionFilterShape,
    /** `lastCursor` of the previous page; none for the first. */
    cursor: z.string().max(500).optional(),
    pageSize: z.coerce.number().int().min(1).max(SYNC_PAGE_SIZE_MAX).default(SYNC_PAGE_SIZE_MAX),
  })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type TransactionSyncParams = z.input<typeof transactionSyncParamsSchema>;

const transactionShape = transactionSchema.shape;
type TransactionShape = typeof transactionShape;

/** Every field of a transaction row, in the contract's order: the columns of a sync page. */
export const TRANSACTION_FIELDS = Object.keys(transactionShape) as Array<keyof Transaction>;

/** A page of rows as one array per field: the i-th row is every column's i-th value. */
export type TransactionColumns = { [K in keyof Transaction]: Array<Transaction[K]> };

const columnShape = Object.fromEntries(
  TRANSACTION_FIELDS.map((field) => [field, z.array(transactionShape[field])]),
) as { [K in keyof TransactionShape]: z.ZodArray<TransactionShape[K]> };

/** Each column is validated with its field's own schema, so a page is exactly as strict as its rows. */
export const transactionColumnsSchema = z
  .object(columnShape)
  .refine((columns) => TRANSACTION_FIELDS.every((f) => columns[f].length === columns.ID.length), {
    message: 'Every column must hold one value per row',
  });

export const transactionSyncPageSchema = z.object({
  columns: transactionColumnsSchema,
  /** The position after this page's last row, for the next page; null when the page is empty. */
  lastCursor: z.string().nullable(),
});
export type TransactionSyncPage = z.infer<typeof transactionSyncPageSchema>;

/**
 * Rows as the columns of a sync page. Each field by its name, not in a loop over TRANSACTION_FIELDS: the
 * server writes 100,000 rows a sync, and reading a property by a computed name was 2 µs a row of its time.
 * The type requires every field; a test holds the columns equal to the rows.
 */
export function toTransactionColumns(rows: readonly Transaction[]): TransactionColumns {
  return {
    ID: rows.map((row) => row.ID),
    TransactionID: rows.map((row) => row.TransactionID),
    Prefix: rows.map((row) => row.Prefix),
    MerchantID: rows.map((row) => row.MerchantID),
    OwnerNickName: rows.map((row) => row.OwnerNickName),
    ShopTitle: rows.map((row) => row.ShopTitle),
    OriginalAmount: rows.map((row) => row.OriginalAmount),
    InputCurrency: rows.map((row) => row.InputCurrency),
    Amount: rows.map((row) => row.Amount),
    LongName: rows.map((row) => row.LongName),
    CoinName: rows.map((row) => row.CoinName),
    AltCoinID: rows.map((row) => row.AltCoinID),
    Status: rows.map((row) => row.Status),
    NotEnough: rows.map((row) => row.NotEnough),
    TransactionType: rows.map((row) => row.TransactionType),
    ExternalTransactionProvider: rows.map((row) => row.ExternalTransactionProvider),
    CreatedOn: rows.map((row) => row.CreatedOn),
    Date: rows.map((row) => row.Date),
    Expired: rows.map((row) => row.Expired),
    TransactionConfirmedOn: rows.map((row) => row.TransactionConfirmedOn),
    Security: rows.map((row) => row.Security),
    CustomerReferenceNr: rows.map((row) => row.CustomerReferenceNr),
    CoinAddress: rows.map((row) => row.CoinAddress),
    BlockExplorer: rows.map((row) => row.BlockExplorer),
    XChangeID: rows.map((row) => row.XChangeID),
    MasterTransactionID: rows.map((row) => row.MasterTransactionID),
    Comments: rows.map((row) => row.Comments),
    revolutID: rows.map((row) => row.revolutID),
    Email: rows.map((row) => row.Email),
    ConfirmURL: rows.map((row) => row.ConfirmURL),
    FailURL: rows.map((row) => row.FailURL),
    InvoiceCC: rows.map((row) => row.InvoiceCC),
    Tag: rows.map((row) => row.Tag),
    FiatConfirmedAmount: rows.map((row) => row.FiatConfirmedAmount),
    OriginalAmountFee: rows.map((row) => row.OriginalAmountFee),
  };
}

/**
 * The rows of a sync page, each with every field of the contract, in the contract's order. One object
 * literal per row (fields by name, as in toTransactionColumns): setting 35 properties by computed names made
 * this a fifth of the worker's time for a sync.
 */
export function fromTransactionColumns(c: TransactionColumns): Transaction[] {
  const count = c.ID.length;
  const rows: Transaction[] = new Array(count);
  for (let i = 0; i < count; i++) {
    // Every column holds `count` values (transactionColumnsSchema), so no value here is missing.
    rows[i] = {
      ID: c.ID[i],
      TransactionID: c.TransactionID[i],
      Prefix: c.Prefix[i],
      MerchantID: c.MerchantID[i],
      OwnerNickName: c.OwnerNickName[i],
      ShopTitle: c.ShopTitle[i],
      OriginalAmount: c.OriginalAmount[i],
      InputCurrency: c.InputCurrency[i],
      Amount: c.Amount[i],
      LongName: c.LongName[i],
      CoinName: c.CoinName[i],
      AltCoinID: c.AltCoinID[i],
      Status: c.Status[i],
      NotEnough: c.NotEnough[i],
      TransactionType: c.TransactionType[i],
      ExternalTransactionProvider: c.ExternalTransactionProvider[i],
      CreatedOn: c.CreatedOn[i],
      Date: c.Date[i],
      Expired: c.Expired[i],
      TransactionConfirmedOn: c.TransactionConfirmedOn[i],
      Security: c.Security[i],
      CustomerReferenceNr: c.CustomerReferenceNr[i],
      CoinAddress: c.CoinAddress[i],
      BlockExplorer: c.BlockExplorer[i],
      XChangeID: c.XChangeID[i],
      MasterTransactionID: c.MasterTransactionID[i],
      Comments: c.Comments[i],
      revolutID: c.revolutID[i],
      Email: c.Email[i],
      ConfirmURL: c.ConfirmURL[i],
      FailURL: c.FailURL[i],
      InvoiceCC: c.InvoiceCC[i],
      Tag: c.Tag[i],
      FiatConfirmedAmount: c.FiatConfirmedAmount[i],
      OriginalAmountFee: c.OriginalAmountFee[i],
    } as Transaction;
  }
  return rows;
}

/**
 * A free-text keyword's count stops here unless `exact` is asked for (ADR 0010): counting every match of a
 * common word in a year of transactions reads hundreds of thousands of rows, while 'more than 1000' is
 * what the person searching needs to know.
 */
export const TRANSACTION_COUNT_CAP = 1000;

/** The filters of {@link transactionListParamsSchema}, for 'Showing a - b of n'. */
export const transactionCountParamsSchema = z
  .object({
    ...transactionFilterShape,
    /** Count every match of a free-text keyword (the Last button and Local mode need the exact total). */
    exact: z
      .enum(['0', '1', 'true', 'false'])
      .default('0')
      .transform((v) => v === '1' || v === 'true'),
  })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type TransactionCountParams = z.input<typeof transactionCountParamsSchema>;

export const transactionCountSchema = z.object({
  /** Rows matching the filters; with `isCapped`, {@link TRANSACTION_COUNT_CAP} and there are more. */
  total: z.number().int(),
  isCapped: z.boolean(),
});
export type TransactionCount = z.infer<typeof transactionCountSchema>;
