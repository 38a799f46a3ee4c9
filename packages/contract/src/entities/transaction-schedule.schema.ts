import { z } from 'zod';

/**
 * Transaction Scheduling and the Tasks Audit (operations brief §C, ADR 0031): per-merchant rules that move
 * money on a schedule, and one task row per execution.
 */

/** Every kind the brief names; the table keeps them all so a later executor needs no migration. */
export const TRANSACTION_SCHEDULE_KINDS = ['payout', 'conversion', 'ltr-consolidation', 'recheck'] as const;
export type TransactionScheduleKind = (typeof TRANSACTION_SCHEDULE_KINDS)[number];
/** The kinds this server can execute; the form and SaveTransactionSchedule accept only these. */
export const EXECUTABLE_SCHEDULE_KINDS = ['payout'] as const satisfies readonly TransactionScheduleKind[];
export const SCHEDULE_KIND_LABELS: Record<TransactionScheduleKind, string> = {
  payout: 'Payout',
  conversion: 'Conversion',
  'ltr-consolidation': 'LTR consolidation',
  recheck: 'Provider re-check',
};

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'cron'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_STATUSES = ['active', 'paused', 'error'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const TASK_STATUSES = [
  'running',
  'succeeded',
  'failed',
  'skipped',
  'pending_approval',
  'cancelled',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The statuses the Tasks Audit filters on (a running task is shown, not filtered for). */
export const TASK_FILTER_STATUSES = [
  'succeeded',
  'failed',
  'skipped',
  'pending_approval',
  'cancelled',
] as const satisfies readonly TaskStatus[];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
  pending_approval: 'Pending approval',
  cancelled: 'Cancelled',
};
export const TASK_TRIGGERS = ['schedule', 'manual', 'retry'] as const;
export type TaskTrigger = (typeof TASK_TRIGGERS)[number];

export const WEEKDAY_NAMES = [
  'Sundays',
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
] as const;

export const TRANSACTION_TASKS_PAGE_SIZE = 50;

/** The brief's and SPEC's texts, written once for the server, the screens and the tests. */
export const TRANSACTION_SCHEDULE_MESSAGES = {
  payoutDisabled: 'Payouts are disabled for this merchant (DisablePayout)',
  fiatExcluded: (coinName: string) => `${coinName} is excluded from this merchant's fiat payouts`,
  payoutExcluded: (coinName: string) => `${coinName} is excluded from this merchant's payouts`,
  belowMinimum: (min: string, coin: string) =>
    `Threshold must be at least the coin's minimum payout ${min} ${coin}`,
  kindNotBuilt:
    'Only payout schedules can run here: conversion, LTR consolidation and re-checks have no executor yet',
  noMerchant: (id: number) => `No merchant found with ID ${id}`,
  noCoin: (id: number) => `No coin found with ID ${id}`,
  noSchedule: 'No schedule with that id',
  noTask: 'No task with that id',
  endsBeforeStart: 'Ends on must be after starts on',
  notActive: 'This schedule is paused: resume it first',
  notPaused: 'This schedule is not paused',
  changed: (from: number, to: number) =>
    `This schedule changed since you opened it (v${from} → v${to}). Reload to see the changes.`,
  retryProduced: (ref: string) => `This task already produced payout ${ref}; a retry is not allowed`,
  retryAgain: (id: number) => `This task was already retried as task #${id}; retry that one instead`,
  retryRunning: 'This task is still running: wait for its result',
  reason: 'Say why (shown in the audit log)',
  noTotp:
    'Running a schedule needs an authenticator app (TOTP) or your password: ask an administrator to check your account',
  wrongPassword: 'That password is not right',
  passwordMissing: 'Type your password to confirm',
  codeMissing: 'Type the 6-digit code of your authenticator app',
  emptyList: 'No schedule yet. Payouts for this merchant happen only on request.',
  emptyTasks: (shop: string) => `No task ran for ${shop} in this period`,
} as const;

/** A decimal amount with at most 8 decimals, as text. */
const decimal = z.string();

export const scheduleRuleSchema = z.object({
  Frequency: z.enum(SCHEDULE_FREQUENCIES),
  /** 'HH:MM' in the schedule's time zone (daily, weekly, monthly). */
  Time: z.string().nullable(),
  Weekday: z.number().int().nullable(),
  MonthDay: z.number().int().nullable(),
  Cron: z.string(),
  Timezone: z.string(),
});

export const transactionScheduleRowSchema = scheduleRuleSchema.extend({
  ID: z.number().int(),
  Version: z.number().int(),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  Kind: z.enum(TRANSACTION_SCHEDULE_KINDS),
  AltCoinID: z.number().int(),
  Coin: z.string(),
  CoinName: z.string(),
  /** "When balance ≥ 0.01000000 BTC, Mondays 09:00". */
  Rule: z.string(),
  Threshold: decimal,
  MaxPerRun: decimal.nullable(),
  /** What the schedule pays to; null: the merchant's payout schema default at run time. */
  Destination: z.string().nullable(),
  /** What the list shows: the destination, or the merchant's current default. */
  DestinationShown: z.string().nullable(),
  ApprovalAboveEur: decimal.nullable(),
  StartsOn: z.string(),
  EndsOn: z.string().nullable(),
  Status: z.enum(SCHEDULE_STATUSES),
  StatusReason: z.string().nullable(),
  SkipNext: z.boolean(),
  NextRunAt: z.string().nullable(),
  LastTaskID: z.number().int().nullable(),
  LastStatus: z.enum(TASK_STATUSES).nullable(),
  LastRunAt: z.string().nullable(),
  LastDecision: z.string().nullable(),
  UpdatedBy: z.string(),
  UpdatedOn: z.string(),
});
export type TransactionScheduleRow = z.infer<typeof transactionScheduleRowSchema>;

export const transactionScheduleListSchema = z.object({
  records: z.array(transactionScheduleRowSchema),
  /** How this staff member confirms Run now and Retry: authenticator code, or password without one. */
  StepUpWith: z.enum(['totp', 'password']),
});

export const scheduleVersionSchema = z.object({
  Version: z.number().int(),
  Author: z.string(),
  At: z.string(),
  Comment: z.string(),
  Values: z.record(z.string(), z.unknown()),
});
export type ScheduleVersion = z.infer<typeof scheduleVersionSchema>;

export const transactionTaskRowSchema = z.object({
  ID: z.number().int(),
  ScheduleID: z.number().int(),
  ScheduleVersion: z.number().int(),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  Kind: z.enum(TRANSACTION_SCHEDULE_KINDS),
  Trigger: z.enum(TASK_TRIGGERS),
  StartedAt: z.string(),
  FinishedAt: z.string().nullable(),
  DurationMs: z.number().int().nullable(),
  Status: z.enum(TASK_STATUSES),
  Amount: decimal.nullable(),
  AltCoinID: z.number().int(),
  Coin: z.string(),
  PayoutID: z.number().int().nullable(),
  /** The payout's reference, e.g. P000000123. */
  PayoutRef: z.string().nullable(),
  Actor: z.string(),
  Error: z.string().nullable(),
  /** Why the task did what it did ("Skipped: balance … below threshold …"). */
  Decision: z.string(),
  RetryOf: z.number().int().nullable(),
});
export type TransactionTaskRow = z.infer<typeof transactionTaskRowSchema>;

export const transactionTaskDetailSchema = transactionTaskRowSchema.extend({
  /** What the decision was made on: balance, rate, rule version, threshold, destination. */
  Inputs: z.record(z.string(), z.unknown()),
  RetriedBy: z.number().int().nullable(),
});
export type TransactionTaskDetail = z.infer<typeof transactionTaskDetailSchema>;

export const transactionTaskListSchema = z.object({
  records: z.array(transactionTaskRowSchema),
  /** The cursor of the next (older) page; null on the last page. */
  NextCursor: z.string().nullable(),
  /** The merchant filtered on, with its name for the empty state. */
  Merchant: z.object({ ID: z.number().int(), ShopTitle: z.string() }).nullable(),
  From: z.string(),
  To: z.string(),
});
export type TransactionTaskList = z.infer<typeof transactionTaskListSchema>;
