import { type PAYOUT_CALLS, payoutRowSchema, payoutSchemaRowSchema } from '@bo/contract';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import type { PayoutRail } from './payout-rail';
import { createPayoutSchemaService } from './payout-schemas.service';
import { createPayoutService } from './payouts.service';

export interface PayoutDeps {
  db: Db;
  now: () => Date;
  payoutRail: PayoutRail;
  payoutConfig: AppConfig['payouts'];
}

/** Payout Schemas' and Pending Payouts' calls: each a thin step to its service; the staff context is the audited actor. */
export const payoutHandlers = (deps: PayoutDeps): AdminHandlerSlice<typeof PAYOUT_CALLS> => {
  const schemas = createPayoutSchemaService({ db: deps.db });
  const payouts = createPayoutService({
    db: deps.db,
    now: deps.now,
    rail: deps.payoutRail,
    fourEyesEur: deps.payoutConfig.fourEyesEur,
  });
  return {
    ListPayoutSchemas: (params) => schemas.list(params),
    PayoutSchemaDetail: (params) => schemas.detail(params.ID),
    UpdatePayoutSchema: (params, context) => schemas.update(params, context.actor),
    ListPayouts: (params) => payouts.list(params),
    PayoutSummary: (params) => payouts.summary(params),
    PayoutDetail: (params) => payouts.detail(params.ID),
    RequestPayout: (params, context) => payouts.requestByStaff(params, context.actor),
    ApprovePayout: (params, context) => payouts.approve(params, context.actor),
    BulkApprovePayouts: (params, context) => payouts.bulkApprove(params, context.actor),
    SendPayout: (params, context) => payouts.sendNow(params, context.actor),
    CancelPayout: (params, context) => payouts.cancel(params, context.actor),
    BulkCancelPayouts: (params, context) => payouts.bulkCancel(params, context.actor),
  };
};

export const payoutExports: AdminExportSlice<typeof PAYOUT_CALLS> = {
  ListPayoutSchemas: { row: payoutSchemaRowSchema, rows: (data) => data.records },
  ListPayouts: { row: payoutRowSchema, rows: (data) => data.records },
};
