import {
  type ADMIN_CALLS,
  AUTONOMY_DOWNGRADE_FAILURES,
  AUTONOMY_MESSAGES,
  type AutonomyRow,
  type Page,
} from '@bo/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { analyticsMerchantDays, merchantAutonomy, merchants, payouts, staff } from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, type Claimant, recordChange } from '../audit/audit.service';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const AUTONOMY_ENTITY = 'merchant_autonomy';
/** Who reverts a time-boxed elevation in the audit log: the job, not a person. */
export const AUTONOMY_REVERT_ACTOR: Claimant = {
  staffId: null,
  username: 'autonomy-revert',
  ip: '127.0.0.1',
};
const REVERT_REASON = 'Time-boxed elevation ended';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The list's figures: the level (0 without a row), 30-day paid volume and 7-day failed payouts. */
const select = (db: DbOrTx, at: Date) => {
  const today = dayOf(at);
  const volume = sql<string>`coalesce((select sum(${analyticsMerchantDays.paidVolumeEur}) from ${analyticsMerchantDays}
    where ${analyticsMerchantDays.merchantId} = ${merchants.id} and ${analyticsMerchantDays.prefix} = 'T'
      and ${analyticsMerchantDays.day} > ${today}::date - 30), 0)::numeric(30, 2)::text`;
  const failures = sql<number>`(select count(*)::int from ${payouts} where ${payouts.merchantId} = ${merchants.id}
    and ${payouts.state} = 'failed' and ${payouts.failedOn} > ${at}::timestamptz - interval '7 days')`;
  return db
    .select({
      merchantId: merchants.id,
      merchant: merchants.shopTitle,
      level: sql<number>`coalesce(${merchantAutonomy.level}, 0)::int`,
      kycStatus: merchants.kycStatus,
      riskProfileId: merchants.riskProfileId,
      volume,
      failures,
      daily: merchantAutonomy.dailyAutoPayoutEur,
      perPayout: merchantAutonomy.perPayoutEur,
      cooldown: merchantAutonomy.addressChangeCooldownH,
      expiresOn: merchantAutonomy.expiresOn,
      previousLevel: merchantAutonomy.previousLevel,
      changedBy: sql<string | null>`case when ${merchantAutonomy.merchantId} is null then null
        else coalesce(${staff.username}, 'system') end`,
      changedOn: merchantAutonomy.updatedOn,
      reason: merchantAutonomy.reason,
    })
    .from(merchants)
    .leftJoin(merchantAutonomy, eq(merchantAutonomy.merchantId, merchants.id))
    .leftJoin(staff, eq(staff.id, merchantAutonomy.updatedByStaffId));
};
type AutonomyData = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/**
 * The suggestion column, from real data only: a downgrade when an elevated merchant had 3 or more failed
 * payouts in 7 days; Level 2 when a merchant below it has an approved KYC, volume in 30 days and no failure.
 */
const suggestionOf = (r: AutonomyData): string | null => {
  if (r.level >= 1 && r.failures >= AUTONOMY_DOWNGRADE_FAILURES)
    return AUTONOMY_MESSAGES.downgrade(r.failures);
  if (r.level < 2 && r.kycStatus === 'approved' && r.failures === 0 && Number(r.volume) > 0)
    return AUTONOMY_MESSAGES.eligible;
  return null;
};

const rowOf = (r: AutonomyData): AutonomyRow => ({
  MerchantID: r.merchantId,
  Merchant: r.merchant,
  Level: r.level as 0 | 1 | 2,
  KycStatus: r.kycStatus,
  RiskProfileID: r.riskProfileId,
  Volume30dEur: r.volume,
  FailedPayouts7d: r.failures,
  DailyAutoPayoutEur: r.daily ?? '0.00000000',
  PerPayoutEur: r.perPayout ?? '0.00000000',
  AddressChangeCooldownH: r.cooldown ?? 0,
  ExpiresOn: r.expiresOn,
  PreviousLevel: r.previousLevel,
  ChangedBy: r.changedBy,
  ChangedOn: r.changedOn?.toISOString() ?? null,
  Reason: r.reason,
  Suggestion: suggestionOf(r),
});

/** Merchant Autonomy (ADR 0032): levels and limits per merchant, and the revert of time-boxed elevations. */
export function createAutonomyService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const levelSql = sql`coalesce(${merchantAutonomy.level}, 0)`;
  return {
    async list(p: Params<'ListAutonomy'>): Promise<Page<AutonomyRow>> {
      const where = and(
        p.level !== undefined ? sql`${levelSql} = ${p.level}` : undefined,
        p.q
          ? /^\d+$/.test(p.q)
            ? eq(merchants.id, Number(p.q))
            : sql`lower(${merchants.shopTitle}) like ${`${p.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
          : undefined,
      );
      const dir = p.order === 'asc' ? asc : desc;
      const first: SQL | typeof merchants.shopTitle =
        p.sort === 'Level'
          ? levelSql
          : p.sort === 'Volume30dEur'
            ? sql`(select sum(${analyticsMerchantDays.paidVolumeEur}) from ${analyticsMerchantDays}
                where ${analyticsMerchantDays.merchantId} = ${merchants.id} and ${analyticsMerchantDays.prefix} = 'T'
                  and ${analyticsMerchantDays.day} > ${dayOf(deps.now())}::date - 30)`
            : merchants.shopTitle;
      const [rows, [total]] = await Promise.all([
        select(db, deps.now())
          .where(where)
          .orderBy(dir(first), asc(merchants.id))
          .offset(pageOffset(p))
          .limit(p.limit),
        db
          .select({ n: count() })
          .from(merchants)
          .leftJoin(merchantAutonomy, eq(merchantAutonomy.merchantId, merchants.id))
          .where(where),
      ]);
      return pageAnswer(p, total?.n ?? 0, rows.map(rowOf));
    },

    /**
     * Sets one or more merchants' level and limits, all or none: every merchant is checked (exists, KYC for
     * level 2) under its row lock before any is written. A time-boxed elevation remembers the level it
     * returns to; an elevation of an already elevated merchant keeps the level from before the first.
     */
    async set(p: Params<'SetAutonomy'>, actor: Actor): Promise<AutonomyRow[]> {
      const today = dayOf(deps.now());
      if (p.ExpiresOn !== undefined && p.ExpiresOn <= today)
        throw badRequest(AUTONOMY_MESSAGES.expiresOn, {
          issues: [{ path: 'ExpiresOn', message: AUTONOMY_MESSAGES.expiresOn }],
        });
      const ids = [...new Set(p.MerchantIDs)];
      await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: merchants.id, title: merchants.shopTitle, kyc: merchants.kycStatus })
          .from(merchants)
          .where(inArray(merchants.id, ids))
          .orderBy(asc(merchants.id))
          .for('update');
        const missing = ids.find((id) => !found.some((m) => m.id === id));
        if (missing !== undefined) throw new ApiError(404, `No merchant found with ID ${missing}`);
        if (p.Level === 2) {
          const unapproved = found.find((m) => m.kyc !== 'approved');
          if (unapproved)
            throw badRequest(
              ids.length === 1
                ? AUTONOMY_MESSAGES.kyc(unapproved.kyc)
                : `${unapproved.title}: ${AUTONOMY_MESSAGES.kyc(unapproved.kyc)}`,
              { issues: [{ path: 'Level', message: AUTONOMY_MESSAGES.kyc(unapproved.kyc) }] },
            );
        }
        const before = await tx
          .select()
          .from(merchantAutonomy)
          .where(inArray(merchantAutonomy.merchantId, ids));
        for (const m of found) {
          const old = before.find((b) => b.merchantId === m.id);
          const previousLevel =
            p.ExpiresOn === undefined
              ? null
              : ((old?.expiresOn ? old.previousLevel : null) ?? old?.level ?? 0);
          const values = {
            level: p.Level,
            dailyAutoPayoutEur: p.DailyAutoPayoutEur,
            perPayoutEur: p.PerPayoutEur,
            addressChangeCooldownH: p.AddressChangeCooldownH,
            expiresOn: p.ExpiresOn ?? null,
            previousLevel,
            reason: p.Reason,
          };
          const written = { ...values, updatedByStaffId: actor.staffId, updatedOn: deps.now() };
          await tx
            .insert(merchantAutonomy)
            .values({ merchantId: m.id, ...written })
            .onConflictDoUpdate({ target: merchantAutonomy.merchantId, set: written });
          await recordChange(tx, actor, {
            action: 'merchant_autonomy.set',
            entity: AUTONOMY_ENTITY,
            id: m.id,
            before: old
              ? {
                  level: old.level,
                  dailyAutoPayoutEur: old.dailyAutoPayoutEur,
                  perPayoutEur: old.perPayoutEur,
                  addressChangeCooldownH: old.addressChangeCooldownH,
                  expiresOn: old.expiresOn,
                }
              : { level: 0 },
            after: values,
          });
        }
      });
      const rows = await select(db, deps.now()).where(inArray(merchants.id, ids)).orderBy(asc(merchants.id));
      return rows.map(rowOf);
    },

    /**
     * The autonomy.revert job: every elevation whose last day is over goes back to the level before it,
     * audited as the job. Idempotent: a reverted row has no end day, so a second run finds nothing.
     */
    async revertExpired(): Promise<number> {
      const today = dayOf(deps.now());
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(merchantAutonomy)
          .where(sql`${merchantAutonomy.expiresOn} < ${today}::date`)
          .orderBy(asc(merchantAutonomy.merchantId))
          .for('update', { skipLocked: true });
        for (const row of due) {
          const level = row.previousLevel ?? 0;
          await tx
            .update(merchantAutonomy)
            .set({
              level,
              expiresOn: null,
              previousLevel: null,
              updatedByStaffId: null,
              updatedOn: deps.now(),
              reason: REVERT_REASON,
            })
            .where(eq(merchantAutonomy.merchantId, row.merchantId));
          await recordChange(tx, AUTONOMY_REVERT_ACTOR, {
            action: 'merchant_autonomy.revert',
            entity: AUTONOMY_ENTITY,
            id: row.merchantId,
            before: { level: row.level, expiresOn: row.expiresOn },
            after: { level, reason: REVERT_REASON },
          });
        }
        return due.length;
      });
    },
  };
}
