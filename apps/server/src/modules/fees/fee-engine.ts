import { type SQL, sql } from 'drizzle-orm';
import { feeOverrides } from '../../db/schema';

/**
 * The fee engine's two pieces of SQL (ADR 0027), shared by the effective-fee calculator and by ingest when a
 * payment is paid or a payout completes, so the screen's answer and the booked fee cannot drift apart.
 */

/** Who a rule is looked up for; each value is SQL so callers pass parameters or column references. */
export interface FeeSubject {
  merchantId: SQL;
  flow: SQL;
  altCoinId: SQL;
  /** The payment provider or payout type; SQL null when the transaction names none. */
  providerId: SQL;
  /** The day the rule must be valid on (`date`). */
  day: SQL;
}

/** The rules that apply to a subject on its day: active, in their dates, coin and provider matching or "any". */
export const applicableRules = (s: FeeSubject): SQL => sql`${feeOverrides.merchantId} = ${s.merchantId}
  and ${feeOverrides.flow} = ${s.flow}
  and ${feeOverrides.status} = 'active'
  and ${feeOverrides.validFrom} <= ${s.day}
  and (${feeOverrides.validTo} is null or ${feeOverrides.validTo} > ${s.day})
  and (${feeOverrides.altCoinId} is null or ${feeOverrides.altCoinId} = ${s.altCoinId})
  and (${feeOverrides.providerId} is null or ${feeOverrides.providerId} = ${s.providerId})`;

/** Precedence (brief E): coin + provider > coin > provider > merchant; the first row wins. */
export const rulePrecedence: SQL[] = [
  sql`(${feeOverrides.altCoinId} is not null) desc`,
  sql`(${feeOverrides.providerId} is not null) desc`,
];

/** What a fee is made of; all numeric SQL in the amount's currency, limits null when the rule has none. */
export interface FeeParts {
  amount: SQL;
  percent: SQL;
  fixed: SQL;
  minFee: SQL;
  maxFee: SQL;
}

/** The percentage part of a fee, rounded to 8 decimals. */
export const percentPart = (p: Pick<FeeParts, 'amount' | 'percent'>): SQL =>
  sql`round((${p.amount})::numeric * (${p.percent})::numeric / 100, 8)`;

/** Percent part plus fixed part, held between the rule's minimum and maximum (numeric, never a float). */
export const feeAmount = (p: FeeParts): SQL => {
  const raw = sql`(${percentPart(p)} + round((${p.fixed})::numeric, 8))`;
  return sql`case
    when (${p.minFee}) is not null and ${raw} < round((${p.minFee})::numeric, 8) then round((${p.minFee})::numeric, 8)
    when (${p.maxFee}) is not null and ${raw} > round((${p.maxFee})::numeric, 8) then round((${p.maxFee})::numeric, 8)
    else ${raw} end`;
};
