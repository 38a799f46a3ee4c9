import { z } from 'zod';
import { permissionSchema } from '../../auth/auth.schema';
import { noParams } from '../../common/params.schema';
import { roleSchema } from '../../entities/catalog.schema';
import { adminCalls, get, list } from '../define';

export const ROLES_CALLS = adminCalls({
  ListPermissions: get(
    'view-roles',
    noParams,
    z.object({ data: z.array(permissionSchema.extend({ Description: z.string() })) }),
  ),
  ListRoles: list('view-roles', noParams, z.object({ data: z.array(roleSchema) })),
});
