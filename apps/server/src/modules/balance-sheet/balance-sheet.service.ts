import type { ADMIN_CALLS, BalanceSheet } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { balanceSheet } from './balance-sheet.repository';

export function createBalanceSheetService(db: Db, now: () => Date) {
  return {
    /** One of the six lists of SPEC §3, figured as of now (ADR 0008). */
    async list(params: z.output<typeof ADMIN_CALLS.BalanceSheet.params>): Promise<BalanceSheet> {
      const asOf = now();
      const { records, totalBalanceEur } = await balanceSheet(db, params);
      return { records, TotalBalanceEUR: totalBalanceEur, AsOf: asOf.toISOString() };
    },
  };
}
