import { z } from 'zod';
import { idParam, noParams } from '../../common/params.schema';
import { staffMemberSchema, staffRoleOptionSchema, staffSessionSchema } from '../../entities/staff.schema';
import { adminCalls, get, list, post } from '../define';

/** Staff access management (issue #5). */
export const STAFF_CALLS = adminCalls({
  /**
   * Staff accounts with their role and state, and the roles one can be given (issue #5). admin-commander:
   * whoever can change an account's access must see them all, ListRoles' view-roles is not enough.
   */
  ListStaff: list(
    'admin-commander',
    noParams,
    z.object({ data: z.array(staffMemberSchema), roles: z.array(staffRoleOptionSchema) }),
  ),
  /** Changes a staff member's role, or disables or re-enables the account; takes effect on their next call. */
  UpdateStaff: post(
    'admin-commander',
    z
      .object({
        ID: idParam('The staff id'),
        RoleID: idParam('The role').optional(),
        Disabled: z.boolean({ error: 'Disabled must be true or false' }).optional(),
      })
      .refine((p) => p.RoleID !== undefined || p.Disabled !== undefined, {
        message: 'Give a role or a disabled state to change',
      }),
    staffMemberSchema,
  ),
  /** The live sessions of every staff member, or of one (`StaffID`), most recently seen first. */
  StaffSessions: get(
    'admin-commander',
    z.object({ StaffID: idParam('The staff id').optional() }),
    z.array(staffSessionSchema),
  ),
  /** Ends one staff session at once: its next call is refused and its live feeds close (issue #5). */
  EndStaffSession: post(
    'admin-commander',
    z.object({ SessionID: z.uuid({ error: 'SessionID must be a session id' }) }),
    z.object({ SessionID: z.string(), EndedAt: z.string() }),
  ),
});
