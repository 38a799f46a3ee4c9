import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { payoutHolds } from '../../db/schema';

/** The payout schemas that pay to the bank account on this screen: a hold stops these (ADR 0033). */
export const HELD_PAYOUT_SCHEMAS = ['eur-bank', 'usd-bank', 'gbp-bank'] as const;

/** The merchant's payout hold in force at `at`, if any (the latest-ending one). */
export async function activePayoutHold(
  db: DbOrTx,
  merchantId: number,
  at: Date,
): Promise<{ id: number; reason: string; heldUntil: Date } | null> {
  const [row] = await db
    .select({ id: payoutHolds.id, reason: payoutHolds.reason, heldUntil: payoutHolds.heldUntil })
    .from(payoutHolds)
    .where(
      and(
        eq(payoutHolds.merchantId, merchantId),
        isNull(payoutHolds.releasedAt),
        sql`${payoutHolds.heldFrom} <= ${at.toISOString()}::timestamptz`,
        gt(payoutHolds.heldUntil, at),
      ),
    )
    .orderBy(desc(payoutHolds.heldUntil))
    .limit(1);
  return row ?? null;
}

/** The refusal of a send while a hold is in force (409: the payout stays approved and is sent after it). */
export const heldPayoutMessage = (until: Date, reason: string) =>
  `Bank payouts of this merchant are on hold until ${until.toISOString().replace('T', ' ').slice(0, 16)} UTC (${reason}): the payout stays approved and goes out after the hold`;
