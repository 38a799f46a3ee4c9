import { z } from 'zod';
import { idParam, optionalIdParam } from '../../common/params.schema';
import {
  REPORT_MESSAGES,
  REPORT_OUTPUTS,
  REPORT_PARAM_TYPES,
  reportCsvSchema,
  reportResultSchema,
  savedReportDetailSchema,
  savedReportRowSchema,
} from '../../entities/saved-report.schema';
import { adminCalls, get, post } from '../define';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const REPORT_SQL_MAX = 20_000;

const sqlText = z
  .string({ error: REPORT_MESSAGES.empty })
  .max(REPORT_SQL_MAX, `The SQL must be at most ${REPORT_SQL_MAX.toLocaleString('en-US')} characters`)
  .refine((v) => v.trim().length > 0, REPORT_MESSAGES.empty);

export const reportParamInputSchema = z.object({
  Name: z
    .string({ error: 'A parameter needs a name' })
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/, 'A parameter name is letters, digits and _ (at most 40)'),
  Type: z.enum(REPORT_PARAM_TYPES, `The type must be one of ${REPORT_PARAM_TYPES.join(', ')}`),
  Required: z.boolean({ error: 'Required must be true or false' }).default(true),
  Default: z
    .string({ error: 'The default must be text' })
    .trim()
    .max(200, 'The default must be at most 200 characters')
    .default(''),
});
export type ReportParamInput = z.input<typeof reportParamInputSchema>;

const paramDefs = z.array(reportParamInputSchema).max(20, 'A report takes at most 20 parameters').default([]);
/** Values typed for a run, by parameter name; checked against each parameter's type on the server. */
const paramValues = z
  .record(
    z.string(),
    z
      .string({ error: 'A parameter value must be text' })
      .max(200, 'A parameter value is at most 200 characters'),
  )
  .default({});

export const saveReportDraftParamsSchema = z.object({
  /** Empty: a new report. */
  ID: optionalIdParam('The report'),
  Name: z
    .string({ error: 'The name must be 3 to 80 characters' })
    .trim()
    .min(3, 'The name must be 3 to 80 characters')
    .max(80, 'The name must be 3 to 80 characters'),
  Description: z
    .string({ error: 'The description must be text' })
    .trim()
    .max(500, 'The description must be at most 500 characters')
    .default(''),
  SQL: sqlText,
  Params: paramDefs,
  /** A cron (Europe/Amsterdam), checked by croner; empty: on demand only. */
  Schedule: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'The schedule must be text' })
      .trim()
      .max(100, 'The schedule must be at most 100 characters')
      .optional(),
  ),
  Output: z.enum(REPORT_OUTPUTS, `The output must be one of ${REPORT_OUTPUTS.join(', ')}`).default('table'),
  Recipients: z
    .array(
      z.string({ error: REPORT_MESSAGES.recipients }).trim().toLowerCase().email(REPORT_MESSAGES.recipients),
    )
    .max(20, 'A report is mailed to at most 20 recipients')
    .default([]),
});
export type SaveReportDraftParams = z.input<typeof saveReportDraftParamsSchema>;

export const previewReportParamsSchema = z.object({
  /** The saved report the editor shows, if any: the run is filed under it. */
  ID: optionalIdParam('The report'),
  SQL: sqlText,
  Params: paramDefs,
  Values: paramValues,
});
export type PreviewReportParams = z.input<typeof previewReportParamsSchema>;

export const runReportParamsSchema = z.object({ ID: idParam('The report'), Values: paramValues });
export type RunReportParams = z.input<typeof runReportParamsSchema>;

const reportId = z.object({ ID: idParam('The report') });

/** Platform Scheduling SQL (admin-commander, docs/adr/0003), ADR 0030. */
export const SAVED_REPORT_CALLS = adminCalls({
  /** Every saved report with owner, schedule, last run and status. */
  ListSavedReports: get(
    'admin-commander',
    z.object({
      keyword: z.preprocess(
        blankToUndefined,
        z
          .string({ error: 'The keyword must be text' })
          .trim()
          .max(100, 'The keyword is at most 100 characters')
          .optional(),
      ),
    }),
    z.array(savedReportRowSchema),
  ),
  /** One report: its newest and approved versions and its last 20 runs. */
  GetSavedReport: get('admin-commander', reportId, savedReportDetailSchema),
  /**
   * Saves the editor as a draft (a new version unless the newest is still a draft), after the parse gate.
   * Audited.
   */
  SaveReportDraft: post('admin-commander', saveReportDraftParamsSchema, savedReportDetailSchema),
  /** Runs the editor's SQL read-only, at most 100 rows; every run is audited. */
  PreviewReport: post('admin-commander', previewReportParamsSchema, reportResultSchema),
  /** Sends the newest draft for approval. Audited. */
  SubmitReport: post('admin-commander', reportId, savedReportDetailSchema),
  /** Approves the pending version: another administrator than its author (four-eyes). Audited. */
  ApproveReport: post('admin-commander', reportId, savedReportDetailSchema),
  /** Rejects the pending version with a reason. Audited. */
  RejectReport: post(
    'admin-commander',
    z.object({
      ID: idParam('The report'),
      Reason: z
        .string({ error: REPORT_MESSAGES.reason })
        .trim()
        .min(1, REPORT_MESSAGES.reason)
        .max(500, 'The reason must be at most 500 characters'),
    }),
    savedReportDetailSchema,
  ),
  /** Runs the approved version now (at most 10,000 rows). Audited. */
  RunReportNow: post('admin-commander', runReportParamsSchema, reportResultSchema),
  /** The approved version's rows as CSV (at most 10,000). Audited. */
  DownloadReportCsv: post('admin-commander', runReportParamsSchema, reportCsvSchema),
  /** Disables (no scheduled runs, no Run now) or enables a report. Audited. */
  SetReportEnabled: post(
    'admin-commander',
    z.object({ ID: idParam('The report'), Enabled: z.boolean({ error: 'Enabled must be true or false' }) }),
    savedReportDetailSchema,
  ),
});
