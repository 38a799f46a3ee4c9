import type { DASHBOARD_CALLS } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminHandler, AdminHandlerSlice } from '../admin/admin.calls';
import {
  DASHBOARD_DAY_MS,
  overview24h,
  pendingKyc,
  recentRegistrations,
  registrationsSince,
} from './dashboard.repository';

export const dashboardHandlers = (deps: {
  db: Db;
  now: () => Date;
  // The status area reads the replica lag; the dashboard only shows it.
  syncStatus: { read: () => ReturnType<AdminHandler<'SlaveStatus'>> };
}): AdminHandlerSlice<typeof DASHBOARD_CALLS> => ({
  Last24HData: () => overview24h(deps.db, deps.now()),
  LatestKYC: () => pendingKyc(deps.db),
  RecentRegistrations: () => recentRegistrations(deps.db),
  TotalRegistrations24H: async () => ({
    TotalRegistrations: await registrationsSince(deps.db, new Date(deps.now().getTime() - DASHBOARD_DAY_MS)),
  }),
  SlaveStatus: () => deps.syncStatus.read(),
});
