import { type KYC_CALLS, kycQueueRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createKycService } from './kyc.service';

/** KYC Users' calls: each a thin step to the service; the staff context is the audited actor. */
export const kycHandlers = (deps: { db: Db; now: () => Date }): AdminHandlerSlice<typeof KYC_CALLS> => {
  const kyc = createKycService(deps);
  return {
    KycQueue: (params) => kyc.queue(params),
    KycCase: (params, context) => kyc.caseOf(params.ID, context),
    KycDocument: (params) => kyc.document(params.ID),
    HoldKycCase: (params, context) => kyc.hold(params, context),
    DecideKyc: (params, context) => kyc.decide(params, context),
  };
};

export const kycExports: AdminExportSlice<typeof KYC_CALLS> = {
  KycQueue: { row: kycQueueRowSchema, rows: (data) => data.records },
};
