import {
  type ADMIN_CALLS,
  csvCell,
  detectReportParams,
  JOB_DEFAULT_TIMEZONE,
  REPORT_MAX_ROWS,
  REPORT_MESSAGES,
  REPORT_PREVIEW_ROWS,
  type ReportParam,
  type ReportResult,
  type ReportRunRow,
  type ReportStatus,
  type ReportVersion,
  type SavedReportDetail,
  type SavedReportRow,
} from '@bo/contract';
import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { reportRuns, savedReports, savedReportVersions, staff } from '../../db/schema';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, type Claimant, recordChange } from '../audit/audit.service';
import { describeSchedule, nextSlot, scheduleRefusal } from '../jobs/job-schedule';
import type { Mailer } from '../mail/mailer';
import { gateReportSql, ReportGateError } from './report-gate';
import { type ReportRunOutput, runReportQuery, sqlHash } from './report-runner';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;
type VersionRow = typeof savedReportVersions.$inferSelect;
type ReportRowData = typeof savedReports.$inferSelect;

export const REPORT_ENTITY = 'saved_report';
const RUNS_SHOWN = 20;
/** Who scheduled runs are audited as: no staff member starts them. */
const SCHEDULER: Claimant = { staffId: null, username: 'scheduler', ip: '127.0.0.1' };

const iso = (d: Date | null) => d?.toISOString() ?? null;
const onField = (path: string, message: string, status = 400) =>
  status === 400
    ? badRequest(message, { issues: [{ path, message }] })
    : new ApiError(status, message, { issues: [{ path, message }] });

/** A refusal of the gate, a parameter or the database, worded for the screen. */
function runRefusal(error: unknown): ApiError {
  if (error instanceof ReportGateError) {
    const onValues = error.message.startsWith('{{') || error.message.startsWith('Give a value');
    return onField(onValues ? 'Values' : 'SQL', error.message);
  }
  const cause = (error as { cause?: unknown }).cause;
  const message =
    cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return onField('SQL', `The query failed: ${message}`);
}

/** The parameter definitions for the names the SQL uses, in that order; a missing one is required text. */
export function paramsFor(sqlText: string, given: readonly ReportParam[]): ReportParam[] {
  return detectReportParams(sqlText).map(
    (name) => given.find((p) => p.Name === name) ?? { Name: name, Type: 'text', Required: true, Default: '' },
  );
}

export function toCsv(columns: readonly string[], rows: readonly (string | null)[][]): string {
  const lines = [columns.map(csvCell).join(','), ...rows.map((r) => r.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'report';

/** Platform Scheduling SQL (ADR 0030): saved reports, their versions and four-eyes approval, and their runs. */
export function createSavedReportsService(deps: {
  db: Db;
  kind: 'pglite' | 'postgres';
  now: () => Date;
  mailer?: Mailer;
}) {
  const { db, now } = deps;
  const versionOf = (v: VersionRow, names: Map<number, string>): ReportVersion => ({
    ID: v.id,
    Version: v.version,
    Status: v.status,
    SQL: v.sql,
    SqlHash: v.sqlHash,
    Params: v.params as ReportParam[],
    Schedule: v.schedule,
    Output: v.output,
    Recipients: v.recipients as string[],
    Author: names.get(v.authorStaffId) ?? '',
    CreatedAt: v.createdAt.toISOString(),
    Approver: v.approverStaffId ? (names.get(v.approverStaffId) ?? null) : null,
    DecidedAt: iso(v.decidedAt),
    RejectReason: v.rejectReason,
  });

  const staffNames = async (tx: DbOrTx) =>
    new Map(
      (await tx.select({ id: staff.id, username: staff.username }).from(staff)).map((s) => [
        s.id,
        s.username,
      ]),
    );

  async function rowsOf(tx: DbOrTx, reports: ReportRowData[]): Promise<SavedReportRow[]> {
    if (reports.length === 0) return [];
    const ids = reports.map((r) => r.id);
    const [versions, lastRuns, names] = await Promise.all([
      tx.select().from(savedReportVersions).where(inArray(savedReportVersions.reportId, ids)),
      tx
        .selectDistinctOn([reportRuns.reportId], {
          reportId: reportRuns.reportId,
          startedAt: reportRuns.startedAt,
          rows: reportRuns.rows,
          ms: reportRuns.ms,
          error: reportRuns.error,
        })
        .from(reportRuns)
        .where(and(inArray(reportRuns.reportId, ids), ne(reportRuns.trigger, 'preview')))
        .orderBy(reportRuns.reportId, desc(reportRuns.id)),
      staffNames(tx),
    ]);
    return reports.map((r) => {
      const mine = versions.filter((v) => v.reportId === r.id).sort((a, b) => b.version - a.version);
      const latest = mine[0];
      const approved = mine.find((v) => v.id === r.approvedVersionId);
      const shown = approved ?? latest;
      const last = lastRuns.find((l) => l.reportId === r.id);
      const status: ReportStatus = r.disabled ? 'disabled' : (latest?.status ?? 'draft');
      return {
        ID: r.id,
        Name: r.name,
        Description: r.description,
        Owner: names.get(r.ownerStaffId) ?? '',
        Schedule: shown?.schedule ?? null,
        ScheduleText: shown?.schedule
          ? `${describeSchedule(shown.schedule)} · ${JOB_DEFAULT_TIMEZONE}`
          : null,
        NextRunAt: r.disabled ? null : iso(r.nextRunAt),
        Output: shown?.output ?? 'table',
        Status: status,
        Version: latest?.version ?? 0,
        ApprovedVersion: approved?.version ?? null,
        Subscribers: ((shown?.recipients ?? []) as string[]).length,
        LastRun: last
          ? { At: last.startedAt.toISOString(), Rows: last.rows, Ms: last.ms, Error: last.error }
          : null,
      };
    });
  }

  const report = async (tx: DbOrTx, id: number, lock = false) => {
    const q = tx.select().from(savedReports).where(eq(savedReports.id, id));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new ApiError(404, REPORT_MESSAGES.noReport);
    return row;
  };
  const latestVersion = async (tx: DbOrTx, reportId: number) => {
    const [v] = await tx
      .select()
      .from(savedReportVersions)
      .where(eq(savedReportVersions.reportId, reportId))
      .orderBy(desc(savedReportVersions.version))
      .limit(1);
    if (!v) throw new ApiError(404, REPORT_MESSAGES.noReport);
    return v;
  };
  const approvedVersion = async (tx: DbOrTx, r: ReportRowData) => {
    if (!r.approvedVersionId) return null;
    const [v] = await tx
      .select()
      .from(savedReportVersions)
      .where(eq(savedReportVersions.id, r.approvedVersionId));
    return v ?? null;
  };

  async function detail(id: number): Promise<SavedReportDetail> {
    const r = await report(db, id);
    const [[row], latest, approved, names, runs] = await Promise.all([
      rowsOf(db, [r]),
      latestVersion(db, id),
      approvedVersion(db, r),
      staffNames(db),
      db
        .select({
          id: reportRuns.id,
          trigger: reportRuns.trigger,
          by: staff.username,
          version: savedReportVersions.version,
          sqlHash: reportRuns.sqlHash,
          params: reportRuns.params,
          rows: reportRuns.rows,
          ms: reportRuns.ms,
          error: reportRuns.error,
          startedAt: reportRuns.startedAt,
        })
        .from(reportRuns)
        .leftJoin(staff, eq(staff.id, reportRuns.staffId))
        .leftJoin(savedReportVersions, eq(savedReportVersions.id, reportRuns.versionId))
        .where(eq(reportRuns.reportId, id))
        .orderBy(desc(reportRuns.id))
        .limit(RUNS_SHOWN),
    ]);
    if (!row) throw new ApiError(404, REPORT_MESSAGES.noReport);
    return {
      Report: row,
      Latest: versionOf(latest, names),
      Approved: approved ? versionOf(approved, names) : null,
      Runs: runs.map(
        (x): ReportRunRow => ({
          ID: x.id,
          Trigger: x.trigger,
          By: x.by,
          Version: x.version,
          SqlHash: x.sqlHash,
          Params: x.params as Record<string, string | null>,
          Rows: x.rows,
          Ms: x.ms,
          Error: x.error,
          At: x.startedAt.toISOString(),
        }),
      ),
    };
  }

  /** Runs a query, files the run (report_runs) and audits it, whether it returned rows or failed. */
  async function filedRun(
    run: {
      reportId: number | null;
      versionId: number | null;
      trigger: 'preview' | 'manual' | 'download' | 'schedule';
      actor: Actor | Claimant;
      slotRunId?: number;
    },
    input: { sql: string; params: readonly ReportParam[]; values: Record<string, string>; maxRows: number },
  ): Promise<{ out: ReportRunOutput; runId: number }> {
    const startedAt = now();
    const hash = sqlHash(input.sql);
    let out: ReportRunOutput | undefined;
    let failure: unknown;
    try {
      out = await runReportQuery(db, deps.kind, input);
    } catch (error) {
      failure = error;
    }
    const refusal = failure === undefined ? undefined : runRefusal(failure);
    const values = out?.values ?? input.values;
    const runId = await db.transaction(async (tx) => {
      const fields = {
        sqlHash: hash,
        params: values,
        rows: out ? out.rows.length : null,
        ms: out ? out.ms : null,
        error: refusal?.message ?? null,
      };
      let id = run.slotRunId;
      if (id) await tx.update(reportRuns).set(fields).where(eq(reportRuns.id, id));
      else {
        const [inserted] = await tx
          .insert(reportRuns)
          .values({
            reportId: run.reportId,
            versionId: run.versionId,
            trigger: run.trigger,
            staffId: run.actor.staffId,
            startedAt,
            ...fields,
          })
          .returning({ id: reportRuns.id });
        id = inserted?.id;
      }
      await recordChange(tx, run.actor, {
        action: 'report.run',
        entity: REPORT_ENTITY,
        id: run.reportId ?? 'unsaved',
        after: {
          Trigger: run.trigger,
          SqlHash: hash,
          Params: values,
          Rows: fields.rows,
          Ms: fields.ms,
          ...(refusal ? { Error: refusal.message } : {}),
        },
      });
      return id ?? 0;
    });
    if (refusal || !out) throw refusal ?? new Error('report run without output');
    return { out, runId };
  }

  const resultOf = (out: ReportRunOutput, runId: number): ReportResult => ({
    Columns: out.columns,
    Rows: out.rows,
    Truncated: out.truncated,
    Ms: out.ms,
    Cost: out.cost,
    RunID: runId,
  });

  /** The approved version a run uses; refused while disabled or unapproved. */
  async function runnable(id: number) {
    const r = await report(db, id);
    if (r.disabled) throw new ApiError(409, REPORT_MESSAGES.disabled);
    const v = await approvedVersion(db, r);
    if (!v) throw new ApiError(409, REPORT_MESSAGES.notApproved);
    return { r, v };
  }

  async function checkRecipients(p: Params<'SaveReportDraft'>) {
    if (p.Output === 'email' && p.Recipients.length === 0)
      throw onField('Recipients', REPORT_MESSAGES.recipientsNeeded);
    if (p.Recipients.length === 0) return;
    const known = await db
      .select({ email: staff.email })
      .from(staff)
      .where(inArray(sql`lower(${staff.email})`, p.Recipients));
    const staffEmails = new Set(known.map((k) => k.email.toLowerCase()));
    if (p.Recipients.some((r) => !staffEmails.has(r)))
      throw onField('Recipients', REPORT_MESSAGES.recipients);
  }

  return {
    async list(p: Params<'ListSavedReports'>): Promise<SavedReportRow[]> {
      const like = p.keyword ? `%${p.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const reports = await db
        .select()
        .from(savedReports)
        .where(like ? sql`${savedReports.name} ilike ${like}` : undefined)
        .orderBy(savedReports.name);
      return rowsOf(db, reports);
    },

    detail,

    async saveDraft(p: Params<'SaveReportDraft'>, actor: Actor): Promise<SavedReportDetail> {
      const text = p.SQL.replace(/[\s;]+$/, '');
      try {
        await gateReportSql(text);
      } catch (error) {
        throw runRefusal(error);
      }
      const at = now();
      if (p.Schedule) {
        const refusal = scheduleRefusal(p.Schedule, JOB_DEFAULT_TIMEZONE, at);
        if (refusal) throw onField('Schedule', refusal);
      }
      await checkRecipients(p);
      const params = paramsFor(text, p.Params);
      const content = {
        sql: text,
        sqlHash: sqlHash(text),
        params,
        schedule: p.Schedule ?? null,
        output: p.Output,
        recipients: p.Recipients,
      };
      const id = await db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: savedReports.id })
          .from(savedReports)
          .where(
            and(
              sql`lower(${savedReports.name}) = lower(${p.Name})`,
              p.ID ? ne(savedReports.id, p.ID) : undefined,
            ),
          );
        if (taken) throw onField('Name', REPORT_MESSAGES.nameTaken(p.Name), 409);
        let reportId: number;
        let version: number;
        if (!p.ID) {
          const [created] = await tx
            .insert(savedReports)
            .values({
              name: p.Name,
              description: p.Description,
              ownerStaffId: actor.staffId,
              createdAt: at,
              updatedAt: at,
            })
            .returning({ id: savedReports.id });
          if (!created) throw new Error('report not inserted');
          reportId = created.id;
          version = 1;
          await tx
            .insert(savedReportVersions)
            .values({ reportId, version, ...content, authorStaffId: actor.staffId, createdAt: at });
        } else {
          await report(tx, p.ID, true);
          reportId = p.ID;
          const latest = await latestVersion(tx, reportId);
          const same =
            latest.sql === content.sql &&
            JSON.stringify(latest.params) === JSON.stringify(content.params) &&
            latest.schedule === content.schedule &&
            latest.output === content.output &&
            JSON.stringify(latest.recipients) === JSON.stringify(content.recipients);
          version = latest.version;
          if (latest.status === 'draft')
            await tx
              .update(savedReportVersions)
              .set({ ...content, authorStaffId: actor.staffId, createdAt: at })
              .where(eq(savedReportVersions.id, latest.id));
          else if (!same) {
            version = latest.version + 1;
            await tx
              .insert(savedReportVersions)
              .values({ reportId, version, ...content, authorStaffId: actor.staffId, createdAt: at });
          }
          await tx
            .update(savedReports)
            .set({ name: p.Name, description: p.Description, updatedAt: at })
            .where(eq(savedReports.id, reportId));
        }
        await recordChange(tx, actor, {
          action: 'report.save-draft',
          entity: REPORT_ENTITY,
          id: reportId,
          after: {
            Name: p.Name,
            Version: version,
            SqlHash: content.sqlHash,
            Schedule: content.schedule,
            Output: content.output,
            Recipients: content.recipients,
          },
        });
        return reportId;
      });
      return detail(id);
    },

    async preview(p: Params<'PreviewReport'>, actor: Actor): Promise<ReportResult> {
      if (p.ID) await report(db, p.ID);
      const { out, runId } = await filedRun(
        { reportId: p.ID ?? null, versionId: null, trigger: 'preview', actor },
        { sql: p.SQL, params: paramsFor(p.SQL, p.Params), values: p.Values, maxRows: REPORT_PREVIEW_ROWS },
      );
      return resultOf(out, runId);
    },

    async submit(id: number, actor: Actor): Promise<SavedReportDetail> {
      await db.transaction(async (tx) => {
        await report(tx, id, true);
        const v = await latestVersion(tx, id);
        if (v.status !== 'draft') throw new ApiError(409, REPORT_MESSAGES.notDraft);
        await tx
          .update(savedReportVersions)
          .set({ status: 'pending_approval' })
          .where(eq(savedReportVersions.id, v.id));
        await recordChange(tx, actor, {
          action: 'report.submit',
          entity: REPORT_ENTITY,
          id,
          before: { Status: 'draft' },
          after: { Version: v.version, Status: 'pending_approval', SqlHash: v.sqlHash },
        });
      });
      return detail(id);
    },

    async approve(id: number, actor: Actor): Promise<SavedReportDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        await report(tx, id, true);
        const v = await latestVersion(tx, id);
        if (v.status !== 'pending_approval') throw new ApiError(409, REPORT_MESSAGES.notPending);
        if (v.authorStaffId === actor.staffId) throw new ApiError(409, REPORT_MESSAGES.ownApproval);
        await tx
          .update(savedReportVersions)
          .set({ status: 'approved', approverStaffId: actor.staffId, decidedAt: at })
          .where(eq(savedReportVersions.id, v.id));
        await tx
          .update(savedReports)
          .set({
            approvedVersionId: v.id,
            nextRunAt: v.schedule ? nextSlot(v.schedule, JOB_DEFAULT_TIMEZONE, at) : null,
            updatedAt: at,
          })
          .where(eq(savedReports.id, id));
        await recordChange(tx, actor, {
          action: 'report.approve',
          entity: REPORT_ENTITY,
          id,
          before: { Status: 'pending_approval' },
          after: {
            Version: v.version,
            Status: 'approved',
            SqlHash: v.sqlHash,
            Schedule: v.schedule,
            Recipients: v.recipients,
          },
        });
      });
      return detail(id);
    },

    async reject(p: Params<'RejectReport'>, actor: Actor): Promise<SavedReportDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        await report(tx, p.ID, true);
        const v = await latestVersion(tx, p.ID);
        if (v.status !== 'pending_approval') throw new ApiError(409, REPORT_MESSAGES.notPending);
        await tx
          .update(savedReportVersions)
          .set({ status: 'rejected', approverStaffId: actor.staffId, decidedAt: at, rejectReason: p.Reason })
          .where(eq(savedReportVersions.id, v.id));
        await recordChange(tx, actor, {
          action: 'report.reject',
          entity: REPORT_ENTITY,
          id: p.ID,
          before: { Status: 'pending_approval' },
          after: { Version: v.version, Status: 'rejected', Reason: p.Reason },
        });
      });
      return detail(p.ID);
    },

    async runNow(p: Params<'RunReportNow'>, actor: Actor): Promise<ReportResult> {
      const { r, v } = await runnable(p.ID);
      const { out, runId } = await filedRun(
        { reportId: r.id, versionId: v.id, trigger: 'manual', actor },
        { sql: v.sql, params: v.params as ReportParam[], values: p.Values, maxRows: REPORT_MAX_ROWS },
      );
      return resultOf(out, runId);
    },

    async downloadCsv(p: Params<'DownloadReportCsv'>, actor: Actor) {
      const { r, v } = await runnable(p.ID);
      const { out } = await filedRun(
        { reportId: r.id, versionId: v.id, trigger: 'download', actor },
        { sql: v.sql, params: v.params as ReportParam[], values: p.Values, maxRows: REPORT_MAX_ROWS },
      );
      return {
        FileName: `${slug(r.name)}-${now().toISOString().slice(0, 10)}.csv`,
        Csv: toCsv(out.columns, out.rows),
        Rows: out.rows.length,
        Truncated: out.truncated,
      };
    },

    async setEnabled(p: Params<'SetReportEnabled'>, actor: Actor): Promise<SavedReportDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        const r = await report(tx, p.ID, true);
        if (r.disabled === !p.Enabled)
          throw new ApiError(
            409,
            p.Enabled ? REPORT_MESSAGES.alreadyEnabled : REPORT_MESSAGES.alreadyDisabled,
          );
        const v = p.Enabled ? await approvedVersion(tx, r) : null;
        await tx
          .update(savedReports)
          .set({
            disabled: !p.Enabled,
            // Enabled again: from the next slot, never the ones missed while disabled.
            nextRunAt: v?.schedule ? nextSlot(v.schedule, JOB_DEFAULT_TIMEZONE, at) : r.nextRunAt,
            updatedAt: at,
          })
          .where(eq(savedReports.id, p.ID));
        await recordChange(tx, actor, {
          action: p.Enabled ? 'report.enable' : 'report.disable',
          entity: REPORT_ENTITY,
          id: p.ID,
          before: { Disabled: r.disabled },
          after: { Disabled: !p.Enabled },
        });
      });
      return detail(p.ID);
    },

    /**
     * The scheduled runs (job `reports.scheduled`): each due slot of an enabled, approved report runs once
     * across instances (the conditional move of next_run_at, backed by the unique slot index), with the
     * parameters' defaults; e-mailed reports go to their recipients as CSV.
     */
    async runDue(log: (line: string) => void = () => undefined): Promise<number> {
      const at = now();
      const due = await db
        .select()
        .from(savedReports)
        .where(
          and(
            eq(savedReports.disabled, false),
            lte(savedReports.nextRunAt, at),
            sql`${savedReports.approvedVersionId} is not null`,
          ),
        );
      let ran = 0;
      for (const r of due) {
        const slot = r.nextRunAt;
        const v = await approvedVersion(db, r);
        if (!slot || !v) continue;
        const runId = await db.transaction(async (tx) => {
          const moved = await tx
            .update(savedReports)
            .set({ nextRunAt: v.schedule ? nextSlot(v.schedule, JOB_DEFAULT_TIMEZONE, at) : null })
            .where(and(eq(savedReports.id, r.id), eq(savedReports.nextRunAt, slot)))
            .returning({ id: savedReports.id });
          if (moved.length === 0) return null;
          const [inserted] = await tx
            .insert(reportRuns)
            .values({
              reportId: r.id,
              versionId: v.id,
              trigger: 'schedule',
              slot,
              sqlHash: v.sqlHash,
              startedAt: at,
            })
            .onConflictDoNothing()
            .returning({ id: reportRuns.id });
          return inserted?.id ?? null;
        });
        if (!runId) continue;
        ran += 1;
        try {
          const { out } = await filedRun(
            { reportId: r.id, versionId: v.id, trigger: 'schedule', actor: SCHEDULER, slotRunId: runId },
            { sql: v.sql, params: v.params as ReportParam[], values: {}, maxRows: REPORT_MAX_ROWS },
          );
          log(`${r.name}: ${out.rows.length} rows in ${out.ms} ms`);
          if (v.output === 'email' && deps.mailer) {
            const csv = toCsv(out.columns, out.rows);
            const file = `${slug(r.name)}-${slot.toISOString().slice(0, 10)}.csv`;
            for (const to of v.recipients as string[])
              await deps.mailer.send({
                to,
                subject: `Report: ${r.name}`,
                text: `${r.name}: ${out.rows.length} rows${out.truncated ? ` (${REPORT_MESSAGES.truncated})` : ''}, attached as CSV.`,
                attachments: [{ filename: file, content: csv, contentType: 'text/csv' }],
              });
            log(`${r.name}: mailed to ${(v.recipients as string[]).length} recipients`);
          }
        } catch (error) {
          log(`${r.name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return ran;
    },
  };
}

export type SavedReportsService = ReturnType<typeof createSavedReportsService>;
