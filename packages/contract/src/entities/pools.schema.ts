import { z } from 'zod';
import { decimalString, isoDate } from '../common/envelope.schema';

/**
 * The XRP Pool and the Ether Pool (SPEC §2.1 `transaction-xrp-pool`, `transaction-ether-pool`; ADR 0019):
 * payments that reached our deposit accounts on two chains, and the sweeps that move them to the hot wallet.
 */

/** Whether a chain is the local sandbox or the real network: a deployment setting, never a UI choice. */
export const INTEGRATION_MODES = ['fake', 'real'] as const;
export type IntegrationMode = (typeof INTEGRATION_MODES)[number];

// ---------- XRP ----------

/** XRP amounts have 6 decimals (1 XRP = 1,000,000 drops). */
export const XRP_DECIMALS = 6;
/** Alt coin id of XRP in the catalogue (SPEC §3). */
export const XRP_ALT_COIN_ID = 6;

/** What became of an inbound XRP payment. */
export const XRP_PAYMENT_STATUSES = [
  'matched',
  'unmatched-no-tag',
  'unmatched-unknown-tag',
  'underpaid',
  'refunded',
] as const;
export type XrpPaymentStatus = (typeof XRP_PAYMENT_STATUSES)[number];
/** Payments staff must act on: no transaction found for them, or less than asked. */
export const XRP_ATTENTION_STATUSES = [
  'unmatched-no-tag',
  'unmatched-unknown-tag',
  'underpaid',
] as const satisfies readonly XrpPaymentStatus[];
export const XRP_POOL_VIEWS = ['attention', 'all'] as const;
export const XRP_POOL_PAGE_SIZE = 25;

/** A sweep's progress, for an XRP deposit account or an EVM deposit address. */
export const POOL_ACTION_STATES = ['running', 'done', 'failed'] as const;
export type PoolActionState = (typeof POOL_ACTION_STATES)[number];

export const xrpAccountRoleSchema = z.enum(['pool', 'deposit', 'hot']);
export type XrpAccountRole = z.infer<typeof xrpAccountRoleSchema>;

/** The account a payment reached, as the pool sees it: what can be swept above its reserve. */
export const xrpAccountStateSchema = z.object({
  Address: z.string(),
  Role: xrpAccountRoleSchema,
  Balance: decimalString,
  Reserve: decimalString,
  /** Balance − reserve − the network fee; what a sweep moves. Never negative. */
  Spendable: decimalString,
  /** The last sweep of this account, or null. */
  Sweep: z
    .object({ State: z.enum(POOL_ACTION_STATES), TxHash: z.string().nullable(), On: isoDate })
    .nullable(),
});
export type XrpAccountState = z.infer<typeof xrpAccountStateSchema>;

export const xrpPaymentRowSchema = z.object({
  ID: z.number().int(),
  LedgerIndex: z.number().int(),
  TxHash: z.string(),
  From: z.string(),
  DestTag: z.number().int().nullable(),
  /** XRP with 6 decimals. */
  Amount: decimalString,
  /** The T transaction it paid, or null when unmatched. */
  MatchedTransactionID: z.number().int().nullable(),
  Status: z.enum(XRP_PAYMENT_STATUSES),
  Note: z.string().nullable(),
  ReceivedOn: isoDate,
  Account: xrpAccountStateSchema,
});
export type XrpPaymentRow = z.infer<typeof xrpPaymentRowSchema>;

export const xrpPoolSummarySchema = z.object({
  Mode: z.enum(INTEGRATION_MODES),
  LedgerIndex: z.number().int(),
  /** Sum over the pool and deposit accounts. */
  PoolBalance: decimalString,
  ReserveLocked: decimalString,
  Spendable: decimalString,
  UnmatchedCount: z.number().int(),
  UnmatchedAmount: decimalString,
  /** Whether the pooled account refuses untagged payments (the ledger's RequireDest flag). */
  RequireDest: z.boolean(),
  BaseReserve: decimalString,
  OwnerReserve: decimalString,
  HotWallet: z.object({ Address: z.string(), Balance: decimalString }),
});
export type XrpPoolSummary = z.infer<typeof xrpPoolSummarySchema>;

export const xrpPoolSchema = z.object({
  Summary: xrpPoolSummarySchema,
  records: z.array(xrpPaymentRowSchema),
  meta: z.object({
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    page: z.number().int(),
  }),
});
export type XrpPool = z.infer<typeof xrpPoolSchema>;

// ---------- Ether ----------

/** The tokens the Ether pool sweeps, their decimals and their alt coin in the catalogue. */
export const EVM_TOKENS = {
  ETH: { decimals: 18, altCoinId: 5, minimum: '0.01' },
  USDT: { decimals: 6, altCoinId: 13, minimum: '10.00' },
} as const;
export type EvmToken = keyof typeof EVM_TOKENS;
export const EVM_TOKEN_NAMES = Object.keys(EVM_TOKENS) as [EvmToken, ...EvmToken[]];

/**
 * A deposit address's state (the accumulation states of comparable exchanges, plus dust and failed): an
 * ERC-20 address needs gas from the keeper before its tokens can move.
 */
export const EVM_DEPOSIT_STATES = [
  'gas_required',
  'waiting_for_gas',
  'ready_for_accumulation',
  'accumulation_in_progress',
  'accumulated',
  'balance_too_low',
  'gas_price_too_high',
  'dust',
  'failed',
] as const;
export type EvmDepositState = (typeof EVM_DEPOSIT_STATES)[number];
export const EVM_STATE_LABELS: Record<EvmDepositState, string> = {
  gas_required: 'Gas required',
  waiting_for_gas: 'Waiting for gas',
  ready_for_accumulation: 'Ready',
  accumulation_in_progress: 'Sweeping',
  accumulated: 'Swept',
  balance_too_low: 'Balance too low',
  gas_price_too_high: 'Gas price too high',
  dust: 'Dust',
  failed: 'Failed',
};
/** The states a sweep may start from. */
export const EVM_SWEEPABLE_STATES = [
  'gas_required',
  'waiting_for_gas',
  'ready_for_accumulation',
  'gas_price_too_high',
  'failed',
] as const satisfies readonly EvmDepositState[];
/** Filters of the Ether pool's list: the addresses with something to sweep (default), every one, or a state. */
export const ETHER_POOL_VIEWS = ['to-sweep', 'all', ...EVM_DEPOSIT_STATES] as const;
export const ETHER_POOL_PAGE_SIZE = 25;
/** A bulk sweep takes at most this many addresses per click; the rest wait for the next. */
export const SWEEP_ALL_LIMIT = 50;

export const etherDepositRowSchema = z.object({
  ID: z.number().int(),
  Address: z.string(),
  DerivationIndex: z.number().int(),
  Token: z.enum(EVM_TOKEN_NAMES),
  /** In the token's units. */
  Balance: decimalString,
  /** ETH held for gas. */
  GasBalance: decimalString,
  State: z.enum(EVM_DEPOSIT_STATES),
  /** At least the token's minimum to accumulate. */
  IsAboveMinimum: z.boolean(),
  /** T transactions paid to this address, and the latest of them. */
  LinkedTransactions: z.number().int(),
  LastTransactionID: z.number().int().nullable(),
  LastTxHash: z.string().nullable(),
  LastError: z.string().nullable(),
  /** Balance at the token's current EUR rate; null without one. */
  ValueEUR: decimalString.nullable(),
  UpdatedOn: isoDate,
});
export type EtherDepositRow = z.infer<typeof etherDepositRowSchema>;

export const etherPoolSummarySchema = z.object({
  Mode: z.enum(INTEGRATION_MODES),
  HotWallet: z.object({ Address: z.string(), ETH: decimalString, USDT: decimalString }),
  GasKeeper: z.object({
    Address: z.string(),
    Balance: decimalString,
    /** Below this the keeper is shown red: it cannot top up what waits for gas. */
    Threshold: decimalString,
    IsLow: z.boolean(),
  }),
  GasPrice: z.object({ NowGwei: decimalString, MaxGwei: decimalString, IsTooHigh: z.boolean() }),
  SweepsPending: z.number().int(),
  ValueWaitingEUR: decimalString,
  Minimums: z.record(z.enum(EVM_TOKEN_NAMES), decimalString),
});
export type EtherPoolSummary = z.infer<typeof etherPoolSummarySchema>;

export const etherPoolSchema = z.object({
  Summary: etherPoolSummarySchema,
  records: z.array(etherDepositRowSchema),
  meta: z.object({
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    page: z.number().int(),
  }),
});
export type EtherPool = z.infer<typeof etherPoolSchema>;

/** What a sweep or a gas top-up did: the transactions it sent and the address as it now is. */
export const poolActionResultSchema = z.object({
  ActionID: z.number().int(),
  State: z.enum(POOL_ACTION_STATES),
  Amount: decimalString,
  TxHashes: z.array(z.string()),
  Message: z.string(),
});
export type PoolActionResult = z.infer<typeof poolActionResultSchema>;

export const sweepAllResultSchema = z.object({
  Swept: z.number().int(),
  Failed: z.number().int(),
  /** Addresses left for a later click (beyond SWEEP_ALL_LIMIT). */
  Remaining: z.number().int(),
  Message: z.string(),
});
export type SweepAllResult = z.infer<typeof sweepAllResultSchema>;
