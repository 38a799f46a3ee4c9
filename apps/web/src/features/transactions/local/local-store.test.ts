import type { TransactionList } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../test/transaction-fixtures';
import { EMPTY_LOCAL_FILTER } from './local-query';
import { LocalStore, SYNC_CHUNK } from './local-store';

const PARAMS = { start: '2026-11-01', end: '2026-11-23', keyword: '', statuses: [] };

/** A server of `total` rows answering chunks by cursor, as ListTransactions pages newest first. */
const server = (total: number) => {
  const cursors: Array<string | null> = [];
  const fetch = async (_params: unknown, cursor: string | null): Promise<TransactionList> => {
    cursors.push(cursor);
    const offset = cursor ? Number(cursor) : 0;
    const count = Math.max(0, Math.min(SYNC_CHUNK, total - offset));
    const records = Array.from({ length: count }, (_, i) =>
      makeTransaction({ ID: total - offset - i, TransactionID: total - offset - i }),
    );
    return { records, total, firstCursor: String(offset), lastCursor: count ? String(offset + count) : null };
  };
  return { fetch, cursors };
};

describe('LocalStore', () => {
  it('loads every row in chunks, reporting progress after each', async () => {
    const store = new LocalStore();
    const { fetch, cursors } = server(1_200);
    const progress: number[] = [];
    const outcome = await store.sync(PARAMS, fetch, (loaded) => progress.push(loaded));
    expect(outcome).toEqual({ status: 'complete', loaded: 1_200, total: 1_200 });
    expect(progress).toEqual([500, 1_000, 1_200]);
    expect(cursors).toEqual([null, '500', '1000']);
  });

  it('stops between chunks and keeps what it loaded', async () => {
    const store = new LocalStore();
    const { fetch } = server(2_000);
    const outcome = await store.sync(PARAMS, fetch, (loaded) => {
      if (loaded === 1_000) store.stop();
    });
    expect(outcome.status).toBe('stopped');
    expect(store.size).toBe(1_000);
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
