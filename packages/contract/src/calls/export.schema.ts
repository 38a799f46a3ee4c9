import { z } from 'zod';

/**
 * CSV export of a list (issue 14): `POST /api/admin/export?Call=<list call>` with the bearer token and the
 * CSRF header, body `{ params, columns }`. The server checks the list call's access and params exactly as for
 * the call itself, records the export in the audit log (who, which list, which filters), then streams every
 * row the params select as `text/csv` — the page and page size of the params are ignored. A refusal before
 * the first row is the usual JSON envelope.
 */
export const EXPORT_PATH = '/export';

/** Rows an export may hold; a list beyond it is cut there and the file's last line says so. */
export const EXPORT_MAX_ROWS = 1_000_000;

export const exportColumnSchema = z.object({
  /** A field of the list's row, as the row schema names it. */
  key: z.string().trim().min(1).max(64),
  /** The column's header as the screen shows it. */
  header: z.string().trim().min(1).max(120),
});
export type ExportColumn = z.infer<typeof exportColumnSchema>;

export const exportRequestSchema = z.object({
  params: z.record(z.string(), z.unknown()).default({}),
  columns: z.array(exportColumnSchema).min(1, 'Choose at least one column to export').max(60),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/**
 * A cell as a spreadsheet will read it, guarded against formula injection (OWASP): a value starting with
 * = + - @ tab or carriage return is prefixed with a quote, so `=HYPERLINK(…)` in a shop title stays text.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
