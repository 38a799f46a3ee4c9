import { type FAILURE_CALLS, failureCauseSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createFailuresService } from './failures.service';

export const failureHandlers = (deps: {
  db: Db;
  now: () => Date;
}): AdminHandlerSlice<typeof FAILURE_CALLS> => {
  const failures = createFailuresService(deps.db, deps.now);
  return {
    TransactionFailure: (params) => failures.list(params),
    UpdateTable: (params, context) => failures.update(params, context.actor),
  };
};

export const failureExports: AdminExportSlice<typeof FAILURE_CALLS> = {
  TransactionFailure: { row: failureCauseSchema, rows: (data) => data.data.records },
};
