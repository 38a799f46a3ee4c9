import type { ADMIN_CALLS, AltCoin, ParamsOf } from '@bo/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useAdminQuery } from '../../../lib/api/use-call-query';

export type OfflinePoolParams = ParamsOf<typeof ADMIN_CALLS.XChangeOfflinePool>;

/**
 * One page of a coin's open xChange transactions. The page shows a refused coin or failure record itself
 * (the server's message), so the global toast is left out for those.
 */
export const useOfflinePool = (params: OfflinePoolParams | null) =>
  useAdminQuery('XChangeOfflinePool', params ?? { coin: 0 }, {
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { handlesErrors: true },
  });

const byName = (a: AltCoin, b: AltCoin): number => a.Name.localeCompare(b.Name);

/** The coin picker's list; same call and key as the side menu's list. */
export const usePoolCoins = () =>
  useAdminQuery('ListAltCoins', {}, { select: (coins) => [...coins].sort(byName), staleTime: 5 * 60_000 });
