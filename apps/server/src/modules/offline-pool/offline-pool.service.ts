import type { ADMIN_CALLS, FailureCause, OfflinePool } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { findFailure } from '../failures/failures.repository';
import { findCoin, listOpenXChange, openXChangeTotals } from './offline-pool.repository';

export function createOfflinePoolService(db: Db) {
  return {
    /**
     * The XChange Offline Pool of one coin (ADR 0008). An unknown coin or failure record is a 404, and a
     * failure record of another coin a 400, each with a message the screen shows as it is.
     */
    async pool(params: z.output<typeof ADMIN_CALLS.XChangeOfflinePool.params>): Promise<OfflinePool> {
      const found = await findCoin(db, params.coin);
      if (!found) throw new ApiError(404, `No coin found with ID ${params.coin}`);
      const { coin, rateEur } = found;
      let failure: FailureCause | null = null;
      if (params.id !== undefined) {
        failure = (await findFailure(db, params.id)) ?? null;
        if (!failure) throw new ApiError(404, `No failure record found with ID ${params.id}`);
        if (failure.AltCoinID !== coin.ID)
          throw badRequest(`Failure ${failure.ID} is for ${failure.Name}, not ${coin.Name}`);
      }
      const records = await listOpenXChange(db, {
        coinId: coin.ID,
        order: params.order,
        limit: params.limit,
        offset: pageOffset(params),
      });
      const totals = await openXChangeTotals(db, coin.ID, rateEur);
      return {
        Coin: coin,
        Failure: failure,
        ...pageAnswer(params, totals.count, records),
        totals: { Count: totals.count, Amount: totals.amount, AmountEUR: totals.amountEur },
      };
    },
  };
}
