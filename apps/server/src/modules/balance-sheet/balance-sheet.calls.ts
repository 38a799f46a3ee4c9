import { type BALANCE_SHEET_CALLS, balanceSheetRowSchema } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import { createBalanceSheetService } from './balance-sheet.service';

export const balanceSheetHandlers = (deps: {
  db: Db;
  now: () => Date;
}): AdminHandlerSlice<typeof BALANCE_SHEET_CALLS> => {
  const balanceSheet = createBalanceSheetService(deps.db, deps.now);
  return { BalanceSheet: (params) => balanceSheet.list(params) };
};

export const balanceSheetExports: AdminExportSlice<typeof BALANCE_SHEET_CALLS> = {
  BalanceSheet: { row: balanceSheetRowSchema, rows: (data) => data.records },
};
