import { createHash } from 'node:crypto';
import {
  ERC20_TRANSFER_GAS,
  ETH_TRANSFER_GAS,
  EVM_TOKEN_NAMES,
  type EvmToken,
  WEI_PER_GWEI,
} from '@bo/contract';
import type { Db } from '../../../db/database';
import { ChainError, type EvmChainAdapter, type EvmReceipt, type EvmTransfer } from './chains';
import { changeLedger, readLedger } from './sandbox-store';

export const EVM_CHAIN = 'evm';
const CHAIN = EVM_CHAIN;
/** The sandboxes' seed and first block: fixed, so two instances and two starts see one ledger history. */
export const SANDBOX_SEED = 20_260_101;
export const SANDBOX_GENESIS_MS = Date.UTC(2026, 0, 1);
/** Blocks every 2 s, as on a fast test chain. */
export const EVM_BLOCK_MS = 2000;
/** Receipts kept for replayed sends; older ones are dropped (a sandbox, not an archive node). */
const RECEIPTS_KEPT = 500;
/** Where a customer's deposit comes from in the sandbox. */
export const EVM_SANDBOX_CUSTOMER = '0x000000000000000000000000000000000000c0de';

interface EvmAccount {
  /** wei and token units, as decimal strings (JSON has no bigint). */
  balances: Record<string, string>;
  nonce: number;
}

export interface EvmSandboxState {
  genesisMs: number;
  seed: number;
  /** Pins the gas price (gwei); null follows the price's walk. */
  fixedGasPriceGwei: number | null;
  accounts: Record<string, EvmAccount>;
  /** `from:nonce` → receipt, newest last. */
  receipts: Record<string, EvmReceipt>;
  order: string[];
}

export const evmGenesis = (genesisMs: number, seed = 1): EvmSandboxState => ({
  genesisMs,
  seed,
  fixedGasPriceGwei: null,
  accounts: {},
  receipts: {},
  order: [],
});

const hashOf = (...parts: Array<string | number>): string =>
  `0x${createHash('sha256').update(parts.join(':')).digest('hex')}`;

/** A number in [0, 1) fixed by the seed and the block. */
const noise = (seed: number, block: number): number =>
  createHash('sha256').update(`${seed}:gas:${block}`).digest().readUInt32BE(0) / 4_294_967_296;

/**
 * The gas price of a block: two slow swings around 30 gwei plus per-block noise, a walk that is fixed by the
 * seed and the block number, so reading it writes nothing and every instance sees the same price. It
 * passes 60 gwei now and then, as mainnet does in a busy hour.
 */
export function sandboxGasPriceWei(state: EvmSandboxState, at: Date): bigint {
  if (state.fixedGasPriceGwei !== null) return BigInt(Math.round(state.fixedGasPriceGwei * 1e9));
  const block = Math.max(0, Math.floor((at.getTime() - state.genesisMs) / EVM_BLOCK_MS));
  const gwei =
    30 + 18 * Math.sin(block / 300) + 10 * Math.sin(block / 37) + 6 * (noise(state.seed, block) - 0.5);
  return (BigInt(Math.max(1_000, Math.round(gwei * 1000))) * WEI_PER_GWEI) / 1000n;
}

const account = (state: EvmSandboxState, address: string): EvmAccount => {
  const key = address.toLowerCase();
  state.accounts[key] ??= { balances: {}, nonce: 0 };
  return state.accounts[key];
};
const balanceOf = (acct: EvmAccount, token: string) => BigInt(acct.balances[token] ?? '0');
const setBalance = (acct: EvmAccount, token: string, value: bigint) => {
  acct.balances[token] = value.toString();
};

function keepReceipt(state: EvmSandboxState, key: string, receipt: EvmReceipt) {
  state.receipts[key] = receipt;
  state.order.push(key);
  while (state.order.length > RECEIPTS_KEPT) {
    const old = state.order.shift();
    if (old) delete state.receipts[old];
  }
}

const blockAt = (state: EvmSandboxState, at: Date) =>
  Math.max(0, Math.floor((at.getTime() - state.genesisMs) / EVM_BLOCK_MS));

/** Applies a transfer to the sandbox state, with an EVM's rules: nonce order, gas paid in ETH, funds. */
export function applyEvmTransfer(state: EvmSandboxState, transfer: EvmTransfer, at: Date): EvmReceipt {
  const key = `${transfer.from.toLowerCase()}:${transfer.nonce}`;
  const sender = account(state, transfer.from);
  if (transfer.nonce < sender.nonce) {
    const earlier = state.receipts[key];
    // The same transaction sent again is the one already mined, as a node answers a known hash.
    if (
      earlier &&
      earlier.to === transfer.to.toLowerCase() &&
      earlier.token === transfer.token &&
      earlier.amount === transfer.amount.toString()
    )
      return earlier;
    throw new ChainError(`nonce too low: ${transfer.from} is at nonce ${sender.nonce}`);
  }
  if (transfer.nonce > sender.nonce)
    throw new ChainError(`nonce too high: ${transfer.from} is at nonce ${sender.nonce}`);
  const gasUsed = transfer.token === 'ETH' ? ETH_TRANSFER_GAS : ERC20_TRANSFER_GAS;
  const fee = gasUsed * transfer.gasPriceWei;
  const eth = balanceOf(sender, 'ETH');
  const needEth = fee + (transfer.token === 'ETH' ? transfer.amount : 0n);
  if (eth < needEth) throw new ChainError(`insufficient funds for gas * price + value on ${transfer.from}`);
  if (transfer.token !== 'ETH' && balanceOf(sender, transfer.token) < transfer.amount)
    throw new ChainError(`ERC20: transfer amount exceeds balance on ${transfer.from}`);
  const recipient = account(state, transfer.to);
  setBalance(sender, 'ETH', eth - needEth);
  if (transfer.token !== 'ETH')
    setBalance(sender, transfer.token, balanceOf(sender, transfer.token) - transfer.amount);
  setBalance(recipient, transfer.token, balanceOf(recipient, transfer.token) + transfer.amount);
  sender.nonce += 1;
  const receipt: EvmReceipt = {
    hash: hashOf(CHAIN, state.seed, transfer.from.toLowerCase(), transfer.nonce),
    from: transfer.from.toLowerCase(),
    to: transfer.to.toLowerCase(),
    token: transfer.token,
    amount: transfer.amount.toString(),
    nonce: transfer.nonce,
    block: blockAt(state, at),
    gasUsed: gasUsed.toString(),
    gasPriceWei: transfer.gasPriceWei.toString(),
  };
  keepReceipt(state, key, receipt);
  return receipt;
}

/** A customer paying into an address; the customer's wallet is a faucet, funded for what it sends. */
export function applyEvmDeposit(
  state: EvmSandboxState,
  address: string,
  token: EvmToken,
  amount: bigint,
  at: Date,
): EvmReceipt {
  const customer = account(state, EVM_SANDBOX_CUSTOMER);
  const gasPriceWei = WEI_PER_GWEI;
  const gas = (token === 'ETH' ? ETH_TRANSFER_GAS : ERC20_TRANSFER_GAS) * gasPriceWei;
  setBalance(customer, 'ETH', balanceOf(customer, 'ETH') + gas + (token === 'ETH' ? amount : 0n));
  if (token !== 'ETH') setBalance(customer, token, balanceOf(customer, token) + amount);
  return applyEvmTransfer(
    state,
    { from: EVM_SANDBOX_CUSTOMER, to: address, token, amount, nonce: customer.nonce, gasPriceWei },
    at,
  );
}

/** Sets a balance outright (the demo seed funding its wallets). */
export function setEvmBalance(state: EvmSandboxState, address: string, token: EvmToken, amount: bigint) {
  setBalance(account(state, address), token, amount);
}

/** What only the sandbox can do: a customer paying into an address, and setting prices for a test. */
export interface EvmSandboxControls {
  deposit(address: string, token: EvmToken, amount: bigint): Promise<string>;
  setBalance(address: string, token: EvmToken, amount: bigint): Promise<void>;
  fixGasPrice(gwei: number | null): Promise<void>;
}

/**
 * The sandbox EVM chain (INTEGRATIONS_MODE=fake): balances of ETH and ERC-20 tokens, nonces, receipts and a
 * gas price that walks, kept in the database. Transactions are mined at once, in the block of the moment.
 */
export function createEvmSandbox(
  db: Db,
  now: () => Date,
  seed: number,
): EvmChainAdapter & EvmSandboxControls {
  const genesis = () => evmGenesis(SANDBOX_GENESIS_MS, seed);
  const read = () => readLedger(db, CHAIN, genesis);
  const change = <R>(fn: (state: EvmSandboxState) => R) => changeLedger(db, CHAIN, genesis, fn, now());
  return {
    mode: 'fake',
    async gasPriceWei() {
      return sandboxGasPriceWei(await read(), now());
    },
    async balances(address) {
      const acct = (await read()).accounts[address.toLowerCase()];
      const out = { ETH: acct ? balanceOf(acct, 'ETH') : 0n } as { ETH: bigint } & Record<EvmToken, bigint>;
      for (const token of EVM_TOKEN_NAMES) out[token] = acct ? balanceOf(acct, token) : 0n;
      return out;
    },
    async nonce(address) {
      return (await read()).accounts[address.toLowerCase()]?.nonce ?? 0;
    },
    send: (transfer) => change((state) => applyEvmTransfer(state, transfer, now())),
    deposit: (address, token, amount) =>
      change((state) => applyEvmDeposit(state, address, token, amount, now()).hash),
    setBalance: (address, token, amount) => change((state) => setEvmBalance(state, address, token, amount)),
    fixGasPrice: (gwei) =>
      change((state) => {
        state.fixedGasPriceGwei = gwei;
      }),
  };
}
