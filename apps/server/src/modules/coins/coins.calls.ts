import type { COIN_HEALTH_CALLS } from '@bo/contract';
import type { AdminHandlerSlice } from '../admin/admin.calls';
import type { CoinHealthService } from './coin-health.service';
import type { CoinStatsService } from './coin-stats.service';

export interface CoinDeps {
  coinHealth: CoinHealthService;
  coinStats: CoinStatsService;
}

/** Coin Health and AltCoin Stats calls: each a thin step to its service; the staff context is the audited actor. */
export const coinHandlers = (deps: CoinDeps): AdminHandlerSlice<typeof COIN_HEALTH_CALLS> => ({
  CoinHealth: (params) => deps.coinHealth.list(params),
  CoinHealthDetail: (params) => deps.coinHealth.detail(params),
  UpdateCoinHealthThresholds: (params, context) => deps.coinHealth.updateThresholds(params, context),
  AltCoinStats: (params) => deps.coinStats.stats(params),
  AltCoinDaily: (params) => deps.coinStats.daily(params),
});
