import { z } from 'zod';
import { PERMISSION_SLUGS } from '../../auth/permissions';
import { idParam } from '../../common/params.schema';
import { roleSchema } from '../../entities/catalog.schema';
import { adminCalls, post } from '../define';

export const ROLE_NAME_MIN_LENGTH = 2;
export const ROLE_NAME_MAX_LENGTH = 60;
export const ROLE_DESCRIPTION_MAX_LENGTH = 200;

const roleName = z
  .string({ error: 'The name must be text' })
  .trim()
  .min(ROLE_NAME_MIN_LENGTH, `A role name has ${ROLE_NAME_MIN_LENGTH} to ${ROLE_NAME_MAX_LENGTH} characters`)
  .max(ROLE_NAME_MAX_LENGTH, `A role name has ${ROLE_NAME_MIN_LENGTH} to ${ROLE_NAME_MAX_LENGTH} characters`);
const roleDescription = z
  .string({ error: 'The description must be text' })
  .trim()
  .max(ROLE_DESCRIPTION_MAX_LENGTH, `A description has at most ${ROLE_DESCRIPTION_MAX_LENGTH} characters`);
/** Permission slugs of SPEC §6; a repeated slug counts once. */
const roleSlugs = z
  .array(z.enum(PERMISSION_SLUGS, `A permission is one of ${PERMISSION_SLUGS.join(', ')}`), {
    error: 'Slugs must be a list of permission slugs',
  })
  .max(PERMISSION_SLUGS.length * 2, 'Too many slugs');

/**
 * Role editing (beyond SPEC §6, which shows roles read-only): admin-commander creates, renames, re-describes,
 * changes the slugs of and deletes roles. A slug change takes effect on the next call of every holder.
 */
export const ROLE_ADMIN_CALLS = adminCalls({
  /** A new role; its name is unique whatever its case (409 'A role named X exists'). */
  CreateRole: post(
    'admin-commander',
    z.object({ Name: roleName, Description: roleDescription.default(''), Slugs: roleSlugs.default([]) }),
    roleSchema,
  ),
  /** Changes what is given of a role's name, description and slugs; answers the role as it now is. */
  UpdateRole: post(
    'admin-commander',
    z
      .object({
        ID: idParam('The role id'),
        Name: roleName.optional(),
        Description: roleDescription.optional(),
        Slugs: roleSlugs.optional(),
      })
      .refine((p) => p.Name !== undefined || p.Description !== undefined || p.Slugs !== undefined, {
        message: 'Give a name, a description or permission slugs to change',
      }),
    roleSchema,
  ),
  /** Deletes a role nobody holds, disabled accounts included (409 'Role X is held by N staff members'). */
  DeleteRole: post(
    'admin-commander',
    z.object({ ID: idParam('The role id') }),
    z.object({ ID: z.number().int(), Name: z.string() }),
  ),
});
