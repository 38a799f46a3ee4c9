import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { type CoinHealthService, createCoinHealthService } from './coin-health.service';
import { type CoinStatsService, createCoinStatsService } from './coin-stats.service';
import { type CoinNodes, createCoinNodes } from './nodes/coin-nodes';

export interface Coins {
  nodes: CoinNodes;
  coinHealth: CoinHealthService;
  coinStats: CoinStatsService;
}

/** Coin Health and AltCoin Stats wired to their nodes (NODES_MODE) and clock. */
export function createCoins(
  config: Pick<AppConfig, 'coins'>,
  db: Db,
  now: () => Date,
  nodes?: CoinNodes,
): Coins {
  const chosen = nodes ?? createCoinNodes(config, db, now);
  const coinHealth = createCoinHealthService({ db, now, nodes: chosen.nodes, coins: config.coins });
  const coinStats = createCoinStatsService({ db, now, coinHealth: () => coinHealth.current() });
  return { nodes: chosen, coinHealth, coinStats };
}
