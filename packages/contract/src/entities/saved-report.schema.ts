import { z } from 'zod';

/** Platform Scheduling SQL (ADR 0030): saved, parameterised, read-only reports approved before they run on a schedule. */
export const REPORT_VERSION_STATUSES = ['draft', 'pending_approval', 'approved', 'rejected'] as const;
export type ReportVersionStatus = (typeof REPORT_VERSION_STATUSES)[number];
/** What the list shows: the newest version's state, or disabled. */
export const REPORT_STATUSES = [...REPORT_VERSION_STATUSES, 'disabled'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  disabled: 'Disabled',
};
export const REPORT_OUTPUTS = ['table', 'csv', 'email'] as const;
export type ReportOutput = (typeof REPORT_OUTPUTS)[number];
/** A `{{name}}` parameter's type (brief C, Metabase-style typed variables); merchant and coin are ids. */
export const REPORT_PARAM_TYPES = ['text', 'number', 'date', 'merchant', 'coin'] as const;
export type ReportParamType = (typeof REPORT_PARAM_TYPES)[number];
export const REPORT_RUN_TRIGGERS = ['preview', 'manual', 'schedule', 'download'] as const;

/** Rows a run keeps at most ("Showing the first 10,000 rows"), and a preview's. */
export const REPORT_MAX_ROWS = 10_000;
export const REPORT_PREVIEW_ROWS = 100;
/** The estimated plan cost a report may have on the embedded database (PGlite cannot time a query out). */
export const REPORT_COST_CAP_EMBEDDED = 1_000_000;
/** On PostgreSQL a statement timeout also holds; the cost cap is a wider guard there. */
export const REPORT_COST_CAP_POSTGRES = 50_000_000;
export const REPORT_STATEMENT_TIMEOUT = '10s';

/** `{{ name }}` in the SQL: a letter or underscore, then letters, digits and underscores. */
export const REPORT_PARAM_PATTERN = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,39})\s*\}\}/g;

/** The parameter names of a report's SQL, in order of first use. */
export function detectReportParams(sqlText: string): string[] {
  const names: string[] = [];
  for (const m of sqlText.matchAll(REPORT_PARAM_PATTERN)) {
    const name = m[1];
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

export const REPORT_MESSAGES = {
  onlySelect: (found: string) => `Only one SELECT statement is allowed (found ${found})`,
  empty: 'Write a SELECT statement',
  syntax: (why: string) => `The SQL does not parse: ${why}`,
  locking: 'Locking clauses (FOR UPDATE, FOR SHARE) are not allowed: a report only reads',
  selectInto: 'SELECT INTO is not allowed: a report only reads',
  function: (name: string) => `Function ${name} is not allowed`,
  type: (name: string) => `Casting to ${name} is not allowed`,
  table: (name: string) => `Table ${name} is not allowed in a report: it holds secrets or system data`,
  column: (name: string) => `Column ${name} is not allowed in a report: it holds a secret`,
  star: (table: string) =>
    `Name the columns you need: ${table} holds a secret column, so * and whole-row references are not allowed`,
  dollarParam: 'Use {{name}} parameters, not $1: parameters are bound by name',
  tooExpensiveEmbedded: (cost: number, cap: number) =>
    `This query is estimated too expensive for the embedded database (cost ${thousands(cost)} > ${thousands(cap)}). Narrow the date range or run it on PostgreSQL.`,
  tooExpensive: (cost: number, cap: number) =>
    `This query is estimated too expensive (cost ${thousands(cost)} > ${thousands(cap)}). Narrow the date range.`,
  truncated: 'Showing the first 10,000 rows',
  paramMissing: (name: string) => `Give a value for {{${name}}}`,
  paramNumber: (name: string) => `{{${name}}} must be a number`,
  paramDate: (name: string) => `{{${name}}} must be a date as YYYY-MM-DD`,
  paramId: (name: string, what: string) => `{{${name}}} must be a ${what} id (a positive whole number)`,
  recipients: 'Reports can only be mailed to staff addresses',
  recipientsNeeded: 'Add at least one recipient for an e-mailed report',
  nameTaken: (name: string) => `A report named ${name} already exists`,
  noReport: 'No saved report with that id',
  ownApproval:
    'You wrote this version: another administrator must approve it (four-eyes). Ask a colleague to approve it.',
  notDraft: 'Only a draft can be submitted for approval',
  notPending: 'This version is not awaiting approval',
  notApproved: 'This report has no approved version yet: submit it and have another administrator approve it',
  disabled: 'This report is disabled: enable it before running it',
  alreadyDisabled: 'This report is already disabled',
  alreadyEnabled: 'This report is already enabled',
  reason: 'Give a reason; it is kept in the audit log',
  noChange: 'Nothing changed since the latest version',
} as const;

export const reportParamSchema = z.object({
  Name: z.string(),
  Type: z.enum(REPORT_PARAM_TYPES),
  Required: z.boolean(),
  /** Used when a run gives no value; '' for none. */
  Default: z.string(),
});
export type ReportParam = z.infer<typeof reportParamSchema>;

export const reportLastRunSchema = z.object({
  At: z.string(),
  Rows: z.number().int().nullable(),
  Ms: z.number().int().nullable(),
  Error: z.string().nullable(),
});

export const savedReportRowSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Owner: z.string(),
  /** The approved version's cron (Europe/Amsterdam), else the newest version's; null: on demand only. */
  Schedule: z.string().nullable(),
  /** The schedule in words, e.g. "Daily at 06:00". */
  ScheduleText: z.string().nullable(),
  NextRunAt: z.string().nullable(),
  Output: z.enum(REPORT_OUTPUTS),
  Status: z.enum(REPORT_STATUSES),
  /** The newest version's number. */
  Version: z.number().int(),
  ApprovedVersion: z.number().int().nullable(),
  Subscribers: z.number().int(),
  LastRun: reportLastRunSchema.nullable(),
});
export type SavedReportRow = z.infer<typeof savedReportRowSchema>;

export const reportVersionSchema = z.object({
  ID: z.number().int(),
  Version: z.number().int(),
  Status: z.enum(REPORT_VERSION_STATUSES),
  SQL: z.string(),
  /** SHA-256 of the SQL text, hex: what a run's audit row names. */
  SqlHash: z.string(),
  Params: z.array(reportParamSchema),
  Schedule: z.string().nullable(),
  Output: z.enum(REPORT_OUTPUTS),
  Recipients: z.array(z.string()),
  Author: z.string(),
  CreatedAt: z.string(),
  Approver: z.string().nullable(),
  DecidedAt: z.string().nullable(),
  RejectReason: z.string().nullable(),
});
export type ReportVersion = z.infer<typeof reportVersionSchema>;

export const reportRunRowSchema = z.object({
  ID: z.number().int(),
  Trigger: z.enum(REPORT_RUN_TRIGGERS),
  By: z.string().nullable(),
  Version: z.number().int().nullable(),
  SqlHash: z.string(),
  Params: z.record(z.string(), z.string().nullable()),
  Rows: z.number().int().nullable(),
  Ms: z.number().int().nullable(),
  Error: z.string().nullable(),
  At: z.string(),
});
export type ReportRunRow = z.infer<typeof reportRunRowSchema>;

export const savedReportDetailSchema = z.object({
  Report: savedReportRowSchema,
  /** The newest version (what the editor opens). */
  Latest: reportVersionSchema,
  /** The version scheduled runs, Run now and Download CSV use; null until one is approved. */
  Approved: reportVersionSchema.nullable(),
  Runs: z.array(reportRunRowSchema),
});
export type SavedReportDetail = z.infer<typeof savedReportDetailSchema>;

/** A run's rows as text cells, in the query's column order. */
export const reportResultSchema = z.object({
  Columns: z.array(z.string()),
  Rows: z.array(z.array(z.string().nullable())),
  /** More rows exist than were kept (100 for a preview, 10,000 for a run). */
  Truncated: z.boolean(),
  Ms: z.number().int(),
  /** The planner's estimated total cost that passed the cap. */
  Cost: z.number(),
  RunID: z.number().int(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

export const reportCsvSchema = z.object({
  FileName: z.string(),
  Csv: z.string(),
  Rows: z.number().int(),
  Truncated: z.boolean(),
});
