import {
  type ADMIN_CALLS,
  ETH_DECIMALS,
  ETH_TRANSFER_GAS,
  type EtherDepositRow,
  type EtherPool,
  EVM_STATE_LABELS,
  EVM_SWEEPABLE_STATES,
  EVM_TOKEN_NAMES,
  EVM_TOKENS,
  type EvmDepositState,
  type EvmToken,
  gasPriceTooHighMessage,
  gasTopUpWei,
  keeperTooLowMessage,
  type PoolActionResult,
  planSweep,
  SWEEP_ALL_LIMIT,
  type SweepAllResult,
  shortAmount,
  sweepGasWei,
  unitsToDecimal,
} from '@bo/contract';
import type { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import { ChainError, type EvmChainAdapter, type EvmReceipt } from './chains/chains';
import {
  claimAction,
  countDeposits,
  type DepositRow,
  etherFilter,
  findDeposit,
  finishAction,
  insertSweepTx,
  latestAction,
  listDeposits,
  runningActions,
  setDepositState,
  sweepCandidates,
  waitingTotals,
} from './ether-pool.repository';
import { formatUtc, SenderQueue, shortHash } from './pool-helpers';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

const AUDIT_ENTITY = 'evm_deposit_address';
const eth = (wei: bigint) => unitsToDecimal(wei, ETH_DECIMALS);

export interface EtherPoolDeps {
  db: Db;
  now: () => Date;
  evm: EvmChainAdapter;
  pools: AppConfig['pools'];
}

const toRow = (row: DepositRow): EtherDepositRow => ({
  ID: row.id,
  Address: row.address,
  DerivationIndex: row.derivationIndex,
  Token: row.token,
  Balance: unitsToDecimal(BigInt(row.balanceUnits), EVM_TOKENS[row.token].decimals),
  GasBalance: eth(BigInt(row.gasWei)),
  State: row.state,
  IsAboveMinimum: row.isAboveMinimum,
  LinkedTransactions: row.linked,
  LastTransactionID: row.lastTransactionId === null ? null : Number(row.lastTransactionId),
  LastTxHash: row.lastTxHash,
  LastError: row.lastError,
  ValueEUR: row.valueEur,
  UpdatedOn: row.updatedAt.toISOString(),
});

/**
 * The Ether Pool (ADR 0019): deposit addresses of ETH and ERC-20 payments, swept to the hot wallet by hand.
 * A sweep is claimed first (a `pool_actions` row keyed by the address and the version it was seen at, and a
 * conditional UPDATE of that version), so a second click or a second staff member finds it running or done
 * and nothing is sent twice; then the chain transactions are sent and the outcome recorded.
 */
export function createEtherPoolService(deps: EtherPoolDeps) {
  const { db, now, evm, pools } = deps;
  const { ethHotWallet: hot, ethGasKeeper: keeper } = pools.wallets;
  // One sender's transactions go one at a time, so two sweeps never take the keeper's same nonce.
  const senders = new SenderQueue();

  const noAddress = (id: number) => new ApiError(404, `No deposit address with ID ${id}`);
  const label = (row: DepositRow) => `${shortHash(row.address)} (${row.token})`;

  /** Why an address cannot be swept now, in words, with the action that decided it. */
  const refuseState = async (row: DepositRow): Promise<never> => {
    const last = await latestAction(db, 'eth', row.address, ['sweep']);
    const who = last ? ` by ${last.username ?? 'the system'} at ${formatUtc(last.createdAt)}` : '';
    if (row.state === 'accumulation_in_progress')
      throw new ApiError(409, `A sweep of ${label(row)} is already running (started${who})`, {
        State: row.state,
      });
    if (row.state === 'accumulated')
      throw new ApiError(
        409,
        `${label(row)} was already swept${last?.txHash ? ` in ${shortHash(last.txHash)}` : ''}${who}; nothing is left to sweep`,
        { State: row.state },
      );
    if ((EVM_SWEEPABLE_STATES as readonly string[]).includes(row.state))
      throw new ApiError(
        409,
        `${label(row)} changed meanwhile (new funds or another action); look again before sweeping`,
        { State: row.state },
      );
    throw new ApiError(
      409,
      `${label(row)} is ${EVM_STATE_LABELS[row.state].toLowerCase()}; it is not swept`,
      {
        State: row.state,
      },
    );
  };

  /** Sends from one address with its next nonce; a nonce another instance took first is read again. */
  const sendFrom = (
    from: string,
    transfer: { to: string; token: EvmToken; amount: bigint; gasPriceWei: bigint },
  ) =>
    senders.run(from, async (): Promise<EvmReceipt> => {
      for (let attempt = 0; ; attempt++) {
        const nonce = await evm.nonce(from);
        try {
          return await evm.send({ from, nonce, ...transfer });
        } catch (error) {
          if (attempt < 2 && error instanceof ChainError && error.message.startsWith('nonce too low'))
            continue;
          throw error;
        }
      }
    });

  /** Claims the address for `kind` at the version seen, moving it to `claimed`; 409 when someone was first. */
  const claim = async (
    row: DepositRow,
    kind: 'sweep' | 'gas_topup' | 'dust',
    claimed: EvmDepositState,
    actor: Actor,
    params: Record<string, unknown>,
  ): Promise<number> => {
    const at = now();
    const key = `eth:${kind}:${row.address}:${row.token}:v${row.version}`;
    // Losing either race (the key taken, or the version moved on) rolls the whole claim back: no action row,
    // no audit entry, nothing half-claimed.
    const lost = new Error('claim lost');
    const id = await db
      .transaction(async (tx) => {
        const actionId = await claimAction(
          tx,
          { key, chain: 'eth', kind, subject: row.address, params, staffId: actor.staffId },
          at,
        );
        if (actionId === null) throw lost;
        if (!(await setDepositState(tx, row.id, row.version, { state: claimed }, at))) throw lost;
        await recordChange(tx, actor, {
          action: `pool.eth.${kind}`,
          entity: AUDIT_ENTITY,
          id: row.id,
          before: { State: row.state, Balance: toRow(row).Balance, Token: row.token },
          after: { State: claimed, ActionID: actionId, ...params },
        });
        return actionId;
      })
      .catch((error: unknown) => {
        if (error === lost) return null;
        throw error;
      });
    if (id !== null) return id;
    // Someone acted first: answer what became of the address, from its state now.
    const now_ = await findDeposit(db, row.id);
    if (!now_) throw noAddress(row.id);
    return refuseState(now_);
  };

  /** Records the outcome: the address as the chain now has it, the action done or failed, both audited. */
  const finish = async (
    row: DepositRow,
    actionId: number,
    actor: Actor,
    outcome: { state: EvmDepositState; txHash: string | null; error: string | null },
  ) => {
    const at = now();
    const balances = await evm.balances(row.address);
    const current = await findDeposit(db, row.id);
    await db.transaction(async (tx) => {
      if (current)
        await setDepositState(
          tx,
          row.id,
          current.version,
          {
            state: outcome.state,
            balanceUnits: balances[row.token].toString(),
            gasWei: balances.ETH.toString(),
            ...(outcome.txHash ? { lastTxHash: outcome.txHash } : {}),
            lastError: outcome.error,
          },
          at,
        );
      await finishAction(
        tx,
        actionId,
        { state: outcome.error ? 'failed' : 'done', txHash: outcome.txHash, error: outcome.error },
        at,
      );
      await recordChange(tx, actor, {
        action: `pool.eth.${outcome.error ? 'failed' : 'done'}`,
        entity: AUDIT_ENTITY,
        id: row.id,
        before: { State: current?.state ?? row.state },
        after: { State: outcome.state, ActionID: actionId, TxHash: outcome.txHash, Error: outcome.error },
      });
    });
  };

  const record = (row: DepositRow, actionId: number, type: 'gas_topup' | 'sweep', receipt: EvmReceipt) =>
    insertSweepTx(db, {
      actionId,
      depositId: row.id,
      type,
      fromAddress: receipt.from,
      toAddress: receipt.to,
      token: receipt.token,
      amount: receipt.amount,
      txHash: receipt.hash,
      nonce: receipt.nonce,
      state: 'confirmed',
      createdAt: now(),
    });

  const loadSweepable = async (id: number): Promise<DepositRow> => {
    const row = await findDeposit(db, id);
    if (!row) throw noAddress(id);
    if (!(EVM_SWEEPABLE_STATES as readonly string[]).includes(row.state)) return refuseState(row);
    return row;
  };

  const sweepOne = async (id: number, actor: Actor): Promise<PoolActionResult> => {
    const row = await loadSweepable(id);
    const [gasPriceWei, balances, keeperBalances] = await Promise.all([
      evm.gasPriceWei(),
      evm.balances(row.address),
      evm.balances(keeper),
    ]);
    const plan = planSweep({
      token: row.token,
      balance: balances[row.token],
      gasBalance: balances.ETH,
      gasPriceWei,
      maxGasPriceWei: pools.maxGasPriceWei,
      keeperWei: keeperBalances.ETH,
    });
    if (!plan.ok) throw new ApiError(409, plan.message, { Reason: plan.reason });
    const amountText = `${shortAmount(plan.amount, EVM_TOKENS[row.token].decimals, 2, 8)} ${row.token}`;
    const actionId = await claim(row, 'sweep', 'accumulation_in_progress', actor, {
      Amount: unitsToDecimal(plan.amount, EVM_TOKENS[row.token].decimals),
      GasTopUp: plan.topUpWei > 0n ? eth(plan.topUpWei) : null,
    });
    const hashes: string[] = [];
    try {
      if (plan.topUpWei > 0n) {
        const topUp = await sendFrom(keeper, {
          to: row.address,
          token: 'ETH',
          amount: plan.topUpWei,
          gasPriceWei,
        });
        hashes.push(topUp.hash);
        await record(row, actionId, 'gas_topup', topUp);
      }
      const sweep = await sendFrom(row.address, {
        to: hot,
        token: row.token,
        amount: plan.amount,
        gasPriceWei,
      });
      hashes.push(sweep.hash);
      await record(row, actionId, 'sweep', sweep);
      await finish(row, actionId, actor, { state: 'accumulated', txHash: sweep.hash, error: null });
      return {
        ActionID: actionId,
        State: 'done',
        Amount: unitsToDecimal(plan.amount, EVM_TOKENS[row.token].decimals),
        TxHashes: hashes,
        Message: `Swept ${amountText} from ${shortHash(row.address)} to the hot wallet`,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await finish(row, actionId, actor, { state: 'failed', txHash: hashes.at(-1) ?? null, error: message });
      throw new ApiError(502, `The sweep of ${label(row)} failed: ${message}`, { ActionID: actionId });
    }
  };

  return {
    async list(params: Params<'EtherPool'>): Promise<EtherPool> {
      const filter = etherFilter(params.view, params.token);
      const isToSweep = params.view === 'to-sweep';
      const [rows, counted, waiting, running, gasPriceWei, hotBalances, keeperBalances] = await Promise.all([
        listDeposits(db, filter, { order: params.order, limit: params.limit, offset: pageOffset(params) }),
        isToSweep ? Promise.resolve(null) : countDeposits(db, filter),
        waitingTotals(db),
        runningActions(db, 'eth'),
        evm.gasPriceWei(),
        evm.balances(hot),
        evm.balances(keeper),
      ]);
      const total = counted ?? (params.token ? (waiting.byToken[params.token] ?? 0) : waiting.count);
      const page = pageAnswer(params, total, rows.map(toRow));
      return {
        Summary: {
          Mode: evm.mode,
          HotWallet: {
            Address: hot,
            ETH: eth(hotBalances.ETH),
            USDT: unitsToDecimal(hotBalances.USDT, EVM_TOKENS.USDT.decimals),
          },
          GasKeeper: {
            Address: keeper,
            Balance: eth(keeperBalances.ETH),
            Threshold: eth(pools.keeperThresholdWei),
            IsLow: keeperBalances.ETH < pools.keeperThresholdWei,
          },
          GasPrice: {
            NowGwei: unitsToDecimal(gasPriceWei, 9),
            MaxGwei: unitsToDecimal(pools.maxGasPriceWei, 9),
            IsTooHigh: gasPriceWei > pools.maxGasPriceWei,
          },
          SweepsPending: waiting.count + running,
          ValueWaitingEUR: waiting.valueEur,
          Minimums: Object.fromEntries(
            EVM_TOKEN_NAMES.map((token) => [token, EVM_TOKENS[token].minimum]),
          ) as Record<EvmToken, string>,
        },
        ...page,
      };
    },

    sweep: (params: Params<'SweepEtherAddress'>, actor: Actor) => sweepOne(params.ID, actor),

    async topUpGas(params: Params<'TopUpEtherGas'>, actor: Actor): Promise<PoolActionResult> {
      const row = await loadSweepable(params.ID);
      if (row.token === 'ETH') throw new ApiError(409, 'An ETH address pays its own gas; it needs no top-up');
      const [gasPriceWei, balances, keeperBalances] = await Promise.all([
        evm.gasPriceWei(),
        evm.balances(row.address),
        evm.balances(keeper),
      ]);
      if (gasPriceWei > pools.maxGasPriceWei)
        throw new ApiError(409, gasPriceTooHighMessage(gasPriceWei, pools.maxGasPriceWei));
      if (balances.ETH >= sweepGasWei(row.token, gasPriceWei))
        throw new ApiError(
          409,
          `${label(row)} already holds ${shortAmount(balances.ETH, ETH_DECIMALS)} ETH, enough gas for its sweep`,
        );
      const amount = gasTopUpWei(gasPriceWei);
      const needed = amount + ETH_TRANSFER_GAS * gasPriceWei;
      if (keeperBalances.ETH < needed)
        throw new ApiError(409, keeperTooLowMessage(keeperBalances.ETH, needed, 1));
      const actionId = await claim(row, 'gas_topup', 'waiting_for_gas', actor, { Amount: eth(amount) });
      try {
        const receipt = await sendFrom(keeper, { to: row.address, token: 'ETH', amount, gasPriceWei });
        await record(row, actionId, 'gas_topup', receipt);
        await finish(row, actionId, actor, {
          state: 'ready_for_accumulation',
          txHash: receipt.hash,
          error: null,
        });
        return {
          ActionID: actionId,
          State: 'done',
          Amount: eth(amount),
          TxHashes: [receipt.hash],
          Message: `Sent ${shortAmount(amount, ETH_DECIMALS, 2, 8)} ETH of gas to ${shortHash(row.address)}`,
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await finish(row, actionId, actor, { state: 'failed', txHash: null, error: message });
        throw new ApiError(502, `The gas top-up of ${label(row)} failed: ${message}`, { ActionID: actionId });
      }
    },

    async markDust(params: Params<'MarkEtherDust'>, actor: Actor): Promise<PoolActionResult> {
      const row = await loadSweepable(params.ID);
      const actionId = await claim(row, 'dust', 'dust', actor, {});
      await db.transaction((tx) => finishAction(tx, actionId, { state: 'done' }, now()));
      return {
        ActionID: actionId,
        State: 'done',
        Amount: toRow(row).Balance,
        TxHashes: [],
        Message: `${label(row)} is marked as dust`,
      };
    },

    async sweepAll(params: Params<'SweepAllEther'>, actor: Actor): Promise<SweepAllResult> {
      const [gasPriceWei, keeperBalances, candidates] = await Promise.all([
        evm.gasPriceWei(),
        evm.balances(keeper),
        sweepCandidates(db, params.token, SWEEP_ALL_LIMIT),
      ]);
      if (candidates.total === 0)
        throw new ApiError(409, 'Every deposit address at or above its minimum is swept');
      if (gasPriceWei > pools.maxGasPriceWei)
        throw new ApiError(409, gasPriceTooHighMessage(gasPriceWei, pools.maxGasPriceWei));
      const needGas = Math.min(candidates.needGas, SWEEP_ALL_LIMIT);
      const needed = BigInt(needGas) * (gasTopUpWei(gasPriceWei) + ETH_TRANSFER_GAS * gasPriceWei);
      if (keeperBalances.ETH < needed)
        throw new ApiError(409, keeperTooLowMessage(keeperBalances.ETH, needed, needGas));
      let swept = 0;
      let failed = 0;
      for (const id of candidates.ids) {
        try {
          await sweepOne(id, actor);
          swept += 1;
        } catch (error) {
          // One address refused (someone swept it meanwhile, or its chain send failed) does not stop the rest.
          if (!(error instanceof ApiError)) throw error;
          if (error.httpStatus !== 409) failed += 1;
        }
      }
      const remaining = Math.max(0, candidates.total - candidates.ids.length);
      return {
        Swept: swept,
        Failed: failed,
        Remaining: remaining,
        Message: `Swept ${swept} ${swept === 1 ? 'address' : 'addresses'}${failed > 0 ? `, ${failed} failed` : ''}${remaining > 0 ? `; ${remaining} more wait for the next run` : ''}`,
      };
    },
  };
}

export type EtherPoolService = ReturnType<typeof createEtherPoolService>;
