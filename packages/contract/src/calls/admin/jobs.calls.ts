import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import {
  JOB_CONCURRENCY,
  JOB_RUN_STATUSES,
  JOB_RUNS_PAGE_SIZE,
  jobRowSchema,
  jobRunLogSchema,
  jobRunRowSchema,
} from '../../entities/job.schema';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';
import { stepUpCodeSchema } from './payouts.calls';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const jobKey = z
  .string({ error: 'The job key is required' })
  .trim()
  .min(1, 'The job key is required')
  .max(100, 'The job key must be at most 100 characters');

/** Why a money-moving job is paused or changed: shown in the audit log. */
const reason = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(500, 'The reason must be at most 500 characters')
    .optional(),
);
/** The step-up code; required (by the server) only for jobs that move money. */
const code = z.preprocess(blankToUndefined, stepUpCodeSchema.optional());

const seconds = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number of seconds` })
    .int(`${label} must be a whole number of seconds`)
    .min(1, `${label} must be at least 1 second`)
    .max(max, `${label} must be at most ${max} seconds`);

export const JOB_SORT_COLUMNS = ['Key', 'Title', 'NextRunAt'] as const;

export const jobListParamsSchema = z.object({
  keyword: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'The keyword must be text' })
      .trim()
      .max(100, 'The keyword must be at most 100 characters')
      .optional(),
  ),
  ...pageParams(JOB_SORT_COLUMNS, { pageSize: 50, order: 'asc' }),
});
export type JobListParams = z.input<typeof jobListParamsSchema>;

export const jobRunListParamsSchema = z.object({
  Key: jobKey,
  status: z.preprocess(
    blankToUndefined,
    z.enum(JOB_RUN_STATUSES, `The status must be one of ${JOB_RUN_STATUSES.join(', ')}`).optional(),
  ),
  ...pageParams(['ID'] as const, { pageSize: JOB_RUNS_PAGE_SIZE }),
});
export type JobRunListParams = z.input<typeof jobRunListParamsSchema>;

export const saveJobScheduleParamsSchema = z.object({
  Key: jobKey,
  /** Checked by croner on the server: 'Not a valid schedule: …'. */
  Cron: z
    .string({ error: 'A schedule is required' })
    .trim()
    .min(1, 'A schedule is required')
    .max(100, 'The schedule must be at most 100 characters'),
  Timezone: z
    .string({ error: 'A time zone is required' })
    .trim()
    .min(1, 'A time zone is required')
    .max(64, 'The time zone must be at most 64 characters'),
  Concurrency: z.enum(JOB_CONCURRENCY, `The concurrency policy must be one of ${JOB_CONCURRENCY.join(', ')}`),
  TimeoutS: seconds('The timeout', 86_400),
  StartingDeadlineS: seconds('The starting deadline', 86_400),
  Reason: reason,
  Code: code,
});
export type SaveJobScheduleParams = z.input<typeof saveJobScheduleParamsSchema>;

export const setJobEnabledParamsSchema = z.object({
  Key: jobKey,
  Enabled: z.boolean({ error: 'Enabled must be true or false' }),
  Reason: reason,
  Code: code,
});
export type SetJobEnabledParams = z.input<typeof setJobEnabledParamsSchema>;

/** Platform Scheduling (admin-commander, ADR 0026): the job runner's jobs, their runs and their controls. */
export const JOB_CALLS = adminCalls({
  /** The jobs with schedule, next run, last run and the 7-day success count. */
  ListJobs: list('admin-commander', jobListParamsSchema, pageOf(jobRowSchema)),
  /** A job's runs, newest first, 20 a page. */
  ListJobRuns: list('admin-commander', jobRunListParamsSchema, pageOf(jobRunRowSchema)),
  /** One run's log (capped at 64 kB) and error. */
  JobRunLog: get('admin-commander', z.object({ ID: idParam('The run id') }), jobRunLogSchema),
  /** Queues a manual run now; the runner claims it within a second. Refused (409) under Forbid while one runs. */
  RunJobNow: post('admin-commander', z.object({ Key: jobKey }), jobRunRowSchema),
  /** Pauses or resumes a job. Pausing one that moves money needs a reason and the step-up. Audited. */
  SetJobEnabled: post('admin-commander', setJobEnabledParamsSchema, jobRowSchema),
  /** Changes a job's schedule and policy (croner-checked, at most once a minute). Money: reason + step-up. */
  SaveJobSchedule: post('admin-commander', saveJobScheduleParamsSchema, jobRowSchema),
  /** Ends a stuck run (no heartbeat for more than twice the timeout) as failed. Audited. */
  MarkJobRunFailed: post('admin-commander', z.object({ ID: idParam('The run id') }), jobRunRowSchema),
});
