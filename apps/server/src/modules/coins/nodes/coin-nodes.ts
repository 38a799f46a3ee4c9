import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import type { CoinNodesAdapter } from './nodes';
import { createNodesSandbox, type NodesSandboxControls } from './nodes-sandbox';

export interface CoinNodes {
  nodes: CoinNodesAdapter;
  /** The sandbox's controls (stall, resume, the simulator's wander); null when the nodes are real. */
  sandbox: NodesSandboxControls | null;
}

/**
 * The nodes Coin Health probes, chosen by NODES_MODE (default INTEGRATIONS_MODE). Only the sandbox is built:
 * `real` refuses to start rather than judge coins against nothing (ADR 0017).
 */
export function createCoinNodes(config: Pick<AppConfig, 'coins'>, db: Db, now: () => Date): CoinNodes {
  if (config.coins.nodesMode === 'real')
    throw new Error(
      'NODES_MODE (or INTEGRATIONS_MODE) is real, but no coin node client is built yet: only the sandbox exists. Start with NODES_MODE=fake.',
    );
  const sandbox = createNodesSandbox(db, now);
  return { nodes: sandbox, sandbox };
}
