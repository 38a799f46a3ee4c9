import type { ADMIN_CALLS, ParamsOf } from '@bo/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

export type FailureListParams = ParamsOf<typeof ADMIN_CALLS.TransactionFailure>;

/** One page of failure causes; the previous page stays shown while the next loads. */
export const useFailureList = (params: FailureListParams) =>
  useAdminQuery('TransactionFailure', params, { placeholderData: keepPreviousData, staleTime: 0 });

/** UpdateTable on Transaction_Failure (SPEC §7.1): the sticky flag or the notes of one record. */
export const useUpdateFailure = () =>
  useAdminMutation('UpdateTable', { invalidates: ['TransactionFailure'] });
