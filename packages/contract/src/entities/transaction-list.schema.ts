import { z } from 'zod';
import { TRANSACTIONS_PAGE_SIZE } from '../common/constants';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { statusFilterValueSchema, transactionSchema } from './transaction.schema';

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
