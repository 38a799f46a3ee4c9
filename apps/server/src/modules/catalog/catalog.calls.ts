import type { CATALOG_CALLS, SidebarLinks } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminHandlerSlice } from '../admin/admin.calls';
import { listAltCoins } from './catalog.repository';

export const catalogHandlers = (deps: {
  db: Db;
  sidebarLinks: SidebarLinks;
}): AdminHandlerSlice<typeof CATALOG_CALLS> => ({
  ListAltCoins: () => listAltCoins(deps.db),
  SidebarLinks: async () => deps.sidebarLinks,
});
