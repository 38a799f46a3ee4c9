import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { passwordResets } from '../../db/schema';

export async function insertPasswordReset(
  db: DbOrTx,
  row: typeof passwordResets.$inferInsert,
): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** Marks an unused, unexpired reset as used and returns its account: a link works once. */
export async function consumePasswordReset(
  db: DbOrTx,
  tokenHash: string,
  at: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, at),
      ),
    )
    .returning({ staffId: passwordResets.staffId });
  return row?.staffId;
}
