import {
  decimalToUnits,
  EVM_TOKENS,
  type EvmDepositState,
  type EvmToken,
  minimumUnits,
  sweepGasWei,
  XRP_ALT_COIN_ID,
  XRP_DECIMALS,
  type XrpPaymentStatus,
  xrpReserveDrops,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { evmDepositAddresses } from '../../db/schema';
import type { PoolChains } from './chains/pool-chains';
import { recordDeposit } from './ether-pool.repository';
import { findAccount, insertPayment, transactionOfTag, upsertAccount } from './xrp-pool.repository';

/** The state a deposit address is in once funds arrived, before anyone acts. */
export function arrivedState(
  token: EvmToken,
  balance: bigint,
  gasWei: bigint,
  gasPriceWei: bigint,
): EvmDepositState {
  if (balance < minimumUnits(token)) return 'balance_too_low';
  if (token === 'ETH') return 'ready_for_accumulation';
  return gasWei >= sweepGasWei(token, gasPriceWei) ? 'ready_for_accumulation' : 'gas_required';
}

/**
 * What the pools hear from the chains (ADR 0019): a deposit seen on an EVM address, a payment validated on
 * the XRP Ledger. In fake mode the simulator makes them happen on the sandboxes first, as customers would;
 * a chain watcher for real mode would call the same recording.
 */
export function createPoolFeed(deps: { db: Db; now: () => Date; chains: PoolChains }) {
  const { db, now, chains } = deps;
  const sandbox = () => {
    if (!chains.sandbox) throw new Error('Deposits are simulated on the sandbox chains only');
    return chains.sandbox;
  };

  return {
    /** A customer pays `amount` of `token` into `address` (sandbox), and the pool records it. */
    async evmDeposit(address: string, token: EvmToken, amount: bigint): Promise<void> {
      const hash = await sandbox().evm.deposit(address, token, amount);
      const [balances, gasPriceWei] = await Promise.all([
        chains.evm.balances(address),
        chains.evm.gasPriceWei(),
      ]);
      await recordDeposit(
        db,
        {
          address,
          derivationIndex: sql`(select coalesce(max(${evmDepositAddresses.derivationIndex}), 0) + 1 from ${evmDepositAddresses})`,
          token,
          balanceUnits: balances[token].toString(),
          gasWei: balances.ETH.toString(),
          state: arrivedState(token, balances[token], balances.ETH, gasPriceWei),
          lastTxHash: hash,
        },
        now(),
      );
    },

    /**
     * A customer pays XRP to the pool account (with the invoice's tag, a wrong one or none) or to a deposit
     * account; the pool matches the tag to a T transaction and records the payment.
     */
    async xrpPayment(input: {
      from: string;
      to: string;
      drops: bigint;
      destTag: number | null;
      /** A per-invoice deposit account's transaction (matched by address, not tag). */
      depositFor?: { id: number; amount: string };
    }): Promise<void> {
      const box = sandbox();
      const reserves = await chains.xrp.reserves();
      const isNewDeposit = input.depositFor !== undefined && !(await chains.xrp.accountInfo(input.to));
      if (isNewDeposit) await box.xrp.openAccount(input.to, reserves.baseDrops);
      const sent = await box.xrp.customerPays(input.from, input.to, input.drops, input.destTag);
      const info = await chains.xrp.accountInfo(input.to);
      const at = now();
      const known = await findAccount(db, input.to);
      let matched: number | null = null;
      let status: XrpPaymentStatus;
      if (input.depositFor) {
        matched = input.depositFor.id;
        status =
          input.drops >= decimalToUnits(input.depositFor.amount, XRP_DECIMALS) ? 'matched' : 'underpaid';
      } else if (input.destTag === null) {
        status = 'unmatched-no-tag';
      } else {
        const transaction = await transactionOfTag(db, input.destTag);
        matched = transaction?.id ?? null;
        status = !transaction
          ? 'unmatched-unknown-tag'
          : input.drops >= decimalToUnits(transaction.amount, XRP_DECIMALS)
            ? 'matched'
            : 'underpaid';
      }
      await db.transaction(async (tx) => {
        await upsertAccount(tx, {
          address: input.to,
          role: known?.role ?? (input.depositFor ? 'deposit' : 'pool'),
          balanceDrops: info?.balanceDrops ?? 0n,
          reserveDrops: xrpReserveDrops(reserves.baseDrops, reserves.ownerDrops, info?.ownerCount ?? 0),
          sequence: info?.sequence ?? 1,
          requireDest: info?.requireDest ?? false,
          updatedAt: at,
        });
        await insertPayment(tx, {
          txHash: sent.hash,
          ledgerIndex: sent.ledgerIndex,
          account: input.to,
          fromAddress: input.from,
          destTag: input.destTag,
          amountDrops: input.drops,
          matchedTransactionId: matched,
          status,
          note: null,
          receivedAt: at,
        });
      });
    },
  };
}

export type PoolFeed = ReturnType<typeof createPoolFeed>;

/** Payments the platform marked paid that have not reached a pool yet: XRP, ETH and USDT. */
async function paidWithoutDeposit(db: Db, since: Date, limit: number) {
  const result = (await db.execute(sql`
    select t.id, t.alt_coin_id, t.coin_address, t.amount::text as amount, t.tag, t.status
    from transactions t
    where t.prefix = 'T' and t.alt_coin_id in (${EVM_TOKENS.ETH.altCoinId}, ${EVM_TOKENS.USDT.altCoinId}, ${XRP_ALT_COIN_ID})
      and t.status in ('paid', 'underpaid') and t.confirmed_on >= ${since}
      and not exists (select 1 from evm_deposit_addresses d where d.address = t.coin_address)
      and not exists (select 1 from xrp_inbound_payments p where p.matched_transaction_id = t.id)
    order by t.confirmed_on desc
    limit ${limit}`)) as unknown as {
    rows: Array<{
      id: number | string;
      alt_coin_id: number;
      coin_address: string;
      amount: string;
      tag: string | null;
      status: string;
    }>;
  };
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Exchanges whose customers send XRP without the tag now and then (the pool's unmatched payments). */
const UNTAGGED_SENDERS = ['rExchangeHotWa11etAAAAAAAAAAAAAAA', 'rExchangeHotWa11etBBBBBBBBBBBBBBB'];
const FEED_WINDOW_MS = 60 * 60_000;

/**
 * One step of the demo platform's chains (called by the simulator): customers of recently paid XRP, ETH and
 * USDT payments send the funds, so the pools fill as the platform runs, and now and then an untagged XRP
 * payment arrives for staff to assign.
 */
export async function feedPools(
  feed: PoolFeed,
  db: Db,
  now: Date,
  random: {
    chance(p: number): boolean;
    int(min: number, max: number): number;
    pick<T>(values: readonly T[]): T;
  },
  poolAccount: string,
): Promise<void> {
  for (const payment of await paidWithoutDeposit(db, new Date(now.getTime() - FEED_WINDOW_MS), 5)) {
    const isUnderpaid = payment.status === 'underpaid';
    if (payment.alt_coin_id === XRP_ALT_COIN_ID) {
      const asked = decimalToUnits(payment.amount, XRP_DECIMALS);
      const drops = isUnderpaid ? (asked * 9n) / 10n : asked;
      const tag = payment.tag !== null && /^\d{1,10}$/.test(payment.tag) ? Number(payment.tag) : null;
      // Base58 has no zero: the customer's demo address spells it as a small o.
      const from = `rCustomer${payment.id.toString().padStart(24, 'X').replace(/0/g, 'o')}`;
      if (tag !== null && tag <= 4_294_967_295)
        await feed.xrpPayment({ from, to: poolAccount, drops, destTag: tag });
      else
        await feed.xrpPayment({
          from,
          to: payment.coin_address,
          drops,
          destTag: null,
          depositFor: { id: payment.id, amount: payment.amount },
        });
    } else {
      const token = payment.alt_coin_id === EVM_TOKENS.ETH.altCoinId ? 'ETH' : 'USDT';
      const units = decimalToUnits(payment.amount, EVM_TOKENS[token].decimals);
      await feed.evmDeposit(payment.coin_address, token, isUnderpaid ? (units * 9n) / 10n : units);
    }
  }
  if (random.chance(0.03)) {
    const drops = BigInt(random.int(15, 600)) * 1_000_000n;
    await feed.xrpPayment({ from: random.pick(UNTAGGED_SENDERS), to: poolAccount, drops, destTag: null });
  }
}
