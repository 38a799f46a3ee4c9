import {
  type ADMIN_CALLS,
  COIN_AMOUNT_DECIMALS,
  COIN_HEALTH_SAMPLES_SHOWN,
  COIN_HEALTH_STATUSES,
  COIN_HEALTH_WINDOWS,
  type CoinHealthDetail,
  type CoinHealthList,
  type CoinHealthRow,
  type CoinHealthSample,
  type CoinHealthStatus,
  type CoinHealthThresholds,
  type CoinHealthXChange,
  type CoinNodeSample,
  coinHealthRank,
  decimalToUnits,
  judgeCoinHealth,
  unitsToDecimal,
} from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { transactions } from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import { type Actor, changedFields, recordChange } from '../audit/audit.service';
import { searchXChange } from '../vtokens/xchange-search.repository';
import {
  type CoinStateRow,
  ensureThresholds,
  findThresholds,
  historyBuckets,
  historyFromHours,
  insertSamples,
  listCoinStates,
  pruneSamples,
  recentSamples,
  type SampleRow,
  sampleNear,
  setThresholds,
} from './coin-health.repository';
import type { CoinNodesAdapter } from './nodes/nodes';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export interface CoinHealthDeps {
  db: Db;
  now: () => Date;
  nodes: CoinNodesAdapter;
  coins: AppConfig['coins'];
}

const AUDIT_ENTITY = 'coin_health_thresholds';
/** Chart buckets per window: about 300, 170 and 180 points. */
const BUCKET_SECONDS: Record<keyof typeof COIN_HEALTH_WINDOWS, number> = {
  '24h': 300,
  '7d': 3600,
  '30d': 4 * 3600,
};

/** A decimal at exactly 8 places, exact (never through a float). */
const eight = (value: string) =>
  unitsToDecimal(decimalToUnits(value, COIN_AMOUNT_DECIMALS), COIN_AMOUNT_DECIMALS);

const sampleOf = (row: CoinStateRow): CoinNodeSample | null =>
  row.sampledAt === null
    ? null
    : {
        sampledAt: new Date(row.sampledAt),
        reachable: row.reachable ?? false,
        nodeHeight: Number(row.nodeHeight),
        referenceHeight: Number(row.referenceHeight),
        lastBlockAt: new Date(row.lastBlockAt ?? row.sampledAt),
        hotWallet: row.hotWallet ?? '0',
        pendingDeposits: row.pendingDeposits ?? 0,
        pendingWithdrawals: row.pendingWithdrawals ?? 0,
      };

const limitsOf = (
  row: Pick<CoinStateRow, 'maxLagBlocks' | 'maxBlockAgeMinutes' | 'hotWalletMin' | 'hotWalletMax'>,
) => ({
  maxLagBlocks: row.maxLagBlocks,
  maxBlockAgeMinutes: row.maxBlockAgeMinutes,
  hotWalletMin: row.hotWalletMin,
  hotWalletMax: row.hotWalletMax,
});

const thresholdsOf = (row: CoinStateRow): CoinHealthThresholds => ({
  MaxLagBlocks: row.maxLagBlocks,
  Confirmations: row.confirmations,
  MaxBlockAgeMinutes: row.maxBlockAgeMinutes,
  HotWalletMin: row.hotWalletMin,
  HotWalletMax: row.hotWalletMax,
  UpdatedOn: row.updatedAt,
  UpdatedBy: row.updatedBy,
});

const toSample = (row: SampleRow): CoinHealthSample => ({
  ID: Number(row.id),
  SampledOn: row.sampledAt,
  Reachable: row.reachable,
  NodeHeight: Number(row.nodeHeight),
  ReferenceHeight: Number(row.referenceHeight),
  Lag: Number(row.referenceHeight) - Number(row.nodeHeight),
  LastBlockOn: row.lastBlockAt,
  HotWallet: row.hotWallet,
  PendingDeposits: row.pendingDeposits,
  PendingWithdrawals: row.pendingWithdrawals,
  Status: row.status,
  Reason: row.reason,
});

type Sortable = (r: CoinHealthRow) => number | string;
const SORTS: Record<Params<'CoinHealth'>['sort'], Sortable> = {
  // Descending puts the worst first: red has the highest severity.
  Status: (r) => 2 - coinHealthRank(r.Status),
  Name: (r) => r.Name.toLowerCase(),
  Lag: (r) => r.Lag ?? -1,
  BlockAge: (r) => r.BlockAgeSeconds ?? -1,
  HotWallet: (r) => Number(r.HotWallet ?? -1),
  Pending: (r) => (r.PendingDeposits ?? 0) + (r.PendingWithdrawals ?? 0),
};

export function createCoinHealthService(deps: CoinHealthDeps) {
  const { db, now } = deps;
  const probeIntervalMs = deps.coins.probeIntervalMs;

  const judge = (row: CoinStateRow, at: Date) =>
    judgeCoinHealth(sampleOf(row), limitsOf(row), { now: at, probeIntervalMs, coin: row.shortName });

  const toRow = (row: CoinStateRow, at: Date): CoinHealthRow => {
    const verdict = judge(row, at);
    const lag =
      row.nodeHeight === null || row.referenceHeight === null
        ? null
        : Number(row.referenceHeight) - Number(row.nodeHeight);
    return {
      AltCoinID: row.altCoinId,
      Name: row.name,
      ShortName: row.shortName,
      LongName: row.longName,
      IsOnline: row.isOnline,
      Status: verdict.status,
      Reasons: verdict.reasons,
      SampledOn: row.sampledAt,
      Reachable: row.reachable,
      NodeHeight: row.nodeHeight === null ? null : Number(row.nodeHeight),
      ReferenceHeight: row.referenceHeight === null ? null : Number(row.referenceHeight),
      Lag: lag,
      LastBlockOn: row.lastBlockAt,
      BlockAgeSeconds:
        row.lastBlockAt === null
          ? null
          : Math.max(0, Math.floor((at.getTime() - Date.parse(row.lastBlockAt)) / 1000)),
      HotWallet: row.hotWallet,
      PendingDeposits: row.pendingDeposits,
      PendingWithdrawals: row.pendingWithdrawals,
      Thresholds: thresholdsOf(row),
    };
  };

  const coinRow = async (coinId: number) => {
    const [row] = await listCoinStates(db, coinId);
    if (!row) throw new ApiError(404, `Coin ${coinId} has no node to watch (unknown, or fiat or vFiat)`);
    return row;
  };

  /** Reads every on-chain coin's node and records one sample each (the interval job; also after a sandbox change). */
  async function probe(onlyCoin?: number): Promise<number> {
    await ensureThresholds(db);
    const states = await listCoinStates(db, onlyCoin);
    if (states.length === 0) return 0;
    const readings = await deps.nodes.read(states.map((s) => ({ id: s.altCoinId, shortName: s.shortName })));
    const at = now();
    const rows = states.map((state, i) => {
      const reading = readings[i];
      if (!reading) throw new Error(`no reading for coin ${state.altCoinId}`);
      const sample: CoinNodeSample = {
        sampledAt: at,
        reachable: reading.reachable,
        nodeHeight: reading.height,
        referenceHeight: reading.referenceHeight,
        lastBlockAt: reading.lastBlockAt,
        hotWallet: reading.hotWallet,
        pendingDeposits: reading.pendingDeposits,
        pendingWithdrawals: reading.pendingWithdrawals,
      };
      const verdict = judgeCoinHealth(sample, limitsOf(state), {
        now: at,
        probeIntervalMs,
        coin: state.shortName,
      });
      return {
        altCoinId: state.altCoinId,
        sampledAt: at,
        reachable: sample.reachable,
        nodeHeight: sample.nodeHeight,
        referenceHeight: sample.referenceHeight,
        lastBlockAt: sample.lastBlockAt,
        hotWallet: sample.hotWallet,
        pendingDeposits: sample.pendingDeposits,
        pendingWithdrawals: sample.pendingWithdrawals,
        status: verdict.status,
        reason: verdict.reasons.join('; '),
      };
    });
    await insertSamples(db, rows);
    return rows.length;
  }

  return {
    probe,

    /** Every coin with a node, judged now (AltCoin Stats' hot-wallet column). */
    async current(): Promise<CoinHealthRow[]> {
      const at = now();
      return (await listCoinStates(db)).map((row) => toRow(row, at));
    },

    /** Drops samples past the retention window. */
    async prune(): Promise<void> {
      const states = await listCoinStates(db);
      const cutoff = new Date(now().getTime() - deps.coins.retentionDays * 86_400_000);
      await pruneSamples(
        db,
        states.map((s) => s.altCoinId),
        cutoff,
      );
    },

    async list(params: Params<'CoinHealth'>): Promise<CoinHealthList> {
      const at = now();
      const all = (await listCoinStates(db)).map((row) => toRow(row, at));
      const counts = { red: 0, amber: 0, green: 0 } satisfies Record<CoinHealthStatus, number>;
      let lastProbe: string | null = null;
      for (const row of all) {
        if (row.SampledOn && (lastProbe === null || row.SampledOn > lastProbe)) lastProbe = row.SampledOn;
      }
      const q = params.q.toLowerCase();
      const shown = all.filter(
        (r) =>
          (params.online === 'all' || r.IsOnline === (params.online === 'online')) &&
          (q === '' ||
            r.Name.toLowerCase().includes(q) ||
            r.ShortName.toLowerCase().includes(q) ||
            r.LongName.toLowerCase().includes(q) ||
            String(r.AltCoinID) === q),
      );
      for (const row of shown) counts[row.Status] += 1;
      const filtered = params.status ? shown.filter((r) => r.Status === params.status) : shown;
      const key = SORTS[params.sort];
      const sign = params.order === 'asc' ? 1 : -1;
      filtered.sort((a, b) => {
        const x = key(a);
        const y = key(b);
        if (x !== y) return (x < y ? -1 : 1) * sign;
        // Ties: worst first, then by name.
        return coinHealthRank(a.Status) - coinHealthRank(b.Status) || a.Name.localeCompare(b.Name);
      });
      const offset = pageOffset(params);
      return {
        Summary: {
          Mode: deps.nodes.mode,
          ProbeIntervalSeconds: probeIntervalMs / 1000,
          LastProbeOn: lastProbe,
          Counts: counts,
        },
        ...pageAnswer(params, filtered.length, filtered.slice(offset, offset + params.limit)),
      };
    },

    async detail(params: Params<'CoinHealthDetail'>): Promise<CoinHealthDetail> {
      const at = now();
      const state = await coinRow(params.ID);
      const coin = toRow(state, at);
      const hours = COIN_HEALTH_WINDOWS[params.window];
      // A day from the samples themselves; longer windows from the hourly roll-up.
      const read = params.window === '24h' ? historyBuckets : historyFromHours;
      const buckets = await read(
        db,
        params.ID,
        new Date(at.getTime() - hours * 3_600_000),
        at,
        BUCKET_SECONDS[params.window],
      );
      const samples = (await recentSamples(db, params.ID, COIN_HEALTH_SAMPLES_SHOWN)).map(toSample);
      let xchange: CoinHealthXChange | null = null;
      let missing: string | null = null;
      if (params.xchange !== undefined) {
        xchange = await xchangeInContext(params.xchange, coin);
        if (!xchange) missing = `No xChange transaction ${params.xchange} in ${coin.Name}`;
      }
      return {
        Mode: deps.nodes.mode,
        Coin: coin,
        Window: params.window,
        History: buckets.map((b) => ({
          At: b.at,
          NodeHeight: Number(b.nodeHeight),
          ReferenceHeight: Number(b.referenceHeight),
          MaxLag: Number(b.maxLag),
          HotWallet: b.hotWallet,
          Pending: Number(b.pending),
          Status: COIN_HEALTH_STATUSES[b.worst] ?? 'green',
        })),
        Samples: samples,
        XChange: xchange,
        XChangeMissing: missing,
      };
    },

    async updateThresholds(
      params: Params<'UpdateCoinHealthThresholds'>,
      actor: Actor,
    ): Promise<CoinHealthThresholds> {
      const at = now();
      await db.transaction(async (tx) => {
        const current = await findThresholds(tx, params.ID);
        if (!current)
          throw new ApiError(404, `Coin ${params.ID} has no node to watch (unknown, or fiat or vFiat)`);
        const was = {
          MaxLagBlocks: current.maxLagBlocks,
          Confirmations: current.confirmations,
          MaxBlockAgeMinutes: current.maxBlockAgeMinutes,
          HotWalletMin: eight(current.hotWalletMin),
          HotWalletMax: eight(current.hotWalletMax),
        };
        const next = {
          MaxLagBlocks: params.MaxLagBlocks,
          Confirmations: params.Confirmations,
          MaxBlockAgeMinutes: params.MaxBlockAgeMinutes,
          HotWalletMin: eight(params.HotWalletMin),
          HotWalletMax: eight(params.HotWalletMax),
        };
        const diff = changedFields(was, next);
        if (Object.keys(diff.after).length === 0) return;
        await setThresholds(tx, params.ID, {
          maxLagBlocks: next.MaxLagBlocks,
          confirmations: next.Confirmations,
          maxBlockAgeMinutes: next.MaxBlockAgeMinutes,
          hotWalletMin: params.HotWalletMin,
          hotWalletMax: params.HotWalletMax,
          updatedAt: at,
          updatedBy: actor.username,
        });
        await recordChange(tx, actor, {
          action: 'coin-health.thresholds',
          entity: AUDIT_ENTITY,
          id: params.ID,
          before: diff.before,
          after: diff.after,
        });
      });
      return thresholdsOf(await coinRow(params.ID));
    },
  };

  /** The xChange transaction against the node: its confirmations now vs the policy, and the node back then. */
  async function xchangeInContext(xchangeId: number, coin: CoinHealthRow): Promise<CoinHealthXChange | null> {
    const [found] = await searchXChange(
      db,
      { kind: 'xchange', id: xchangeId },
      { order: 'desc', offset: 0, limit: 1 },
    );
    if (!found) return null;
    const [row] = await db
      .select({ altCoinId: transactions.altCoinId, confirmedOn: transactions.confirmedOn })
      .from(transactions)
      .where(eq(transactions.xchangeId, xchangeId))
      .limit(1);
    if (!row || row.altCoinId !== coin.AltCoinID) return null;
    const nodeThen = await sampleNear(db, coin.AltCoinID, new Date(found.CreatedOn));
    const atConfirm = row.confirmedOn ? await sampleNear(db, coin.AltCoinID, row.confirmedOn) : null;
    const block = atConfirm ? Number(atConfirm.referenceHeight) : null;
    const confirmations =
      block === null || coin.NodeHeight === null ? 0 : Math.max(0, coin.NodeHeight - block + 1);
    const required = coin.Thresholds.Confirmations;
    const thenLag = nodeThen ? Number(nodeThen.referenceHeight) - Number(nodeThen.nodeHeight) : null;
    const parts: string[] = [];
    if (block === null) parts.push(`Not confirmed yet: 0 of ${required} confirmations`);
    else if (confirmations >= required)
      parts.push(`${confirmations.toLocaleString('en-US')} confirmations, ${required} required: final`);
    else parts.push(`${confirmations} of ${required} confirmations so far`);
    if (thenLag !== null)
      parts.push(
        thenLag > coin.Thresholds.MaxLagBlocks
          ? `the node was ${thenLag} blocks behind when it was created: it may have been seen late`
          : `the node was in step when it was created (${thenLag} behind)`,
      );
    else parts.push('no node sample from when it was created');
    return {
      XChangeID: found.XChangeID,
      Prefix: found.Prefix,
      TransactionID: found.TransactionID,
      Status: found.Status,
      Amount: found.Amount,
      Coin: found.Coin,
      AltCoinID: row.altCoinId,
      CreatedOn: found.CreatedOn,
      ConfirmedOn: row.confirmedOn ? row.confirmedOn.toISOString() : null,
      Block: block,
      Confirmations: confirmations,
      Required: required,
      NodeThen: nodeThen ? toSample(nodeThen) : null,
      Verdict: parts.join('; '),
    };
  }
}

export type CoinHealthService = ReturnType<typeof createCoinHealthService>;
