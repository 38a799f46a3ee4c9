import type { TransactionList } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../test/transaction-fixtures';
import { EMPTY_LOCAL_FILTER } from './local-query';
import { LocalStore, SYNC_CHUNK, SYNC_FIRST_CHUNK } from './local-store';

const PARAMS = { start: '2026-11-01', end: '2026-11-23', keyword: '', statuses: [] };

/** A server of `total` rows answering chunks by cursor, as ListTransactions pages newest first. */
const server = (total: number) => {
  const cursors: Array<string | null> = [];
  const fetch = async (_params: unknown, cursor: string | null, size: number): Promise<TransactionList> => {
    cursors.push(cursor);
    const offset = cursor ? Number(cursor) : 0;
    const count = Math.max(0, Math.min(size, total - offset));
    const records = Array.from({ length: count }, (_, i) =>
      makeTransaction({ ID: total - offset - i, TransactionID: total - offset - i }),
    );
    return { records, firstCursor: String(offset), lastCursor: count ? String(offset + count) : null };
  };
  return { fetch, cursors, total: async () => total };
};

describe('LocalStore', () => {
  it('loads every row in chunks, a small one first, reporting progress after each', async () => {
    const store = new LocalStore();
    const rows = SYNC_FIRST_CHUNK + SYNC_CHUNK + 200;
    const { fetch, cursors, total } = server(rows);
    const progress: Array<[number, number]> = [];
    const outcome = await store.sync(PARAMS, fetch, (loaded, of) => progress.push([loaded, of]), total);
    expect(outcome).toEqual({ status: 'complete', loaded: rows, total: rows });
    // The total is known from the first chunk on: the count is asked beside it.
    expect(progress).toEqual([
      [SYNC_FIRST_CHUNK, rows],
      [SYNC_FIRST_CHUNK + SYNC_CHUNK, rows],
      [rows, rows],
    ]);
    expect(cursors).toEqual([null, String(SYNC_FIRST_CHUNK), String(SYNC_FIRST_CHUNK + SYNC_CHUNK)]);
  });

  it('stops between chunks and keeps what it loaded, dropping the chunk already asked for', async () => {
    const store = new LocalStore();
    const { fetch, cursors } = server(20_000);
    const outcome = await store.sync(PARAMS, fetch, (loaded) => {
      if (loaded === SYNC_FIRST_CHUNK + SYNC_CHUNK) store.stop();
    });
    expect(outcome.status).toBe('stopped');
    expect(store.size).toBe(SYNC_FIRST_CHUNK + SYNC_CHUNK);
    expect(cursors).toHaveLength(3);
  });

  it('keeps the rows of a replaced sync out of the new one when its total answers late', async () => {
    const store = new LocalStore();
    let answerTotal: (n: number) => void = () => undefined;
    const slowTotal = () => new Promise<number>((resolve) => (answerTotal = resolve));
    const first = store.sync(PARAMS, server(SYNC_FIRST_CHUNK * 2).fetch, () => undefined, slowTotal);
    // The first chunk is in while the total is still counting; then the filters change.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = store.sync(PARAMS, server(3).fetch, () => undefined);
    expect(await second).toEqual({ status: 'complete', loaded: 3, total: 3 });
    answerTotal(SYNC_FIRST_CHUNK * 2);
    expect((await first).status).toBe('stopped');
    expect(store.size).toBe(3);
  });

  it('refreshes a loaded row and inserts a new one only when allowed', async () => {
    const store = new LocalStore();
    await store.sync(PARAMS, server(3).fetch, () => undefined);
    expect(store.upsert(makeTransaction({ ID: 2, TransactionID: 2, Status: 'paid' }), false)).toBe(true);
    expect(store.upsert(makeTransaction({ ID: 9, TransactionID: 9 }), false)).toBe(false);
    expect(store.upsert(makeTransaction({ ID: 9, TransactionID: 9 }), true)).toBe(true);
    const all = store.query({
      filter: EMPTY_LOCAL_FILTER,
      sort: 'TransactionID',
      order: 'desc',
      page: 1,
      pageSize: 10,
    });
    expect(all.rows.map((r) => r.TransactionID)).toEqual([9, 3, 2, 1]);
    expect(all.rows.find((r) => r.TransactionID === 2)?.Status).toBe('paid');
  });
});
