import { JOB_LOG_MAX_BYTES } from '@bo/contract';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { jobRuns, jobs } from '../../db/schema';
import { nextSlot } from './job-schedule';
import type { JobDefinition, JobHandlers } from './jobs.catalogue';

export const forbidMessage = (startedAt: Date | null, trigger: string) =>
  `A run of this job is already in progress (started ${
    startedAt ? startedAt.toISOString().slice(11, 16) : 'just now'
  } UTC by ${trigger}). Its concurrency policy is Forbid.`;

/** A log that keeps at most 64 kB (bytes, UTF-8) and says where it was cut. */
export function cappedLog(max = JOB_LOG_MAX_BYTES) {
  const cut = '\n… log cut at 64 kB\n';
  let text = '';
  let bytes = 0;
  let full = false;
  return {
    add(line: string) {
      if (full) return;
      const piece = `${line}\n`;
      const size = Buffer.byteLength(piece);
      if (bytes + size + Buffer.byteLength(cut) > max) {
        full = true;
        text += cut;
        bytes += Buffer.byteLength(cut);
        return;
      }
      text += piece;
      bytes += size;
    },
    text: () => text,
  };
}

/** Rows for the catalogue's jobs that have none yet, each with its first slot; existing rows keep staff edits. */
export async function syncJobCatalogue(
  db: Db,
  definitions: readonly JobDefinition[],
  now: Date,
): Promise<void> {
  for (const d of definitions) {
    await db
      .insert(jobs)
      .values({
        key: d.key,
        title: d.title,
        handler: d.key,
        cron: d.cron,
        timeoutS: d.timeoutS,
        nextRunAt: nextSlot(d.cron, 'Europe/Amsterdam', now),
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
}

export interface JobRunner {
  /** One pass: enqueue due slots, claim queued runs and start them. Handlers go on after it returns. */
  tick(): Promise<void>;
  /** Resolves when the runs this instance started have ended. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobRunnerDeps {
  db: Db;
  now: () => Date;
  /** Names this instance in `claimed_by`. */
  instance: string;
  handlers: JobHandlers;
  log: { warn(obj: unknown, msg?: string): void };
  /** How often a running run proves it is alive. */
  heartbeatMs?: number;
  /** Runs one instance starts per tick at most. */
  claimsPerTick?: number;
}

/**
 * The job runner (ADR 0026). Each scheduled slot is enqueued once: the instance whose conditional update of
 * `jobs.next_run_at` wins inserts the run (the unique slot index backs it up). A queued run is claimed by one
 * instance with FOR UPDATE SKIP LOCKED, the job's row locked meanwhile so the concurrency policy sees every
 * running run. While it runs the run heartbeats and extends its lease; a run whose row left `running`
 * (Mark failed, replaced) is aborted at its next heartbeat.
 */
export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const { db, now } = deps;
  const heartbeatMs = deps.heartbeatMs ?? 5_000;
  const claimsPerTick = deps.claimsPerTick ?? 4;
  const active = new Set<Promise<void>>();
  let stopped = false;

  async function enqueueDue(at: Date) {
    const due = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.enabled, true), lte(jobs.nextRunAt, at)));
    for (const job of due) {
      const slot = job.nextRunAt;
      if (!slot) continue;
      const next = nextSlot(job.cron, job.timezone, at);
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(jobs)
          .set({ nextRunAt: next })
          .where(and(eq(jobs.key, job.key), eq(jobs.nextRunAt, slot)))
          .returning({ key: jobs.key });
        if (moved.length === 0) return; // another instance took this slot
        const missed = at.getTime() - slot.getTime() > job.startingDeadlineS * 1000;
        await tx
          .insert(jobRuns)
          .values({
            jobKey: job.key,
            trigger: 'schedule',
            scheduledFor: slot,
            ...(missed
              ? { status: 'skipped', finishedAt: at, error: 'Missed: the starting deadline passed' }
              : {}),
          })
          .onConflictDoNothing();
      });
    }
    // A job resumed or created without a slot gets its next one.
    const unslotted = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.enabled, true), isNull(jobs.nextRunAt)));
    for (const job of unslotted) {
      await db
        .update(jobs)
        .set({ nextRunAt: nextSlot(job.cron, job.timezone, at) })
        .where(and(eq(jobs.key, job.key), isNull(jobs.nextRunAt)));
    }
  }

  /** Claims one due queued run, applying its job's concurrency policy; null when none is left. */
  async function claimOne(at: Date) {
    return db.transaction(async (tx) => {
      const [queued] = await tx
        .select({ id: jobRuns.id, jobKey: jobRuns.jobKey })
        .from(jobRuns)
        .where(and(eq(jobRuns.status, 'queued'), lte(jobRuns.scheduledFor, at)))
        .orderBy(asc(jobRuns.scheduledFor), asc(jobRuns.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!queued) return null;
      // Serialises claims of one job across instances, so two runs of a Forbid job never both start.
      const [job] = await tx.select().from(jobs).where(eq(jobs.key, queued.jobKey)).for('update');
      if (!job) return null;
      const running = await tx
        .select({ id: jobRuns.id, startedAt: jobRuns.startedAt, trigger: jobRuns.trigger })
        .from(jobRuns)
        .where(and(eq(jobRuns.jobKey, job.key), eq(jobRuns.status, 'running')));
      const first = running[0];
      if (first && job.concurrency === 'forbid') {
        await tx
          .update(jobRuns)
          .set({ status: 'skipped', finishedAt: at, error: forbidMessage(first.startedAt, first.trigger) })
          .where(eq(jobRuns.id, queued.id));
        return { skipped: true as const };
      }
      if (job.concurrency === 'replace') {
        for (const r of running)
          await tx
            .update(jobRuns)
            .set({ status: 'cancelled', finishedAt: at, error: `Replaced by run ${queued.id}` })
            .where(and(eq(jobRuns.id, r.id), eq(jobRuns.status, 'running')));
      }
      const [run] = await tx
        .update(jobRuns)
        .set({
          status: 'running',
          startedAt: at,
          heartbeatAt: at,
          leaseUntil: new Date(at.getTime() + job.timeoutS * 1000),
          claimedBy: deps.instance,
        })
        .where(eq(jobRuns.id, queued.id))
        .returning();
      return run ? { skipped: false as const, run, job } : null;
    });
  }

  async function execute(run: typeof jobRuns.$inferSelect, job: typeof jobs.$inferSelect) {
    const log = cappedLog();
    const controller = new AbortController();
    let ended: 'timed_out' | 'cancelled' | null = null;
    const abortWith = (why: 'timed_out' | 'cancelled') => {
      if (ended) return;
      ended = why;
      controller.abort(why);
    };
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(new Error(String(controller.signal.reason))), {
        once: true,
      }),
    );
    aborted.catch(() => undefined);
    const timeout = setTimeout(() => abortWith('timed_out'), job.timeoutS * 1000);
    const heartbeat = setInterval(() => {
      const at = now();
      db.update(jobRuns)
        .set({ heartbeatAt: at, leaseUntil: new Date(at.getTime() + job.timeoutS * 1000) })
        .where(and(eq(jobRuns.id, run.id), eq(jobRuns.status, 'running')))
        .returning({ id: jobRuns.id })
        .then((rows) => {
          // Marked failed or replaced elsewhere: stop working on it.
          if (rows.length === 0) abortWith('cancelled');
        })
        .catch((error: unknown) => deps.log.warn({ err: error, run: run.id }, 'job heartbeat failed'));
    }, heartbeatMs);
    heartbeat.unref();
    const handler = deps.handlers[job.handler];
    let status: 'succeeded' | 'failed' | 'timed_out' | 'cancelled' = 'succeeded';
    let error: string | null = null;
    let items: number | null = null;
    let summary: Record<string, unknown> | null = null;
    try {
      if (!handler) throw new Error(`No handler "${job.handler}" on this server instance`);
      log.add(`${now().toISOString()} started on ${deps.instance} (attempt ${run.attempt})`);
      const outcome = await Promise.race([
        handler({ signal: controller.signal, log: (line) => log.add(line), params: job.params }),
        aborted,
      ]);
      items = outcome.items ?? null;
      summary = outcome.summary ?? null;
    } catch (e) {
      status = ended ?? 'failed';
      error =
        ended === 'timed_out'
          ? `Timed out after ${job.timeoutS} s`
          : ended === 'cancelled'
            ? 'Cancelled: the run was ended elsewhere'
            : e instanceof Error
              ? e.message
              : String(e);
      log.add(`${now().toISOString()} ${error}`);
    } finally {
      clearTimeout(timeout);
      clearInterval(heartbeat);
    }
    const at = now();
    log.add(`${at.toISOString()} ${status}`);
    // Conditional: a run marked failed or replaced meanwhile keeps what staff or the other run decided.
    const finished = await db
      .update(jobRuns)
      .set({ status, finishedAt: at, error, itemsProcessed: items, summary, log: log.text() })
      .where(and(eq(jobRuns.id, run.id), eq(jobRuns.status, 'running')))
      .returning({ id: jobRuns.id });
    if (finished.length > 0 && status !== 'succeeded' && run.attempt < job.maxAttempts) {
      await db.insert(jobRuns).values({
        jobKey: job.key,
        trigger: 'retry',
        scheduledFor: new Date(at.getTime() + job.retryBackoffS * 1000),
        attempt: run.attempt + 1,
      });
    }
  }

  return {
    async tick() {
      if (stopped) return;
      const at = now();
      await enqueueDue(at);
      for (let i = 0; i < claimsPerTick && !stopped; i++) {
        const claimed = await claimOne(at);
        if (!claimed) break;
        if (claimed.skipped) continue;
        const p = execute(claimed.run, claimed.job)
          .catch((error: unknown) =>
            deps.log.warn({ err: error, run: claimed.run.id }, 'job run not recorded'),
          )
          .finally(() => active.delete(p));
        active.add(p);
      }
    },
    async idle() {
      while (active.size > 0) await Promise.all([...active]);
    },
    async stop() {
      stopped = true;
      await Promise.all([...active]);
    },
  };
}

/** The runner on a timer: a tick every `pollMs` (the server process; tests tick by hand). */
export function startJobRunner(
  runner: JobRunner,
  pollMs: number,
  log: { warn(obj: unknown, msg?: string): void },
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = runner
        .tick()
        .catch((error: unknown) => log.warn({ err: error }, 'job runner tick failed'))
        .finally(() => {
          ticking = undefined;
          schedule();
        });
    }, pollMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await runner.stop();
    },
  };
}
