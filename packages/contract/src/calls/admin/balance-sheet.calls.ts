import { z } from 'zod';
import {
  BALANCE_SHEET_BUY_FILTERS,
  BALANCE_SHEET_LISTS,
  balanceSheetSchema,
} from '../../entities/balance-sheet.schema';
import { adminCalls, list } from '../define';

export const BALANCE_SHEET_CALLS = adminCalls({
  /**
   * One of the six balance-sheet lists of SPEC §3 (online or offline coins; buying enabled, disabled or
   * both): per coin, received, paid out, pending payouts, balance and its EUR value (docs/adr/0008).
   */
  BalanceSheet: list(
    'admin-commander',
    z.object({
      online: z.enum(BALANCE_SHEET_LISTS, 'The list must be online or offline').default('online'),
      buy: z.enum(BALANCE_SHEET_BUY_FILTERS, 'Buy must be enabled, disabled or both').default('both'),
    }),
    balanceSheetSchema,
  ),
});
