import {
  type ADMIN_CALLS,
  compareDecimals,
  type EffectiveFee,
  FEE_MESSAGES,
  type FeeProvider,
  type FeeRuleRow,
  type FeeRuleStatus,
  feeOverlapMessage,
  feePrecedenceOf,
  type Page,
} from '@bo/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { altCoins, feeOverrides, merchants, paymentProviders, rates, staff } from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import { type ConfigReader, createConfigReader } from '../config/config-reader';
import { PAYOUT_FEE_PERCENT } from '../ingest/ingest.service';
import { applicableRules, feeAmount, percentPart, rulePrecedence } from './fee-engine';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const FEE_RULE_ENTITY = 'fee_override';
// The first key of the transaction-scoped advisory lock (pg_advisory_xact_lock(int, int)); the second is the
// merchant, so creates for one merchant queue behind each other while other merchants' go on.
const FEE_RULES_LOCK = 0x66656573;

const coin = alias(altCoins, 'coin');
const currency = alias(altCoins, 'fee_currency');
const creator = alias(staff, 'creator');
const ender = alias(staff, 'ender');

/** Today (UTC) as the day a rule's dates are compared with. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A rule's shown state: ended by staff, else by its dates against `today`. */
const statusSql = (today: string): SQL<FeeRuleStatus> => sql<FeeRuleStatus>`case
  when ${feeOverrides.status} = 'ended' then 'ended'
  when ${feeOverrides.validFrom} > ${today}::date then 'scheduled'
  when ${feeOverrides.validTo} is not null and ${feeOverrides.validTo} <= ${today}::date then 'expired'
  else 'active' end`;

const select = (db: DbOrTx, today: string) =>
  db
    .select({
      id: feeOverrides.id,
      merchantId: feeOverrides.merchantId,
      merchant: merchants.shopTitle,
      flow: feeOverrides.flow,
      altCoinId: feeOverrides.altCoinId,
      coin: coin.name,
      providerId: feeOverrides.providerId,
      provider: paymentProviders.name,
      feePercent: feeOverrides.feePercent,
      fixedFee: feeOverrides.fixedFee,
      feeCurrencyId: feeOverrides.feeCurrencyId,
      feeCurrency: currency.shortName,
      minFee: feeOverrides.minFee,
      maxFee: feeOverrides.maxFee,
      paidBy: feeOverrides.paidBy,
      merchantSharePercent: feeOverrides.merchantSharePercent,
      validFrom: feeOverrides.validFrom,
      validTo: feeOverrides.validTo,
      status: statusSql(today),
      note: feeOverrides.note,
      createdBy: creator.username,
      createdOn: feeOverrides.createdOn,
      endedBy: ender.username,
      endedOn: feeOverrides.endedOn,
      endReason: feeOverrides.endReason,
    })
    .from(feeOverrides)
    .innerJoin(merchants, eq(merchants.id, feeOverrides.merchantId))
    .leftJoin(coin, eq(coin.id, feeOverrides.altCoinId))
    .leftJoin(paymentProviders, eq(paymentProviders.id, feeOverrides.providerId))
    .innerJoin(currency, eq(currency.id, feeOverrides.feeCurrencyId))
    .innerJoin(creator, eq(creator.id, feeOverrides.createdByStaffId))
    .leftJoin(ender, eq(ender.id, feeOverrides.endedByStaffId));

type RuleData = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const rowOf = (r: RuleData): FeeRuleRow => ({
  ID: r.id,
  MerchantID: r.merchantId,
  Merchant: r.merchant,
  Flow: r.flow,
  AltCoinID: r.altCoinId,
  Coin: r.coin,
  ProviderID: r.providerId,
  Provider: r.provider,
  FeePercent: r.feePercent,
  FixedFee: r.fixedFee,
  FeeCurrencyID: r.feeCurrencyId,
  FeeCurrency: r.feeCurrency,
  MinFee: r.minFee,
  MaxFee: r.maxFee,
  PaidBy: r.paidBy,
  MerchantSharePercent: r.merchantSharePercent,
  ValidFrom: r.validFrom,
  ValidTo: r.validTo,
  Status: r.status,
  Precedence: feePrecedenceOf(r.altCoinId !== null, r.providerId !== null),
  Note: r.note,
  CreatedBy: r.createdBy,
  CreatedOn: r.createdOn.toISOString(),
  EndedBy: r.endedBy,
  EndedOn: r.endedOn?.toISOString() ?? null,
  EndReason: r.endReason,
});

/** The rows of a raw query: both drivers answer `rows`. */
async function rowsOf<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** The platform default of a flow when no rule applies: what the fee engine charges today (ingest). */
async function platformDefault(
  db: DbOrTx,
  config: ConfigReader,
  merchantId: number,
  flow: Params<'EffectiveFee'>['Flow'],
): Promise<{ percent: string; source: string }> {
  if (flow === 'payout') return { percent: PAYOUT_FEE_PERCENT, source: 'platform payout fee' };
  // Incoming, card and conversion: the fee ingest applies to a paid payment (the merchant's FeePercentage,
  // else the platform's), the only percentage the code has for money coming in.
  const [row] = await rowsOf<{ percent: string | null }>(
    db,
    sql`select case when ${merchants.details}->>'FeePercentage' ~ '^[0-9]+([.][0-9]+)?$'
      then ${merchants.details}->>'FeePercentage' end as percent
      from ${merchants} where ${merchants.id} = ${merchantId}`,
  );
  return row?.percent
    ? { percent: row.percent, source: "merchant's FeePercentage" }
    : { percent: (await config.admin()).defaultFeePct, source: 'platform default fee (Admin Config)' };
}

/** Merchant Fees Custom (ADR 0027): negotiated fee rules, their overlap check and the effective-fee calculator. */
export function createFeesService(deps: { db: Db; now: () => Date }) {
  const config = createConfigReader(deps.db);
  const { db } = deps;
  const today = () => dayOf(deps.now());
  const find = async (tx: DbOrTx, id: number) => {
    const [row] = await select(tx, today()).where(eq(feeOverrides.id, id));
    if (!row) throw new ApiError(404, FEE_MESSAGES.noRule);
    return rowOf(row);
  };

  const coinNamed = async (tx: DbOrTx, id: number) => {
    const [row] = await tx
      .select({ name: altCoins.name, shortName: altCoins.shortName })
      .from(altCoins)
      .where(eq(altCoins.id, id));
    if (!row) throw new ApiError(404, `No coin found with ID ${id}`);
    return row;
  };
  const providerNamed = async (tx: DbOrTx, id: number, flow: Params<'SaveFeeRule'>['Flow']) => {
    const [row] = await tx
      .select({ name: paymentProviders.name, kind: paymentProviders.kind })
      .from(paymentProviders)
      .where(eq(paymentProviders.id, id));
    if (!row) throw new ApiError(404, `No provider found with ID ${id}`);
    // A payout is sent by a payout type; money comes in through a payment provider.
    const wanted = flow === 'payout' ? 'payout_type' : 'provider';
    if (row.kind !== wanted)
      throw badRequest(
        flow === 'payout'
          ? `${row.name} is a payment provider; a payout rule names a payout type`
          : `${row.name} is a payout type; a ${flow} rule names a payment provider`,
        { issues: [{ path: 'ProviderID', message: 'Choose a provider that fits the flow' }] },
      );
    return row;
  };
  const merchantTitled = async (tx: DbOrTx, id: number) => {
    const [row] = await tx.select({ title: merchants.shopTitle }).from(merchants).where(eq(merchants.id, id));
    if (!row) throw new ApiError(404, 'No merchant with that id');
    return row.title;
  };

  return {
    async list(p: Params<'ListFeeRules'>): Promise<Page<FeeRuleRow>> {
      const day = today();
      const where = and(
        p.merchantId ? eq(feeOverrides.merchantId, p.merchantId) : undefined,
        p.flow ? eq(feeOverrides.flow, p.flow) : undefined,
        p.status ? sql`${statusSql(day)} = ${p.status}` : undefined,
      );
      const dir = p.order === 'asc' ? asc : desc;
      const first =
        p.sort === 'ValidFrom'
          ? feeOverrides.validFrom
          : p.sort === 'FeePercent'
            ? feeOverrides.feePercent
            : feeOverrides.createdOn;
      const [rows, [total]] = await Promise.all([
        select(db, day)
          .where(where)
          .orderBy(dir(first), dir(feeOverrides.id))
          .offset(pageOffset(p))
          .limit(p.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(feeOverrides).where(where),
      ]);
      return pageAnswer(p, total?.n ?? 0, rows.map(rowOf));
    },

    async providers(): Promise<FeeProvider[]> {
      const rows = await db
        .select({ ID: paymentProviders.id, Name: paymentProviders.name, Kind: paymentProviders.kind })
        .from(paymentProviders)
        .orderBy(asc(paymentProviders.kind), asc(paymentProviders.name));
      return rows;
    },

    /**
     * Creates a rule. The overlap check and the insert run under a per-merchant advisory lock, so two
     * concurrent creates of overlapping rules cannot both pass the check (the second waits, then sees the first).
     */
    async create(p: Params<'SaveFeeRule'>, actor: Actor): Promise<FeeRuleRow> {
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FEE_RULES_LOCK}, ${p.MerchantID})`);
        const merchant = await merchantTitled(tx, p.MerchantID);
        const coinName = p.AltCoinID ? (await coinNamed(tx, p.AltCoinID)).name : null;
        const providerName = p.ProviderID ? (await providerNamed(tx, p.ProviderID, p.Flow)).name : null;
        await coinNamed(tx, p.FeeCurrencyID);
        const [clash] = await tx
          .select({ validFrom: feeOverrides.validFrom })
          .from(feeOverrides)
          .where(
            and(
              eq(feeOverrides.merchantId, p.MerchantID),
              eq(feeOverrides.flow, p.Flow),
              sql`${feeOverrides.altCoinId} is not distinct from ${p.AltCoinID ?? null}::int`,
              sql`${feeOverrides.providerId} is not distinct from ${p.ProviderID ?? null}::int`,
              eq(feeOverrides.status, 'active'),
              // Half-open day ranges [from, to) overlap when each starts before the other ends.
              sql`${feeOverrides.validFrom} < coalesce(${p.ValidTo ?? null}::date, 'infinity'::date)`,
              sql`${p.ValidFrom}::date < coalesce(${feeOverrides.validTo}, 'infinity'::date)`,
            ),
          )
          .orderBy(asc(feeOverrides.validFrom))
          .limit(1);
        if (clash)
          throw new ApiError(409, feeOverlapMessage(merchant, coinName, providerName, clash.validFrom));
        const values = {
          merchantId: p.MerchantID,
          flow: p.Flow,
          altCoinId: p.AltCoinID ?? null,
          providerId: p.ProviderID ?? null,
          feePercent: p.FeePercent,
          fixedFee: p.FixedFee,
          feeCurrencyId: p.FeeCurrencyID,
          minFee: p.MinFee ?? null,
          maxFee: p.MaxFee ?? null,
          paidBy: p.PaidBy,
          merchantSharePercent: p.PaidBy === 'shared' ? (p.MerchantSharePercent ?? null) : null,
          validFrom: p.ValidFrom,
          validTo: p.ValidTo ?? null,
          note: p.Note,
        };
        const [row] = await tx
          .insert(feeOverrides)
          .values({ ...values, createdByStaffId: actor.staffId, createdOn: deps.now() })
          .returning({ id: feeOverrides.id });
        if (!row) throw new Error('fee rule not inserted');
        await recordChange(tx, actor, {
          action: 'fee_rule.create',
          entity: FEE_RULE_ENTITY,
          id: row.id,
          after: { ...values, merchant, coin: coinName, provider: providerName },
        });
        return row.id;
      });
      return find(db, id);
    },

    /** Ends a rule from now on: it no longer applies nor blocks a new rule of its key. Audited with the reason. */
    async end(p: Params<'EndFeeRule'>, actor: Actor): Promise<FeeRuleRow> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(feeOverrides).where(eq(feeOverrides.id, p.ID)).for('update');
        if (!before) throw new ApiError(404, FEE_MESSAGES.noRule);
        if (before.status === 'ended') throw new ApiError(409, FEE_MESSAGES.alreadyEnded);
        await tx
          .update(feeOverrides)
          .set({ status: 'ended', endedByStaffId: actor.staffId, endedOn: deps.now(), endReason: p.Reason })
          .where(eq(feeOverrides.id, p.ID));
        await recordChange(tx, actor, {
          action: 'fee_rule.end',
          entity: FEE_RULE_ENTITY,
          id: p.ID,
          before: { status: before.status },
          after: { status: 'ended', reason: p.Reason },
        });
      });
      return find(db, p.ID);
    },

    /**
     * The effective fee: the most specific active rule on the day (coin + provider, coin, provider, merchant),
     * else the platform default. All arithmetic is PostgreSQL numeric, rounded to 8 decimals, never a float.
     */
    async effective(p: Params<'EffectiveFee'>): Promise<EffectiveFee> {
      const day = p.On ?? today();
      await merchantTitled(db, p.MerchantID);
      const amountCoin = await coinNamed(db, p.AltCoinID);
      if (p.ProviderID) await providerNamed(db, p.ProviderID, p.Flow);
      const [winner] = await select(db, day)
        .where(
          applicableRules({
            merchantId: sql`${p.MerchantID}::int`,
            flow: sql`${p.Flow}::text`,
            altCoinId: sql`${p.AltCoinID}::int`,
            providerId: sql`${p.ProviderID ?? null}::int`,
            day: sql`${day}::date`,
          }),
        )
        .orderBy(...rulePrecedence)
        .limit(1);
      const rule = winner ? rowOf(winner) : null;
      const fallback = rule ? null : await platformDefault(db, config, p.MerchantID, p.Flow);
      const percent = rule?.FeePercent ?? fallback?.percent ?? '0';

      // The fixed fee and the limits are in the rule's currency: converted into the amount's coin by EUR rates.
      let factor = '1';
      if (
        rule &&
        rule.FeeCurrencyID !== p.AltCoinID &&
        (compareDecimals(rule.FixedFee, '0') !== 0 || rule.MinFee || rule.MaxFee)
      ) {
        const found = await db
          .select({ id: rates.altCoinId, eur: rates.eur })
          .from(rates)
          .where(sql`${rates.altCoinId} in (${rule.FeeCurrencyID}, ${p.AltCoinID})`);
        const from = found.find((r) => r.id === rule.FeeCurrencyID)?.eur;
        const to = found.find((r) => r.id === p.AltCoinID)?.eur;
        if (!from || !to || compareDecimals(to, '0') === 0)
          throw new ApiError(409, `No rate to convert ${rule.FeeCurrency} into ${amountCoin.shortName}`);
        const [ratio] = await rowsOf<{ k: string }>(
          db,
          sql`select (${from}::numeric / ${to}::numeric)::text as k`,
        );
        factor = ratio?.k ?? '1';
      }
      const [out] = await rowsOf<{
        amount: string;
        percent_part: string;
        fixed_part: string;
        limited: 'min' | 'max' | null;
        fee: string;
        merchant_pays: string;
        customer_pays: string;
      }>(
        db,
        sql`with base as (
            select round(${p.Amount}::numeric, 8) as amount,
              ${percentPart({ amount: sql`${p.Amount}::numeric`, percent: sql`${percent}::numeric` })} as percent_part,
              round(${rule?.FixedFee ?? '0'}::numeric * ${factor}::numeric, 8) as fixed_part,
              round(${rule?.MinFee ?? null}::numeric * ${factor}::numeric, 8) as min_fee,
              round(${rule?.MaxFee ?? null}::numeric * ${factor}::numeric, 8) as max_fee
          ), fee as (
            -- The same arithmetic ingest books with (fee-engine.ts).
            select *, ${feeAmount({
              amount: sql`amount`,
              percent: sql`${percent}::numeric`,
              fixed: sql`fixed_part`,
              minFee: sql`min_fee`,
              maxFee: sql`max_fee`,
            })} as fee
            from base
          ), limited as (
            select *, case when fee = percent_part + fixed_part then null
              when fee = min_fee then 'min' else 'max' end as limited
            from fee
          ), split as (
            select *, case ${rule?.PaidBy ?? 'merchant'}::text
              when 'merchant' then fee
              when 'customer' then round(0::numeric, 8)
              else round(fee * ${rule?.MerchantSharePercent ?? '100'}::numeric / 100, 8) end as merchant_pays
            from limited
          )
          select amount::text, percent_part::text, fixed_part::text, limited, fee::text,
            merchant_pays::text, (fee - merchant_pays)::text as customer_pays
          from split`,
      );
      if (!out) throw new Error('fee not computed');
      return {
        Precedence: rule?.Precedence ?? 'platform default',
        Rule: rule,
        DefaultSource: fallback?.source ?? null,
        Amount: out.amount,
        Currency: amountCoin.shortName,
        FeePercent: percent,
        PercentPart: out.percent_part,
        FixedPart: out.fixed_part,
        Limited: out.limited,
        Fee: out.fee,
        MerchantPays: out.merchant_pays,
        CustomerPays: out.customer_pays,
      };
    },
  };
}
