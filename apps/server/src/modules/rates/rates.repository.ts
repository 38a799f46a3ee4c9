import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins, rates } from '../../db/schema';

export interface RateConversion {
  altCoinId: number;
  /** A plain non-negative decimal string; it reaches SQL as a parameter cast to numeric. */
  amount: string;
  targetShortName: string;
}

/**
 * `amount` of one coin in units of another, via their EUR rates, floored to 8 decimals; null when either
 * coin has no rate. All in numeric: `div` is PostgreSQL's exact integer division (truncating), and the
 * multiplication by 1e-8 is exact, so no rounding happens anywhere before the floor.
 */
export async function convertAtRates(db: DbOrTx, q: RateConversion): Promise<string | null> {
  // Short names are not unique in the schema; an online coin, then the lowest id, wins a tie.
  const target = db
    .select({ eur: sql<string>`${rates.eur}`.as('target_eur') })
    .from(altCoins)
    .innerJoin(rates, eq(rates.altCoinId, altCoins.id))
    .where(and(sql`upper(${altCoins.shortName}) = upper(${q.targetShortName})`, gt(rates.eur, '0')))
    .orderBy(desc(altCoins.isOnline), asc(altCoins.id))
    .limit(1)
    .as('target');
  const [row] = await db
    .select({
      value: sql<string>`(div(${q.amount}::numeric * ${rates.eur} * 100000000, ${target.eur}) * 0.00000001)::text`,
    })
    .from(rates)
    .innerJoin(target, sql`true`)
    .where(eq(rates.altCoinId, q.altCoinId));
  return row?.value ?? null;
}
