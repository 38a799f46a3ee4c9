import { createHash } from 'node:crypto';
import {
  REPORT_COST_CAP_EMBEDDED,
  REPORT_COST_CAP_POSTGRES,
  REPORT_MESSAGES,
  REPORT_PARAM_PATTERN,
  REPORT_STATEMENT_TIMEOUT,
  type ReportParam,
  type ReportParamType,
} from '@bo/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gateReportSql, gateWrapped, ReportGateError } from './report-gate';

export const sqlHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** How a typed parameter is cast where it is bound: the value itself is always a bound `$n`, never spliced. */
const CASTS: Record<ReportParamType, string> = {
  text: 'text',
  number: 'numeric',
  date: 'date',
  merchant: 'integer',
  coin: 'integer',
};

/** Each `{{name}}` value checked against its type; null for an optional one left empty. */
export function resolveValues(
  defs: readonly ReportParam[],
  names: readonly string[],
  values: Record<string, string>,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const name of names) {
    const def = defs.find((d) => d.Name === name) ?? {
      Name: name,
      Type: 'text',
      Required: true,
      Default: '',
    };
    const raw = (values[name] ?? '').trim() || def.Default.trim();
    if (raw === '') {
      if (def.Required) throw new ReportGateError(REPORT_MESSAGES.paramMissing(name));
      out[name] = null;
      continue;
    }
    if (def.Type === 'number' && !/^-?\d{1,22}(\.\d{1,12})?$/.test(raw))
      throw new ReportGateError(REPORT_MESSAGES.paramNumber(name));
    if (def.Type === 'date') {
      const at = new Date(`${raw}T00:00:00Z`);
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
        Number.isNaN(at.getTime()) ||
        at.toISOString().slice(0, 10) !== raw
      )
        throw new ReportGateError(REPORT_MESSAGES.paramDate(name));
    }
    if ((def.Type === 'merchant' || def.Type === 'coin') && !/^[1-9]\d{0,8}$/.test(raw))
      throw new ReportGateError(REPORT_MESSAGES.paramId(name, def.Type));
    out[name] = raw;
  }
  return out;
}

/** The SQL with each `{{name}}` as a bound, typed parameter; the text between stays as written. */
function bind(text: string, defs: readonly ReportParam[], values: Record<string, string | null>): SQL {
  const chunks: SQL[] = [];
  let at = 0;
  for (const m of text.matchAll(REPORT_PARAM_PATTERN)) {
    const name = m[1] ?? '';
    const type = defs.find((d) => d.Name === name)?.Type ?? 'text';
    chunks.push(sql.raw(text.slice(at, m.index)));
    chunks.push(sql`(${values[name] ?? null}::${sql.raw(CASTS[type])})`);
    at = (m.index ?? 0) + m[0].length;
  }
  chunks.push(sql.raw(text.slice(at)));
  return sql.join(chunks, sql``);
}

/**
 * The report inside a row limit. The newlines keep a trailing `--` comment from swallowing the wrapper; the
 * gate has already parsed the text alone as one SELECT, so it cannot close the parenthesis itself.
 */
const wrapped = (body: SQL, limit: number) =>
  sql.join([sql.raw('select * from (\n'), body, sql.raw(`\n) as report limit ${limit}`)], sql``);

const stripTrailing = (text: string) => text.replace(/[\s;]+$/, '');

export interface ReportRunInput {
  sql: string;
  params: readonly ReportParam[];
  values: Record<string, string>;
  /** Rows kept; one more is read to know whether there were more. */
  maxRows: number;
}
export interface ReportRunOutput {
  columns: string[];
  rows: (string | null)[][];
  truncated: boolean;
  ms: number;
  cost: number;
  values: Record<string, string | null>;
}

const cellText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

function planCost(result: unknown): number {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  const cell = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Total Cost'?: number } }[];
  return Number(plan?.[0]?.Plan?.['Total Cost'] ?? 0);
}

/**
 * Runs a report (brief C safety): the parse gate, the typed values bound as `$n`, a row limit, then the
 * database gate below; the rows come back as text in the query's column order.
 */
export async function runReportQuery(
  db: Db,
  kind: 'pglite' | 'postgres',
  input: ReportRunInput,
): Promise<ReportRunOutput> {
  const text = stripTrailing(input.sql);
  await gateReportSql(text);
  const names = [...new Set([...text.matchAll(REPORT_PARAM_PATTERN)].map((m) => m[1] ?? ''))];
  const values = resolveValues(input.params, names, input.values);
  // What runs is gated too: the wrapper with the bound parameters, as the database will parse it.
  await gateWrapped(`select * from (\n${text}\n) as report limit 1`);
  const query = wrapped(bind(text, input.params, values), input.maxRows + 1);
  return { ...(await executeReadOnly(db, kind, query, input.maxRows)), values };
}

/**
 * The database gate (brief C (b), (d)): one READ ONLY transaction, on PostgreSQL a statement timeout, and the
 * planner's estimated cost against the cap before the query starts (PGlite ignores statement_timeout, so a
 * heavy query is refused rather than left to block its single connection).
 */
export async function executeReadOnly(
  db: Db,
  kind: 'pglite' | 'postgres',
  query: SQL,
  maxRows: number,
): Promise<Omit<ReportRunOutput, 'values'>> {
  const cap = kind === 'pglite' ? REPORT_COST_CAP_EMBEDDED : REPORT_COST_CAP_POSTGRES;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    if (kind === 'postgres')
      await tx.execute(sql.raw(`set local statement_timeout = '${REPORT_STATEMENT_TIMEOUT}'`));
    const cost = planCost(await tx.execute(sql.join([sql.raw('explain (format json) '), query], sql``)));
    if (cost > cap)
      throw new ReportGateError(
        kind === 'pglite'
          ? REPORT_MESSAGES.tooExpensiveEmbedded(cost, cap)
          : REPORT_MESSAGES.tooExpensive(cost, cap),
      );
    const started = performance.now();
    const result = (await tx.execute(query)) as unknown as {
      rows: Record<string, unknown>[];
      fields?: { name: string }[];
    };
    const ms = Math.round(performance.now() - started);
    const columns = result.fields?.map((f) => f.name) ?? Object.keys(result.rows[0] ?? {});
    const rows = result.rows.slice(0, maxRows).map((r) => columns.map((c) => cellText(r[c])));
    return { columns, rows, truncated: result.rows.length > maxRows, ms, cost };
  });
}
