import { type OFFLINE_POOL_CALLS, offlinePoolRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createOfflinePoolService } from './offline-pool.service';

export const offlinePoolHandlers = (deps: { db: Db }): AdminHandlerSlice<typeof OFFLINE_POOL_CALLS> => {
  const offlinePool = createOfflinePoolService(deps.db);
  return { XChangeOfflinePool: (params) => offlinePool.pool(params) };
};

export const offlinePoolExports: AdminExportSlice<typeof OFFLINE_POOL_CALLS> = {
  XChangeOfflinePool: { row: offlinePoolRowSchema, rows: (data) => data.records },
};
