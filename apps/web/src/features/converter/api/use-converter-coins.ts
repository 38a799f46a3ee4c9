import type { AltCoin } from '@bo/contract';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const byName = (a: AltCoin, b: AltCoin): number => a.Name.localeCompare(b.Name);

/**
 * The coins to convert between, sorted by Name. Same call and key as the side menu's list (features do not
 * import each other), so both share one cached answer.
 */
export const useConverterCoins = () =>
  useAdminQuery('ListAltCoins', {}, { select: (coins) => [...coins].sort(byName), staleTime: 5 * 60_000 });
