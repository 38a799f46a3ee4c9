import type { ROLE_ADMIN_CALLS } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminHandlerSlice } from '../admin/admin.calls';
import type { AccessChanges } from '../staff/access-changes.bus';
import { createRoleAdminService } from './role-admin.service';

/** Role editing's calls: each a thin step to the service; the staff context is the audited actor. */
export const roleAdminHandlers = (deps: {
  db: Db;
  accessChanges: AccessChanges;
}): AdminHandlerSlice<typeof ROLE_ADMIN_CALLS> => {
  const roles = createRoleAdminService(deps);
  return {
    CreateRole: (params, context) => roles.create(params, context),
    UpdateRole: (params, context) => roles.update(params, context),
    DeleteRole: (params, context) => roles.remove(params, context),
  };
};
