import { z } from 'zod';
import { noParams } from '../../common/params.schema';
import { transactionSchema } from '../../entities/transaction.schema';
import {
  ALL_TRANSACTIONS_PAGE_SIZE,
  refineRange,
  transactionViewFiltersSchema,
  transactionViewFiltersShape,
  transactionViewNameSchema,
  transactionViewSchema,
} from '../../entities/transaction-view.schema';
import { adminCalls, get, list, MAX_PAGE, pageMetaSchema, post } from '../define';

/** Largest page: the screen asks for 15, the CSV export walks in steps of this many. */
export const ALL_TRANSACTIONS_LIMIT_MAX = 1000;

/**
 * The Transactions screen's list (SPEC §2.1 `transactions/all/{name?}`): the filters a saved view keeps, plus
 * the page. Pages are numbered (the shared DataTable's pager); the server reads a page's ids from the sort
 * column's index and, past the middle of an exactly counted list, from the other end (ADR 0021).
 */
export const allTransactionsParamsSchema = refineRange(
  z.object({
    ...transactionViewFiltersShape,
    page: z.coerce
      .number({ error: 'The page must be a number' })
      .int('The page must be a whole number')
      .min(1, 'The page starts at 1')
      .max(MAX_PAGE, `The page must be at most ${MAX_PAGE}`)
      .default(1),
    limit: z.coerce
      .number({ error: 'The page size must be a number' })
      .int('The page size must be a whole number')
      .min(1, 'The page size must be at least 1')
      .max(ALL_TRANSACTIONS_LIMIT_MAX, `The page size must be at most ${ALL_TRANSACTIONS_LIMIT_MAX}`)
      .default(ALL_TRANSACTIONS_PAGE_SIZE),
    /**
     * The rows after this position (an answer's `lastCursor`) instead of `page`, uncounted: how the CSV
     * export walks millions of rows without an OFFSET that grows with every step (ADR 0021).
     */
    cursor: z.string().max(500, 'Invalid page cursor').optional(),
  }),
);
export type AllTransactionsParams = z.input<typeof allTransactionsParamsSchema>;

export const allTransactionsPageSchema = z.object({
  records: z.array(transactionSchema),
  meta: pageMetaSchema.extend({
    /** The total stopped at ALL_TRANSACTIONS_COUNT_CAP: there are more rows than `total`. */
    isCapped: z.boolean(),
    /** The days the range covered, resolved at the call (a relative range moves with the clock). */
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  /** The position after this page's last row, for `cursor`; null when the page is empty. */
  lastCursor: z.string().nullable(),
});
export type AllTransactionsPage = z.infer<typeof allTransactionsPageSchema>;

const viewId = z.coerce
  .number({ error: 'The view id must be a number' })
  .int('The view id must be a whole number')
  .positive('The view id must be a positive number')
  .max(2_147_483_647, 'The view id is too large');

/** Transactions (view-transactions): every transaction, any range, with named saved views (ADR 0021). */
export const ALL_TRANSACTION_CALLS = adminCalls({
  /** One page of every transaction the filters select, with its (possibly capped) total. CSV-exportable. */
  ListAllTransactions: list('view-transactions', allTransactionsParamsSchema, allTransactionsPageSchema),
  /** The saved views the caller may open: their own and the shared ones, by name. */
  ListTransactionViews: get('view-transactions', noParams, z.array(transactionViewSchema)),
  /** Saves filters under a new name (409 when the name is taken). Audited. */
  CreateTransactionView: post(
    'view-transactions',
    z.object({
      Name: transactionViewNameSchema,
      Shared: z.boolean({ error: 'Shared must be true or false' }).default(false),
      Filters: transactionViewFiltersSchema,
    }),
    transactionViewSchema,
  ),
  /** Renames, re-shares or replaces the filters of one's own view (403 for another's). Audited. */
  UpdateTransactionView: post(
    'view-transactions',
    z
      .object({
        ID: viewId,
        Name: transactionViewNameSchema.optional(),
        Shared: z.boolean({ error: 'Shared must be true or false' }).optional(),
        Filters: transactionViewFiltersSchema.optional(),
      })
      .refine((p) => p.Name !== undefined || p.Shared !== undefined || p.Filters !== undefined, {
        message: 'Nothing to change: give a Name, Shared or Filters',
        path: ['ID'],
      }),
    transactionViewSchema,
  ),
  /** Deletes a view: its author, or an admin-commander for a shared one. Audited. */
  DeleteTransactionView: post(
    'view-transactions',
    z.object({ ID: viewId }),
    z.object({ ID: z.number().int() }),
  ),
});
