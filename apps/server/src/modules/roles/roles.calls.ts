import { type ROLES_CALLS, roleSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { listPermissions, listRoles } from './roles.repository';

export const rolesHandlers = (deps: { db: Db }): AdminHandlerSlice<typeof ROLES_CALLS> => ({
  ListPermissions: async () => ({ data: await listPermissions(deps.db) }),
  ListRoles: async () => ({ data: await listRoles(deps.db) }),
});

export const rolesExports: AdminExportSlice<typeof ROLES_CALLS> = {
  ListRoles: { row: roleSchema, rows: (data) => data.data },
};
