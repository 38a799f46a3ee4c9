import { type VTOKEN_CALLS, vtokenRowSchema, xchangeSearchRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createVTokenService } from './vtokens.service';

/** VTokens' and XChange Search's calls: each a thin step to the service; the staff context is the audited actor. */
export const vtokenHandlers = (deps: { db: Db; now: () => Date }): AdminHandlerSlice<typeof VTOKEN_CALLS> => {
  const vtokens = createVTokenService(deps);
  return {
    ListVTokens: (params) => vtokens.list(params),
    VTokenDetail: (params) => vtokens.detail(params.ID),
    CancelVToken: (params, context) => vtokens.cancel(params, context),
    XChangeSearch: (params) => vtokens.search(params),
  };
};

export const vtokenExports: AdminExportSlice<typeof VTOKEN_CALLS> = {
  ListVTokens: { row: vtokenRowSchema, rows: (data) => data.records },
  XChangeSearch: { row: xchangeSearchRowSchema, rows: (data) => data.records },
};
