import type { ADMIN_CALLS, ParamsOf } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '../../../lib/api/admin-client';
import { queryKey } from '../../../lib/api/query-keys';

/** After a change the list and the detail are stale everywhere they are shown. */
const useRefreshTransactions = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKey('admin', 'ListTransactions').slice(0, 2) }),
      // A status change moves the row between the status filters' totals.
      client.invalidateQueries({ queryKey: queryKey('admin', 'CountTransactions').slice(0, 2) }),
      client.invalidateQueries({ queryKey: queryKey('admin', 'TransactionDetail').slice(0, 2) }),
      client.invalidateQueries({ queryKey: queryKey('admin', 'TransactionAudit').slice(0, 2) }),
    ]);
};

/**
 * The status dialog's change (SPEC §4). A failure goes through the global policy (the server's message as an
 * error toast, SPEC §8) and the dialog stays open with its choice.
 */
export const useStatusUpdate = () => {
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof ADMIN_CALLS.TransactionStatusUpdate>) =>
      adminCall('TransactionStatusUpdate', params),
    onSuccess: refresh,
  });
};

/** KYCLOG (SPEC §7.1): appends a stamped line; the dialog keeps the typed text if it fails. */
export const useAppendLog = () => {
  const refresh = useRefreshTransactions();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof ADMIN_CALLS.KYCLOG>) => adminCall('KYCLOG', params),
    onSuccess: refresh,
  });
};
