import { csvCell, EXPORT_MAX_ROWS, type ExportColumn, MAX_PAGE, MAX_PAGE_SIZE } from '@bo/contract';
import type { ExportRow } from './admin.calls';

type Pages = AsyncIterable<readonly ExportRow[]>;

// Excel reads a CSV without a byte-order mark as the machine's code page and garbles every accent.
const BOM = '\uFEFF';
const EOL = '\r\n';

const isPaged = (params: unknown): boolean =>
  typeof params === 'object' &&
  params !== null &&
  typeof (params as { page?: unknown }).page === 'number' &&
  typeof (params as { limit?: unknown }).limit === 'number';

/**
 * A list's rows page by page through its handler: a list whose params page it (`page` and `limit`, as
 * `pageParams` gives) is asked for page 1, 2, … of the largest size until a short page; any other list
 * answers whole at once.
 */
export async function* pagesOf<P>(params: P, fetch: (params: P) => Promise<readonly ExportRow[]>): Pages {
  if (!isPaged(params)) {
    yield await fetch(params);
    return;
  }
  for (let page = 1; page <= MAX_PAGE; page++) {
    const rows = await fetch({ ...params, page, limit: MAX_PAGE_SIZE });
    yield rows;
    if (rows.length < MAX_PAGE_SIZE) return;
  }
}

/**
 * Asks for the first page now, so a list that refuses its params (an unknown coin) answers with the JSON
 * envelope before the file starts; the rest is read as the file is sent.
 */
export async function firstPageRead(pages: Pages): Promise<Pages> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (let next = first; !next.done; next = await iterator.next()) yield next.value;
      } finally {
        // The file was cut or the download dropped: the list stops reading too.
        await iterator.return?.();
      }
    },
  };
}

export const cutLine = (maxRows: number) =>
  `The export was cut at ${maxRows.toLocaleString('en-US')} rows: narrow the filters to get the rest`;

/**
 * The CSV file chunk by chunk (one per page, so the file is never held whole): a BOM and the header line,
 * then one line per row, each cell made formula-safe by `csvCell`. Past `maxRows` rows it stops, and its
 * last line says the export was cut.
 */
export async function* csvChunks(
  columns: readonly ExportColumn[],
  pages: Pages,
  maxRows: number = EXPORT_MAX_ROWS,
): AsyncGenerator<string> {
  yield `${BOM}${columns.map((c) => csvCell(c.header)).join(',')}${EOL}`;
  let count = 0;
  for await (const rows of pages) {
    let chunk = '';
    for (const row of rows) {
      if (count === maxRows) {
        yield `${chunk}${csvCell(cutLine(maxRows))}${EOL}`;
        return;
      }
      chunk += `${columns.map((c) => csvCell(row[c.key])).join(',')}${EOL}`;
      count++;
    }
    if (chunk) yield chunk;
  }
}

/** `<Call>-<yyyymmdd-hhmm>.csv`, in UTC: the list and the moment, so two downloads do not overwrite. */
export const exportFileName = (call: string, at: Date): string => {
  const iso = at.toISOString();
  return `${call}-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 16).replace(':', '')}.csv`;
};
