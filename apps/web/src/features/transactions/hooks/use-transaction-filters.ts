import {
  DEFAULT_RANGE_DAYS,
  DEFAULT_STATUS_FILTER,
  type StatusFilterValue,
  statusFilterValueSchema,
  type TransactionSortColumn,
  transactionSortColumnSchema,
} from '@bo/contract';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/** The applied filters and sort of the dashboard table; they live in the URL (the page cursor does not). */
export interface TransactionFilters {
  from: string;
  to: string;
  merchantId: number | null;
  keyword: string;
  statuses: StatusFilterValue[];
  sort: TransactionSortColumn;
  order: SortOrder;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KEYS = ['from', 'to', 'merchant', 'keyword', 'statuses', 'sort', 'order'] as const;

/** Today in the picker's (the browser's) zone, as YYYY-MM-DD. */
export const todayDay = (): string => dayjs().format('YYYY-MM-DD');

/** The defaults of SPEC §2.6 / §9: the last 7 days, the default statuses, newest first. */
export const defaultTransactionFilters = (): TransactionFilters => ({
  from: dayjs().subtract(DEFAULT_RANGE_DAYS, 'day').format('YYYY-MM-DD'),
  to: todayDay(),
  merchantId: null,
  keyword: '',
  statuses: [...DEFAULT_STATUS_FILTER],
  sort: 'CreatedOn',
  order: 'desc',
});

/** Reads the filters from search params; anything malformed falls back to its default. */
export const parseTransactionFilters = (search: URLSearchParams): TransactionFilters => {
  const defaults = defaultTransactionFilters();
  const day = (key: string, fallback: string): string => {
    const value = search.get(key);
    return value !== null && DAY.test(value) ? value : fallback;
  };
  const merchant = Number(search.get('merchant'));
  const statusesParam = search.get('statuses');
  const statuses =
    statusesParam === null
      ? defaults.statuses
      : statusesParam.split(',').flatMap((s) => {
          const parsed = statusFilterValueSchema.safeParse(s);
          return parsed.success ? [parsed.data] : [];
        });
  const sort = transactionSortColumnSchema.safeParse(search.get('sort'));
  const order = search.get('order');
  return {
    from: day('from', defaults.from),
    to: day('to', defaults.to),
    merchantId: Number.isSafeInteger(merchant) && merchant > 0 ? merchant : null,
    keyword: search.get('keyword')?.trim() ?? '',
    statuses,
    sort: sort.success ? sort.data : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
  };
};

const writeFilters = (search: URLSearchParams, filters: TransactionFilters): URLSearchParams => {
  const next = new URLSearchParams(search);
  for (const key of KEYS) next.delete(key);
  next.set('from', filters.from);
  next.set('to', filters.to);
  if (filters.merchantId !== null) next.set('merchant', String(filters.merchantId));
  if (filters.keyword) next.set('keyword', filters.keyword);
  next.set('statuses', filters.statuses.join(','));
  next.set('sort', filters.sort);
  next.set('order', filters.order);
  return next;
};

/** The dashboard table's filters and sort, kept in the URL search params. */
export const useTransactionFilters = () => {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseTransactionFilters(search), [search]);

  /** Applies filters; `drop` removes other params in the same navigation (the one-shot query options). */
  const apply = useCallback(
    (next: TransactionFilters, options: { drop?: readonly string[] } = {}) =>
      setSearch(
        (current) => {
          const written = writeFilters(current, next);
          for (const key of options.drop ?? []) written.delete(key);
          return written;
        },
        { replace: (options.drop?.length ?? 0) > 0 },
      ),
    [setSearch],
  );

  const reset = useCallback(
    () =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const key of KEYS) next.delete(key);
        return next;
      }),
    [setSearch],
  );

  return { filters, apply, reset };
};
