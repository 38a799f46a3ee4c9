import { useAdminQuery, usePrefetchAdminQuery } from '../../../lib/api/use-call-query';

// Each box asks only when the user holds its slug; the server checks again (SPEC §6).
export const useLast24H = (isEnabled: boolean) => useAdminQuery('Last24HData', {}, { enabled: isEnabled });

export const useTotalRegistrations24H = (isEnabled: boolean) =>
  useAdminQuery('TotalRegistrations24H', {}, { enabled: isEnabled });

export const useLatestKyc = (isEnabled: boolean) => useAdminQuery('LatestKYC', {}, { enabled: isEnabled });

export const useRecentRegistrations = (isEnabled: boolean) =>
  useAdminQuery('RecentRegistrations', {}, { enabled: isEnabled });

/**
 * The 24H boxes hold the dashboard's largest text (its LCP): their calls go out as the page starts drawing,
 * not after the transactions table and the side boxes have been drawn too (ADR 0012).
 */
export const usePrefetchSummary = (isEnabled: boolean): void => {
  usePrefetchAdminQuery('Last24HData', {}, isEnabled);
  usePrefetchAdminQuery('TotalRegistrations24H', {}, isEnabled);
};
