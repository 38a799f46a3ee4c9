import { z } from 'zod';
import { dayParam, idParam, optionalIdParam } from '../../common/params.schema';
import {
  EXECUTABLE_SCHEDULE_KINDS,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_STATUSES,
  scheduleVersionSchema,
  TASK_FILTER_STATUSES,
  TRANSACTION_SCHEDULE_KINDS,
  TRANSACTION_SCHEDULE_MESSAGES,
  TRANSACTION_TASKS_PAGE_SIZE,
  transactionScheduleListSchema,
  transactionScheduleRowSchema,
  transactionTaskDetailSchema,
  transactionTaskListSchema,
} from '../../entities/transaction-schedule.schema';
import { DATE_RANGE_MESSAGES } from '../../rules/date-range.rule';
import { adminCalls, get, list, MAX_PAGE_SIZE, post } from '../define';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A positive decimal with at most 8 decimals, as text (money never passes through a float). */
const amountText = (message: string) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: message })
      .regex(/^\d{1,22}(\.\d{1,8})?$/, { error: message, abort: true })
      .refine((v) => /[1-9]/.test(v), message),
  );
const optionalAmount = (message: string) => z.preprocess(blankToUndefined, amountText(message).optional());

/** The step-up of Run now and Retry: the authenticator code, or the password of an account without one. */
const stepUpShape = {
  Code: z.preprocess(
    blankToUndefined,
    z.string().trim().max(10, TRANSACTION_SCHEDULE_MESSAGES.codeMissing).optional(),
  ),
  Password: z.preprocess(blankToUndefined, z.string().max(200, 'That password is not right').optional()),
};

const reason = z
  .string({ error: TRANSACTION_SCHEDULE_MESSAGES.reason })
  .trim()
  .min(1, TRANSACTION_SCHEDULE_MESSAGES.reason)
  .max(500, 'The reason must be at most 500 characters');

export const saveTransactionScheduleParamsSchema = z
  .object({
    /** Empty: a new schedule; else the schedule whose next version this is. */
    ID: optionalIdParam('The schedule'),
    /** The version the editor opened (edits only): a newer one refuses the save. */
    Version: optionalIdParam('The version'),
    MerchantID: idParam('The merchant'),
    Kind: z
      .enum(TRANSACTION_SCHEDULE_KINDS, `The kind must be one of ${TRANSACTION_SCHEDULE_KINDS.join(', ')}`)
      .refine(
        (k) => (EXECUTABLE_SCHEDULE_KINDS as readonly string[]).includes(k),
        TRANSACTION_SCHEDULE_MESSAGES.kindNotBuilt,
      ),
    AltCoinID: idParam('The coin'),
    Frequency: z.enum(SCHEDULE_FREQUENCIES, 'Choose daily, weekly, monthly or a custom cron'),
    Time: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Type the time as HH:MM, e.g. 09:00')
        .optional(),
    ),
    Weekday: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Choose a weekday' })
        .int('Choose a weekday')
        .min(0, 'Choose a weekday')
        .max(6, 'Choose a weekday')
        .optional(),
    ),
    MonthDay: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'The day of the month must be between 1 and 28' })
        .int('The day of the month must be between 1 and 28')
        .min(1, 'The day of the month must be between 1 and 28')
        .max(28, 'The day of the month must be between 1 and 28')
        .optional(),
    ),
    /** Only for a custom frequency; checked by croner on the server. */
    Cron: z.preprocess(
      blankToUndefined,
      z.string().trim().max(100, 'The cron must be at most 100 characters').optional(),
    ),
    Timezone: z
      .string({ error: 'A time zone is required' })
      .trim()
      .min(1, 'A time zone is required')
      .max(64, 'The time zone must be at most 64 characters'),
    Threshold: amountText('The threshold must be an amount above 0 with at most 8 decimals'),
    MaxPerRun: optionalAmount('The maximum per run must be an amount above 0 with at most 8 decimals'),
    /** Empty: the merchant's payout schema default at run time. */
    Destination: z.preprocess(
      blankToUndefined,
      z.string().trim().max(200, 'The destination must be at most 200 characters').optional(),
    ),
    ApprovalAboveEur: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,22}(\.\d{1,2})?$/, 'The approval amount must be an amount in EUR, at most 2 decimals')
        .optional(),
    ),
    StartsOn: dayParam('Starts on'),
    EndsOn: z.preprocess(blankToUndefined, dayParam('Ends on').optional()),
    Comment: z.preprocess(
      blankToUndefined,
      z.string().trim().max(500, 'The comment must be at most 500 characters').optional(),
    ),
  })
  .refine((p) => p.Frequency !== 'cron' || p.Cron !== undefined, {
    message: 'Type a cron pattern, e.g. 0 9 * * 1',
    path: ['Cron'],
  })
  .refine((p) => p.Frequency === 'cron' || p.Time !== undefined, {
    message: 'Type the time as HH:MM, e.g. 09:00',
    path: ['Time'],
  })
  .refine((p) => p.Frequency !== 'weekly' || p.Weekday !== undefined, {
    message: 'Choose a weekday',
    path: ['Weekday'],
  })
  .refine((p) => p.Frequency !== 'monthly' || p.MonthDay !== undefined, {
    message: 'The day of the month must be between 1 and 28',
    path: ['MonthDay'],
  })
  .refine((p) => !p.EndsOn || p.EndsOn > p.StartsOn, {
    message: TRANSACTION_SCHEDULE_MESSAGES.endsBeforeStart,
    path: ['EndsOn'],
  });
export type SaveTransactionScheduleParams = z.input<typeof saveTransactionScheduleParamsSchema>;

export const transactionScheduleListParamsSchema = z.object({
  merchantId: optionalIdParam('The merchant'),
  status: z.preprocess(
    blankToUndefined,
    z.enum(SCHEDULE_STATUSES, `The status must be one of ${SCHEDULE_STATUSES.join(', ')}`).optional(),
  ),
});
export type TransactionScheduleListParams = z.input<typeof transactionScheduleListParamsSchema>;

const scheduleId = z.object({ ID: idParam('The schedule') });

export const transactionTaskListParamsSchema = z
  .object({
    merchantId: optionalIdParam('The merchant'),
    /** Default: seven days before To. */
    from: z.preprocess(blankToUndefined, dayParam('From date').optional()),
    /** Default: today (UTC). */
    to: z.preprocess(blankToUndefined, dayParam('To date').optional()),
    status: z.preprocess(
      blankToUndefined,
      z.enum(TASK_FILTER_STATUSES, `The status must be one of ${TASK_FILTER_STATUSES.join(', ')}`).optional(),
    ),
    kind: z.preprocess(
      blankToUndefined,
      z
        .enum(TRANSACTION_SCHEDULE_KINDS, `The kind must be one of ${TRANSACTION_SCHEDULE_KINDS.join(', ')}`)
        .optional(),
    ),
    /** The keyset cursor: the last row of the page before (NextCursor). */
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(
          /^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d{1,15}$/,
          'The page cursor is not valid: start from the first page',
        )
        // The shape alone lets 0000-00-00T:Z through; the time must be a real one.
        .refine(
          (c) => !Number.isNaN(Date.parse(c.split('_')[0] ?? '')) && Date.parse(c.split('_')[0] ?? '') > 0,
          'The page cursor is not valid: start from the first page',
        )
        .optional(),
    ),
    limit: z.coerce
      .number({ error: 'The page size must be a number' })
      .int('The page size must be a whole number')
      .min(1, 'The page size must be at least 1')
      .max(MAX_PAGE_SIZE, `The page size must be at most ${MAX_PAGE_SIZE}`)
      .default(TRANSACTION_TASKS_PAGE_SIZE),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: DATE_RANGE_MESSAGES.fromAfterTo,
    path: ['from'],
  });
export type TransactionTaskListParams = z.input<typeof transactionTaskListParamsSchema>;

/** Transaction Scheduling and the Tasks Audit (admin-commander, docs/adr/0003), ADR 0031. */
export const TRANSACTION_SCHEDULE_CALLS = adminCalls({
  /** The schedules, newest first, with the next run and the last task's result. */
  ListTransactionSchedules: get(
    'admin-commander',
    transactionScheduleListParamsSchema,
    transactionScheduleListSchema,
  ),
  /**
   * Creates a schedule, or its next version: checked against the merchant's flags (DisablePayout, payout
   * excludes) and the coin's minimum payout. Audited.
   */
  SaveTransactionSchedule: post(
    'admin-commander',
    saveTransactionScheduleParamsSchema,
    transactionScheduleRowSchema,
  ),
  PauseTransactionSchedule: post(
    'admin-commander',
    scheduleId.extend({ Reason: reason }),
    transactionScheduleRowSchema,
  ),
  ResumeTransactionSchedule: post('admin-commander', scheduleId, transactionScheduleRowSchema),
  /** Sets or clears "skip the next slot": that slot is recorded as a skipped task. */
  SkipNextTransactionSchedule: post(
    'admin-commander',
    scheduleId.extend({ Skip: z.boolean({ error: 'Skip must be true or false' }) }),
    transactionScheduleRowSchema,
  ),
  /** Runs the schedule once now (step-up); answers the task it made. */
  RunTransactionScheduleNow: post(
    'admin-commander',
    scheduleId.extend(stepUpShape),
    transactionTaskDetailSchema,
  ),
  /** Every version of a schedule, newest first. */
  TransactionScheduleHistory: get('admin-commander', scheduleId, z.array(scheduleVersionSchema)),
  /** The Tasks Audit: newest first, keyset paged; exportable as CSV with the filters on screen. */
  ListTransactionTasks: list('admin-commander', transactionTaskListParamsSchema, transactionTaskListSchema),
  TransactionTaskDetail: get(
    'admin-commander',
    z.object({ ID: idParam('The task') }),
    transactionTaskDetailSchema,
  ),
  /**
   * Runs a failed or skipped task's schedule again (reason, step-up); refused when the task produced a payout
   * or was already retried. Answers the new task.
   */
  RetryTransactionTask: post(
    'admin-commander',
    z.object({ ID: idParam('The task'), Reason: reason, ...stepUpShape }),
    transactionTaskDetailSchema,
  ),
});
