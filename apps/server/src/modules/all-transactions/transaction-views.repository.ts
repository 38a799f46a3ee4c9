import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { staff, transactionViews } from '../../db/schema';

const v = transactionViews;

export interface TransactionViewRow {
  id: number;
  name: string;
  shared: boolean;
  filters: unknown;
  authorId: number;
  author: string;
  createdOn: Date;
  updatedOn: Date;
}

const viewColumns = {
  id: v.id,
  name: v.name,
  shared: v.shared,
  filters: v.filters,
  authorId: v.authorId,
  author: staff.username,
  createdOn: v.createdOn,
  updatedOn: v.updatedOn,
};

/** The views a staff member may open: their own and the shared ones, by name. */
export function listVisibleViews(db: DbOrTx, staffId: number): Promise<TransactionViewRow[]> {
  return db
    .select(viewColumns)
    .from(v)
    .innerJoin(staff, eq(staff.id, v.authorId))
    .where(or(eq(v.authorId, staffId), eq(v.shared, true)))
    .orderBy(asc(v.name));
}

/** One view by id, locked until the surrounding transaction ends, so two edits queue up. */
export async function lockView(db: DbOrTx, id: number): Promise<TransactionViewRow | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(v)
    .innerJoin(staff, eq(staff.id, v.authorId))
    .where(eq(v.id, id))
    .for('update', { of: v })
    .limit(1);
  return row;
}

export async function findViewByName(db: DbOrTx, name: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: v.id }).from(v).where(eq(v.name, name)).limit(1);
  return row;
}

export async function countViewsOf(db: DbOrTx, staffId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(v).where(eq(v.authorId, staffId));
  return row?.n ?? 0;
}

export async function insertView(
  db: DbOrTx,
  values: { name: string; shared: boolean; filters: unknown; authorId: number; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(v)
    .values({
      name: values.name,
      shared: values.shared,
      filters: values.filters,
      authorId: values.authorId,
      createdOn: values.at,
      updatedOn: values.at,
    })
    .returning({ id: v.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateView(
  db: DbOrTx,
  id: number,
  values: { name: string; shared: boolean; filters: unknown; at: Date },
): Promise<void> {
  await db
    .update(v)
    .set({ name: values.name, shared: values.shared, filters: values.filters, updatedOn: values.at })
    .where(eq(v.id, id));
}

export async function deleteView(db: DbOrTx, id: number): Promise<void> {
  await db.delete(v).where(and(eq(v.id, id)));
}
