import { useAdminQuery } from '../../../lib/api/use-call-query';

export const useRoles = () => useAdminQuery('ListRoles', {}, { select: (answer) => answer.data });

export const usePermissions = () => useAdminQuery('ListPermissions', {}, { select: (answer) => answer.data });
