import type { EvmToken, IntegrationMode } from '@bo/contract';

/** An account on the XRP Ledger as the pool needs it. */
export interface XrpAccountInfo {
  balanceDrops: bigint;
  sequence: number;
  ownerCount: number;
  requireDest: boolean;
}

export interface XrpPayment {
  from: string;
  to: string;
  amountDrops: bigint;
  destTag: number | null;
  /** The sender's sequence this payment uses: submitting the same sequence twice sends it once. */
  sequence: number;
}

/** The XRP Ledger behind the pool: the sandbox in fake mode; a real client (xrpl) is not built yet. */
export interface XrpLedgerAdapter {
  readonly mode: IntegrationMode;
  ledgerIndex(): Promise<number>;
  reserves(): Promise<{ baseDrops: bigint; ownerDrops: bigint }>;
  accountInfo(address: string): Promise<XrpAccountInfo | null>;
  /** Sends a payment; a sequence already used answers the payment sent with it (or fails if it differs). */
  submitPayment(payment: XrpPayment): Promise<{ hash: string; ledgerIndex: number }>;
}

export interface EvmTransfer {
  from: string;
  to: string;
  token: EvmToken;
  amount: bigint;
  nonce: number;
  gasPriceWei: bigint;
}

export interface EvmReceipt {
  hash: string;
  from: string;
  to: string;
  token: EvmToken;
  amount: string;
  nonce: number;
  block: number;
  gasUsed: string;
  gasPriceWei: string;
}

/** An EVM chain behind the pool: the sandbox in fake mode; a real client (ethers) is not built yet. */
export interface EvmChainAdapter {
  readonly mode: IntegrationMode;
  gasPriceWei(): Promise<bigint>;
  /** ETH (wei) and every token's balance (its units). */
  balances(address: string): Promise<{ ETH: bigint } & Record<EvmToken, bigint>>;
  nonce(address: string): Promise<number>;
  /** Sends a transfer; a nonce already used answers the transfer sent with it (or fails if it differs). */
  send(transfer: EvmTransfer): Promise<EvmReceipt>;
}

/** A chain refused a transaction (funds, reserve, tag, nonce): a message staff can read. */
export class ChainError extends Error {}

/** The wallets the pools send to and pay gas from (fixed per deployment). */
export interface PoolWallets {
  xrpHotWallet: string;
  ethHotWallet: string;
  ethGasKeeper: string;
}
