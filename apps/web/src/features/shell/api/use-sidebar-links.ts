import { useAdminQuery } from '../../../lib/api/use-call-query';
import { useHasPermission } from '../../../lib/session/use-permission';

/** The configured links of the Tools and Tomcat Servers groups; only administrators are given them. */
export function useSidebarLinks() {
  const isAdmin = useHasPermission('admin-commander');
  return useAdminQuery('SidebarLinks', {}, { enabled: isAdmin, staleTime: 30 * 60_000 });
}
