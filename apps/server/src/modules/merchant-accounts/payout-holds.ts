import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { payoutHolds } from '../../db/schema';
import { type Actor, recordChange } from '../audit/audit.service';

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

/** The audit entity of payout holds (ADR 0033). */
export const PAYOUT_HOLD_ENTITY = 'payout_hold';

/**
 * Starts a payout hold of `hours` from `at` for the merchant, audited: the one way a hold begins, whether the
 * bank details changed on Merchant Bank Config or on the user record.
 */
export async function startPayoutHold(
  tx: DbOrTx,
  actor: Actor,
  hold: { merchantId: number; reason: string; at: Date; hours: number; bankAccountId?: number | null },
): Promise<Date> {
  const until = new Date(hold.at.getTime() + hold.hours * 3_600_000);
  const [row] = await tx
    .insert(payoutHolds)
    .values({
      merchantId: hold.merchantId,
      reason: hold.reason,
      bankAccountId: hold.bankAccountId ?? null,
      heldFrom: hold.at,
      heldUntil: until,
      createdByStaffId: actor.staffId,
    })
    .returning({ id: payoutHolds.id });
  await recordChange(tx, actor, {
    action: 'payout-hold.start',
    entity: PAYOUT_HOLD_ENTITY,
    id: row?.id ?? 0,
    after: { MerchantID: hold.merchantId, Reason: hold.reason, Until: until.toISOString() },
  });
  return until;
}
