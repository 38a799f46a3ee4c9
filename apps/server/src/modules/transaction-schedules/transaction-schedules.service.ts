import { randomUUID } from 'node:crypto';
import {
  type ADMIN_CALLS,
  BALANCE_SHEET_STATUSES,
  DATE_RANGE_MESSAGES,
  formatTransactionRef,
  TRANSACTION_SCHEDULE_MESSAGES as M,
  type PayoutSchema,
  type ScheduleVersion,
  type TransactionScheduleRow,
  type TransactionTaskDetail,
  type TransactionTaskList,
  type TransactionTaskRow,
  WEEKDAY_NAMES,
} from '@bo/contract';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import {
  altCoins,
  merchants,
  staff,
  transactionSchedules,
  transactionScheduleVersions,
  transactionTasks,
} from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import { type Actor, type Claimant, recordChange } from '../audit/audit.service';
import { checkStepUp, STEP_UP_MESSAGES, stepUpMethod } from '../auth/step-up';
import { nextSlot, scheduleRefusal } from '../jobs/job-schedule';
import { findMerchant } from '../merchants/merchants.repository';
import { editableOf } from '../merchants/merchants.service';
import type { PayoutRail } from '../payouts/payout-rail';
import { paysToOf } from '../payouts/payout-schemas.service';
import { eurValueOf } from '../payouts/payouts.repository';
import { createPayoutService } from '../payouts/payouts.service';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;
type ScheduleData = typeof transactionSchedules.$inferSelect;
type TaskData = typeof transactionTasks.$inferSelect;

export const SCHEDULE_AUDIT_ENTITY = 'transaction-schedule';
/** What the runner appears as on tasks and payouts it makes (it is no staff member). */
export const SCHEDULER_ACTOR: Claimant = {
  staffId: null,
  username: 'transaction-scheduler',
  ip: '127.0.0.1',
};

const DAY_MS = 86_400_000;
/** Payout schemas that pay fiat: an excluded coin is then "excluded from this merchant's fiat payouts". */
const FIAT_SCHEMAS: readonly PayoutSchema[] = [
  'eur-bank',
  'usd-bank',
  'gbp-bank',
  'paypal',
  'payeer',
  'bank-address-book',
];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The cron pattern a frequency stands for. */
export function cronOf(p: {
  frequency: 'daily' | 'weekly' | 'monthly' | 'cron';
  time: string | null;
  weekday: number | null;
  monthDay: number | null;
  cron: string | null;
}): string {
  if (p.frequency === 'cron') return p.cron ?? '';
  const [h, m] = (p.time ?? '00:00').split(':').map(Number) as [number, number];
  if (p.frequency === 'weekly') return `${m} ${h} * * ${p.weekday ?? 1}`;
  if (p.frequency === 'monthly') return `${m} ${h} ${p.monthDay ?? 1} * *`;
  return `${m} ${h} * * *`;
}

/** "When balance ≥ 0.01000000 BTC, Mondays 09:00". */
export function ruleText(s: ScheduleData, coin: string): string {
  const when =
    s.frequency === 'daily'
      ? `daily ${s.timeOfDay}`
      : s.frequency === 'weekly'
        ? `${WEEKDAY_NAMES[s.weekday ?? 1]} ${s.timeOfDay}`
        : s.frequency === 'monthly'
          ? `monthly on day ${s.monthDay}, ${s.timeOfDay}`
          : `cron ${s.cron}`;
  return `When balance ≥ ${s.threshold} ${coin}, ${when}`;
}

/** The first slot at or after the schedule's start and after `after`; null past its end. */
export function firstSlotAfter(
  s: Pick<ScheduleData, 'cron' | 'timezone' | 'startsOn' | 'endsOn'>,
  after: Date,
) {
  const start = new Date(`${s.startsOn}T00:00:00Z`);
  const from = after.getTime() < start.getTime() ? new Date(start.getTime() - 1) : after;
  const slot = nextSlot(s.cron, s.timezone, from);
  if (!slot) return null;
  // Ends on is the last day it runs (UTC).
  if (s.endsOn && slot.getTime() >= Date.parse(`${s.endsOn}T00:00:00Z`) + DAY_MS) return null;
  return slot;
}

/**
 * A merchant's balance in a coin: received payments as the balance sheet counts them (ADR 0008), less the
 * payout module's payouts not cancelled or failed. Payout transactions (P) are not subtracted too: every
 * payout has its row in `payouts` (the feed's and the seed's mirror them), so they would count twice.
 */
async function balanceOf(db: DbOrTx, merchantId: number, altCoinId: number): Promise<string> {
  const list = (xs: readonly string[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const result = (await db.execute(sql`
    select (
      coalesce((select sum(amount) from transactions where merchant_id = ${merchantId} and alt_coin_id = ${altCoinId}
        and prefix = 'T' and status in (${list(BALANCE_SHEET_STATUSES.received)})), 0)
      - coalesce((select sum(amount) from payouts where merchant_id = ${merchantId} and alt_coin_id = ${altCoinId}
        and state in ('awaiting-approval', 'approved', 'sent', 'completed')), 0)
    )::numeric(30, 8)::text as balance`)) as unknown as { rows: Array<{ balance: string }> };
  return result.rows[0]?.balance ?? '0.00000000';
}

/** Decimal comparisons and the run's amount in numeric, so no float touches money. */
async function amountFor(db: DbOrTx, balance: string, threshold: string, maxPerRun: string | null) {
  const result = (await db.execute(sql`
    select (${balance}::numeric < ${threshold}::numeric) as below,
      least(${balance}::numeric, coalesce(${maxPerRun}::numeric, ${balance}::numeric))::numeric(30, 8)::text as amount`)) as unknown as {
    rows: Array<{ below: boolean; amount: string }>;
  };
  const row = result.rows[0];
  return { below: row?.below ?? true, amount: row?.amount ?? '0' };
}

const lowerOf = async (db: DbOrTx, a: string, b: string): Promise<string> => {
  const result = (await db.execute(
    sql`select least(${a}::numeric, ${b}::numeric)::numeric(30, 2)::text as v`,
  )) as unknown as { rows: Array<{ v: string }> };
  return result.rows[0]?.v ?? a;
};

export interface TransactionScheduleDeps {
  db: Db;
  now: () => Date;
  rail: PayoutRail;
  /** PAYOUT_FOUR_EYES_EUR: a schedule's approval amount can only lower it. */
  fourEyesEur: string;
}

/**
 * Transaction Scheduling and the Tasks Audit (ADR 0031): versioned per-merchant schedules; each slot,
 * Run now and Retry executes once (a unique idempotency key on the task) through the payouts module, so the
 * payout rail and four-eyes apply unchanged.
 */
export function createTransactionScheduleService(deps: TransactionScheduleDeps) {
  const { db, now } = deps;

  const loadSchedule = async (tx: DbOrTx, id: number, lock = false) => {
    const q = tx.select().from(transactionSchedules).where(eq(transactionSchedules.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new ApiError(404, M.noSchedule);
    return row;
  };

  const coinOf = async (tx: DbOrTx, id: number) => {
    const [coin] = await tx.select().from(altCoins).where(eq(altCoins.id, id));
    return coin;
  };

  /** The refusals that use the merchant's flags and the coin's minimum payout (brief §C). */
  async function refusal(tx: DbOrTx, merchantId: number, altCoinId: number, threshold: string) {
    const merchant = await findMerchant(tx, merchantId);
    if (!merchant) return { status: 404, field: 'MerchantID', message: M.noMerchant(merchantId) };
    const coin = await coinOf(tx, altCoinId);
    if (!coin) return { status: 400, field: 'AltCoinID', message: M.noCoin(altCoinId) };
    if (merchant.disablePayout) return { status: 409, field: 'MerchantID', message: M.payoutDisabled };
    const editable = editableOf(merchant);
    const excluded = Array.isArray(editable.PayoutExcludes) ? (editable.PayoutExcludes as number[]) : [];
    if (excluded.includes(altCoinId)) {
      const fiat = FIAT_SCHEMAS.includes(merchant.payoutSchema as PayoutSchema);
      return {
        status: 409,
        field: 'AltCoinID',
        message: fiat ? M.fiatExcluded(coin.name) : M.payoutExcluded(coin.name),
      };
    }
    const { below } = await amountFor(tx, threshold, coin.minPayout, null);
    if (below)
      return { status: 400, field: 'Threshold', message: M.belowMinimum(coin.minPayout, coin.shortName) };
    return null;
  }

  const valuesOf = (s: ScheduleData) => ({
    Kind: s.kind,
    AltCoinID: s.altCoinId,
    Frequency: s.frequency,
    Time: s.timeOfDay,
    Weekday: s.weekday,
    MonthDay: s.monthDay,
    Cron: s.cron,
    Timezone: s.timezone,
    Threshold: s.threshold,
    MaxPerRun: s.maxPerRun,
    Destination: s.destination,
    ApprovalAboveEur: s.approvalAboveEur,
    StartsOn: s.startsOn,
    EndsOn: s.endsOn,
  });

  async function rowsOf(list: ScheduleData[]): Promise<TransactionScheduleRow[]> {
    if (list.length === 0) return [];
    const ids = list.map((s) => s.id);
    const [shops, coins, people, lasts] = await Promise.all([
      db
        .select({ id: merchants.id, shopTitle: merchants.shopTitle })
        .from(merchants)
        .where(inArray(merchants.id, [...new Set(list.map((s) => s.merchantId))])),
      db
        .select()
        .from(altCoins)
        .where(inArray(altCoins.id, [...new Set(list.map((s) => s.altCoinId))])),
      db
        .select({ id: staff.id, username: staff.username })
        .from(staff)
        .where(inArray(staff.id, [...new Set(list.map((s) => s.updatedByStaffId))])),
      db
        .selectDistinctOn([transactionTasks.scheduleId])
        .from(transactionTasks)
        .where(inArray(transactionTasks.scheduleId, ids))
        .orderBy(transactionTasks.scheduleId, desc(transactionTasks.id)),
    ]);
    const defaults = new Map<number, string | null>();
    for (const merchantId of new Set(list.map((s) => s.merchantId))) {
      const merchant = await findMerchant(db, merchantId);
      defaults.set(merchantId, merchant ? paysToOf(editableOf(merchant), merchant.payoutSchema) : null);
    }
    return list.map((s) => {
      const coin = coins.find((c) => c.id === s.altCoinId);
      const last = lasts.find((t) => t.scheduleId === s.id);
      return {
        ID: s.id,
        Version: s.version,
        MerchantID: s.merchantId,
        ShopTitle: shops.find((m) => m.id === s.merchantId)?.shopTitle ?? `Merchant ${s.merchantId}`,
        Kind: s.kind,
        AltCoinID: s.altCoinId,
        Coin: coin?.shortName ?? String(s.altCoinId),
        CoinName: coin?.name ?? String(s.altCoinId),
        Rule: ruleText(s, coin?.shortName ?? ''),
        Frequency: s.frequency,
        Time: s.timeOfDay,
        Weekday: s.weekday,
        MonthDay: s.monthDay,
        Cron: s.cron,
        Timezone: s.timezone,
        Threshold: s.threshold,
        MaxPerRun: s.maxPerRun,
        Destination: s.destination,
        DestinationShown: s.destination ?? defaults.get(s.merchantId) ?? null,
        ApprovalAboveEur: s.approvalAboveEur,
        StartsOn: s.startsOn,
        EndsOn: s.endsOn,
        Status: s.status,
        StatusReason: s.statusReason,
        SkipNext: s.skipNext,
        NextRunAt: iso(s.nextRunAt),
        LastTaskID: last?.id ?? null,
        LastStatus: last?.status ?? null,
        LastRunAt: iso(last?.startedAt ?? null),
        LastDecision: last?.decision ?? null,
        UpdatedBy: people.find((p) => p.id === s.updatedByStaffId)?.username ?? '',
        UpdatedOn: s.updatedOn.toISOString(),
      };
    });
  }

  const scheduleRow = async (id: number) => {
    const [row] = await rowsOf([await loadSchedule(db, id)]);
    if (!row) throw new ApiError(404, M.noSchedule);
    return row;
  };

  // ---- Tasks ----

  const selectTasks = (tx: DbOrTx) =>
    tx
      .select({ task: transactionTasks, shopTitle: merchants.shopTitle, coin: altCoins.shortName })
      .from(transactionTasks)
      .innerJoin(merchants, eq(merchants.id, transactionTasks.merchantId))
      .innerJoin(altCoins, eq(altCoins.id, transactionTasks.altCoinId));

  const taskRowOf = (r: { task: TaskData; shopTitle: string; coin: string }): TransactionTaskRow => ({
    ID: r.task.id,
    ScheduleID: r.task.scheduleId,
    ScheduleVersion: r.task.scheduleVersion,
    MerchantID: r.task.merchantId,
    ShopTitle: r.shopTitle,
    Kind: r.task.kind,
    Trigger: r.task.trigger,
    StartedAt: r.task.startedAt.toISOString(),
    FinishedAt: iso(r.task.finishedAt),
    DurationMs: r.task.finishedAt ? r.task.finishedAt.getTime() - r.task.startedAt.getTime() : null,
    Status: r.task.status,
    Amount: r.task.amount,
    AltCoinID: r.task.altCoinId,
    Coin: r.coin,
    PayoutID: r.task.payoutId,
    PayoutRef: r.task.payoutId ? formatTransactionRef('P', r.task.payoutId) : null,
    Actor: r.task.actor,
    Error: r.task.error,
    Decision: r.task.decision,
    RetryOf: r.task.retryOf,
  });

  async function taskDetail(id: number): Promise<TransactionTaskDetail> {
    const [r] = await selectTasks(db).where(eq(transactionTasks.id, id));
    if (!r) throw new ApiError(404, M.noTask);
    const [retry] = await db
      .select({ id: transactionTasks.id })
      .from(transactionTasks)
      .where(eq(transactionTasks.retryOf, id));
    return { ...taskRowOf(r), Inputs: r.task.inputs, RetriedBy: retry?.id ?? null };
  }

  /**
   * Executes one slot, Run now or Retry of a schedule. The task row is inserted first under its unique
   * idempotency key, so a second attempt at the same key does nothing and answers null.
   */
  async function execute(
    s: ScheduleData,
    run: {
      trigger: 'schedule' | 'manual' | 'retry';
      key: string;
      actor: Actor | Claimant;
      scheduledFor?: Date;
      retryOf?: number;
      skippedBecause?: string;
    },
  ): Promise<number | null> {
    const startedAt = now();
    const [claimed] = await db
      .insert(transactionTasks)
      .values({
        scheduleId: s.id,
        scheduleVersion: s.version,
        merchantId: s.merchantId,
        kind: s.kind,
        trigger: run.trigger,
        scheduledFor: run.scheduledFor ?? null,
        startedAt,
        status: 'running',
        altCoinId: s.altCoinId,
        actor: run.actor.username,
        actorStaffId: run.actor.staffId,
        retryOf: run.retryOf ?? null,
        idempotencyKey: run.key,
      })
      .onConflictDoNothing({ target: transactionTasks.idempotencyKey })
      .returning({ id: transactionTasks.id });
    if (!claimed) return null;
    const finish = (v: Partial<typeof transactionTasks.$inferInsert>) =>
      db
        .update(transactionTasks)
        .set({ finishedAt: now(), ...v })
        .where(eq(transactionTasks.id, claimed.id));

    const coin = await coinOf(db, s.altCoinId);
    const c = coin?.shortName ?? '';
    const inputs: Record<string, unknown> = {
      RuleVersion: s.version,
      Rule: ruleText(s, c),
      Threshold: `${s.threshold} ${c}`,
      MaxPerRun: s.maxPerRun ? `${s.maxPerRun} ${c}` : null,
    };
    try {
      if (run.skippedBecause) {
        await finish({ status: 'skipped', inputs, decision: run.skippedBecause });
        return claimed.id;
      }
      if (s.kind !== 'payout') {
        // Only payouts have an executor; the form refuses other kinds, this guards older rows.
        await finish({ status: 'failed', inputs, decision: M.kindNotBuilt, error: M.kindNotBuilt });
        return claimed.id;
      }
      const flagRefusal = await refusal(db, s.merchantId, s.altCoinId, s.threshold);
      if (flagRefusal && flagRefusal.field !== 'Threshold') {
        await finish({ status: 'skipped', inputs, decision: `Skipped: ${flagRefusal.message}` });
        return claimed.id;
      }
      const balance = await balanceOf(db, s.merchantId, s.altCoinId);
      inputs.Balance = `${balance} ${c}`;
      const rate = await eurValueOf(db, s.altCoinId, '1');
      inputs.RateEur = rate?.eur ?? null;
      const { below, amount } = await amountFor(db, balance, s.threshold, s.maxPerRun);
      if (below) {
        await finish({
          status: 'skipped',
          inputs,
          decision: `Skipped: balance ${balance} ${c} below threshold ${s.threshold} ${c}`,
        });
        return claimed.id;
      }
      const fourEyesEur = s.approvalAboveEur
        ? await lowerOf(db, s.approvalAboveEur, deps.fourEyesEur)
        : deps.fourEyesEur;
      inputs.ApprovalAboveEur = fourEyesEur;
      inputs.Destination = s.destination ?? 'payout schema default';
      const payouts = createPayoutService({ db, now, rail: deps.rail, fourEyesEur });
      const payoutId = await payouts.request(
        {
          merchantId: s.merchantId,
          altCoinId: s.altCoinId,
          amount,
          destination: s.destination ?? undefined,
          note: `Transaction schedule #${s.id} v${s.version}, task #${claimed.id}`,
        },
        run.actor,
      );
      const payout = await payouts.detail(payoutId);
      const ref = formatTransactionRef('P', payoutId);
      const waits = payout.State === 'awaiting-approval';
      await finish({
        status: waits ? 'pending_approval' : 'succeeded',
        amount,
        payoutId,
        inputs: { ...inputs, EurValue: payout.EurValue },
        decision: waits
          ? `Payout ${ref} of ${amount} ${c} (${payout.EurValue} EUR) to ${payout.Destination} awaits a second approval: above ${fourEyesEur} EUR`
          : `Payout ${ref} of ${amount} ${c} (${payout.EurValue} EUR) to ${payout.Destination} requested; the payout rail sends it`,
      });
      return claimed.id;
    } catch (error) {
      if (!(error instanceof ApiError)) {
        await finish({
          status: 'failed',
          inputs,
          decision: 'Failed: an unexpected error',
          error: String(error),
        });
        throw error;
      }
      await finish({ status: 'failed', inputs, decision: `Failed: ${error.message}`, error: error.message });
      if (run.trigger === 'schedule')
        await db
          .update(transactionSchedules)
          .set({ status: 'error', statusReason: error.message })
          .where(and(eq(transactionSchedules.id, s.id), eq(transactionSchedules.status, 'active')));
      return claimed.id;
    }
  }

  const stepUp = (actor: Actor, p: { Code?: string | undefined; Password?: string | undefined }) =>
    checkStepUp(
      db,
      actor.staffId,
      p,
      now(),
      {
        ...STEP_UP_MESSAGES,
        noTotp: M.noTotp,
        codeMissing: M.codeMissing,
        passwordMissing: M.passwordMissing,
        wrongPassword: M.wrongPassword,
      },
      { passwordWithoutTotp: true },
    );

  const audit = (tx: DbOrTx, actor: Actor, action: string, id: number, before: unknown, after: unknown) =>
    recordChange(tx, actor, { action, entity: SCHEDULE_AUDIT_ENTITY, id, before, after });

  return {
    async list(p: Params<'ListTransactionSchedules'>, actor: Actor) {
      const rows = await db
        .select()
        .from(transactionSchedules)
        .where(
          and(
            p.merchantId ? eq(transactionSchedules.merchantId, p.merchantId) : undefined,
            p.status ? eq(transactionSchedules.status, p.status) : undefined,
          ),
        )
        .orderBy(desc(transactionSchedules.id))
        .limit(500);
      return { records: await rowsOf(rows), StepUpWith: await stepUpMethod(db, actor.staffId) };
    },

    async save(p: Params<'SaveTransactionSchedule'>, actor: Actor): Promise<TransactionScheduleRow> {
      const onField = (status: number, field: string, message: string) =>
        new ApiError(status, message, { issues: [{ path: field, message }] });
      const cron = cronOf({
        frequency: p.Frequency,
        time: p.Time ?? null,
        weekday: p.Weekday ?? null,
        monthDay: p.MonthDay ?? null,
        cron: p.Cron ?? null,
      });
      const at = now();
      const why = scheduleRefusal(cron, p.Timezone, at);
      if (why) throw onField(400, why.startsWith('Not a valid time zone') ? 'Timezone' : 'Cron', why);
      const flagRefusal = await refusal(db, p.MerchantID, p.AltCoinID, p.Threshold);
      if (flagRefusal) throw onField(flagRefusal.status, flagRefusal.field, flagRefusal.message);
      const values = {
        merchantId: p.MerchantID,
        kind: p.Kind,
        altCoinId: p.AltCoinID,
        frequency: p.Frequency,
        timeOfDay: p.Frequency === 'cron' ? null : (p.Time ?? null),
        weekday: p.Frequency === 'weekly' ? (p.Weekday ?? null) : null,
        monthDay: p.Frequency === 'monthly' ? (p.MonthDay ?? null) : null,
        cron,
        timezone: p.Timezone,
        threshold: p.Threshold,
        maxPerRun: p.MaxPerRun ?? null,
        destination: p.Destination ?? null,
        approvalAboveEur: p.ApprovalAboveEur ?? null,
        startsOn: p.StartsOn,
        endsOn: p.EndsOn ?? null,
        updatedByStaffId: actor.staffId,
        updatedOn: at,
      };
      const nextRunAt = firstSlotAfter(
        { cron, timezone: p.Timezone, startsOn: p.StartsOn, endsOn: p.EndsOn ?? null },
        at,
      );
      const id = await db.transaction(async (tx) => {
        let saved: ScheduleData;
        let before: unknown = null;
        if (p.ID) {
          const old = await loadSchedule(tx, p.ID, true);
          if (p.Version && p.Version !== old.version)
            throw new ApiError(409, M.changed(p.Version, old.version));
          if (old.merchantId !== p.MerchantID)
            throw onField(
              400,
              'MerchantID',
              'A schedule keeps its merchant: make a new schedule for another one',
            );
          before = { Version: old.version, ...valuesOf(old) };
          [saved] = (await tx
            .update(transactionSchedules)
            .set({
              ...values,
              version: old.version + 1,
              nextRunAt: old.status === 'active' ? nextRunAt : old.nextRunAt,
            })
            .where(eq(transactionSchedules.id, p.ID))
            .returning()) as [ScheduleData];
        } else {
          [saved] = (await tx
            .insert(transactionSchedules)
            .values({ ...values, createdByStaffId: actor.staffId, createdOn: at, nextRunAt })
            .returning()) as [ScheduleData];
        }
        await tx.insert(transactionScheduleVersions).values({
          scheduleId: saved.id,
          version: saved.version,
          values: valuesOf(saved),
          comment: p.Comment ?? '',
          authorStaffId: actor.staffId,
          at,
        });
        await audit(
          tx,
          actor,
          p.ID ? 'transaction-schedule.edit' : 'transaction-schedule.create',
          saved.id,
          before,
          {
            Version: saved.version,
            MerchantID: saved.merchantId,
            ...valuesOf(saved),
          },
        );
        return saved.id;
      });
      return scheduleRow(id);
    },

    async pause(p: Params<'PauseTransactionSchedule'>, actor: Actor) {
      await db.transaction(async (tx) => {
        const s = await loadSchedule(tx, p.ID, true);
        if (s.status === 'paused') return;
        await tx
          .update(transactionSchedules)
          .set({
            status: 'paused',
            statusReason: p.Reason,
            updatedByStaffId: actor.staffId,
            updatedOn: now(),
          })
          .where(eq(transactionSchedules.id, p.ID));
        await audit(
          tx,
          actor,
          'transaction-schedule.pause',
          p.ID,
          { Status: s.status },
          { Status: 'paused', Reason: p.Reason },
        );
      });
      return scheduleRow(p.ID);
    },

    /** Resumes from the next slot: slots missed while paused or in error are not run. */
    async resume(p: Params<'ResumeTransactionSchedule'>, actor: Actor) {
      await db.transaction(async (tx) => {
        const s = await loadSchedule(tx, p.ID, true);
        if (s.status === 'active') throw new ApiError(409, M.notPaused);
        await tx
          .update(transactionSchedules)
          .set({
            status: 'active',
            statusReason: null,
            nextRunAt: firstSlotAfter(s, now()),
            updatedByStaffId: actor.staffId,
            updatedOn: now(),
          })
          .where(eq(transactionSchedules.id, p.ID));
        await audit(
          tx,
          actor,
          'transaction-schedule.resume',
          p.ID,
          { Status: s.status },
          { Status: 'active' },
        );
      });
      return scheduleRow(p.ID);
    },

    async skipNext(p: Params<'SkipNextTransactionSchedule'>, actor: Actor) {
      await db.transaction(async (tx) => {
        const s = await loadSchedule(tx, p.ID, true);
        await tx
          .update(transactionSchedules)
          .set({ skipNext: p.Skip, updatedByStaffId: actor.staffId, updatedOn: now() })
          .where(eq(transactionSchedules.id, p.ID));
        await audit(
          tx,
          actor,
          'transaction-schedule.skip-next',
          p.ID,
          { SkipNext: s.skipNext },
          { SkipNext: p.Skip, NextRunAt: iso(s.nextRunAt) },
        );
      });
      return scheduleRow(p.ID);
    },

    async runNow(p: Params<'RunTransactionScheduleNow'>, actor: Actor): Promise<TransactionTaskDetail> {
      const s = await loadSchedule(db, p.ID);
      await stepUp(actor, p);
      await audit(db, actor, 'transaction-schedule.run-now', p.ID, null, { Version: s.version });
      const taskId = await execute(s, { trigger: 'manual', key: `manual:${s.id}:${randomUUID()}`, actor });
      if (taskId === null) throw new ApiError(409, 'This run was already made');
      return taskDetail(taskId);
    },

    async history(p: Params<'TransactionScheduleHistory'>): Promise<ScheduleVersion[]> {
      await loadSchedule(db, p.ID);
      const rows = await db
        .select({ v: transactionScheduleVersions, author: staff.username })
        .from(transactionScheduleVersions)
        .innerJoin(staff, eq(staff.id, transactionScheduleVersions.authorStaffId))
        .where(eq(transactionScheduleVersions.scheduleId, p.ID))
        .orderBy(desc(transactionScheduleVersions.version));
      return rows.map((r) => ({
        Version: r.v.version,
        Author: r.author,
        At: r.v.at.toISOString(),
        Comment: r.v.comment,
        Values: r.v.values,
      }));
    },

    async tasks(p: Params<'ListTransactionTasks'>): Promise<TransactionTaskList> {
      const today = day(now());
      const to = p.to ?? today;
      if (to > today)
        throw new ApiError(400, DATE_RANGE_MESSAGES.toAfterToday, {
          issues: [{ path: 'to', message: DATE_RANGE_MESSAGES.toAfterToday }],
        });
      const from = p.from ?? day(new Date(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS));
      let merchant: TransactionTaskList['Merchant'] = null;
      if (p.merchantId) {
        const [m] = await db
          .select({ ID: merchants.id, ShopTitle: merchants.shopTitle })
          .from(merchants)
          .where(eq(merchants.id, p.merchantId));
        if (!m) throw new ApiError(404, M.noMerchant(p.merchantId));
        merchant = m;
      }
      const t = transactionTasks;
      let keyset: ReturnType<typeof sql> | undefined;
      if (p.cursor) {
        const [stamp, id] = p.cursor.split('_') as [string, string];
        keyset = sql`(${t.startedAt}, ${t.id}) < (${new Date(stamp).toISOString()}::timestamptz, ${Number(id)})`;
      }
      const rows = await selectTasks(db)
        .where(
          and(
            p.merchantId ? eq(t.merchantId, p.merchantId) : undefined,
            sql`${t.startedAt} >= ${`${from}T00:00:00Z`}::timestamptz`,
            lte(t.startedAt, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS - 1)),
            p.status ? eq(t.status, p.status) : undefined,
            p.kind ? eq(t.kind, p.kind) : undefined,
            keyset,
          ),
        )
        .orderBy(desc(t.startedAt), desc(t.id))
        .limit(p.limit + 1);
      const page = rows.slice(0, p.limit);
      const last = page[page.length - 1];
      return {
        records: page.map(taskRowOf),
        NextCursor:
          rows.length > p.limit && last ? `${last.task.startedAt.toISOString()}_${last.task.id}` : null,
        Merchant: merchant,
        From: from,
        To: to,
      };
    },

    taskDetail: (p: Params<'TransactionTaskDetail'>) => taskDetail(p.ID),

    async retry(p: Params<'RetryTransactionTask'>, actor: Actor): Promise<TransactionTaskDetail> {
      const task = await taskDetail(p.ID);
      if (task.PayoutRef) throw new ApiError(409, M.retryProduced(task.PayoutRef));
      if (task.RetriedBy) throw new ApiError(409, M.retryAgain(task.RetriedBy));
      if (task.Status === 'running') throw new ApiError(409, M.retryRunning);
      const s = await loadSchedule(db, task.ScheduleID);
      await stepUp(actor, p);
      await audit(
        db,
        actor,
        'transaction-task.retry',
        p.ID,
        { Status: task.Status },
        { Reason: p.Reason, Version: s.version },
      );
      const taskId = await execute(s, { trigger: 'retry', key: `retry:${p.ID}`, actor, retryOf: p.ID });
      if (taskId === null) {
        const again = await taskDetail(p.ID);
        throw new ApiError(409, M.retryAgain(again.RetriedBy ?? p.ID));
      }
      return taskDetail(taskId);
    },

    /**
     * The runner's step (job `transactions.schedules`): every active schedule whose slot is due advances to its
     * next slot by a conditional update (one instance wins), then executes that slot once under the key
     * schedule + version + slot. Slots missed while the server was down collapse into the one run.
     */
    async runDue(limit = 100): Promise<{ executed: number; skipped: number }> {
      const at = now();
      const due = await db
        .select()
        .from(transactionSchedules)
        .where(and(eq(transactionSchedules.status, 'active'), lte(transactionSchedules.nextRunAt, at)))
        .orderBy(transactionSchedules.nextRunAt)
        .limit(limit);
      let executed = 0;
      let skipped = 0;
      for (const s of due) {
        const slot = s.nextRunAt;
        if (!slot) continue;
        const next = firstSlotAfter(s, at);
        const [won] = await db
          .update(transactionSchedules)
          .set({ nextRunAt: next, skipNext: false })
          .where(
            and(
              eq(transactionSchedules.id, s.id),
              eq(transactionSchedules.nextRunAt, slot),
              eq(transactionSchedules.version, s.version),
              eq(transactionSchedules.status, 'active'),
            ),
          )
          .returning({ id: transactionSchedules.id });
        if (!won) continue;
        const taskId = await execute(s, {
          trigger: 'schedule',
          key: `schedule:${s.id}:v${s.version}:${slot.toISOString()}`,
          actor: SCHEDULER_ACTOR,
          scheduledFor: slot,
          ...(s.skipNext ? { skippedBecause: 'Skipped: Skip next was set on this schedule' } : {}),
        });
        if (taskId === null) continue;
        if (s.skipNext) skipped++;
        else executed++;
      }
      return { executed, skipped };
    },
  };
}

export type TransactionScheduleService = ReturnType<typeof createTransactionScheduleService>;
