import type { ADMIN_CALLS, ParamsOf } from '@bo/contract';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';

type CreateParams = ParamsOf<typeof ADMIN_CALLS.CreateRole>;
type UpdateParams = ParamsOf<typeof ADMIN_CALLS.UpdateRole>;

/** Roles and the staff list (which shows each member's role) change together. */
const INVALIDATES = ['ListRoles', 'ListStaff'] as const;

/**
 * Creates a role (no ID) or updates one (with its ID). The role dialog shows refusals on its fields, so the
 * global error toast stays out of it.
 */
export const useSaveRole = () => {
  const create = useAdminMutation('CreateRole', { invalidates: INVALIDATES, handlesErrors: true });
  const update = useAdminMutation('UpdateRole', { invalidates: INVALIDATES, handlesErrors: true });
  return {
    isPending: create.isPending || update.isPending,
    save: (params: CreateParams | UpdateParams) =>
      'ID' in params && params.ID !== undefined
        ? update.mutateAsync(params as UpdateParams)
        : create.mutateAsync(params as CreateParams),
  };
};

/** Deletes a role nobody holds; a refusal (someone took it meanwhile) is the server's message as a toast. */
export const useDeleteRole = () =>
  useAdminMutation('DeleteRole', {
    invalidates: INVALIDATES,
    success: (answer) => `Role ${answer.Name} deleted`,
  });
