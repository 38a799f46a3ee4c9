import { XC_RANGE_DAYS } from '@bo/contract';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchKeyword } from '../../../lib/search/search-keyword.store';
import { defaultTransactionFilters, type TransactionFilters, todayDay } from './use-transaction-filters';

/** The dashboard's one-shot query options (SPEC §2.6), each read and then cleared from the URL. */
export const QUERY_OPTIONS = ['reload', 'search', 'searching', 'xc'] as const;

/**
 * What the options ask for, on top of the current filters; `null` when none is present. Pure, so the rules of
 * SPEC §2.6 are tested without a router: reload resets the range to the last 7 days, search sets the keyword,
 * xc sets the keyword and widens the range to 60 days, searching takes the header's shared keyword.
 */
export function filtersForQueryOptions(
  search: URLSearchParams,
  current: TransactionFilters,
  sharedKeyword: string,
  today = todayDay(),
): TransactionFilters | null {
  if (!QUERY_OPTIONS.some((key) => search.has(key))) return null;
  let next = { ...current };
  if (search.has('reload')) {
    const defaults = defaultTransactionFilters();
    next = { ...next, from: defaults.from, to: today };
  }
  const keyword = search.get('search')?.trim();
  if (keyword) next = { ...next, keyword };
  const xc = search.get('xc')?.trim();
  if (xc) {
    next = {
      ...next,
      // An xChange id alone is searched as 'xc' plus the id, the keyword shape of an xChange match (SPEC §5).
      keyword: /^\d+$/.test(xc) ? `xc${xc}` : xc,
      from: dayjs(today).subtract(XC_RANGE_DAYS, 'day').format('YYYY-MM-DD'),
      to: today,
    };
  }
  if (search.has('searching') && sharedKeyword.trim()) next = { ...next, keyword: sharedKeyword.trim() };
  return next;
}

/** Runs the query options once each time they appear, then removes them from the URL. */
export function useQueryOptions(
  filters: TransactionFilters,
  run: (next: TransactionFilters, drop: readonly string[]) => void,
) {
  const [search] = useSearchParams();
  const sharedKeyword = useSearchKeyword((s) => s.keyword);
  const latest = useRef({ filters, run, sharedKeyword });
  latest.current = { filters, run, sharedKeyword };
  useEffect(() => {
    const { filters: current, run: apply, sharedKeyword: shared } = latest.current;
    const next = filtersForQueryOptions(search, current, shared);
    if (next) apply(next, QUERY_OPTIONS);
  }, [search]);
}
