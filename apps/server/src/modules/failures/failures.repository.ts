import { FAILURE_COUNT_CAP, type FailureCause } from '@bo/contract';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, failureCauseCounts, failureCauses } from '../../db/schema';
import { escapeLike } from '../transactions/keyword.rule';

const f = failureCauses;
const ORDER_COLUMNS = { ID: f.id, CreatedOn: f.createdOn, UpdatedOn: f.updatedOn } as const;

export interface FailureQuery {
  keyword: string;
  stickyOnly: boolean;
  orderBy: keyof typeof ORDER_COLUMNS;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The box's filters on failure_causes' own columns (ADR 0010): a coin-name match becomes the matching coins'
 * ids, read first (a few dozen coins), so neither the count nor the page needs the join; the failure,
 * address and notes are searched in one lower-cased column through its trigram index.
 */
async function whereOf(db: DbOrTx, q: FailureQuery): Promise<SQL | undefined> {
  const keyword = q.keyword.trim();
  let match: SQL | undefined;
  if (/^\d{1,9}$/.test(keyword)) match = eq(f.id, Number(keyword));
  else if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    const coins = await db
      .select({ id: altCoins.id })
      .from(altCoins)
      .where(sql`${altCoins.name} ilike ${pattern}`);
    match = or(
      // The same lower() on both sides: ILIKE's case-insensitivity, without folding every row again.
      sql`${f.search} like lower(${pattern})`,
      coins.length > 0
        ? sql`${f.altCoinId} = any(${sql.param(coins.map((c) => c.id))}::integer[])`
        : undefined,
    );
  }
  return and(q.stickyOnly ? eq(f.sticky, 1) : undefined, match);
}

const columns = { row: f, name: altCoins.name, longName: altCoins.longName };
type Joined = { row: typeof f.$inferSelect; name: string; longName: string };

const toFailure = (r: Joined): FailureCause => ({
  ID: r.row.id,
  Name: r.name,
  LongName: r.longName,
  AltCoinID: r.row.altCoinId,
  Failure: r.row.failure,
  Address: r.row.address,
  Notes: r.row.notes,
  Sticky: r.row.sticky === 1 ? 1 : 0,
  CreatedOn: r.row.createdOn.toISOString(),
  UpdatedOn: r.row.updatedOn.toISOString(),
});

/**
 * The total for the pager: without a keyword, from the per-flag counts (exact); with one, counted up to
 * FAILURE_COUNT_CAP + 1 matches, so a common word or a two-letter keyword (no trigram: a scan) stops after
 * about a thousand matches instead of reading all 100,000 rows. No order: the box has no range to stay in,
 * and the table's own order is the cheapest to read.
 */
async function countFailures(
  db: DbOrTx,
  q: FailureQuery,
  where: SQL | undefined,
): Promise<{ total: number; isCapped: boolean }> {
  if (!q.keyword.trim()) {
    const c = failureCauseCounts;
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${c.n}), 0)::int` })
      .from(c)
      .where(q.stickyOnly ? eq(c.sticky, 1) : undefined);
    return { total: row?.n ?? 0, isCapped: false };
  }
  // Every failure has its coin (foreign key): the count needs no join.
  const matches = db
    .select({ one: sql`1` })
    .from(f)
    .where(where)
    .limit(FAILURE_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  const n = row?.n ?? 0;
  return n > FAILURE_COUNT_CAP ? { total: FAILURE_COUNT_CAP, isCapped: true } : { total: n, isCapped: false };
}

/** Rows `offset` to `offset + limit` in the order; `reversed` reads the opposite order. */
async function failurePage(
  db: DbOrTx,
  q: FailureQuery,
  where: SQL | undefined,
  window: { offset: number; limit: number; reversed: boolean },
): Promise<FailureCause[]> {
  const ascending = (q.order === 'asc') !== window.reversed;
  const column = ORDER_COLUMNS[q.orderBy];
  const order = ascending ? [asc(column), asc(f.id)] : [desc(column), desc(f.id)];
  const ids = db
    .select({ id: f.id })
    .from(f)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
  const rows = (await db
    .select(columns)
    .from(f)
    .innerJoin(altCoins, eq(altCoins.id, f.altCoinId))
    .where(inArray(f.id, ids))
    .orderBy(...order)) as Joined[];
  if (window.reversed) rows.reverse();
  return rows.map(toFailure);
}

/**
 * One page of the box and the total for its pager. The page's ids come from the sort column's index alone
 * (created_on, id, sticky / updated_on, id, sticky / the primary key), then only those rows are read and
 * joined to their coin. Page one does not need the total, so both are asked at once; a page past the
 * middle is read from the other end of the order, so the last page skips a few rows, not the whole table.
 */
export async function listFailures(
  db: DbOrTx,
  q: FailureQuery,
): Promise<{ records: FailureCause[]; total: number; isCapped: boolean }> {
  const where = await whereOf(db, q);
  if (q.offset === 0) {
    const [records, counted] = await Promise.all([
      failurePage(db, q, where, { offset: 0, limit: q.limit, reversed: false }),
      countFailures(db, q, where),
    ]);
    return { records, ...counted };
  }
  const counted = await countFailures(db, q, where);
  const { total, isCapped } = counted;
  if (!isCapped && q.offset >= total) return { records: [], ...counted };
  // A capped total is no end to count back from: those pages are read from the front (at most 1,000 rows in).
  if (isCapped || q.offset <= total / 2)
    return {
      records: await failurePage(db, q, where, { offset: q.offset, limit: q.limit, reversed: false }),
      ...counted,
    };
  // The rows at q.offset… counted from the end: the last page is the first one read backwards.
  const fromEnd = total - q.offset - q.limit;
  return {
    records: await failurePage(db, q, where, {
      offset: Math.max(0, fromEnd),
      limit: q.limit + Math.min(0, fromEnd),
      reversed: true,
    }),
    ...counted,
  };
}

export async function lockFailure(db: DbOrTx, id: number) {
  const [row] = await db.select().from(f).where(eq(f.id, id)).for('update').limit(1);
  return row;
}

export async function updateFailure(
  db: DbOrTx,
  id: number,
  values: { sticky?: number; notes?: string; updatedOn: Date },
) {
  await db.update(f).set(values).where(eq(f.id, id));
}

export async function findFailure(db: DbOrTx, id: number): Promise<FailureCause | undefined> {
  const [row] = (await db
    .select(columns)
    .from(f)
    .innerJoin(altCoins, eq(altCoins.id, f.altCoinId))
    .where(eq(f.id, id))
    .limit(1)) as Joined[];
  return row ? toFailure(row) : undefined;
}
