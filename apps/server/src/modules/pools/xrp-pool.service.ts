import {
  type ADMIN_CALLS,
  decimalToUnits,
  formatTransactionRef,
  type PoolActionResult,
  parseTransactionRef,
  shortAmount,
  unitsToDecimal,
  XRP_ALT_COIN_ID,
  XRP_ATTENTION_STATUSES,
  XRP_DECIMALS,
  type XrpPaymentRow,
  type XrpPool,
  xrpReserveDrops,
  xrpSpendableDrops,
} from '@bo/contract';
import type { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import { lockTransaction, updateTransactionRow } from '../transactions/transactions.repository';
import type { XrpLedgerAdapter } from './chains/chains';
import { claimAction, finishAction, latestAction } from './ether-pool.repository';
import { formatUtc, SenderQueue } from './pool-helpers';
import {
  countPayments,
  findAccount,
  findPayment,
  listPayments,
  lockPayment,
  paidToTransaction,
  poolTotals,
  setAccount,
  setPaymentMatch,
  type XrpPaymentDbRow,
  xrpFilter,
} from './xrp-pool.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

const xrp = (drops: bigint) => unitsToDecimal(drops, XRP_DECIMALS);
const UNMATCHED = new Set(['unmatched-no-tag', 'unmatched-unknown-tag']);

export interface XrpPoolDeps {
  db: Db;
  now: () => Date;
  xrpl: XrpLedgerAdapter;
  pools: AppConfig['pools'];
}

const toRow = (row: XrpPaymentDbRow): XrpPaymentRow => {
  const balance = BigInt(row.balanceDrops);
  const reserve = BigInt(row.reserveDrops);
  return {
    ID: row.id,
    LedgerIndex: Number(row.ledgerIndex),
    TxHash: row.txHash,
    From: row.fromAddress,
    DestTag: row.destTag === null ? null : Number(row.destTag),
    Amount: xrp(BigInt(row.amountDrops)),
    MatchedTransactionID: row.matchedTransactionId === null ? null : Number(row.matchedTransactionId),
    Status: row.status,
    Note: row.note,
    ReceivedOn: row.receivedAt.toISOString(),
    Account: {
      Address: row.account,
      Role: row.role,
      Balance: xrp(balance),
      Reserve: xrp(reserve),
      Spendable: xrp(xrpSpendableDrops(balance, reserve)),
      Sweep:
        row.sweepState === null || row.sweepOn === null
          ? null
          : { State: row.sweepState, TxHash: row.sweepTxHash, On: new Date(row.sweepOn).toISOString() },
    },
  };
};

/**
 * The XRP Pool (ADR 0019): payments into the pooled account (told apart by destination tag) and into
 * per-invoice deposit accounts, matched to T transactions; staff assign what did not match and sweep deposit
 * accounts above their reserve to the hot wallet, once per account sequence.
 */
export function createXrpPoolService(deps: XrpPoolDeps) {
  const { db, now, xrpl, pools } = deps;
  const hot = pools.wallets.xrpHotWallet;
  const senders = new SenderQueue();

  const paymentOf = async (id: number): Promise<XrpPaymentRow> => {
    const row = await findPayment(db, id);
    if (!row) throw new ApiError(404, `No XRP payment with ID ${id}`);
    return toRow(row);
  };

  return {
    async list(params: Params<'XrpPool'>): Promise<XrpPool> {
      const filter = xrpFilter(params.view, params.status);
      // The attention view and its statuses are counted by the summary's pass; others are counted here.
      const isAttention = params.status
        ? (XRP_ATTENTION_STATUSES as readonly string[]).includes(params.status)
        : params.view === 'attention';
      const [rows, counted, totals, ledgerIndex, reserves, hotInfo] = await Promise.all([
        listPayments(db, filter, { order: params.order, limit: params.limit, offset: pageOffset(params) }),
        isAttention ? Promise.resolve(null) : countPayments(db, filter),
        poolTotals(db),
        xrpl.ledgerIndex(),
        xrpl.reserves(),
        xrpl.accountInfo(hot),
      ]);
      const total =
        counted ?? (params.status ? (totals.attentionByStatus[params.status] ?? 0) : totals.attentionCount);
      return {
        Summary: {
          Mode: xrpl.mode,
          LedgerIndex: ledgerIndex,
          PoolBalance: xrp(totals.balanceDrops),
          ReserveLocked: xrp(totals.reserveDrops),
          Spendable: xrp(totals.spendableDrops),
          UnmatchedCount: totals.unmatchedCount,
          UnmatchedAmount: xrp(totals.unmatchedDrops),
          RequireDest: totals.requireDest,
          BaseReserve: xrp(reserves.baseDrops),
          OwnerReserve: xrp(reserves.ownerDrops),
          HotWallet: { Address: hot, Balance: xrp(hotInfo?.balanceDrops ?? 0n) },
        },
        ...pageAnswer(params, total, rows.map(toRow)),
      };
    },

    async assign(params: Params<'AssignXrpPayment'>, actor: Actor): Promise<XrpPaymentRow> {
      const ref = parseTransactionRef(params.Transaction);
      if (ref?.prefix !== 'T')
        throw new ApiError(400, 'Use T followed by the transaction id, e.g. T000001234');
      const refText = formatTransactionRef('T', ref.id);
      const at = now();
      await db.transaction(async (tx) => {
        // Payment first, then the transaction: every assignment locks in this order, so two cannot deadlock.
        const payment = await lockPayment(tx, params.ID);
        if (!payment) throw new ApiError(404, `No XRP payment with ID ${params.ID}`);
        if (!UNMATCHED.has(payment.status))
          throw new ApiError(
            409,
            payment.status === 'refunded'
              ? 'This payment was refunded; it cannot be assigned'
              : 'This payment is already matched to a transaction',
          );
        const row = await lockTransaction(tx, 'T', ref.id);
        if (!row) throw new ApiError(404, `No transaction ${refText}`);
        if (row.altCoinId !== XRP_ALT_COIN_ID)
          throw new ApiError(409, `${refText} is not an XRP transaction`);
        if (row.status === 'paid') throw new ApiError(409, `${refText} is already paid`);
        if (row.status !== 'waiting' && row.status !== 'underpaid')
          throw new ApiError(
            409,
            `${refText} is ${row.status}; only a waiting or underpaid transaction takes a payment`,
          );
        const asked = decimalToUnits(row.amount, XRP_DECIMALS);
        const paid = (await paidToTransaction(tx, row.id)) + payment.amountDrops;
        const isCovered = paid >= asked;
        const status = isCovered ? 'matched' : 'underpaid';
        const note = isCovered
          ? `Assigned to ${refText} by ${actor.username}`
          : `Assigned to ${refText} by ${actor.username}: ${shortAmount(paid, XRP_DECIMALS)} of ${shortAmount(asked, XRP_DECIMALS)} XRP`;
        await setPaymentMatch(tx, payment.id, { matchedTransactionId: row.id, status, note });
        const next = isCovered
          ? { status: 'paid', notEnough: 0, confirmedOn: at }
          : { status: 'underpaid', notEnough: 1, confirmedOn: at };
        await updateTransactionRow(tx, row.id, { ...next, updatedOn: at });
        await recordChange(tx, actor, {
          action: 'pool.xrp.assign',
          entity: 'xrp_payment',
          id: payment.id,
          before: { Status: payment.status, MatchedTransaction: null },
          after: { Status: status, MatchedTransaction: refText },
        });
        await recordChange(tx, actor, {
          action: 'transaction.status',
          entity: 'transaction',
          id: refText,
          before: { Status: row.status, NotEnough: row.notEnough },
          after: { Status: next.status, NotEnough: next.notEnough, XrpPayment: payment.txHash },
        });
      });
      return paymentOf(params.ID);
    },

    async sweep(params: Params<'SweepXrpAccount'>, actor: Actor): Promise<PoolActionResult> {
      const account = await findAccount(db, params.Address);
      if (!account) throw new ApiError(404, `No pool account ${params.Address}`);
      if (account.role !== 'deposit')
        throw new ApiError(
          409,
          `${params.Address} is the ${account.role} account; only deposit accounts are swept`,
        );
      const [info, reserves] = await Promise.all([xrpl.accountInfo(account.address), xrpl.reserves()]);
      if (!info) throw new ApiError(409, `${params.Address} is not on the ledger`);
      const reserve = xrpReserveDrops(reserves.baseDrops, reserves.ownerDrops, info.ownerCount);
      const amount = xrpSpendableDrops(info.balanceDrops, reserve);
      // The account's sequence is its state: one sweep per sequence, whoever asks and however often.
      const key = `xrp:sweep:${account.address}:seq${info.sequence}`;
      if (amount === 0n) {
        const last = await latestAction(db, 'xrp', account.address, ['sweep']);
        throw new ApiError(
          409,
          last?.state === 'running'
            ? `A sweep of ${account.address} is already running (started by ${last.username ?? 'the system'} at ${formatUtc(last.createdAt)})`
            : `${account.address} holds ${xrp(info.balanceDrops)} XRP, no more than its reserve ${xrp(reserve)} XRP and the fee; nothing to sweep`,
        );
      }
      const at = now();
      const actionId = await db.transaction(async (tx) => {
        const id = await claimAction(
          tx,
          {
            key,
            chain: 'xrp',
            kind: 'sweep',
            subject: account.address,
            params: { Amount: xrp(amount) },
            staffId: actor.staffId,
          },
          at,
        );
        if (id === null) return null;
        await recordChange(tx, actor, {
          action: 'pool.xrp.sweep',
          entity: 'xrp_account',
          id: account.address,
          before: { Balance: xrp(info.balanceDrops), Sequence: info.sequence },
          after: { Amount: xrp(amount), To: hot, ActionID: id },
        });
        return id;
      });
      if (actionId === null) {
        const last = await latestAction(db, 'xrp', account.address, ['sweep']);
        throw new ApiError(
          409,
          last?.state === 'running'
            ? `A sweep of ${account.address} is already running (started by ${last.username ?? 'the system'} at ${formatUtc(last.createdAt)})`
            : `${account.address} was already swept at sequence ${info.sequence}${last?.txHash ? ` in ${last.txHash.slice(0, 10)}…` : ''}`,
        );
      }
      try {
        const sent = await senders.run(account.address, () =>
          xrpl.submitPayment({
            from: account.address,
            to: hot,
            amountDrops: amount,
            destTag: null,
            sequence: info.sequence,
          }),
        );
        const after = await xrpl.accountInfo(account.address);
        await db.transaction(async (tx) => {
          await setAccount(
            tx,
            account.address,
            null,
            {
              balanceDrops: after?.balanceDrops ?? 0n,
              reserveDrops: reserve,
              sequence: after?.sequence ?? info.sequence + 1,
            },
            now(),
          );
          await finishAction(tx, actionId, { state: 'done', txHash: sent.hash }, now());
          await recordChange(tx, actor, {
            action: 'pool.xrp.done',
            entity: 'xrp_account',
            id: account.address,
            before: { Balance: xrp(info.balanceDrops), Sequence: info.sequence },
            after: { Balance: xrp(after?.balanceDrops ?? 0n), TxHash: sent.hash, ActionID: actionId },
          });
        });
        return {
          ActionID: actionId,
          State: 'done',
          Amount: xrp(amount),
          TxHashes: [sent.hash],
          Message: `Swept ${shortAmount(amount, XRP_DECIMALS, 2, 6)} XRP from ${account.address} to the hot wallet`,
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.transaction(async (tx) => {
          await finishAction(tx, actionId, { state: 'failed', error: message }, now());
          await recordChange(tx, actor, {
            action: 'pool.xrp.failed',
            entity: 'xrp_account',
            id: account.address,
            after: { Error: message, ActionID: actionId },
          });
        });
        throw new ApiError(502, `The sweep of ${account.address} failed: ${message}`, { ActionID: actionId });
      }
    },
  };
}

export type XrpPoolService = ReturnType<typeof createXrpPoolService>;
