import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { altCoins, coinHealthHourly, coinHealthSamples, coinHealthThresholds, rates } from '../../db/schema';
import { type ChainProfile, chainProfile, defaultMaxBlockAgeMinutes, defaultMaxLag } from './nodes/nodes';

/** A coin with a node (on-chain: vFiat 0), its thresholds and its newest sample. */
export interface CoinStateRow {
  altCoinId: number;
  name: string;
  shortName: string;
  longName: string;
  isOnline: boolean;
  maxLagBlocks: number;
  confirmations: number;
  maxBlockAgeMinutes: number;
  hotWalletMin: string;
  hotWalletMax: string;
  updatedAt: string | null;
  updatedBy: string | null;
  sampleId: string | null;
  sampledAt: string | null;
  reachable: boolean | null;
  nodeHeight: string | null;
  referenceHeight: string | null;
  lastBlockAt: string | null;
  hotWallet: string | null;
  pendingDeposits: number | null;
  pendingWithdrawals: number | null;
}

/**
 * Every on-chain coin with its thresholds and newest sample: one LATERAL step per coin down
 * coin_health_samples_coin_at_idx, so the cost is the coins', not the samples' (ADR 0017).
 */
export async function listCoinStates(db: DbOrTx, coinId?: number): Promise<CoinStateRow[]> {
  const result = (await db.execute(sql`
    select c.id as "altCoinId", c.name, c.short_name as "shortName", c.long_name as "longName",
      c.is_online as "isOnline",
      th.max_lag_blocks as "maxLagBlocks", th.confirmations, th.max_block_age_minutes as "maxBlockAgeMinutes",
      th.hot_wallet_min::text as "hotWalletMin", th.hot_wallet_max::text as "hotWalletMax",
      to_char(th.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
      th.updated_by as "updatedBy",
      s.id::text as "sampleId",
      to_char(s.sampled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sampledAt",
      s.reachable, s.node_height::text as "nodeHeight", s.reference_height::text as "referenceHeight",
      to_char(s.last_block_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastBlockAt",
      s.hot_wallet::text as "hotWallet", s.pending_deposits as "pendingDeposits",
      s.pending_withdrawals as "pendingWithdrawals"
    from ${altCoins} c
    join ${coinHealthThresholds} th on th.alt_coin_id = c.id
    left join lateral (
      select * from ${coinHealthSamples} x
      where x.alt_coin_id = c.id
      order by x.sampled_at desc, x.id desc
      limit 1
    ) s on true
    where c.v_fiat = 0 ${coinId === undefined ? sql`` : sql`and c.id = ${coinId}`}
    order by c.id`)) as unknown as { rows: CoinStateRow[] };
  return result.rows;
}

/** Decimal with 8 places from a number, for defaults. */
const eight = (n: number) => n.toFixed(8);
/** Two significant digits: thresholds people can read. */
const round2 = (n: number) => {
  if (n <= 0) return 0;
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
};

/** A coin's thresholds before anyone set them: about 5,000 and 200,000 euros' worth, from its chain's rhythm. */
export function defaultThresholds(profile: ChainProfile, eurPrice: number) {
  const price = eurPrice > 0 ? eurPrice : 1;
  return {
    maxLagBlocks: defaultMaxLag(profile),
    confirmations: profile.confirmations,
    maxBlockAgeMinutes: defaultMaxBlockAgeMinutes(profile),
    hotWalletMin: eight(round2(5_000 / price)),
    hotWalletMax: eight(round2(200_000 / price)),
  };
}

/** Gives every on-chain coin without thresholds its defaults (a new coin in the catalogue, a fresh start). */
export async function ensureThresholds(db: DbOrTx): Promise<void> {
  const missing = await db
    .select({ id: altCoins.id, eur: sql<string | null>`${rates.eur}::text` })
    .from(altCoins)
    .leftJoin(rates, eq(rates.altCoinId, altCoins.id))
    .leftJoin(coinHealthThresholds, eq(coinHealthThresholds.altCoinId, altCoins.id))
    .where(and(eq(altCoins.vFiat, 0), sql`${coinHealthThresholds.altCoinId} is null`));
  if (missing.length === 0) return;
  await db
    .insert(coinHealthThresholds)
    .values(
      missing.map((c) => ({
        altCoinId: c.id,
        ...defaultThresholds(chainProfile(c.id), Number(c.eur ?? '1')),
      })),
    )
    .onConflictDoNothing();
}

export type SampleInsert = typeof coinHealthSamples.$inferInsert;

const WORST = { red: 0, amber: 1, green: 2 } as const;

/** Records the samples and folds them into their hour's roll-up, in one transaction. */
export async function insertSamples(db: Db, rows: SampleInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(coinHealthSamples).values(rows);
    const h = coinHealthHourly;
    await tx
      .insert(h)
      .values(
        rows.map((r) => {
          const at = r.sampledAt.getTime();
          return {
            altCoinId: r.altCoinId,
            hour: new Date(at - (at % 3_600_000)),
            minNodeHeight: r.nodeHeight,
            maxReferenceHeight: r.referenceHeight,
            maxLag: r.referenceHeight - r.nodeHeight,
            minHotWallet: r.hotWallet,
            maxPending: r.pendingDeposits + r.pendingWithdrawals,
            worst: WORST[r.status],
            samples: 1,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [h.altCoinId, h.hour],
        set: {
          minNodeHeight: sql`least(${h.minNodeHeight}, excluded.min_node_height)`,
          maxReferenceHeight: sql`greatest(${h.maxReferenceHeight}, excluded.max_reference_height)`,
          maxLag: sql`greatest(${h.maxLag}, excluded.max_lag)`,
          minHotWallet: sql`least(${h.minHotWallet}, excluded.min_hot_wallet)`,
          maxPending: sql`greatest(${h.maxPending}, excluded.max_pending)`,
          worst: sql`least(${h.worst}, excluded.worst)`,
          samples: sql`${h.samples} + 1`,
        },
      });
  });
}

/** The hourly roll-up of the seeded or imported samples (the probe keeps it from then on). */
export async function rollUpSamples(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into ${coinHealthHourly} (alt_coin_id, hour, min_node_height, max_reference_height, max_lag,
      min_hot_wallet, max_pending, worst, samples)
    select alt_coin_id, date_trunc('hour', sampled_at at time zone 'UTC') at time zone 'UTC', min(node_height), max(reference_height),
      max(reference_height - node_height), min(hot_wallet), max(pending_deposits + pending_withdrawals),
      min(case status when 'red' then 0 when 'amber' then 1 else 2 end), count(*)
    from ${coinHealthSamples} group by 1, 2
    on conflict (alt_coin_id, hour) do nothing`);
}

/** Drops samples and hours older than the cutoff, coin by coin along the index (no scan of the whole table). */
export async function pruneSamples(db: Db, coinIds: readonly number[], cutoff: Date): Promise<void> {
  for (const id of coinIds) {
    await db
      .delete(coinHealthSamples)
      .where(and(eq(coinHealthSamples.altCoinId, id), lt(coinHealthSamples.sampledAt, cutoff)));
    await db
      .delete(coinHealthHourly)
      .where(and(eq(coinHealthHourly.altCoinId, id), lt(coinHealthHourly.hour, cutoff)));
  }
}

export interface SampleRow {
  id: string;
  sampledAt: string;
  reachable: boolean;
  nodeHeight: string;
  referenceHeight: string;
  lastBlockAt: string;
  hotWallet: string;
  pendingDeposits: number;
  pendingWithdrawals: number;
  status: 'red' | 'amber' | 'green';
  reason: string;
}

const SAMPLE_COLUMNS = sql`s.id::text as id,
  to_char(s.sampled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sampledAt",
  s.reachable, s.node_height::text as "nodeHeight", s.reference_height::text as "referenceHeight",
  to_char(s.last_block_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastBlockAt",
  s.hot_wallet::text as "hotWallet", s.pending_deposits as "pendingDeposits",
  s.pending_withdrawals as "pendingWithdrawals", s.status, s.reason`;

export async function recentSamples(db: DbOrTx, coinId: number, limit: number): Promise<SampleRow[]> {
  const result = (await db.execute(sql`
    select ${SAMPLE_COLUMNS} from ${coinHealthSamples} s
    where s.alt_coin_id = ${coinId}
    order by s.sampled_at desc, s.id desc
    limit ${limit}`)) as unknown as { rows: SampleRow[] };
  return result.rows;
}

/** The sample nearest before a time (or the first after it, when none came before). */
export async function sampleNear(db: DbOrTx, coinId: number, at: Date): Promise<SampleRow | null> {
  const before = (await db.execute(sql`
    select ${SAMPLE_COLUMNS} from ${coinHealthSamples} s
    where s.alt_coin_id = ${coinId} and s.sampled_at <= ${at.toISOString()}::timestamptz
    order by s.sampled_at desc, s.id desc limit 1`)) as unknown as { rows: SampleRow[] };
  if (before.rows[0]) return before.rows[0];
  const after = (await db.execute(sql`
    select ${SAMPLE_COLUMNS} from ${coinHealthSamples} s
    where s.alt_coin_id = ${coinId} and s.sampled_at > ${at.toISOString()}::timestamptz
    order by s.sampled_at asc, s.id asc limit 1`)) as unknown as { rows: SampleRow[] };
  return after.rows[0] ?? null;
}

export interface BucketRow {
  at: string;
  nodeHeight: string;
  referenceHeight: string;
  maxLag: string;
  hotWallet: string;
  pending: string;
  worst: number;
}

/**
 * One coin's samples in a window, one point per bucket (the chart needs a few hundred points, not 43,200):
 * the node's lowest height, the reference's highest, the largest lag, the lowest hot wallet, the worst status.
 */
export async function historyBuckets(
  db: DbOrTx,
  coinId: number,
  from: Date,
  to: Date,
  bucketSeconds: number,
): Promise<BucketRow[]> {
  const result = (await db.execute(sql`
    select to_char(to_timestamp(floor(extract(epoch from s.sampled_at) / ${bucketSeconds}) * ${bucketSeconds})
        at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
      min(s.node_height)::text as "nodeHeight", max(s.reference_height)::text as "referenceHeight",
      max(s.reference_height - s.node_height)::text as "maxLag", min(s.hot_wallet)::text as "hotWallet",
      max(s.pending_deposits + s.pending_withdrawals)::text as pending,
      min(case s.status when 'red' then 0 when 'amber' then 1 else 2 end)::int as worst
    from ${coinHealthSamples} s
    where s.alt_coin_id = ${coinId} and s.sampled_at >= ${from.toISOString()}::timestamptz
      and s.sampled_at <= ${to.toISOString()}::timestamptz
    group by 1 order by 1`)) as unknown as { rows: BucketRow[] };
  return result.rows;
}

/**
 * One coin's hours in a window, grouped into buckets of whole hours (7 d: 1 h, 30 d: 4 h), from the roll-up:
 * at most 720 rows per coin whatever the sample rate.
 */
export async function historyFromHours(
  db: DbOrTx,
  coinId: number,
  from: Date,
  to: Date,
  bucketSeconds: number,
): Promise<BucketRow[]> {
  const result = (await db.execute(sql`
    select to_char(to_timestamp(floor(extract(epoch from h.hour) / ${bucketSeconds}) * ${bucketSeconds})
        at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
      min(h.min_node_height)::text as "nodeHeight", max(h.max_reference_height)::text as "referenceHeight",
      max(h.max_lag)::text as "maxLag", min(h.min_hot_wallet)::text as "hotWallet",
      max(h.max_pending)::text as pending, min(h.worst)::int as worst
    from ${coinHealthHourly} h
    where h.alt_coin_id = ${coinId} and h.hour >= ${from.toISOString()}::timestamptz
      and h.hour <= ${to.toISOString()}::timestamptz
    group by 1 order by 1`)) as unknown as { rows: BucketRow[] };
  return result.rows;
}

export async function findThresholds(db: DbOrTx, coinId: number) {
  const [row] = await db
    .select()
    .from(coinHealthThresholds)
    .where(eq(coinHealthThresholds.altCoinId, coinId))
    .for('update');
  return row ?? null;
}

export async function setThresholds(
  db: DbOrTx,
  coinId: number,
  values: Omit<typeof coinHealthThresholds.$inferInsert, 'altCoinId'>,
): Promise<void> {
  await db.update(coinHealthThresholds).set(values).where(eq(coinHealthThresholds.altCoinId, coinId));
}
