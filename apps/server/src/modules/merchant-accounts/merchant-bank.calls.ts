import type { MERCHANT_BANK_CALLS } from '@bo/contract';
import type { AdminHandlerSlice } from '../admin/admin.calls';
import { createMerchantBankService, type MerchantBankDeps } from './merchant-bank.service';

/** Merchant Bank Config's calls: each a thin step to its service; the staff context is the audited actor. */
export const merchantBankHandlers = (
  deps: MerchantBankDeps,
): AdminHandlerSlice<typeof MERCHANT_BANK_CALLS> => {
  const bank = createMerchantBankService(deps);
  return {
    GetMerchantBankConfig: (params, context) => bank.get(params, context.actor),
    SaveMerchantBankAccount: (params, context) => bank.save(params, context.actor),
    ReleasePayoutHold: (params, context) => bank.releaseHold(params, context.actor),
  };
};
