import { z } from 'zod';
import { TRANSACTIONS_PAGE_SIZE } from '../common/constants';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { statusFilterValueSchema, transactionSchema } from './transaction.schema';

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

/**
 * The dashboard's server-side list (SPEC §2.6, §7.3): range, merchant, referral, statuses and keyword filter;
 * any column sorts; pages move by keyset (First / Previous / Next / Last), never by offset.
 */
export const transactionListParamsSchema = z
  .object({
    start: day,
    end: day,
    keyword: z.string().trim().max(200).default(''),
    statuses: csvList(statusFilterValueSchema).default([]),
    merchantId: z.coerce.number().int().positive().max(PG_INTEGER_MAX).optional(),
    referral: z.string().trim().max(64).optional(),
    sort: transactionSortColumnSchema.default('CreatedOn'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.enum(['first', 'next', 'prev', 'last']).default('first'),
    /** Opaque position from a previous answer: `lastCursor` for next, `firstCursor` for prev. */
    cursor: z.string().max(500).optional(),
    pageSize: z.coerce.number().int().min(1).max(500).default(TRANSACTIONS_PAGE_SIZE),
  })
  .refine((p) => p.start <= p.end, { message: 'From date can not be greater than To date', path: ['start'] })
  .refine((p) => p.page === 'first' || p.page === 'last' || p.cursor !== undefined, {
    message: 'A cursor is needed to move to the next or previous page',
    path: ['cursor'],
  });
export type TransactionListParams = z.input<typeof transactionListParamsSchema>;

export const transactionListSchema = z.object({
  records: z.array(transactionSchema),
  /** Rows matching the filters, for 'Showing a - b of n'. */
  total: z.number().int(),
  firstCursor: z.string().nullable(),
  lastCursor: z.string().nullable(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;
