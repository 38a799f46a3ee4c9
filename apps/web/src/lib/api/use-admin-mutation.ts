import type { ADMIN_CALLS, AdminCallName, DataOf, ParamsOf } from '@bo/contract';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../notify';
import { adminCall } from './admin-client';
import { callKey } from './query-keys';

type AdminDef<N extends AdminCallName> = (typeof ADMIN_CALLS)[N];

export interface AdminMutationOptions<N extends AdminCallName> {
  /** Calls whose queries (any params) are stale once this one has run, whether it succeeded or not. */
  invalidates?: readonly AdminCallName[];
  /** The success toast (SPEC §8), or a function of the answer and the params. */
  success?: string | ((data: DataOf<AdminDef<N>>, params: ParamsOf<AdminDef<N>>) => string);
  onSuccess?: (data: DataOf<AdminDef<N>>, params: ParamsOf<AdminDef<N>>) => void;
  /** The caller shows the error itself (e.g. on a form's fields) instead of the global toast. */
  handlesErrors?: boolean;
}

/**
 * One admin call as a mutation, typed from the contract: params and answer are inferred from `name`. An
 * error goes through the global policy (the server's message as a toast, except 'unauthorized'; SPEC §8).
 */
export const useAdminMutation = <N extends AdminCallName>(
  name: N,
  options: AdminMutationOptions<N> = {},
): UseMutationResult<DataOf<AdminDef<N>>, Error, ParamsOf<AdminDef<N>>> => {
  const client = useQueryClient();
  const { invalidates = [], success, onSuccess, handlesErrors = false } = options;
  return useMutation({
    mutationFn: (params: ParamsOf<AdminDef<N>>) => adminCall(name, params),
    meta: { handlesErrors },
    onSuccess: (data, params) => {
      if (success) notifySuccess(typeof success === 'function' ? success(data, params) : success);
      onSuccess?.(data, params);
    },
    onSettled: () =>
      Promise.all(invalidates.map((call) => client.invalidateQueries({ queryKey: callKey(call) }))),
  });
};
