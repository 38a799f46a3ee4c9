import type { ADMIN_CALLS, JobConcurrency, JobRow, JobRunRow, JobRunStatus, Page } from '@bo/contract';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { jobRuns, jobs, staff } from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, changedFields, recordChange } from '../audit/audit.service';
import { checkStepUp, STEP_UP_MESSAGES } from '../auth/step-up';
import { escapeLike } from '../transactions/keyword.rule';
import { forbidMessage } from './job-runner';
import { describeSchedule, nextSlot, scheduleRefusal } from './job-schedule';
import { movesMoney } from './jobs.catalogue';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const JOB_ENTITY = 'job';
const WEEK_MS = 7 * 86_400_000;

export const JOB_MESSAGES = {
  noJob: (key: string) => `No job with key ${key}`,
  noRun: 'No job run with that id',
  reasonNeeded: 'This job moves money: say why (shown in the audit log)',
  codeNeeded: 'This job moves money: type the 6-digit code of your authenticator app',
  noTotp:
    'Changing a job that moves money needs an authenticator app (TOTP) on your account, and yours has none: ask an administrator to enrol one.',
  notStuck: 'Only a stuck run can be marked failed: this one is not running or still sends heartbeats',
  alreadyPaused: 'This job is already paused',
  alreadyEnabled: 'This job is already running on its schedule',
} as const;

type RunData = typeof jobRuns.$inferSelect & { triggeredBy: string | null; timeoutS: number };

const iso = (d: Date | null) => d?.toISOString() ?? null;
const durationOf = (r: { startedAt: Date | null; finishedAt: Date | null }, at: Date) =>
  r.startedAt ? (r.finishedAt ?? at).getTime() - r.startedAt.getTime() : null;
/** Stuck: running with no heartbeat for more than twice the job's timeout (the brief's rule). */
const isStuck = (r: { status: string; heartbeatAt: Date | null }, timeoutS: number, at: Date) =>
  r.status === 'running' &&
  r.heartbeatAt !== null &&
  at.getTime() - r.heartbeatAt.getTime() > 2 * timeoutS * 1000;

const runRowOf = (r: RunData, at: Date): JobRunRow => ({
  ID: r.id,
  JobKey: r.jobKey,
  Trigger: r.trigger as JobRunRow['Trigger'],
  TriggeredBy: r.triggeredBy,
  ScheduledFor: r.scheduledFor.toISOString(),
  StartedAt: iso(r.startedAt),
  FinishedAt: iso(r.finishedAt),
  HeartbeatAt: iso(r.heartbeatAt),
  DurationMs: durationOf(r, at),
  Status: r.status as JobRunStatus,
  Stuck: isStuck(r, r.timeoutS, at),
  Attempt: r.attempt,
  ItemsProcessed: r.itemsProcessed,
  Error: r.error,
});

const selectRuns = (db: DbOrTx) =>
  db
    .select({
      id: jobRuns.id,
      jobKey: jobRuns.jobKey,
      trigger: jobRuns.trigger,
      triggeredByStaffId: jobRuns.triggeredByStaffId,
      triggeredBy: staff.username,
      scheduledFor: jobRuns.scheduledFor,
      startedAt: jobRuns.startedAt,
      finishedAt: jobRuns.finishedAt,
      heartbeatAt: jobRuns.heartbeatAt,
      leaseUntil: jobRuns.leaseUntil,
      claimedBy: jobRuns.claimedBy,
      status: jobRuns.status,
      attempt: jobRuns.attempt,
      itemsProcessed: jobRuns.itemsProcessed,
      summary: jobRuns.summary,
      error: jobRuns.error,
      log: sql<string>`''`,
      timeoutS: jobs.timeoutS,
    })
    .from(jobRuns)
    .innerJoin(jobs, eq(jobs.key, jobRuns.jobKey))
    .leftJoin(staff, eq(staff.id, jobRuns.triggeredByStaffId));

/** Platform Scheduling (ADR 0026): the jobs' read model and the staff's controls; the runner does the runs. */
export function createJobsService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  const job = async (tx: DbOrTx, key: string, lock = false) => {
    const q = tx.select().from(jobs).where(eq(jobs.key, key));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new ApiError(404, JOB_MESSAGES.noJob(key));
    return row;
  };

  async function rowsOf(list: (typeof jobs.$inferSelect)[]): Promise<JobRow[]> {
    const at = now();
    if (list.length === 0) return [];
    const keys = list.map((j) => j.key);
    const inKeys = sql`${jobRuns.jobKey} in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`;
    const [last, week] = await Promise.all([
      db
        .selectDistinctOn([jobRuns.jobKey], {
          jobKey: jobRuns.jobKey,
          id: jobRuns.id,
          status: jobRuns.status,
          trigger: jobRuns.trigger,
          startedAt: jobRuns.startedAt,
          finishedAt: jobRuns.finishedAt,
          heartbeatAt: jobRuns.heartbeatAt,
        })
        .from(jobRuns)
        .where(and(inKeys, sql`${jobRuns.status} <> 'queued'`))
        .orderBy(jobRuns.jobKey, desc(jobRuns.id)),
      db
        .select({
          jobKey: jobRuns.jobKey,
          finished: sql<number>`count(*) filter (where ${jobRuns.status} not in ('queued', 'running'))::int`,
          succeeded: sql<number>`count(*) filter (where ${jobRuns.status} = 'succeeded')::int`,
        })
        .from(jobRuns)
        .where(and(inKeys, gte(jobRuns.scheduledFor, new Date(at.getTime() - WEEK_MS))))
        .groupBy(jobRuns.jobKey),
    ]);
    return list.map((j) => {
      const l = last.find((r) => r.jobKey === j.key);
      const w = week.find((r) => r.jobKey === j.key);
      return {
        Key: j.key,
        Title: j.title,
        Cron: j.cron,
        Timezone: j.timezone,
        ScheduleText: describeSchedule(j.cron),
        Enabled: j.enabled,
        PausedReason: j.pausedReason,
        Concurrency: j.concurrency as JobConcurrency,
        TimeoutS: j.timeoutS,
        StartingDeadlineS: j.startingDeadlineS,
        MovesMoney: movesMoney(j.key),
        NextRunAt: j.enabled ? iso(j.nextRunAt) : null,
        LastRun: l
          ? {
              ID: l.id,
              Status: l.status as JobRunStatus,
              Trigger: l.trigger as JobRunRow['Trigger'],
              StartedAt: iso(l.startedAt),
              DurationMs: durationOf(l, at),
              Stuck: isStuck(l, j.timeoutS, at),
            }
          : null,
        Succeeded7d: w?.succeeded ?? 0,
        Finished7d: w?.finished ?? 0,
      };
    });
  }

  const jobRow = async (key: string) => {
    const [row] = await rowsOf([await job(db, key)]);
    if (!row) throw new ApiError(404, JOB_MESSAGES.noJob(key));
    return row;
  };

  const runRow = async (tx: DbOrTx, id: number) => {
    const [r] = await selectRuns(tx).where(eq(jobRuns.id, id));
    if (!r) throw new ApiError(404, JOB_MESSAGES.noRun);
    return runRowOf(r, now());
  };

  /** Money-moving jobs: a reason, then the step-up (the code is taken only when everything else holds). */
  const guardMoney = async (key: string, p: { Reason?: string; Code?: string }, actor: Actor) => {
    if (!movesMoney(key)) return;
    const onField = (path: string, message: string) => badRequest(message, { issues: [{ path, message }] });
    if (!p.Reason) throw onField('Reason', JOB_MESSAGES.reasonNeeded);
    if (!p.Code) throw onField('Code', JOB_MESSAGES.codeNeeded);
    await checkStepUp(db, actor.staffId, { Code: p.Code }, now(), {
      ...STEP_UP_MESSAGES,
      noTotp: JOB_MESSAGES.noTotp,
    });
  };

  return {
    async list(p: Params<'ListJobs'>): Promise<Page<JobRow>> {
      const like = p.keyword ? `%${escapeLike(p.keyword)}%` : undefined;
      const where = like ? sql`(${jobs.key} ilike ${like} or ${jobs.title} ilike ${like})` : undefined;
      const dir = p.order === 'asc' ? asc : desc;
      const order =
        p.sort === 'Title' ? dir(jobs.title) : p.sort === 'NextRunAt' ? dir(jobs.nextRunAt) : dir(jobs.key);
      const [list, [total]] = await Promise.all([
        db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(order, asc(jobs.key))
          .offset(pageOffset(p))
          .limit(p.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
      ]);
      return pageAnswer(p, total?.n ?? 0, await rowsOf(list));
    },

    async runs(p: Params<'ListJobRuns'>): Promise<Page<JobRunRow>> {
      await job(db, p.Key);
      const where = and(eq(jobRuns.jobKey, p.Key), p.status ? eq(jobRuns.status, p.status) : undefined);
      const [rows, [total]] = await Promise.all([
        selectRuns(db)
          .where(where)
          .orderBy(p.order === 'asc' ? asc(jobRuns.id) : desc(jobRuns.id))
          .offset(pageOffset(p))
          .limit(p.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(jobRuns).where(where),
      ]);
      const at = now();
      return pageAnswer(
        p,
        total?.n ?? 0,
        rows.map((r) => runRowOf(r, at)),
      );
    },

    async log(id: number) {
      const [r] = await db
        .select({ id: jobRuns.id, log: jobRuns.log, error: jobRuns.error })
        .from(jobRuns)
        .where(eq(jobRuns.id, id));
      if (!r) throw new ApiError(404, JOB_MESSAGES.noRun);
      return { ID: r.id, Log: r.log, Error: r.error };
    },

    /** A manual run, queued now; the runner of some instance claims it (once). Forbid refuses while one runs. */
    async runNow(p: Params<'RunJobNow'>, actor: Actor): Promise<JobRunRow> {
      const at = now();
      const id = await db.transaction(async (tx) => {
        const j = await job(tx, p.Key, true);
        if (j.concurrency === 'forbid') {
          const [running] = await tx
            .select({ startedAt: jobRuns.startedAt, trigger: jobRuns.trigger })
            .from(jobRuns)
            .where(and(eq(jobRuns.jobKey, j.key), sql`${jobRuns.status} in ('running', 'queued')`))
            .limit(1);
          if (running) throw new ApiError(409, forbidMessage(running.startedAt, running.trigger));
        }
        const [run] = await tx
          .insert(jobRuns)
          .values({ jobKey: j.key, trigger: 'manual', triggeredByStaffId: actor.staffId, scheduledFor: at })
          .returning({ id: jobRuns.id });
        if (!run) throw new Error('job run not inserted');
        await recordChange(tx, actor, {
          action: 'job.run-now',
          entity: JOB_ENTITY,
          id: j.key,
          after: { Run: run.id },
        });
        return run.id;
      });
      return runRow(db, id);
    },

    async setEnabled(p: Params<'SetJobEnabled'>, actor: Actor): Promise<JobRow> {
      const before = await job(db, p.Key);
      if (before.enabled === p.Enabled)
        throw new ApiError(409, p.Enabled ? JOB_MESSAGES.alreadyEnabled : JOB_MESSAGES.alreadyPaused);
      if (!p.Enabled) await guardMoney(p.Key, p, actor);
      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({
            enabled: p.Enabled,
            pausedReason: p.Enabled ? null : (p.Reason ?? null),
            pausedByStaffId: p.Enabled ? null : actor.staffId,
            // Resumed: from the next slot after now, never the slots missed while paused.
            nextRunAt: p.Enabled ? nextSlot(before.cron, before.timezone, at) : before.nextRunAt,
            updatedAt: at,
          })
          .where(eq(jobs.key, p.Key));
        await recordChange(tx, actor, {
          action: p.Enabled ? 'job.resume' : 'job.pause',
          entity: JOB_ENTITY,
          id: p.Key,
          before: { Enabled: before.enabled },
          after: { Enabled: p.Enabled, ...(p.Reason ? { Reason: p.Reason } : {}) },
        });
      });
      return jobRow(p.Key);
    },

    async saveSchedule(p: Params<'SaveJobSchedule'>, actor: Actor): Promise<JobRow> {
      const before = await job(db, p.Key);
      const at = now();
      const refusal = scheduleRefusal(p.Cron, p.Timezone, at);
      // On its field, so the Edit form shows it under the input it is about.
      if (refusal)
        throw badRequest(refusal, {
          issues: [
            { path: refusal.startsWith('Not a valid time zone') ? 'Timezone' : 'Cron', message: refusal },
          ],
        });
      await guardMoney(p.Key, p, actor);
      const after = {
        Cron: p.Cron,
        Timezone: p.Timezone,
        Concurrency: p.Concurrency,
        TimeoutS: p.TimeoutS,
        StartingDeadlineS: p.StartingDeadlineS,
      };
      const diff = changedFields(
        {
          Cron: before.cron,
          Timezone: before.timezone,
          Concurrency: before.concurrency,
          TimeoutS: before.timeoutS,
          StartingDeadlineS: before.startingDeadlineS,
        },
        after,
      );
      await db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({
            cron: p.Cron,
            timezone: p.Timezone,
            concurrency: p.Concurrency,
            timeoutS: p.TimeoutS,
            startingDeadlineS: p.StartingDeadlineS,
            nextRunAt: nextSlot(p.Cron, p.Timezone, at),
            updatedAt: at,
          })
          .where(eq(jobs.key, p.Key));
        await recordChange(tx, actor, {
          action: 'job.edit',
          entity: JOB_ENTITY,
          id: p.Key,
          before: diff.before,
          after: { ...diff.after, ...(p.Reason ? { Reason: p.Reason } : {}) },
        });
      });
      return jobRow(p.Key);
    },

    /** Ends a stuck run as failed; its instance, if alive, sees the row left `running` and stops. */
    async markFailed(id: number, actor: Actor): Promise<JobRunRow> {
      const at = now();
      await db.transaction(async (tx) => {
        const [r] = await selectRuns(tx).where(eq(jobRuns.id, id));
        if (!r) throw new ApiError(404, JOB_MESSAGES.noRun);
        if (!isStuck(r, r.timeoutS, at)) throw new ApiError(409, JOB_MESSAGES.notStuck);
        const minutes = r.heartbeatAt ? Math.round((at.getTime() - r.heartbeatAt.getTime()) / 60_000) : 0;
        await tx
          .update(jobRuns)
          .set({
            status: 'failed',
            finishedAt: at,
            error: `Marked failed by ${actor.username}: stuck, no heartbeat for ${minutes} min`,
          })
          .where(and(eq(jobRuns.id, id), eq(jobRuns.status, 'running')));
        await recordChange(tx, actor, {
          action: 'job.run.mark-failed',
          entity: JOB_ENTITY,
          id: r.jobKey,
          after: { Run: id, Status: 'failed' },
        });
      });
      return runRow(db, id);
    },
  };
}
