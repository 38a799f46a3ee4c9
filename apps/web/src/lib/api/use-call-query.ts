import type { ADMIN_CALLS, AdminCallName, DataOf, MAIN_CALLS, MainCallName, ParamsOf } from '@bo/contract';
import { type UseQueryOptions, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall } from './admin-client';
import { mainCall } from './main-client';
import { queryKey } from './query-keys';

type AdminDef<N extends AdminCallName> = (typeof ADMIN_CALLS)[N];
type MainDef<N extends MainCallName> = (typeof MAIN_CALLS)[N];

type ExtraOptions<TData, TSelected> = Omit<
  UseQueryOptions<TData, Error, TSelected, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

/** The key and fetcher of one admin call's query, for useAdminQuery and for prefetching it. */
export const adminQuery = <N extends AdminCallName>(name: N, params: ParamsOf<AdminDef<N>>) => ({
  queryKey: queryKey('admin', name, params as object),
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<DataOf<AdminDef<N>>> =>
    adminCall(name, params, { signal }),
});

/** useQuery over one admin call, keyed by [service, call, params]. */
export const useAdminQuery = <N extends AdminCallName, TSelected = DataOf<AdminDef<N>>>(
  name: N,
  params: ParamsOf<AdminDef<N>>,
  options: ExtraOptions<DataOf<AdminDef<N>>, TSelected> = {},
): UseQueryResult<TSelected, Error> => useQuery({ ...adminQuery(name, params), ...options });

/**
 * Sends an admin call while the component is still being drawn, instead of once the whole page has been
 * (when its queries start): for the figures a screen shows first. A call already cached or on its way is
 * not sent again; the component's useAdminQuery picks the answer up.
 */
export const usePrefetchAdminQuery = <N extends AdminCallName>(
  name: N,
  params: ParamsOf<AdminDef<N>>,
  isEnabled: boolean,
): void => {
  const client = useQueryClient();
  const query = adminQuery(name, params);
  if (isEnabled && !client.getQueryState(query.queryKey)) void client.prefetchQuery(query);
};

/** useQuery over one main-service call, keyed by [service, call, params]. */
export const useMainQuery = <N extends MainCallName, TSelected = DataOf<MainDef<N>>>(
  name: N,
  params: ParamsOf<MainDef<N>>,
  options: ExtraOptions<DataOf<MainDef<N>>, TSelected> = {},
): UseQueryResult<TSelected, Error> =>
  useQuery({
    queryKey: queryKey('main', name, params as object),
    queryFn: ({ signal }) => mainCall(name, params, { signal }),
    ...options,
  });
