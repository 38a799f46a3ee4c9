import { ADMIN_CALLS, type AltCoin, type BalanceSheetBuyFilter, type BalanceSheetList } from '@bo/contract';
import { useSearchParams } from 'react-router';

const schema = ADMIN_CALLS.BalanceSheet.params;
const coinSchema = ADMIN_CALLS.XChangeOfflinePool.params.shape.coin;

export interface BalanceSheetQuery {
  online: BalanceSheetList;
  buy: BalanceSheetBuyFilter;
  /** The coin to highlight (`?coin=`), when the address names a valid id. */
  coinId: number | null;
  /** What is wrong with the address, in words; the list falls back to its defaults. */
  problems: string[];
  /**
   * Whether the list to show is known: a `?coin=` without `online` waits for the coins, so the page does
   * not load the online list first and then jump to the offline one.
   */
  isReady: boolean;
  setList(online: BalanceSheetList, buy: BalanceSheetBuyFilter): void;
}

/**
 * The balance sheet's state in the URL (`?coin=&online=&buy=`), parsed with the contract's schemas so a
 * shared or typed address means the same as a click. Without `online`, a `?coin=` opens the list holding it.
 */
export function useBalanceSheetQuery(
  coins: readonly AltCoin[] | undefined,
  areCoinsSettled: boolean,
): BalanceSheetQuery {
  const [search, setSearch] = useSearchParams();
  const problems: string[] = [];

  const rawCoin = search.get('coin');
  let coinId: number | null = null;
  if (rawCoin !== null) {
    const parsed = coinSchema.safeParse(rawCoin);
    if (parsed.success) coinId = parsed.data;
    else problems.push(`${parsed.error.issues[0]?.message ?? 'The coin is not valid'} (coin=${rawCoin})`);
  }
  const coin = coinId === null ? undefined : coins?.find((c) => c.ID === coinId);
  if (coinId !== null && coins && !coin) problems.push(`No coin found with ID ${coinId}`);

  const raw = {
    online: search.get('online') ?? (coin ? (coin.isOnline ? 'online' : 'offline') : undefined),
    buy: search.get('buy') ?? undefined,
  };
  const parsed = schema.safeParse(raw);
  let online: BalanceSheetList = 'online';
  let buy: BalanceSheetBuyFilter = 'both';
  if (parsed.success) ({ online, buy } = parsed.data);
  else {
    for (const issue of parsed.error.issues) problems.push(issue.message);
    const each = (key: 'online' | 'buy') => schema.shape[key].safeParse(raw[key]);
    const o = each('online');
    const b = each('buy');
    if (o.success) online = o.data as BalanceSheetList;
    if (b.success) buy = b.data as BalanceSheetBuyFilter;
  }

  const setList = (nextOnline: BalanceSheetList, nextBuy: BalanceSheetBuyFilter) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.set('online', nextOnline);
      next.set('buy', nextBuy);
      return next;
    });

  const isReady = coinId === null || search.get('online') !== null || areCoinsSettled;
  return { online, buy, coinId: coin ? coinId : null, problems, isReady, setList };
}
