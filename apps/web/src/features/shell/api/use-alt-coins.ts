import type { AltCoin } from '@bo/contract';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const byName = (a: AltCoin, b: AltCoin): number => a.Name.localeCompare(b.Name);

/** The alt coins the admin layout loads on entry (SPEC §2.4), sorted by Name. */
export const useAltCoins = () =>
  useAdminQuery('ListAltCoins', {}, { select: (coins) => [...coins].sort(byName), staleTime: 5 * 60_000 });
