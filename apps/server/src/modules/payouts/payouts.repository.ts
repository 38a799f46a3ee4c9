import type { PayoutState } from '@bo/contract';
import { and, asc, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { altCoins, merchants, payoutDayTotals, payouts, payoutTotals, staff } from '../../db/schema';

const p = payouts;
const requester = alias(staff, 'requester');
const approver = alias(staff, 'approver');
const canceller = alias(staff, 'canceller');

export interface PayoutFilter {
  coin?: number | undefined;
  merchantId?: number | undefined;
  minEur?: string | undefined;
  maxEur?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/**
 * Which kept totals answer a filter: `all` (no filter but a coin), `days` (whole days and a coin), or none
 * (a merchant or an amount range: the rows are counted and summed).
 */
export const keptTotalsFor = (f: PayoutFilter): 'all' | 'days' | null => {
  if (f.merchantId !== undefined || f.minEur !== undefined || f.maxEur !== undefined) return null;
  return f.from !== undefined || f.to !== undefined ? 'days' : 'all';
};

function whereOf(state: PayoutState | undefined, f: PayoutFilter): SQL | undefined {
  return and(
    state ? eq(p.state, state) : undefined,
    f.coin === undefined ? undefined : eq(p.altCoinId, f.coin),
    f.merchantId === undefined ? undefined : eq(p.merchantId, f.merchantId),
    f.minEur === undefined ? undefined : gte(p.eurValue, f.minEur),
    f.maxEur === undefined ? undefined : lte(p.eurValue, f.maxEur),
    f.from ? gte(p.requestedOn, f.from) : undefined,
    f.to ? lt(p.requestedOn, f.to) : undefined,
  );
}

export type PayoutSortColumn = 'RequestedOn' | 'EurValue' | 'ID';
const SORT = { RequestedOn: p.requestedOn, EurValue: p.eurValue, ID: p.id } as const;

const rowSelect = {
  id: p.id,
  state: p.state,
  merchantId: p.merchantId,
  shopTitle: merchants.shopTitle,
  altCoinId: p.altCoinId,
  coin: altCoins.shortName,
  amount: p.amount,
  eurValue: p.eurValue,
  destination: p.destination,
  payoutSchema: p.payoutSchema,
  needsSecondApproval: p.needsSecondApproval,
  source: p.source,
  requestedByStaffId: p.requestedByStaffId,
  requestedBy: requester.username,
  requestedOn: p.requestedOn,
  approvedBy: approver.username,
  approvedOn: p.approvedOn,
  sentOn: p.sentOn,
  railReference: p.railReference,
  completedOn: p.completedOn,
  failedOn: p.failedOn,
  failureReason: p.failureReason,
  cancelledOn: p.cancelledOn,
  cancelledBy: canceller.username,
  cancelReason: p.cancelReason,
  note: p.note,
};

export interface PayoutRowData {
  id: number;
  state: PayoutState;
  merchantId: number;
  shopTitle: string;
  altCoinId: number;
  coin: string;
  amount: string;
  eurValue: string;
  destination: string;
  payoutSchema: string;
  needsSecondApproval: boolean;
  source: 'staff' | 'platform';
  requestedByStaffId: number | null;
  requestedBy: string | null;
  requestedOn: Date;
  approvedBy: string | null;
  approvedOn: Date | null;
  sentOn: Date | null;
  railReference: string | null;
  completedOn: Date | null;
  failedOn: Date | null;
  failureReason: string | null;
  cancelledOn: Date | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  note: string | null;
}

const joined = (db: DbOrTx) =>
  db
    .select(rowSelect)
    .from(p)
    .innerJoin(merchants, eq(merchants.id, p.merchantId))
    .innerJoin(altCoins, eq(altCoins.id, p.altCoinId))
    .leftJoin(requester, eq(requester.id, p.requestedByStaffId))
    .leftJoin(approver, eq(approver.id, p.approvedByStaffId))
    .leftJoin(canceller, eq(canceller.id, p.cancelledByStaffId));

/**
 * A page of one tab: the ids come from the tab's (state, …, id) index alone, then only those rows are
 * joined to their merchant, coin and staff.
 */
export async function listPayouts(
  db: DbOrTx,
  state: PayoutState,
  filter: PayoutFilter,
  page: { sort: PayoutSortColumn; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<PayoutRowData[]> {
  const direction = page.order === 'asc' ? asc : desc;
  const order = page.sort === 'ID' ? [direction(p.id)] : [direction(SORT[page.sort]), direction(p.id)];
  const ids = db
    .select({ id: p.id })
    .from(p)
    .where(whereOf(state, filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return (await joined(db)
    .where(sql`${p.id} = any(array(${ids}))`)
    .orderBy(...order)) as PayoutRowData[];
}

/** How many payouts of a tab match, stopping after `cap + 1`. */
export async function countPayouts(
  db: DbOrTx,
  state: PayoutState,
  filter: PayoutFilter,
  cap: number,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(p)
    .where(whereOf(state, filter))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

export interface CoinTotal {
  state: string;
  altCoinId: number;
  coin: string;
  n: number;
  amount: string;
  eurValue: string;
}

/** The kept totals per state and coin (migration 0019's trigger), for a tab unnarrowed or narrowed to a coin. */
export async function keptTotals(db: DbOrTx, coin: number | undefined): Promise<CoinTotal[]> {
  return db
    .select({
      state: payoutTotals.state,
      altCoinId: payoutTotals.altCoinId,
      coin: altCoins.shortName,
      n: payoutTotals.n,
      amount: sql<string>`${payoutTotals.amount}::text`,
      eurValue: sql<string>`${payoutTotals.eurValue}::text`,
    })
    .from(payoutTotals)
    .innerJoin(altCoins, eq(altCoins.id, payoutTotals.altCoinId))
    .where(and(sql`${payoutTotals.n} > 0`, coin === undefined ? undefined : eq(payoutTotals.altCoinId, coin)))
    .orderBy(asc(altCoins.shortName));
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The kept totals per state and coin of the payouts requested on the filter's days (from and to are whole UTC days). */
export async function keptDayTotals(db: DbOrTx, f: PayoutFilter): Promise<CoinTotal[]> {
  const d = payoutDayTotals;
  const rows = await db
    .select({
      state: d.state,
      altCoinId: d.altCoinId,
      coin: altCoins.shortName,
      n: sql<number>`sum(${d.n})::bigint`,
      amount: sql<string>`sum(${d.amount})::text`,
      eurValue: sql<string>`sum(${d.eurValue})::text`,
    })
    .from(d)
    .innerJoin(altCoins, eq(altCoins.id, d.altCoinId))
    .where(
      and(
        f.from ? gte(d.day, utcDay(f.from)) : undefined,
        f.to ? lt(d.day, utcDay(f.to)) : undefined,
        f.coin === undefined ? undefined : eq(d.altCoinId, f.coin),
      ),
    )
    .groupBy(d.state, d.altCoinId, altCoins.shortName)
    .having(sql`sum(${d.n}) > 0`)
    .orderBy(asc(altCoins.shortName));
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * A narrowed tab's totals per coin, summed from its rows: grouped on payouts alone (an amount range reads
 * payouts_state_eur_idx only), then named.
 */
export async function sumPayouts(db: DbOrTx, state: PayoutState, filter: PayoutFilter): Promise<CoinTotal[]> {
  const sums = db
    .select({
      altCoinId: p.altCoinId,
      n: sql<number>`count(*)::int`.as('n'),
      amount: sql<string>`sum(${p.amount})::text`.as('amount'),
      eurValue: sql<string>`sum(${p.eurValue})::text`.as('eur_value'),
    })
    .from(p)
    .where(whereOf(state, filter))
    .groupBy(p.altCoinId)
    .as('sums');
  const rows = await db
    .select({
      altCoinId: sums.altCoinId,
      coin: altCoins.shortName,
      n: sums.n,
      amount: sums.amount,
      eurValue: sums.eurValue,
    })
    .from(sums)
    .innerJoin(altCoins, eq(altCoins.id, sums.altCoinId))
    .orderBy(asc(altCoins.shortName));
  return rows.map((r) => ({ ...r, state }));
}

export async function findPayout(db: DbOrTx, id: number): Promise<PayoutRowData | undefined> {
  const [row] = (await joined(db).where(eq(p.id, id)).limit(1)) as PayoutRowData[];
  return row;
}

export type PayoutInsert = typeof payouts.$inferInsert;

export async function insertPayout(db: DbOrTx, row: PayoutInsert): Promise<number> {
  const [inserted] = await db.insert(p).values(row).returning({ id: p.id });
  if (!inserted) throw new Error('payout not inserted');
  return inserted.id;
}

/**
 * The one way a payout changes state: an UPDATE conditioned on the states it may leave (and any further
 * condition). Two callers at once: the second waits for the first's row lock, then finds the state
 * changed and updates nothing. Answers the payout's id when this call moved it.
 */
export async function movePayout(
  db: DbOrTx,
  id: number,
  from: readonly PayoutState[],
  set: Partial<PayoutInsert> & { state: PayoutState; updatedOn: Date },
  extra?: SQL,
): Promise<boolean> {
  const moved = await db
    .update(p)
    .set(set)
    .where(and(eq(p.id, id), inArray(p.state, [...from]), extra))
    .returning({ id: p.id });
  return moved.length === 1;
}

/** Payouts in a state, oldest change first, for the rail's runner. */
export async function payoutsInState(
  db: DbOrTx,
  state: 'approved' | 'sent',
  before: Date,
  limit: number,
): Promise<Array<{ id: number; sentOn: Date | null; railReference: string | null }>> {
  return db
    .select({ id: p.id, sentOn: p.sentOn, railReference: p.railReference })
    .from(p)
    .where(and(eq(p.state, state), lte(p.updatedOn, before)))
    .orderBy(asc(p.updatedOn), asc(p.id))
    .limit(limit);
}

/** The coin's short name and its amount's value in EUR (2 decimals) at today's rate; undefined without a rate. */
export async function eurValueOf(
  db: DbOrTx,
  altCoinId: number,
  amount: string,
): Promise<{ coin: string; eur: string } | undefined> {
  const result = (await db.execute(sql`
    select c.short_name as coin, round(${amount}::numeric * r.eur, 2)::text as eur
    from alt_coins c join rates r on r.alt_coin_id = c.id where c.id = ${altCoinId}`)) as unknown as {
    rows: Array<{ coin: string; eur: string }>;
  };
  return result.rows[0];
}

export async function coinExists(db: DbOrTx, altCoinId: number): Promise<boolean> {
  const [row] = await db.select({ id: altCoins.id }).from(altCoins).where(eq(altCoins.id, altCoinId));
  return row !== undefined;
}
