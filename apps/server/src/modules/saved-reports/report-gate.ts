import { REPORT_MESSAGES, REPORT_PARAM_PATTERN } from '@bo/contract';
import { loadModule, parseSync } from 'libpg-query';

/**
 * The parse gate of Platform Scheduling SQL (ADR 0030, brief C (a)): the report's SQL goes through the real
 * PostgreSQL parser (libpg-query, WASM) and is refused unless it is exactly one SELECT that only reads:
 * no other statement anywhere (a DELETE after it, an INSERT in a CTE), no locking clause, no SELECT INTO,
 * functions and casts from allowlists, no system schema or pg_* relation, and none of the tables or columns
 * that hold secrets. Together with the read-only transaction it is the guard: there is no database role
 * (see the ADR).
 */

/** Functions a report may call (aggregates, windows, date, text and number helpers). */
const ALLOWED_FUNCTIONS = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'bool_and',
  'bool_or',
  'every',
  'string_agg',
  'array_agg',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'percentile_cont',
  'percentile_disc',
  'mode',
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  'date_trunc',
  'date_part',
  'extract',
  'date_bin',
  'age',
  'now',
  'make_date',
  'make_interval',
  'to_char',
  'to_date',
  'to_timestamp',
  'to_number',
  'timezone',
  'justify_days',
  'justify_hours',
  'coalesce',
  'nullif',
  'greatest',
  'least',
  'round',
  'trunc',
  'floor',
  'ceil',
  'ceiling',
  'abs',
  'sign',
  'mod',
  'power',
  'sqrt',
  'div',
  'lower',
  'upper',
  'initcap',
  'length',
  'char_length',
  'octet_length',
  'substring',
  'substr',
  'left',
  'right',
  'trim',
  'btrim',
  'ltrim',
  'rtrim',
  'lpad',
  'rpad',
  'concat',
  'concat_ws',
  'replace',
  'split_part',
  'strpos',
  'position',
  'starts_with',
  'format',
  'md5',
  'overlay',
  'reverse',
  'jsonb_extract_path_text',
  'json_extract_path_text',
  'jsonb_array_length',
]);

/** Types a report may cast to: the plain value types (pg_catalog's internal names included). */
const ALLOWED_TYPES = new Set([
  'text',
  'varchar',
  'char',
  'bpchar',
  'name',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'float4',
  'float8',
  'real',
  'double',
  'date',
  'timestamp',
  'timestamptz',
  'time',
  'timetz',
  'interval',
  'bool',
  'boolean',
  'json',
  'jsonb',
  'uuid',
]);

/** Tables that only hold credentials, sessions or secrets: never in a report. */
const DENIED_TABLES = new Set([
  'staff',
  'sessions',
  'login_throttle',
  'used_bot_challenges',
  'password_resets',
  'config_secrets',
  'config_versions',
  'marketing_recipients',
]);

/**
 * Tables with a secret column beside report-worthy data: the column is refused, and so are `*` and
 * whole-row references (`t`, `t.*`, `(t).x`), which would carry it.
 */
const SECRET_COLUMNS: Record<string, readonly string[]> = {
  merchants: ['api_key'],
  transactions: ['security'],
  vtokens: ['code'],
};
/** Secret column names refused wherever they appear. */
const DENIED_COLUMNS = new Set([
  'api_key',
  'security',
  'password_hash',
  'totp_secret',
  'token_hash',
  'unsubscribe_token',
  'ciphertext',
  'secret_refs',
]);

const STATEMENT_NAMES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  DropStmt: 'DROP',
  TruncateStmt: 'TRUNCATE',
  VariableSetStmt: 'SET',
  CopyStmt: 'COPY',
  TransactionStmt: 'a transaction command',
  CallStmt: 'CALL',
  DoStmt: 'DO',
  ExplainStmt: 'EXPLAIN',
  AlterTableStmt: 'ALTER TABLE',
  GrantStmt: 'GRANT',
  LockStmt: 'LOCK',
  VacuumStmt: 'VACUUM',
};
const statementName = (node: string) =>
  STATEMENT_NAMES[node] ??
  node
    .replace(/Stmt$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toUpperCase();

export class ReportGateError extends Error {}

let loaded: Promise<void> | undefined;
/** The parser's WASM, loaded once per process. */
const ready = () => {
  loaded ??= loadModule();
  return loaded;
};

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.flatMap((n) =>
        isNode(n) && isNode(n.String) && typeof n.String.sval === 'string' ? [n.String.sval] : [],
      )
    : [];

interface Found {
  /** Relations named in FROM / JOIN (lower case), and the names they are known by in the query. */
  relations: { name: string; alias: string }[];
  columnRefs: unknown[][];
}

/** Walks every node: refuses what may never appear, collects relations and column references. */
function walk(value: unknown, found: Found): void {
  if (Array.isArray(value)) {
    for (const v of value) walk(v, found);
    return;
  }
  if (!isNode(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key.endsWith('Stmt') && key !== 'SelectStmt')
      throw new ReportGateError(REPORT_MESSAGES.onlySelect(statementName(key)));
    if (key === 'SelectStmt' && isNode(child)) {
      if (Array.isArray(child.lockingClause) && child.lockingClause.length > 0)
        throw new ReportGateError(REPORT_MESSAGES.locking);
      if (child.intoClause) throw new ReportGateError(REPORT_MESSAGES.selectInto);
    }
    if (key === 'ParamRef' && isNode(child) && Number(child.number) <= MARKER_BASE)
      throw new ReportGateError(REPORT_MESSAGES.dollarParam);
    if (key === 'FuncCall' && isNode(child)) {
      const names = strings(child.funcname);
      const name = (names.at(-1) ?? '').toLowerCase();
      const schema = names.length > 1 ? names[0]?.toLowerCase() : undefined;
      if (
        name.startsWith('pg_') ||
        name === 'set_config' ||
        !ALLOWED_FUNCTIONS.has(name) ||
        (schema !== undefined && schema !== 'pg_catalog')
      )
        throw new ReportGateError(REPORT_MESSAGES.function(names.join('.') || '?'));
    }
    if ((key === 'TypeName' || key === 'typeName') && isNode(child)) {
      const names = strings(child.names);
      const name = (names.at(-1) ?? '').toLowerCase();
      if (!ALLOWED_TYPES.has(name)) throw new ReportGateError(REPORT_MESSAGES.type(names.join('.')));
    }
    if (key === 'RangeVar' && isNode(child)) {
      const name = String(child.relname ?? '').toLowerCase();
      const schema = typeof child.schemaname === 'string' ? child.schemaname.toLowerCase() : undefined;
      const shown = schema ? `${schema}.${name}` : name;
      if ((schema && schema !== 'public') || name.startsWith('pg_') || DENIED_TABLES.has(name))
        throw new ReportGateError(REPORT_MESSAGES.table(shown));
      const alias =
        isNode(child.alias) && typeof child.alias.aliasname === 'string' ? child.alias.aliasname : name;
      found.relations.push({ name, alias: alias.toLowerCase() });
    }
    if (key === 'ColumnRef' && isNode(child) && Array.isArray(child.fields))
      found.columnRefs.push(child.fields);
    walk(child, found);
  }
}

/** Refuses secret columns, and `*` or whole-row references when a table with a secret column is read. */
function checkColumns(found: Found): void {
  const secretTables = found.relations.filter((r) => SECRET_COLUMNS[r.name]);
  const secretNames = new Set(secretTables.flatMap((r) => SECRET_COLUMNS[r.name] ?? []));
  const rowNames = new Set(secretTables.flatMap((r) => [r.name, r.alias]));
  for (const fields of found.columnRefs) {
    const star = fields.some((f) => isNode(f) && 'A_Star' in f);
    const parts = strings(fields).map((s) => s.toLowerCase());
    const last = parts.at(-1);
    if (last && !star && (DENIED_COLUMNS.has(last) || secretNames.has(last)))
      throw new ReportGateError(REPORT_MESSAGES.column(last));
    const first = secretTables[0];
    if (!first) continue;
    if (star) {
      // `t.*` names its table; a bare `*` may carry any of them.
      const owner =
        parts.length > 0 ? secretTables.find((r) => r.alias === parts[0] || r.name === parts[0]) : first;
      if (owner) throw new ReportGateError(REPORT_MESSAGES.star(owner.name));
    } else if (parts.length === 1 && last && rowNames.has(last)) {
      const owner = secretTables.find((r) => r.alias === last || r.name === last) ?? first;
      throw new ReportGateError(REPORT_MESSAGES.star(owner.name));
    }
  }
}

/** `{{name}}` parameters parse as `$n` from here on; a hand-written `$1` stays below and is refused. */
const MARKER_BASE = 10_000;
const withMarkers = (text: string) => {
  let n = MARKER_BASE;
  return text.replace(REPORT_PARAM_PATTERN, () => `$${++n}`);
};

/**
 * The parser's complaint in plain words. Its own "syntax error at or near …" reads like a database error, and
 * answers never carry database error text (bad-input.property.test), so the author sees where, not jargon.
 */
const parserWords = (message: string): string =>
  message
    .replace(/^syntax error at or near /i, 'unexpected ')
    .replace(/^syntax error at end of input$/i, 'it ends too soon')
    .replace(/syntax error/gi, 'unexpected text');

function parsed(text: string): Node[] {
  let tree: { stmts?: { stmt?: Node }[] };
  try {
    tree = parseSync(text) as typeof tree;
  } catch (error) {
    throw new ReportGateError(
      REPORT_MESSAGES.syntax(parserWords(error instanceof Error ? error.message : String(error))),
    );
  }
  const stmts = (tree.stmts ?? []).map((s) => s.stmt ?? {});
  if (stmts.length === 0) throw new ReportGateError(REPORT_MESSAGES.empty);
  const other = stmts.map((s) => Object.keys(s)[0] ?? '').find((k) => k !== 'SelectStmt');
  if (other) throw new ReportGateError(REPORT_MESSAGES.onlySelect(statementName(other)));
  if (stmts.length > 1) throw new ReportGateError(REPORT_MESSAGES.onlySelect(`${stmts.length} statements`));
  return stmts;
}

/** Checks a report's SQL as staff wrote it (with `{{name}}` parameters). Throws a ReportGateError shown as is. */
export async function gateReportSql(text: string): Promise<void> {
  await ready();
  const [stmt] = parsed(withMarkers(text));
  const found: Found = { relations: [], columnRefs: [] };
  walk(stmt, found);
  checkColumns(found);
}

/**
 * Checks that the text sent to the database (the report inside its row-limit wrapper) is still one SELECT:
 * the report alone already passed `gateReportSql`, so this only proves the wrapper was not broken out of.
 */
export async function gateWrapped(text: string): Promise<void> {
  await ready();
  parsed(withMarkers(text));
}
