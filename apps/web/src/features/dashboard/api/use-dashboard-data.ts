import { useAdminQuery } from '../../../lib/api/use-call-query';

// Each box asks only when the user holds its slug; the server checks again (SPEC §6).
export const useLast24H = (isEnabled: boolean) => useAdminQuery('Last24HData', {}, { enabled: isEnabled });

export const useTotalRegistrations24H = (isEnabled: boolean) =>
  useAdminQuery('TotalRegistrations24H', {}, { enabled: isEnabled });

export const useLatestKyc = (isEnabled: boolean) => useAdminQuery('LatestKYC', {}, { enabled: isEnabled });

export const useRecentRegistrations = (isEnabled: boolean) =>
  useAdminQuery('RecentRegistrations', {}, { enabled: isEnabled });
