import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { sandboxLedgers } from '../../../db/schema';

/**
 * The sandbox chains keep their state in `sandbox_ledgers`, one JSON document per chain. A change locks the
 * row for its transaction, so two sends (from two requests or two instances) apply one after the other, as
 * a node orders transactions; a read takes the last committed state and writes nothing.
 */
export async function readLedger<S>(db: Db, chain: string, genesis: () => S): Promise<S> {
  const [row] = await db
    .select({ state: sandboxLedgers.state })
    .from(sandboxLedgers)
    .where(eq(sandboxLedgers.chain, chain));
  return row ? (row.state as S) : genesis();
}

export async function changeLedger<S, R>(
  db: Db,
  chain: string,
  genesis: () => S,
  change: (state: S) => R,
  at: Date,
): Promise<R> {
  return db.transaction(async (tx) => {
    await tx.insert(sandboxLedgers).values({ chain, state: genesis(), updatedAt: at }).onConflictDoNothing();
    const [row] = await tx
      .select({ state: sandboxLedgers.state })
      .from(sandboxLedgers)
      .where(eq(sandboxLedgers.chain, chain))
      .for('update');
    const state = (row?.state as S | undefined) ?? genesis();
    const result = change(state);
    await tx
      .update(sandboxLedgers)
      .set({ state: state as unknown as Record<string, unknown>, updatedAt: at })
      .where(eq(sandboxLedgers.chain, chain));
    return result;
  });
}
