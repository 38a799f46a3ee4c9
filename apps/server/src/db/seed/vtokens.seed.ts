import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database';

// biome-ignore format: word list
const HOLDERS = ['wallet:tom.jansen', 'wallet:lisa.bakker', 'wallet:mark.rossi', 'wallet:eva.novak',
  'wallet:nina.silva', 'wallet:paul.berg', 'wallet:sara.kelly', 'wallet:felix.martin'];
const CANCEL_REASONS = [
  'Merchant reported the voucher as lost',
  'Sold twice by mistake, refunded to the buyer',
  'Fraud suspicion: bought with a stolen card',
  'Buyer asked for a refund before redeeming',
];

/**
 * The vTokens of the seeded sales were made by the database with them (migration 0017's trigger); this gives
 * the claimed ones their holder and cancels about one in twelve of the older active ones, so every state of
 * the VTokens screen has rows. Chosen by id, so the same seed gives the same vouchers.
 */
export async function seedVTokens(db: DbOrTx, now: Date): Promise<{ vtokens: number; cancelled: number }> {
  const holders = sql.param(HOLDERS);
  await db.execute(sql`update vtokens set claimed_by = (${holders}::text[])[(id % ${HOLDERS.length}) + 1]
    where status = 'claimed'`);
  const cancelled = (await db.execute(sql`
    update vtokens set status = 'cancelled',
      cancelled_on = created_on + interval '2 days',
      cancel_reason = (${sql.param(CANCEL_REASONS)}::text[])[(id / 12 % ${CANCEL_REASONS.length}) + 1],
      updated_on = created_on + interval '2 days'
    where status = 'active' and id % 12 = 0 and created_on < ${new Date(now.getTime() - 3 * 86_400_000)}
    returning id`)) as unknown as { rows: unknown[] };
  const [count] = (
    (await db.execute(sql`select count(*)::int as n from vtokens`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  return { vtokens: count?.n ?? 0, cancelled: cancelled.rows.length };
}
