import { type STAFF_CALLS, staffMemberSchema } from '@bo/contract';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createStaffAdminService, type StaffAdminDeps } from './staff-admin.service';

export const staffHandlers = (deps: StaffAdminDeps): AdminHandlerSlice<typeof STAFF_CALLS> => {
  const staffAdmin = createStaffAdminService(deps);
  return {
    ListStaff: () => staffAdmin.list(),
    UpdateStaff: (params, context) => staffAdmin.update(params, context.actor),
    StaffSessions: (params, context) => staffAdmin.liveSessions(params.StaffID, context.actor),
    EndStaffSession: (params, context) => staffAdmin.endSession(params.SessionID, context.actor),
  };
};

export const staffExports: AdminExportSlice<typeof STAFF_CALLS> = {
  ListStaff: { row: staffMemberSchema, rows: (data) => data.data },
};
