import type { DataOf, FiatLookupParams, MAIN_CALLS } from '@bo/contract';
import type { Db } from '../../db/database';
import { convertAtRates } from './rates.repository';

type FiatLookupAnswer = DataOf<(typeof MAIN_CALLS)['Fiatlookup']>;

/** The converter's lookups (SPEC §2.5, §7.1) over the rates table the simulator or a market feed fills. */
export function createRatesService(db: Db) {
  return {
    /** SPEC's shape: a list with one OutputValue, or an empty list when either coin has no rate. */
    async fiatLookup(params: FiatLookupParams): Promise<FiatLookupAnswer> {
      const value = await convertAtRates(db, {
        altCoinId: params.AltCoinID,
        amount: params.Amount,
        targetShortName: params.FiatMoney,
      });
      return value === null ? [] : [{ OutputValue: value }];
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
