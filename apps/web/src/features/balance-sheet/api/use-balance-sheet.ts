import type { ADMIN_CALLS, AltCoin, ParamsOf } from '@bo/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useAdminQuery } from '../../../lib/api/use-call-query';

export type BalanceSheetParams = ParamsOf<typeof ADMIN_CALLS.BalanceSheet>;

/** One of the six lists; the figures move with every payment, so each visit asks again. */
export const useBalanceSheet = (params: BalanceSheetParams, isEnabled = true) =>
  useAdminQuery('BalanceSheet', params, {
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

const byName = (a: AltCoin, b: AltCoin): number => a.Name.localeCompare(b.Name);

/** The alt coins, to find the list a `?coin=` belongs to; same call and key as the side menu's list. */
export const useBalanceSheetCoins = () =>
  useAdminQuery('ListAltCoins', {}, { select: (coins) => [...coins].sort(byName), staleTime: 5 * 60_000 });
