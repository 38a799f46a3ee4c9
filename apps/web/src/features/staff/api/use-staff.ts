import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

// Other administrators change staff and sessions too; a list left open should not go stale for long.
const REFRESH_MS = 30_000;

export const useStaffList = () => useAdminQuery('ListStaff', {}, { refetchInterval: REFRESH_MS });

export const useStaffSessions = () => useAdminQuery('StaffSessions', {}, { refetchInterval: REFRESH_MS });

// Both lists change together: a disabled account loses its sessions, an ended session its count.
const STAFF_LISTS = ['ListStaff', 'StaffSessions'] as const;

export const useUpdateStaff = () => useAdminMutation('UpdateStaff', { invalidates: STAFF_LISTS });

export const useEndStaffSession = () => useAdminMutation('EndStaffSession', { invalidates: STAFF_LISTS });
