import { csvCell, MAX_PAGE_SIZE } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import type { ExportRow } from './admin.calls';
import { csvChunks, cutLine, exportFileName, firstPageRead, pagesOf } from './csv-export.service';

async function* fromPages(pages: ExportRow[][], read: { pages: number; closed: boolean }) {
  try {
    for (const page of pages) {
      read.pages++;
      yield page;
    }
  } finally {
    read.closed = true;
  }
}

async function text(chunks: AsyncIterable<string>) {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

const columns = [
  { key: 'ID', header: 'ID' },
  { key: 'Shop', header: 'Shop, title' },
];

describe('csvChunks', () => {
  it('writes a BOM, the header line and one CRLF line per row, in the order of the columns', async () => {
    const read = { pages: 0, closed: false };
    const file = await text(
      csvChunks(columns, fromPages([[{ Shop: 'Alpha', ID: 1 }], [{ ID: 2, Shop: null }]], read)),
    );
    expect(file).toBe('\uFEFFID,"Shop, title"\r\n1,Alpha\r\n2,\r\n');
  });

  it('neutralises a formula and quotes what a spreadsheet would split', async () => {
    const read = { pages: 0, closed: false };
    const rows = [{ ID: 1, Shop: '=HYPERLINK("https://evil.example","x")' }];
    const file = await text(csvChunks(columns, fromPages([rows], read)));
    expect(file.split('\r\n')[1]).toBe(`1,"'=HYPERLINK(""https://evil.example"",""x"")"`);
  });

  it('stops at the row limit with a last line saying so, and stops reading the list', async () => {
    const read = { pages: 0, closed: false };
    const page = (from: number) => [0, 1].map((i) => ({ ID: from + i, Shop: 's' }));
    const file = await text(csvChunks(columns, fromPages([page(1), page(3), page(5), page(7)], read), 3));
    expect(file.split('\r\n').slice(1)).toEqual(['1,s', '2,s', '3,s', csvCell(cutLine(3)), '']);
    expect(read).toEqual({ pages: 2, closed: true });
  });

  it('does not say a list of exactly the limit was cut', async () => {
    const read = { pages: 0, closed: false };
    const file = await text(csvChunks(columns, fromPages([[{ ID: 1 }, { ID: 2 }]], read), 2));
    expect(file).not.toContain('cut');
  });
});

describe('pagesOf', () => {
  it('asks a paged list for page 1, 2, … of the largest size until a short page', async () => {
    const asked: unknown[] = [];
    const sizes = [MAX_PAGE_SIZE, MAX_PAGE_SIZE, 3];
    const pages = pagesOf({ keyword: 'x', page: 7, limit: 8 }, async (params) => {
      asked.push(params);
      return Array.from({ length: sizes[asked.length - 1] ?? 0 }, (_, i) => ({ ID: i }));
    });
    const counts: number[] = [];
    for await (const rows of pages) counts.push(rows.length);
    expect(counts).toEqual(sizes);
    expect(asked).toEqual([1, 2, 3].map((page) => ({ keyword: 'x', page, limit: MAX_PAGE_SIZE })));
  });

  it('asks a list without paging params once', async () => {
    let calls = 0;
    const pages = pagesOf({ online: 'online' }, async () => {
      calls++;
      return Array.from({ length: MAX_PAGE_SIZE }, (_, i) => ({ ID: i }));
    });
    for await (const _rows of pages);
    expect(calls).toBe(1);
  });
});

describe('firstPageRead', () => {
  it('fails at once when the list refuses its first page, before any of the file is made', async () => {
    async function* refusing(): AsyncGenerator<ExportRow[]> {
      yield* [];
      throw new Error('No coin found with ID 9');
    }
    await expect(firstPageRead(refusing())).rejects.toThrow('No coin found');
  });

  it('hands on the first page it read and then the rest', async () => {
    const read = { pages: 0, closed: false };
    const pages = await firstPageRead(fromPages([[{ ID: 1 }], [{ ID: 2 }]], read));
    expect(read.pages).toBe(1);
    const ids: unknown[] = [];
    for await (const rows of pages) ids.push(...rows.map((r) => r.ID));
    expect(ids).toEqual([1, 2]);
  });
});

describe('exportFileName', () => {
  it('names the list and the UTC minute of the download', () => {
    expect(exportFileName('ListStaff', new Date('2026-03-04T05:06:59Z'))).toBe('ListStaff-20260304-0506.csv');
  });
});
