import type { SESSION_CALLS } from '@bo/contract';
import type { Db } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import type { AdminHandlerSlice } from '../admin/admin.calls';
import { findStaffById, permissionSlugsOfRole } from '../staff/staff.repository';
import type { Jwt } from './jwt.service';

export const sessionHandlers = (deps: { db: Db; jwt: Jwt }): AdminHandlerSlice<typeof SESSION_CALLS> => ({
  async GenerateJWTToken(params, context) {
    const account = await findStaffById(deps.db, context.staffId);
    if (!account || params.MerchantID !== account.id || params.APIKey !== account.apiKey) {
      throw new ApiError(403, 'Forbidden');
    }
    const slugs = await permissionSlugsOfRole(deps.db, account.roleId);
    return {
      Token: await deps.jwt.mint(account.id, context.sessionId),
      Permissions: slugs.map((Slug) => ({ Slug })),
    };
  },
});
