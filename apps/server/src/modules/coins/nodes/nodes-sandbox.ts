import type { Db } from '../../../db/database';
import { demoCoin } from '../../../db/seed/catalog.seed';
import { SANDBOX_GENESIS_MS } from '../../pools/chains/evm-sandbox';
import { changeLedger, readLedger } from '../../pools/chains/sandbox-store';
import { type CoinNodesAdapter, chainProfile, type NodeCoin, type NodeReading } from './nodes';

export const NODES_CHAIN = 'coin-nodes';

/** One sandbox node: in step with the chain unless stalled, lagging or down. */
interface SandboxNode {
  /** Set while stalled: the node stays at this height while the chain goes on. */
  stalledHeight: number | null;
  /** Blocks it trails the chain by while not stalled (the simulator's small hiccups). */
  lag: number;
  down: boolean;
  hotWallet: string;
  pendingDeposits: number;
  pendingWithdrawals: number;
}

export interface NodesSandboxState {
  genesisMs: number;
  nodes: Record<string, SandboxNode>;
}

/** Hot wallets start near this many euros' worth (the seed's prices). */
const START_EUR = 40_000;

/** The demo's troubled coins, so a fresh start shows every colour: see ADR 0017. */
const TROUBLED: Readonly<Record<number, Partial<SandboxNode> & { eur?: number }>> = {
  // Dogecoin piled up: above its maximum (amber).
  3: { eur: 310_000 },
  // Monero nearly drained by payouts: below its minimum (red).
  8: { eur: 900, pendingWithdrawals: 4 },
  // Zcash's node trails by 14 blocks of 24 allowed (amber).
  11: { lag: 14 },
  // The delisted Peercoin's node was switched off (red).
  52: { down: true },
};

const toFixed8 = (n: number) => (Math.round(n * 1e8) / 1e8).toFixed(8);

/** A hot wallet of START_EUR worth: what an untroubled coin starts with. */
export const normalHotWallet = (coinId: number): string => {
  const price = Number(demoCoin(coinId)?.eur ?? '1');
  return toFixed8(START_EUR / (price > 0 ? price : 1));
};

export function freshNode(coinId: number): SandboxNode {
  const trouble = TROUBLED[coinId] ?? {};
  const price = Number(demoCoin(coinId)?.eur ?? '1');
  return {
    stalledHeight: null,
    lag: trouble.lag ?? 0,
    down: trouble.down ?? false,
    hotWallet: toFixed8((trouble.eur ?? START_EUR) / (price > 0 ? price : 1)),
    pendingDeposits: trouble.pendingDeposits ?? coinId % 4,
    pendingWithdrawals: trouble.pendingWithdrawals ?? (coinId % 3 === 0 ? 1 : 0),
  };
}

const genesis = (): NodesSandboxState => ({ genesisMs: SANDBOX_GENESIS_MS, nodes: {} });

/** The chain's own height at a time: one block every blockSeconds since genesis. */
export const referenceHeightAt = (coinId: number, genesisMs: number, at: number): number => {
  const p = chainProfile(coinId);
  return p.genesisHeight + Math.max(0, Math.floor((at - genesisMs) / 1000 / p.blockSeconds));
};
const blockTime = (coinId: number, genesisMs: number, height: number): Date => {
  const p = chainProfile(coinId);
  return new Date(genesisMs + (height - p.genesisHeight) * p.blockSeconds * 1000);
};

export function readNode(state: NodesSandboxState, coinId: number, at: Date): NodeReading {
  const node = state.nodes[String(coinId)] ?? freshNode(coinId);
  const reference = referenceHeightAt(coinId, state.genesisMs, at.getTime());
  const height = Math.min(reference, node.stalledHeight ?? reference - node.lag);
  return {
    reachable: !node.down,
    height,
    referenceHeight: reference,
    lastBlockAt: blockTime(coinId, state.genesisMs, height),
    hotWallet: node.hotWallet,
    pendingDeposits: node.pendingDeposits,
    pendingWithdrawals: node.pendingWithdrawals,
  };
}

export interface NodesSandboxControls {
  /** The node stops following the chain, `behind` blocks back from where it is. */
  stall(coinId: number, behind: number): Promise<NodeReading>;
  /** Back in step with the chain, up again. */
  resume(coinId: number): Promise<NodeReading>;
  /** The simulator's touch: hot wallets and pending counts move a little, small lags come and go. */
  wander(coinIds: readonly number[], random: () => number): Promise<void>;
  state(): Promise<NodesSandboxState>;
}

export type NodesSandbox = CoinNodesAdapter & NodesSandboxControls;

/**
 * The coins' nodes as a sandbox (NODES_MODE=fake): heights follow each chain's block time from a fixed
 * genesis, so a node is in step without anyone playing it; its state (stalls, lags, hot wallet, pending)
 * sits in `sandbox_ledgers` like the pools' chains, shared by every server instance.
 */
export function createNodesSandbox(db: Db, now: () => Date): NodesSandbox {
  const change = <R>(work: (state: NodesSandboxState) => R) =>
    changeLedger(db, NODES_CHAIN, genesis, work, now());
  const nodeOf = (state: NodesSandboxState, coinId: number): SandboxNode => {
    const key = String(coinId);
    const node = state.nodes[key] ?? freshNode(coinId);
    state.nodes[key] = node;
    return node;
  };
  return {
    mode: 'fake',
    async read(coins: readonly NodeCoin[]) {
      const state = await readLedger(db, NODES_CHAIN, genesis);
      const at = now();
      return coins.map((c) => readNode(state, c.id, at));
    },
    stall: (coinId, behind) =>
      change((state) => {
        const at = now();
        const current = readNode(state, coinId, at).height;
        nodeOf(state, coinId).stalledHeight = Math.max(0, current - behind);
        return readNode(state, coinId, at);
      }),
    resume: (coinId) =>
      change((state) => {
        const node = nodeOf(state, coinId);
        node.stalledHeight = null;
        node.lag = 0;
        node.down = false;
        return readNode(state, coinId, now());
      }),
    wander: (coinIds, random) =>
      change((state) => {
        for (const id of coinIds) {
          const node = nodeOf(state, id);
          const hot = Number(node.hotWallet);
          // ±2 % a step, pulled back towards the start so a long-running demo stays in range.
          const start = Number(freshNode(id).hotWallet);
          const next = hot * (1 + (random() - 0.5) * 0.04) + (start - hot) * 0.02;
          node.hotWallet = toFixed8(Math.max(0, next));
          if (random() < 0.3)
            node.pendingDeposits = Math.max(0, node.pendingDeposits + (random() < 0.5 ? -1 : 1));
          if (random() < 0.2)
            node.pendingWithdrawals = Math.max(0, node.pendingWithdrawals + (random() < 0.5 ? -1 : 1));
          // Fast chains hiccup by a block now and then; the seeded lags stay as they are.
          if (chainProfile(id).blockSeconds <= 20 && !(id in TROUBLED)) node.lag = random() < 0.1 ? 1 : 0;
        }
      }),
    state: () => readLedger(db, NODES_CHAIN, genesis),
  };
}
