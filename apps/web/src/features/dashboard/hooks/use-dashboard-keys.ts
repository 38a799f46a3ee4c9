import { PAGE_WAKE_CHECK_MS, PAGE_WAKE_RELOAD_GAP_MS } from '@bo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKey } from '../../../lib/api/query-keys';
import { DASHBOARD_KEYWORD_INPUT_ID } from '../../../lib/dashboard-dom';

/** The side data F2 refreshes (SPEC §2.6 item 5): everything around the transactions table. */
const SIDE_KEYS = [
  queryKey('admin', 'Last24HData').slice(0, 2),
  queryKey('admin', 'TotalRegistrations24H').slice(0, 2),
  queryKey('admin', 'LatestKYC').slice(0, 2),
  queryKey('admin', 'RecentRegistrations').slice(0, 2),
  queryKey('admin', 'SlaveStatus').slice(0, 2),
  queryKey('admin', 'TransactionFailure').slice(0, 2),
  ['main', 'ServiceStatus'],
];

/** F2 refreshes the side data and focuses the dashboard's keyword search. */
export function useF2Refresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F2') return;
      event.preventDefault();
      for (const key of SIDE_KEYS) void client.invalidateQueries({ queryKey: key });
      document.getElementById(DASHBOARD_KEYWORD_INPUT_ID)?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [client]);
}

/**
 * SPEC §4 page wake: a check every 10 s; when more than 20 s passed since the last one (the machine slept or
 * the tab was frozen) the dashboard reloads, since everything on it is stale.
 */
export function usePageWake(reload: () => void = () => window.location.reload()): void {
  useEffect(() => {
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const gap = now - last;
      last = now;
      if (gap > PAGE_WAKE_RELOAD_GAP_MS) reload();
    }, PAGE_WAKE_CHECK_MS);
    return () => clearInterval(timer);
  }, [reload]);
}
