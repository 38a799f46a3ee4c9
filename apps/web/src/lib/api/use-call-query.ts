import type { ADMIN_CALLS, AdminCallName, DataOf, MAIN_CALLS, MainCallName, ParamsOf } from '@bo/contract';
import { type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { adminCall } from './admin-client';
import { mainCall } from './main-client';
import { queryKey } from './query-keys';

type AdminDef<N extends AdminCallName> = (typeof ADMIN_CALLS)[N];
type MainDef<N extends MainCallName> = (typeof MAIN_CALLS)[N];

type ExtraOptions<TData, TSelected> = Omit<
  UseQueryOptions<TData, Error, TSelected, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

/** useQuery over one admin call, keyed by [service, call, params]. */
export const useAdminQuery = <N extends AdminCallName, TSelected = DataOf<AdminDef<N>>>(
  name: N,
  params: ParamsOf<AdminDef<N>>,
  options: ExtraOptions<DataOf<AdminDef<N>>, TSelected> = {},
): UseQueryResult<TSelected, Error> =>
  useQuery({
    queryKey: queryKey('admin', name, params as object),
    queryFn: ({ signal }) => adminCall(name, params, { signal }),
    ...options,
  });

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
