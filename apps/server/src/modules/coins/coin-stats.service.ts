import {
  type ADMIN_CALLS,
  ALTCOIN_STATS_PERIODS,
  type AltCoinAnomaly,
  type AltCoinDaily,
  type AltCoinDay,
  type AltCoinStats,
  type AltCoinStatsRow,
  type AnomalyDay,
  type CoinHealthRow,
  findAnomalies,
} from '@bo/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { altCoins } from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import {
  addDays,
  computeDays,
  dayOf,
  lastClosedDay,
  lastComputedAt,
  type StatsDayRow,
  statsOfCoin,
  statsOfDays,
} from './coin-stats.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export interface CoinStatsDeps {
  db: Db;
  now: () => Date;
  /** Coin Health's rows now, for the hot-wallet column. */
  coinHealth: () => Promise<CoinHealthRow[]>;
}

/** Days of history the anomaly baseline compares today with. */
export const BASELINE_DAYS = 30;
/** The daily job closes yesterday from this time of day (UTC), as the A2 schedule `stats.altcoin.daily` says. */
const CLOSE_AFTER_MS = 5 * 60_000;
const SPARK_MIN_DAYS = 7;

const pct = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;

/** Exact sums of decimal strings at 8 places (volumes must not drift through floats). */
const sumDecimals = (values: readonly string[], decimals: number): string => {
  let total = 0n;
  const scale = 10n ** BigInt(decimals);
  for (const v of values) {
    const [whole = '0', fraction = ''] = v.replace('-', '').split('.');
    const units = BigInt(whole) * scale + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0'));
    total += v.startsWith('-') ? -units : units;
  }
  const negative = total < 0n;
  const abs = negative ? -total : total;
  return `${negative ? '-' : ''}${abs / scale}.${(abs % scale).toString().padStart(decimals, '0')}`;
};

const anomalyDay = (r: StatsDayRow | undefined): AnomalyDay => ({
  ended: r ? r.paid + r.expired + r.underpaid : 0,
  expired: r?.expired ?? 0,
  confirmed: r?.confirmed ?? 0,
  confirmSeconds: r?.confirmSeconds ?? 0,
});

type Sortable = (r: AltCoinStatsRow) => number | string;
const SORTS: Record<Params<'AltCoinStats'>['sort'], Sortable> = {
  VolumeEur: (r) => Number(r.VolumeEur),
  Coin: (r) => r.Name.toLowerCase(),
  Incoming: (r) => r.Incoming,
  PaidPct: (r) => r.PaidPct ?? -1,
  ExpiredPct: (r) => r.ExpiredPct ?? -1,
  UnderpaidPct: (r) => r.UnderpaidPct ?? -1,
  Volume: (r) => Number(r.Volume),
  AvgConfirm: (r) => r.AvgConfirmSeconds ?? -1,
  Payouts: (r) => r.Payouts.Count,
  Failures: (r) => r.Failures,
  HotWallet: (r) => Number(r.HotWallet?.Balance ?? -1),
};

export function createCoinStatsService(deps: CoinStatsDeps) {
  const { db, now } = deps;

  const coinsList = () =>
    db
      .select({
        id: altCoins.id,
        name: altCoins.name,
        shortName: altCoins.shortName,
        isOnline: altCoins.isOnline,
        vFiat: altCoins.vFiat,
      })
      .from(altCoins)
      .orderBy(asc(altCoins.id));

  return {
    /**
     * The `stats.altcoin.daily` job: today's live row again, and yesterday (and any day missed while the
     * server was down, up to the baseline) closed once it is past 00:05 UTC.
     */
    async refresh(): Promise<void> {
      const at = now();
      const today = dayOf(at);
      const yesterday = addDays(today, -1);
      const closed = await lastClosedDay(db);
      const sinceMidnight = at.getTime() - Date.parse(`${today}T00:00:00Z`);
      if ((closed === null || closed < yesterday) && sinceMidnight >= CLOSE_AFTER_MS) {
        const earliest = addDays(today, -BASELINE_DAYS);
        const from = closed === null || closed < earliest ? earliest : addDays(closed, 1);
        await computeDays(db, from, yesterday, { final: true, at });
      }
      await computeDays(db, today, today, { final: false, at });
    },

    async stats(params: Params<'AltCoinStats'>): Promise<AltCoinStats> {
      const at = now();
      const today = dayOf(at);
      const days = ALTCOIN_STATS_PERIODS[params.period];
      const from = addDays(today, -(days - 1));
      const sparkDays = Math.max(days, SPARK_MIN_DAYS);
      const readFrom = addDays(today, -Math.max(BASELINE_DAYS, sparkDays - 1));
      const [coins, rows, health, liveAsOf] = await Promise.all([
        coinsList(),
        statsOfDays(db, readFrom, today),
        deps.coinHealth(),
        lastComputedAt(db, today),
      ]);
      const byCoin = new Map<number, Map<string, StatsDayRow>>();
      for (const r of rows) {
        const map = byCoin.get(r.altCoinId) ?? new Map<string, StatsDayRow>();
        map.set(r.day, r);
        byCoin.set(r.altCoinId, map);
      }
      const healthOf = new Map(health.map((h) => [h.AltCoinID, h]));
      const anomalies: AltCoinAnomaly[] = [];
      const records: AltCoinStatsRow[] = [];
      for (const coin of coins) {
        if (params.online !== 'all' && coin.isOnline !== (params.online === 'online')) continue;
        const mine = byCoin.get(coin.id) ?? new Map<string, StatsDayRow>();
        const period: StatsDayRow[] = [];
        for (let d = 0; d < days; d++) {
          const row = mine.get(addDays(from, d));
          if (row) period.push(row);
        }
        const sum = (pick: (r: StatsDayRow) => number) => period.reduce((s, r) => s + pick(r), 0);
        const paid = sum((r) => r.paid);
        const expired = sum((r) => r.expired);
        const underpaid = sum((r) => r.underpaid);
        const ended = paid + expired + underpaid;
        const confirmed = sum((r) => r.confirmed);
        const baseline: AnomalyDay[] = [];
        for (let d = 1; d <= BASELINE_DAYS; d++) baseline.push(anomalyDay(mine.get(addDays(today, -d))));
        const found = findAnomalies(coin.name, anomalyDay(mine.get(today)), baseline);
        for (const a of found)
          anomalies.push({ AltCoinID: coin.id, Name: coin.name, Kind: a.kind, Message: a.message });
        const h = healthOf.get(coin.id);
        const spark: number[] = [];
        for (let d = sparkDays - 1; d >= 0; d--) spark.push(mine.get(addDays(today, -d))?.incoming ?? 0);
        records.push({
          AltCoinID: coin.id,
          Name: coin.name,
          ShortName: coin.shortName,
          IsOnline: coin.isOnline,
          VFiat: coin.vFiat,
          Incoming: sum((r) => r.incoming),
          Paid: paid,
          Expired: expired,
          Underpaid: underpaid,
          PaidPct: pct(paid, ended),
          ExpiredPct: pct(expired, ended),
          UnderpaidPct: pct(underpaid, ended),
          Volume: sumDecimals(
            period.map((r) => r.volume),
            8,
          ),
          VolumeEur: sumDecimals(
            period.map((r) => r.volumeEur),
            2,
          ),
          AvgConfirmSeconds: confirmed > 0 ? Math.round(sum((r) => r.confirmSeconds) / confirmed) : null,
          Payouts: {
            Count: sum((r) => r.payouts),
            Volume: sumDecimals(
              period.map((r) => r.payoutVolume),
              8,
            ),
          },
          Failures: sum((r) => r.failures),
          HotWallet:
            h && h.HotWallet !== null
              ? {
                  Balance: h.HotWallet,
                  Status: h.Status,
                  Min: h.Thresholds.HotWalletMin,
                  Max: h.Thresholds.HotWalletMax,
                }
              : null,
          Spark: spark,
          Anomaly: found.map((a) => a.message).join(' ') || null,
        });
      }
      const key = SORTS[params.sort];
      const sign = params.order === 'asc' ? 1 : -1;
      records.sort((a, b) => {
        const x = key(a);
        const y = key(b);
        if (x !== y) return (x < y ? -1 : 1) * sign;
        return a.Name.localeCompare(b.Name);
      });
      const offset = pageOffset(params);
      return {
        Period: params.period,
        FromDay: from,
        ToDay: today,
        LiveAsOf: liveAsOf,
        Anomalies: anomalies,
        ...pageAnswer(params, records.length, records.slice(offset, offset + params.limit)),
      };
    },

    async daily(params: Params<'AltCoinDaily'>): Promise<AltCoinDaily> {
      const [coin] = await db
        .select({
          id: altCoins.id,
          name: altCoins.name,
          shortName: altCoins.shortName,
          vFiat: altCoins.vFiat,
        })
        .from(altCoins)
        .where(eq(altCoins.id, params.ID));
      if (!coin) throw new ApiError(404, `No coin ${params.ID}`);
      const today = dayOf(now());
      const from = addDays(today, -(params.days - 1));
      const rows = new Map((await statsOfCoin(db, params.ID, from, today)).map((r) => [r.day, r]));
      const out: AltCoinDay[] = [];
      for (let d = 0; d < params.days; d++) {
        const day = addDays(from, d);
        const r = rows.get(day);
        out.push({
          Day: day,
          Incoming: r?.incoming ?? 0,
          Paid: r?.paid ?? 0,
          Expired: r?.expired ?? 0,
          Underpaid: r?.underpaid ?? 0,
          Volume: r ? sumDecimals([r.volume], 8) : '0.00000000',
          VolumeEur: r ? sumDecimals([r.volumeEur], 2) : '0.00',
          AvgConfirmSeconds: r?.avgConfirmSeconds ?? null,
          P95ConfirmSeconds: r?.p95ConfirmSeconds ?? null,
          Payouts: r?.payouts ?? 0,
          PayoutVolume: r ? sumDecimals([r.payoutVolume], 8) : '0.00000000',
          Failures: r?.failures ?? 0,
        });
      }
      return { AltCoinID: coin.id, Name: coin.name, ShortName: coin.shortName, VFiat: coin.vFiat, Days: out };
    },
  };
}

export type CoinStatsService = ReturnType<typeof createCoinStatsService>;
