import type { ADMIN_CALLS, ParamsOf } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall } from '../../../lib/api/admin-client';
import { queryKey } from '../../../lib/api/query-keys';
import { useAdminQuery } from '../../../lib/api/use-call-query';

// Other administrators change staff and sessions too; a list left open should not go stale for long.
const REFRESH_MS = 30_000;

export const useStaffList = () => useAdminQuery('ListStaff', {}, { refetchInterval: REFRESH_MS });

export const useStaffSessions = () => useAdminQuery('StaffSessions', {}, { refetchInterval: REFRESH_MS });

/** Both lists change together: a disabled account loses its sessions, an ended session its count. */
const useRefreshStaff = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKey('admin', 'ListStaff').slice(0, 2) }),
      client.invalidateQueries({ queryKey: queryKey('admin', 'StaffSessions').slice(0, 2) }),
    ]);
};

export const useUpdateStaff = () => {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof ADMIN_CALLS.UpdateStaff>) => adminCall('UpdateStaff', params),
    onSettled: refresh,
  });
};

export const useEndStaffSession = () => {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof ADMIN_CALLS.EndStaffSession>) =>
      adminCall('EndStaffSession', params),
    onSettled: refresh,
  });
};
