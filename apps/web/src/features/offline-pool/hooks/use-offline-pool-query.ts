import { ADMIN_CALLS } from '@bo/contract';
import { useSearchParams } from 'react-router';

/** The params as the schema reads them: numbers and an order, defaults filled in. */
export type OfflinePoolQueryParams = ReturnType<typeof ADMIN_CALLS.XChangeOfflinePool.params.parse>;

export type OfflinePoolQuery =
  /** No coin in the address yet: the screen asks for one. */
  | { kind: 'none' }
  /** The address cannot be read; `message` says why. */
  | { kind: 'invalid'; message: string; coinId: number | null }
  | { kind: 'ok'; params: OfflinePoolQueryParams };

/**
 * The pool's state in the URL (`?coin=&id=&page=&order=`, SPEC §2.1), read with the call's own schema so
 * the address is checked exactly as the server checks it.
 */
export function useOfflinePoolQuery() {
  const [search, setSearch] = useSearchParams();
  const read = (key: string) => {
    const value = search.get(key);
    return value === null || value.trim() === '' ? undefined : value;
  };
  const raw = { coin: read('coin'), id: read('id'), page: read('page'), order: read('order') };
  let query: OfflinePoolQuery;
  if (raw.coin === undefined && raw.id === undefined) query = { kind: 'none' };
  else {
    const parsed = ADMIN_CALLS.XChangeOfflinePool.params.safeParse(raw);
    if (parsed.success) query = { kind: 'ok', params: parsed.data };
    else {
      const issue = parsed.error.issues[0];
      const key = issue?.path[0];
      const shown = typeof key === 'string' && key in raw ? raw[key as keyof typeof raw] : undefined;
      const coin = ADMIN_CALLS.XChangeOfflinePool.params.shape.coin.safeParse(raw.coin);
      query = {
        kind: 'invalid',
        message: `${issue?.message ?? 'This address cannot be read'}${shown === undefined ? '' : ` (${String(key)}=${shown})`}`,
        coinId: coin.success ? coin.data : null,
      };
    }
  }

  const update = (changes: Record<string, string | null>) =>
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return {
    query,
    /** Another coin: its own pool from the first page; the failure record belonged to the old coin. */
    chooseCoin: (coinId: number) => setSearch(new URLSearchParams({ coin: String(coinId) })),
    setPage: (page: number) => update({ page: page === 1 ? null : String(page) }),
    setOrder: (order: 'asc' | 'desc') => update({ order: order === 'desc' ? null : order, page: null }),
  };
}
