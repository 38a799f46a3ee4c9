import type { IntegrationMode } from '@bo/contract';

/** What a coin's node and hot wallet answer to the probe. */
export interface NodeReading {
  reachable: boolean;
  /** The node's best block. */
  height: number;
  /** The network's best block as the reference (other nodes, explorers) reports it. */
  referenceHeight: number;
  lastBlockAt: Date;
  /** The hot wallet's balance, a decimal with up to 8 places. */
  hotWallet: string;
  /** Deposits seen but not yet confirmed, and withdrawals sent but not yet confirmed. */
  pendingDeposits: number;
  pendingWithdrawals: number;
}

export interface NodeCoin {
  id: number;
  shortName: string;
}

/** The coins' nodes behind Coin Health: the sandbox in fake mode; no real client is built yet (ADR 0017). */
export interface CoinNodesAdapter {
  readonly mode: IntegrationMode;
  /** One reading per coin, in the order asked. */
  read(coins: readonly NodeCoin[]): Promise<NodeReading[]>;
}

/** A chain's rhythm: seconds between blocks, the confirmations it usually needs, and a plausible height. */
export interface ChainProfile {
  blockSeconds: number;
  confirmations: number;
  /** Its height at the sandbox's genesis. */
  genesisHeight: number;
}

const btc: ChainProfile = { blockSeconds: 600, confirmations: 2, genesisHeight: 929_000 };
const eth: ChainProfile = { blockSeconds: 12, confirmations: 12, genesisHeight: 24_100_000 };
const tron: ChainProfile = { blockSeconds: 3, confirmations: 20, genesisHeight: 77_500_000 };

/** Per alt coin id (catalog seed): tokens follow their chain. Unknown coins get UNKNOWN_CHAIN. */
// biome-ignore format: a table
export const CHAIN_PROFILES: Readonly<Record<number, ChainProfile>> = {
  1: btc,
  2: { blockSeconds: 150, confirmations: 6, genesisHeight: 3_010_000 },
  3: { blockSeconds: 60, confirmations: 20, genesisHeight: 5_950_000 },
  4: { blockSeconds: 150, confirmations: 6, genesisHeight: 2_360_000 },
  5: eth, 13: eth, 14: eth, 19: eth, 22: eth, 23: eth, 24: eth, 25: eth, 26: eth, 32: eth,
  6: { blockSeconds: 4, confirmations: 1, genesisHeight: 100_200_000 },
  7: { blockSeconds: 600, confirmations: 6, genesisHeight: 925_000 },
  8: { blockSeconds: 120, confirmations: 10, genesisHeight: 3_540_000 },
  9: { blockSeconds: 5, confirmations: 1, genesisHeight: 59_800_000 },
  10: { blockSeconds: 13, confirmations: 120, genesisHeight: 23_400_000 },
  11: { blockSeconds: 75, confirmations: 10, genesisHeight: 3_150_000 },
  12: tron, 33: tron,
  15: { blockSeconds: 3, confirmations: 15, genesisHeight: 68_000_000 },
  16: { blockSeconds: 20, confirmations: 15, genesisHeight: 12_700_000 },
  17: { blockSeconds: 6, confirmations: 2, genesisHeight: 28_900_000 },
  18: { blockSeconds: 0.4, confirmations: 32, genesisHeight: 385_000_000 },
  20: { blockSeconds: 2, confirmations: 128, genesisHeight: 79_000_000 },
  21: { blockSeconds: 2, confirmations: 1, genesisHeight: 72_000_000 },
  27: { blockSeconds: 5, confirmations: 1, genesisHeight: 51_000_000 },
  28: { blockSeconds: 6, confirmations: 1, genesisHeight: 28_300_000 },
  29: { blockSeconds: 3, confirmations: 1, genesisHeight: 56_000_000 },
  30: { blockSeconds: 1, confirmations: 3, genesisHeight: 172_000_000 },
  31: { blockSeconds: 10, confirmations: 2, genesisHeight: 10_900_000 },
  34: { blockSeconds: 0.25, confirmations: 1, genesisHeight: 405_000_000 },
  35: { blockSeconds: 2, confirmations: 1, genesisHeight: 144_000_000 },
  50: { blockSeconds: 600, confirmations: 6, genesisHeight: 905_000 },
  51: { blockSeconds: 30, confirmations: 20, genesisHeight: 6_400_000 },
  52: { blockSeconds: 600, confirmations: 6, genesisHeight: 820_000 },
  53: { blockSeconds: 600, confirmations: 6, genesisHeight: 790_000 },
};
export const UNKNOWN_CHAIN: ChainProfile = { blockSeconds: 60, confirmations: 6, genesisHeight: 1_000_000 };
export const chainProfile = (coinId: number): ChainProfile => CHAIN_PROFILES[coinId] ?? UNKNOWN_CHAIN;

/** A chain of this rhythm may lag about half an hour of blocks (at least 3) before the coin turns red. */
export const defaultMaxLag = (p: ChainProfile): number =>
  Math.min(5000, Math.max(3, Math.round(1800 / p.blockSeconds)));
/** Six blocks' time without a new block (at least 5 minutes) is unusual. */
export const defaultMaxBlockAgeMinutes = (p: ChainProfile): number =>
  Math.max(5, Math.ceil((6 * p.blockSeconds) / 60));
