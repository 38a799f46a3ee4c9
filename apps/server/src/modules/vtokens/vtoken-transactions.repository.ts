import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { transactions } from '../../db/schema';

const t = transactions;

/** Locks a vToken's transaction row (by its row id) for a change of its status or log. */
export async function lockTransactionRow(
  db: DbOrTx,
  rowId: number,
): Promise<{ id: number; status: string; comments: string | null } | undefined> {
  const [row] = await db
    .select({ id: t.id, status: t.status, comments: t.comments })
    .from(t)
    .where(eq(t.id, rowId))
    .for('update');
  return row;
}

export async function updateTransactionComments(
  db: DbOrTx,
  rowId: number,
  comments: string,
  at: Date,
): Promise<void> {
  await db.update(t).set({ comments, updatedOn: at }).where(eq(t.id, rowId));
}

/** The platform's claim: the sale becomes vtoken-claimed, confirmed at the claim. */
export async function markTransactionClaimed(db: DbOrTx, rowId: number, at: Date): Promise<void> {
  await db.update(t).set({ status: 'vtoken-claimed', confirmedOn: at, updatedOn: at }).where(eq(t.id, rowId));
}
