import { createHash } from 'node:crypto';
import { XRP_PAYMENT_FEE_DROPS, xrpReserveDrops } from '@bo/contract';
import type { Db } from '../../../db/database';
import { ChainError, type XrpAccountInfo, type XrpLedgerAdapter, type XrpPayment } from './chains';
import { SANDBOX_GENESIS_MS } from './evm-sandbox';
import { changeLedger, readLedger } from './sandbox-store';

export const XRP_CHAIN = 'xrpl';
const CHAIN = XRP_CHAIN;
/** A ledger closes every 4 s, as on the XRP Ledger. */
export const XRP_LEDGER_MS = 4000;
const FIRST_LEDGER = 91_000_000;
/** The reserves voted in December 2024: 1 XRP base, 0.2 XRP per owned object. */
export const SANDBOX_BASE_RESERVE_DROPS = 1_000_000n;
export const SANDBOX_OWNER_RESERVE_DROPS = 200_000n;
const PAYMENTS_KEPT = 500;

interface XrpAccount {
  balance: string;
  sequence: number;
  ownerCount: number;
  requireDest: boolean;
}

interface XrpSent {
  hash: string;
  to: string;
  amount: string;
  destTag: number | null;
  ledgerIndex: number;
}

export interface XrpSandboxState {
  genesisMs: number;
  seed: number;
  baseReserveDrops: string;
  ownerReserveDrops: string;
  accounts: Record<string, XrpAccount>;
  /** `from:sequence` → the payment sent with it, newest last. */
  sent: Record<string, XrpSent>;
  order: string[];
}

export const xrpGenesis = (genesisMs: number, seed = 1): XrpSandboxState => ({
  genesisMs,
  seed,
  baseReserveDrops: SANDBOX_BASE_RESERVE_DROPS.toString(),
  ownerReserveDrops: SANDBOX_OWNER_RESERVE_DROPS.toString(),
  accounts: {},
  sent: {},
  order: [],
});

const ledgerAt = (state: XrpSandboxState, at: Date) =>
  FIRST_LEDGER + Math.max(0, Math.floor((at.getTime() - state.genesisMs) / XRP_LEDGER_MS));

const reserveOf = (state: XrpSandboxState, acct: XrpAccount) =>
  xrpReserveDrops(BigInt(state.baseReserveDrops), BigInt(state.ownerReserveDrops), acct.ownerCount);

/**
 * Applies a payment with the ledger's rules: sequences in order, the sender keeps its reserve and pays the
 * fee, a new account needs at least the base reserve, RequireDest refuses a payment without a tag.
 */
export function applyXrpPayment(state: XrpSandboxState, payment: XrpPayment, at: Date) {
  const key = `${payment.from}:${payment.sequence}`;
  const sender = state.accounts[payment.from];
  if (!sender) throw new ChainError(`actNotFound: ${payment.from}`);
  if (payment.sequence < sender.sequence) {
    const earlier = state.sent[key];
    if (earlier && earlier.to === payment.to && earlier.amount === payment.amountDrops.toString())
      return { hash: earlier.hash, ledgerIndex: earlier.ledgerIndex };
    throw new ChainError(`tefPAST_SEQ: ${payment.from} is at sequence ${sender.sequence}`);
  }
  if (payment.sequence > sender.sequence)
    throw new ChainError(`terPRE_SEQ: ${payment.from} is at sequence ${sender.sequence}`);
  const recipient = state.accounts[payment.to];
  if (recipient?.requireDest && payment.destTag === null)
    throw new ChainError(`tecDST_TAG_NEEDED: ${payment.to} requires a destination tag`);
  if (!recipient && payment.amountDrops < BigInt(state.baseReserveDrops))
    throw new ChainError(`tecNO_DST_INSUF_XRP: ${payment.to} needs at least the base reserve to be created`);
  const balance = BigInt(sender.balance);
  if (balance - payment.amountDrops - XRP_PAYMENT_FEE_DROPS < reserveOf(state, sender))
    throw new ChainError(`tecUNFUNDED_PAYMENT: ${payment.from} would fall below its reserve`);
  sender.balance = (balance - payment.amountDrops - XRP_PAYMENT_FEE_DROPS).toString();
  sender.sequence += 1;
  const target = state.accounts[payment.to] ?? {
    balance: '0',
    sequence: 1,
    ownerCount: 0,
    requireDest: false,
  };
  target.balance = (BigInt(target.balance) + payment.amountDrops).toString();
  state.accounts[payment.to] = target;
  const ledgerIndex = ledgerAt(state, at);
  const hash = createHash('sha256')
    .update(`${CHAIN}:${state.seed}:${payment.from}:${payment.sequence}`)
    .digest('hex')
    .toUpperCase();
  state.sent[key] = {
    hash,
    to: payment.to,
    amount: payment.amountDrops.toString(),
    destTag: payment.destTag,
    ledgerIndex,
  };
  state.order.push(key);
  while (state.order.length > PAYMENTS_KEPT) {
    const old = state.order.shift();
    if (old) delete state.sent[old];
  }
  return { hash, ledgerIndex };
}

export function openXrpAccount(
  state: XrpSandboxState,
  address: string,
  drops: bigint,
  options: { ownerCount?: number; requireDest?: boolean } = {},
): void {
  state.accounts[address] = {
    balance: drops.toString(),
    sequence: 1,
    ownerCount: options.ownerCount ?? 0,
    requireDest: options.requireDest ?? false,
  };
}

/** A customer paying; a customer's wallet is a faucet, topped up for each payment it makes. */
export function applyXrpCustomerPayment(
  state: XrpSandboxState,
  from: string,
  to: string,
  drops: bigint,
  destTag: number | null,
  at: Date,
): { hash: string; ledgerIndex: number } {
  state.accounts[from] ??= { balance: '0', sequence: 1, ownerCount: 0, requireDest: false };
  const customer = state.accounts[from];
  customer.balance = (
    BigInt(customer.balance) +
    drops +
    XRP_PAYMENT_FEE_DROPS +
    BigInt(state.baseReserveDrops)
  ).toString();
  return applyXrpPayment(state, { from, to, amountDrops: drops, destTag, sequence: customer.sequence }, at);
}

/** What only the sandbox can do: open accounts and let a customer pay. */
export interface XrpSandboxControls {
  openAccount(
    address: string,
    drops: bigint,
    options?: { ownerCount?: number; requireDest?: boolean },
  ): Promise<void>;
  customerPays(
    from: string,
    to: string,
    drops: bigint,
    destTag: number | null,
  ): Promise<{ hash: string; ledgerIndex: number }>;
}

/**
 * The sandbox XRP Ledger (INTEGRATIONS_MODE=fake): accounts with reserves and sequences, destination tags
 * and RequireDest, payments validated at once into the ledger of the moment, kept in the database.
 */
export function createXrpSandbox(
  db: Db,
  now: () => Date,
  seed: number,
): XrpLedgerAdapter & XrpSandboxControls {
  const genesis = () => xrpGenesis(SANDBOX_GENESIS_MS, seed);
  const read = () => readLedger(db, CHAIN, genesis);
  const change = <R>(fn: (state: XrpSandboxState) => R) => changeLedger(db, CHAIN, genesis, fn, now());
  return {
    mode: 'fake',
    async ledgerIndex() {
      return ledgerAt(await read(), now());
    },
    async reserves() {
      const state = await read();
      return { baseDrops: BigInt(state.baseReserveDrops), ownerDrops: BigInt(state.ownerReserveDrops) };
    },
    async accountInfo(address): Promise<XrpAccountInfo | null> {
      const acct = (await read()).accounts[address];
      return acct
        ? {
            balanceDrops: BigInt(acct.balance),
            sequence: acct.sequence,
            ownerCount: acct.ownerCount,
            requireDest: acct.requireDest,
          }
        : null;
    },
    submitPayment: (payment) => change((state) => applyXrpPayment(state, payment, now())),
    openAccount: (address, drops, options = {}) =>
      change((state) => openXrpAccount(state, address, drops, options)),
    customerPays: (from, to, drops, destTag) =>
      change((state) => applyXrpCustomerPayment(state, from, to, drops, destTag, now())),
  };
}
