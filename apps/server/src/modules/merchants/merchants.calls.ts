import { type MERCHANT_CALLS, merchantPayoutRowSchema, merchantRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createMerchantsService } from './merchants.service';

/** Users' and User Detail's calls: each a thin step to the service; the staff context is the audited actor. */
export const merchantHandlers = (deps: {
  db: Db;
  now: () => Date;
}): AdminHandlerSlice<typeof MERCHANT_CALLS> => {
  const merchants = createMerchantsService(deps);
  return {
    ListMerchants: (params) => merchants.list(params),
    UserDetail: (params) => merchants.detail(params.ID),
    RevealMerchantApiKey: (params, context) => merchants.revealApiKey(params.ID, context.actor),
    UpdateMerchant: (params, context) => merchants.update(params, context.actor),
    MerchantHistory: (params) => merchants.history(params),
    MerchantPayouts: (params) => merchants.payouts(params),
  };
};

export const merchantExports: AdminExportSlice<typeof MERCHANT_CALLS> = {
  ListMerchants: { row: merchantRowSchema, rows: (data) => data.data.records },
  MerchantPayouts: { row: merchantPayoutRowSchema, rows: (data) => data.records },
};
