import { type AUTONOMY_CALLS, autonomyRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createAutonomyService } from './autonomy.service';

/** Merchant Autonomy's calls: each a thin step to its service; the staff context is the audited actor. */
export const autonomyHandlers = (deps: {
  db: Db;
  now: () => Date;
}): AdminHandlerSlice<typeof AUTONOMY_CALLS> => {
  const autonomy = createAutonomyService(deps);
  return {
    ListAutonomy: (params) => autonomy.list(params),
    SetAutonomy: (params, context) => autonomy.set(params, context.actor),
  };
};

export const autonomyExports: AdminExportSlice<typeof AUTONOMY_CALLS> = {
  ListAutonomy: { row: autonomyRowSchema, rows: (data) => data.records },
};
