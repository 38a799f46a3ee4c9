import type { ADMIN_CALLS, ParamsOf } from '@bo/contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '../../../lib/api/admin-client';
import { queryKey } from '../../../lib/api/query-keys';
import { useAdminQuery } from '../../../lib/api/use-call-query';

export type FailureListParams = ParamsOf<typeof ADMIN_CALLS.TransactionFailure>;

/** One page of failure causes; the previous page stays shown while the next loads. */
export const useFailureList = (params: FailureListParams) =>
  useAdminQuery('TransactionFailure', params, { placeholderData: keepPreviousData, staleTime: 0 });

/** UpdateTable on Transaction_Failure (SPEC §7.1): the sticky flag or the notes of one record. */
export const useUpdateFailure = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof ADMIN_CALLS.UpdateTable>) => adminCall('UpdateTable', params),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: queryKey('admin', 'TransactionFailure').slice(0, 2) }),
  });
};
