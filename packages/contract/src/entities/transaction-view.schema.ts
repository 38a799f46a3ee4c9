import { z } from 'zod';
import { TRANSACTIONS_PAGE_SIZE } from '../common/constants';
import { dayParam as day, optionalIdParam as optionalId } from '../common/params.schema';
import { DATE_RANGE_MESSAGES } from '../rules/date-range.rule';
import { statusFilterValueSchema } from './transaction.schema';
import { TRANSACTION_SORT_COLUMNS } from './transaction-list.schema';

/**
 * The ranges of the Transactions screen (`transactions/all`). Relative ones are resolved on the server at
 * each call, so a saved view of "last 7 days" still means the last 7 days next month; `custom` uses `from`
 * and `to`; `all` has no date bound at all (the dashboard's list always has one).
 */
export const ALL_TRANSACTIONS_RANGES = ['all', 'today', '7d', '30d', '90d', '365d', 'custom'] as const;
export type AllTransactionsRange = (typeof ALL_TRANSACTIONS_RANGES)[number];
export const ALL_TRANSACTIONS_RANGE_LABELS: Record<AllTransactionsRange, string> = {
  all: 'All time',
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 365 days',
  custom: 'Custom range',
};
/** Days a relative range covers, today included. */
export const RELATIVE_RANGE_DAYS: Partial<Record<AllTransactionsRange, number>> = {
  today: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '365d': 365,
};

/** Transaction types the platform writes, offered as suggestions; the filter takes any type. */
export const TRANSACTION_TYPE_SUGGESTIONS = [
  'API',
  'Invoice',
  'POS',
  'Payout',
  'ReflexTrader',
  'vToken',
  'LTR',
  'Swap',
] as const;

/**
 * A free-text, type or coin filter the per-day counts cannot answer is counted up to here and shown as
 * 'of more than n' (ADR 0010's cap, at the VTokens list's size: this screen is read, not typed into).
 */
export const ALL_TRANSACTIONS_COUNT_CAP = 10_000;

/** A list in a query string may come as `a,b` or as repeated keys; both end up an array. */
const csvList = <T extends z.ZodType>(item: T, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v),
    z.array(item).max(32, `Choose at most 32 ${label}`),
  );

/**
 * What a saved view keeps and the list filters on: filters and sort, never a page or a result. Every key
 * has a default or is optional, so an old view still opens when a filter is added later.
 */
export const transactionViewFiltersShape = {
  range: z
    .enum(ALL_TRANSACTIONS_RANGES, `The range must be one of ${ALL_TRANSACTIONS_RANGES.join(', ')}`)
    .default('all'),
  from: day('The From date').optional(),
  to: day('The To date').optional(),
  merchantId: optionalId('The merchant id'),
  statuses: csvList(statusFilterValueSchema, 'statuses').default([]),
  types: csvList(
    z.string().trim().min(1, 'A type cannot be empty').max(40, 'A type must be at most 40 characters'),
    'types',
  ).default([]),
  coin: optionalId('The coin'),
  /** SPEC §5's keyword: a T/P id, xc id, hash, address, e-mail, reference or text (ADR 0005, 0010). */
  keyword: z
    .string({ error: 'The keyword must be text' })
    .trim()
    .max(200, 'The keyword must be at most 200 characters')
    .default(''),
  sort: z
    .enum(TRANSACTION_SORT_COLUMNS, `Sort by one of ${TRANSACTION_SORT_COLUMNS.join(', ')}`)
    .default('CreatedOn'),
  order: z.enum(['asc', 'desc'], 'The order must be asc or desc').default('desc'),
};

type RangeFields = { range: AllTransactionsRange; from?: string | undefined; to?: string | undefined };
/** A custom range needs both days, in order; the other ranges ignore them. */
export const refineRange = <S extends z.ZodType<RangeFields>>(schema: S) =>
  schema
    .refine((p) => p.range !== 'custom' || (p.from !== undefined && p.to !== undefined), {
      message: 'A custom range needs a From and a To date',
      path: ['from'],
    })
    .refine((p) => p.range !== 'custom' || !p.from || !p.to || p.from <= p.to, {
      message: DATE_RANGE_MESSAGES.fromAfterTo,
      path: ['from'],
    });

export const transactionViewFiltersSchema = refineRange(z.object(transactionViewFiltersShape));
export type TransactionViewFilters = z.output<typeof transactionViewFiltersSchema>;

/** The Transactions screen's page size (SPEC §9). */
export const ALL_TRANSACTIONS_PAGE_SIZE = TRANSACTIONS_PAGE_SIZE;

/** A view's name is its address: /admin/transactions/all/<name>. */
export const TRANSACTION_VIEW_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TRANSACTION_VIEW_NAME_MAX = 60;
/** Views one staff member may keep: a picker, not an archive. */
export const TRANSACTION_VIEWS_PER_AUTHOR = 50;

export const transactionViewNameSchema = z
  .string({ error: 'A name is required' })
  .trim()
  .min(1, 'A name is required')
  .max(TRANSACTION_VIEW_NAME_MAX, `The name must be at most ${TRANSACTION_VIEW_NAME_MAX} characters`)
  .regex(
    TRANSACTION_VIEW_NAME_PATTERN,
    'Use lower-case letters, digits and single dashes (it is the view’s address)',
  );

/** A name as staff type it ('Big EUR payments') as the slug it is saved under ('big-eur-payments'). */
export const slugifyViewName = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TRANSACTION_VIEW_NAME_MAX)
    .replace(/-+$/g, '');

export const transactionViewSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  /** Shared with every staff member holding view-transactions; otherwise only its author sees it. */
  Shared: z.boolean(),
  Filters: transactionViewFiltersSchema,
  Author: z.string(),
  /** The caller wrote it: only the author renames, updates or deletes it (admins may delete shared ones). */
  IsMine: z.boolean(),
  /** The caller may delete it: its author, or admin-commander for a shared view. */
  CanDelete: z.boolean(),
  CreatedOn: z.string(),
  UpdatedOn: z.string(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;
