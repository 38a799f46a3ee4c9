import type { FailureCause } from '@bo/contract';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, failureCauses } from '../../db/schema';
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

function whereOf(q: FailureQuery): SQL | undefined {
  const keyword = q.keyword.trim();
  let match: SQL | undefined;
  if (/^\d{1,9}$/.test(keyword)) match = eq(f.id, Number(keyword));
  else if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    match = or(
      sql`${f.failure} ilike ${pattern}`,
      sql`${f.address} ilike ${pattern}`,
      sql`${f.notes} ilike ${pattern}`,
      sql`${altCoins.name} ilike ${pattern}`,
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

export async function listFailures(
  db: DbOrTx,
  q: FailureQuery,
): Promise<{ records: FailureCause[]; total: number }> {
  const where = whereOf(q);
  const column = ORDER_COLUMNS[q.orderBy];
  const rows = (await db
    .select(columns)
    .from(f)
    .innerJoin(altCoins, eq(altCoins.id, f.altCoinId))
    .where(where)
    .orderBy(q.order === 'asc' ? asc(column) : desc(column), q.order === 'asc' ? asc(f.id) : desc(f.id))
    .limit(q.limit)
    .offset(q.offset)) as Joined[];
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .innerJoin(altCoins, eq(altCoins.id, f.altCoinId))
    .where(where);
  return { records: rows.map(toFailure), total: count?.n ?? 0 };
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
