import { type FEE_CALLS, feeRuleRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createFeesService } from './fees.service';

/** Merchant Fees Custom's calls: each a thin step to its service; the staff context is the audited actor. */
export const feeHandlers = (deps: { db: Db; now: () => Date }): AdminHandlerSlice<typeof FEE_CALLS> => {
  const fees = createFeesService(deps);
  return {
    ListFeeRules: (params) => fees.list(params),
    ListFeeProviders: () => fees.providers(),
    SaveFeeRule: (params, context) => fees.create(params, context.actor),
    EndFeeRule: (params, context) => fees.end(params, context.actor),
    EffectiveFee: (params) => fees.effective(params),
  };
};

export const feeExports: AdminExportSlice<typeof FEE_CALLS> = {
  ListFeeRules: { row: feeRuleRowSchema, rows: (data) => data.records },
};
