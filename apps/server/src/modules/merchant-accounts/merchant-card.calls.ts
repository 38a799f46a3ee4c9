import { cardAccountRowSchema, type MERCHANT_CARD_CALLS } from '@bo/contract';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createMerchantCardService, type MerchantCardDeps } from './merchant-card.service';

/** Merchant CC's calls: each a thin step to its service; the staff context is the audited actor. */
export const merchantCardHandlers = (
  deps: MerchantCardDeps,
): AdminHandlerSlice<typeof MERCHANT_CARD_CALLS> => {
  const cards = createMerchantCardService(deps);
  return {
    ListMerchantCardAccounts: (params) => cards.list(params),
    GetMerchantCardConfig: (params, context) => cards.get(params, context.actor),
    SaveMerchantCardConfig: (params, context) => cards.save(params, context.actor),
    SetMerchantCardStatus: (params, context) => cards.setStatus(params, context.actor),
  };
};

export const merchantCardExports: AdminExportSlice<typeof MERCHANT_CARD_CALLS> = {
  ListMerchantCardAccounts: { row: cardAccountRowSchema, rows: (data) => data.records },
};
