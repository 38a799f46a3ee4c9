import { z } from 'zod';

/** The job runner's run states (ADR 0026; Airflow's run states, bull-board's list words). */
export const JOB_RUN_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
  'skipped',
] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];
export const JOB_RUN_TRIGGERS = ['schedule', 'manual', 'retry'] as const;
/** Kubernetes CronJob's concurrencyPolicy: what a due run does while another run of the job is running. */
export const JOB_CONCURRENCY = ['forbid', 'replace', 'allow'] as const;
export type JobConcurrency = (typeof JOB_CONCURRENCY)[number];
export const JOB_RUNS_PAGE_SIZE = 20;
/** A run's log is kept up to this many bytes; the rest is cut with a note. */
export const JOB_LOG_MAX_BYTES = 65_536;
export const JOB_DEFAULT_TIMEZONE = 'Europe/Amsterdam';

export const jobLastRunSchema = z.object({
  ID: z.number().int(),
  Status: z.enum(JOB_RUN_STATUSES),
  Trigger: z.enum(JOB_RUN_TRIGGERS),
  StartedAt: z.string().nullable(),
  DurationMs: z.number().int().nullable(),
  /** Running with no heartbeat for more than twice the timeout. */
  Stuck: z.boolean(),
});

export const jobRowSchema = z.object({
  Key: z.string(),
  Title: z.string(),
  Cron: z.string(),
  Timezone: z.string(),
  /** The schedule in words, e.g. "Every 15 minutes". */
  ScheduleText: z.string(),
  Enabled: z.boolean(),
  PausedReason: z.string().nullable(),
  Concurrency: z.enum(JOB_CONCURRENCY),
  TimeoutS: z.number().int(),
  StartingDeadlineS: z.number().int(),
  /** Pausing or editing it needs a reason and a step-up. */
  MovesMoney: z.boolean(),
  NextRunAt: z.string().nullable(),
  LastRun: jobLastRunSchema.nullable(),
  /** Runs that ended in the last 7 days, and how many of them succeeded. */
  Succeeded7d: z.number().int(),
  Finished7d: z.number().int(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

export const jobRunRowSchema = z.object({
  ID: z.number().int(),
  JobKey: z.string(),
  Trigger: z.enum(JOB_RUN_TRIGGERS),
  TriggeredBy: z.string().nullable(),
  ScheduledFor: z.string(),
  StartedAt: z.string().nullable(),
  FinishedAt: z.string().nullable(),
  HeartbeatAt: z.string().nullable(),
  DurationMs: z.number().int().nullable(),
  Status: z.enum(JOB_RUN_STATUSES),
  Stuck: z.boolean(),
  Attempt: z.number().int(),
  ItemsProcessed: z.number().int().nullable(),
  Error: z.string().nullable(),
});
export type JobRunRow = z.infer<typeof jobRunRowSchema>;

export const jobRunLogSchema = z.object({
  ID: z.number().int(),
  Log: z.string(),
  Error: z.string().nullable(),
});
