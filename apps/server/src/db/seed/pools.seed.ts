import {
  decimalToUnits,
  ETH_TRANSFER_GAS,
  EVM_TOKENS,
  type EvmDepositState,
  type EvmToken,
  gasTopUpWei,
  minimumUnits,
  WEI_PER_GWEI,
  XRP_DECIMALS,
  type XrpPaymentStatus,
  xrpReserveDrops,
} from '@bo/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { SANDBOX_POOL_WALLETS } from '../../config/pool-wallets';
import {
  applyEvmDeposit,
  applyEvmTransfer,
  EVM_CHAIN,
  type EvmSandboxState,
  evmGenesis,
  SANDBOX_GENESIS_MS,
  SANDBOX_SEED,
  setEvmBalance,
} from '../../modules/pools/chains/evm-sandbox';
import {
  applyXrpCustomerPayment,
  applyXrpPayment,
  openXrpAccount,
  XRP_CHAIN,
  type XrpSandboxState,
  xrpGenesis,
} from '../../modules/pools/chains/xrp-sandbox';
import type { DbOrTx } from '../database';
import {
  evmDepositAddresses,
  poolActions,
  sandboxLedgers,
  transactions,
  xrpInboundPayments,
  xrpPoolAccounts,
} from '../schema';
import type { Random } from './random';

/** The demo's pooled XRP account, told apart by destination tag. */
export const DEMO_XRP_POOL_ACCOUNT = 'rLedger1inePoo1AccountXRPdeposits';
/** Exchanges whose customers often forget the tag (the brief's tag-hygiene case). */
const XRP_EXCHANGE_SENDERS = [
  'rExchangeHotWa11etAAAAAAAAAAAAAAA',
  'rExchangeHotWa11etBBBBBBBBBBBBBBB',
  'rExchangeHotWa11etCCCCCCCCCCCCCCC',
];
const SEED_GAS_PRICE_WEI = 20n * WEI_PER_GWEI;
const DAY = 86_400_000;
const PAID = ['paid', 'underpaid'];

/** The seeded deposits: the latest paid payments of a coin, one row per address. */
async function paidPayments(tx: DbOrTx, coinIds: number[], limit: number) {
  return tx
    .select({
      id: transactions.id,
      coinId: transactions.altCoinId,
      address: transactions.coinAddress,
      amount: transactions.amount,
      status: transactions.status,
      tag: transactions.tag,
      at: transactions.confirmedOn,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.prefix, 'T'),
        inArray(transactions.altCoinId, coinIds),
        inArray(transactions.status, PAID),
        isNotNull(transactions.confirmedOn),
      ),
    )
    .orderBy(desc(transactions.confirmedOn))
    .limit(limit);
}

const sweepEvm = (evm: EvmSandboxState, address: string, token: EvmToken, balance: bigint, at: Date) => {
  const { ethHotWallet: hot, ethGasKeeper: keeper } = SANDBOX_POOL_WALLETS;
  if (token !== 'ETH') {
    evmSend(evm, keeper, address, 'ETH', gasTopUpWei(SEED_GAS_PRICE_WEI), at);
    return evmSend(evm, address, hot, token, balance, at).hash;
  }
  return evmSend(evm, address, hot, 'ETH', balance - ETH_TRANSFER_GAS * SEED_GAS_PRICE_WEI, at).hash;
};

function evmSend(evm: EvmSandboxState, from: string, to: string, token: EvmToken, amount: bigint, at: Date) {
  const nonce = evm.accounts[from.toLowerCase()]?.nonce ?? 0;
  return applyEvmTransfer(evm, { from, to, token, amount, nonce, gasPriceWei: SEED_GAS_PRICE_WEI }, at);
}

const evmBalance = (evm: EvmSandboxState, address: string, token: string) =>
  BigInt(evm.accounts[address.toLowerCase()]?.balances[token] ?? '0');

async function seedEther(tx: DbOrTx, rng: Random, evm: EvmSandboxState, now: Date): Promise<number> {
  const { ETH, USDT } = EVM_TOKENS;
  setEvmBalance(evm, SANDBOX_POOL_WALLETS.ethGasKeeper, 'ETH', 3n * 10n ** 18n);
  const payments = await paidPayments(tx, [ETH.altCoinId, USDT.altCoinId], 120);
  const seen = new Set<string>();
  const rows: Array<typeof evmDepositAddresses.$inferInsert> = [];
  const add = (
    address: string,
    token: EvmToken,
    state: EvmDepositState,
    at: Date,
    extra: { lastTxHash: string; lastError?: string },
  ) => {
    rows.push({
      address,
      derivationIndex: rows.length + 1,
      token,
      balanceUnits: evmBalance(evm, address, token).toString(),
      gasWei: evmBalance(evm, address, 'ETH').toString(),
      state,
      lastTxHash: extra.lastTxHash,
      lastError: extra.lastError ?? null,
      updatedAt: at,
    });
  };
  for (const payment of payments) {
    const token: EvmToken = payment.coinId === ETH.altCoinId ? 'ETH' : 'USDT';
    const key = `${payment.address.toLowerCase()}:${token}`;
    if (seen.has(key) || !payment.at) continue;
    seen.add(key);
    const units = decimalToUnits(payment.amount, EVM_TOKENS[token].decimals);
    const deposit = applyEvmDeposit(evm, payment.address, token, units, payment.at);
    const isAbove = units >= minimumUnits(token);
    const fate = rng.next();
    if (fate < 0.35 && isAbove) {
      const later = new Date(Math.min(now.getTime(), payment.at.getTime() + rng.int(60_000, DAY)));
      add(payment.address, token, 'accumulated', later, {
        lastTxHash: sweepEvm(evm, payment.address, token, units, later),
      });
    } else if (fate < 0.42 && token === 'USDT' && isAbove) {
      add(payment.address, token, 'failed', payment.at, {
        lastTxHash: deposit.hash,
        lastError: `insufficient funds for gas * price + value on ${payment.address.toLowerCase()}`,
      });
    } else if (!isAbove) {
      add(payment.address, token, 'balance_too_low', payment.at, { lastTxHash: deposit.hash });
    } else if (token === 'USDT' && rng.chance(0.3)) {
      const topUp = evmSend(
        evm,
        SANDBOX_POOL_WALLETS.ethGasKeeper,
        payment.address,
        'ETH',
        gasTopUpWei(SEED_GAS_PRICE_WEI),
        payment.at,
      );
      add(payment.address, token, 'ready_for_accumulation', payment.at, { lastTxHash: topUp.hash });
    } else {
      add(payment.address, token, token === 'USDT' ? 'gas_required' : 'ready_for_accumulation', payment.at, {
        lastTxHash: deposit.hash,
      });
    }
  }
  // Leftovers worth less than their gas, already marked as dust by staff.
  for (let i = 0; i < 6; i++) {
    const address = `0x${rng.hex(40)}`;
    const token: EvmToken = i % 2 === 0 ? 'ETH' : 'USDT';
    const units =
      token === 'ETH' ? BigInt(rng.int(10, 900)) * 10n ** 12n : BigInt(rng.int(50_000, 2_000_000));
    const at = new Date(now.getTime() - rng.int(2, 30) * DAY);
    const deposit = applyEvmDeposit(evm, address, token, units, at);
    add(address, token, 'dust', at, { lastTxHash: deposit.hash });
  }
  if (rows.length > 0) await tx.insert(evmDepositAddresses).values(rows);
  return rows.length;
}

async function seedXrp(tx: DbOrTx, rng: Random, xrp: XrpSandboxState, now: Date): Promise<number> {
  const base = BigInt(xrp.baseReserveDrops);
  const owner = BigInt(xrp.ownerReserveDrops);
  const hot = SANDBOX_POOL_WALLETS.xrpHotWallet;
  openXrpAccount(xrp, DEMO_XRP_POOL_ACCOUNT, base + 2n * owner, { ownerCount: 2 });
  openXrpAccount(xrp, hot, 25_000n * 1_000_000n, { ownerCount: 1 });
  const payments: Array<typeof xrpInboundPayments.$inferInsert> = [];
  const deposits = new Map<string, Date>();
  const customer = () => `r${rng.chars('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 33)}`;
  const receive = (
    to: string,
    from: string,
    drops: bigint,
    destTag: number | null,
    at: Date,
    status: XrpPaymentStatus,
    matchedTransactionId: number | null,
  ) => {
    const sent = applyXrpCustomerPayment(xrp, from, to, drops, destTag, at);
    payments.push({
      txHash: sent.hash,
      ledgerIndex: sent.ledgerIndex,
      account: to,
      fromAddress: from,
      destTag,
      amountDrops: drops,
      matchedTransactionId,
      status,
      note: null,
      receivedAt: at,
    });
  };
  for (const payment of await paidPayments(tx, [6], 150)) {
    if (!payment.at) continue;
    const asked = decimalToUnits(payment.amount, XRP_DECIMALS);
    const isUnderpaid = payment.status === 'underpaid';
    const drops = isUnderpaid ? (asked * BigInt(rng.int(80, 97))) / 100n : asked;
    if (payment.tag !== null && /^\d+$/.test(payment.tag) && rng.chance(0.8)) {
      receive(
        DEMO_XRP_POOL_ACCOUNT,
        customer(),
        drops,
        Number(payment.tag),
        payment.at,
        isUnderpaid ? 'underpaid' : 'matched',
        payment.id,
      );
    } else if (!deposits.has(payment.address) && drops >= base) {
      // A per-invoice deposit account, opened with the base reserve by the platform.
      openXrpAccount(xrp, payment.address, base);
      deposits.set(payment.address, payment.at);
      receive(
        payment.address,
        customer(),
        drops,
        null,
        payment.at,
        isUnderpaid ? 'underpaid' : 'matched',
        payment.id,
      );
    }
  }
  for (let i = 0; i < 20; i++) {
    const at = new Date(now.getTime() - rng.int(10 * 60_000, 12 * DAY));
    const drops = BigInt(rng.int(20, 800)) * 1_000_000n + BigInt(rng.int(0, 999_999));
    const hasTag = i >= 14;
    receive(
      DEMO_XRP_POOL_ACCOUNT,
      rng.pick(XRP_EXCHANGE_SENDERS),
      drops,
      hasTag ? rng.int(100_000, 99_999_999) : null,
      at,
      hasTag ? 'unmatched-unknown-tag' : 'unmatched-no-tag',
      null,
    );
  }
  // Some deposit accounts were swept already (their sweep is on record), the others wait.
  const sweeps: Array<typeof poolActions.$inferInsert> = [];
  for (const [address, at] of deposits) {
    if (!rng.chance(0.4)) continue;
    const acct = xrp.accounts[address];
    if (!acct) continue;
    const amount = BigInt(acct.balance) - base - 12n;
    if (amount <= 0n) continue;
    const swept = new Date(Math.min(now.getTime(), at.getTime() + rng.int(60_000, DAY)));
    const sequence = acct.sequence;
    const sent = applyXrpPayment(
      xrp,
      { from: address, to: hot, amountDrops: amount, destTag: null, sequence },
      swept,
    );
    sweeps.push({
      key: `xrp:sweep:${address}:seq${sequence}`,
      chain: 'xrp',
      kind: 'sweep',
      subject: address,
      params: { Amount: amount.toString() },
      state: 'done',
      txHash: sent.hash,
      createdAt: swept,
      finishedAt: swept,
    });
  }
  const accountRow = (address: string, role: 'pool' | 'deposit' | 'hot') => {
    const acct = xrp.accounts[address];
    return {
      address,
      role,
      balanceDrops: BigInt(acct?.balance ?? '0'),
      reserveDrops: xrpReserveDrops(base, owner, acct?.ownerCount ?? 0),
      sequence: acct?.sequence ?? 1,
      requireDest: acct?.requireDest ?? false,
      updatedAt: now,
    };
  };
  await tx
    .insert(xrpPoolAccounts)
    .values([
      accountRow(DEMO_XRP_POOL_ACCOUNT, 'pool'),
      accountRow(hot, 'hot'),
      ...[...deposits.keys()].map((address) => accountRow(address, 'deposit')),
    ]);
  if (payments.length > 0) await tx.insert(xrpInboundPayments).values(payments);
  if (sweeps.length > 0) await tx.insert(poolActions).values(sweeps);
  return payments.length;
}

/**
 * The XRP and Ether pools of the demo (ADR 0019): the latest paid XRP, ETH and USDT payments arrived on the
 * sandbox chains, some swept already, some waiting for gas, below their minimum, failed or dust, plus XRP
 * payments without a tag or with one nobody issued. The sandbox ledgers are written with them, so the
 * chains and the pool tables agree from the first start.
 */
export async function seedPools(
  tx: DbOrTx,
  rng: Random,
  now: Date,
): Promise<{ depositAddresses: number; xrpPayments: number }> {
  const evm = evmGenesis(SANDBOX_GENESIS_MS, SANDBOX_SEED);
  const xrp = xrpGenesis(SANDBOX_GENESIS_MS, SANDBOX_SEED);
  const depositAddresses = await seedEther(tx, rng.fork('ether'), evm, now);
  const xrpPayments = await seedXrp(tx, rng.fork('xrp'), xrp, now);
  await tx.insert(sandboxLedgers).values([
    { chain: EVM_CHAIN, state: evm, updatedAt: now },
    { chain: XRP_CHAIN, state: xrp, updatedAt: now },
  ]);
  return { depositAddresses, xrpPayments };
}
