import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../test/transaction-fixtures';
import { EMPTY_LOCAL_FILTER } from './local-query';
import { type Chunk, LocalStore, SYNC_CHUNK, SYNC_FIRST_CHUNK, SYNC_LANES, splitByDay } from './local-store';
import type { SyncParams } from './worker-protocol';

const DAYS = ['2026-11-23', '2026-11-22', '2026-11-21'];
const PARAMS: SyncParams = { start: '2026-11-21', end: '2026-11-23', keyword: '', statuses: [] };
/** The oldest day alone: its rows are numbered from 1. */
const OLDEST_DAY: SyncParams = { ...PARAMS, end: '2026-11-21' };

/**
 * A server holding `perDay` rows on each of DAYS, answering one day's chunks by cursor newest first, as
 * SyncTransactions does for a range of one day. Each answer takes a turn of the event loop.
 */
const server = (perDay: number) => {
  const requests: Array<{ day: string; cursor: string | null; size: number }> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const fetch = async (params: SyncParams, cursor: string | null, size: number): Promise<Chunk> => {
    requests.push({ day: params.start, cursor, size });
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 0));
    inFlight -= 1;
    const day = DAYS.indexOf(params.start);
    if (day < 0 || params.end !== params.start) throw new Error(`asked ${params.start}..${params.end}`);
    const offset = cursor ? Number(cursor) : 0;
    const count = Math.max(0, Math.min(size, perDay - offset));
    const records = Array.from({ length: count }, (_, i) => {
      const id = (DAYS.length - day) * perDay - offset - i;
      return makeTransaction({ ID: id, TransactionID: id });
    });
    return { records, lastCursor: count ? String(offset + count) : null };
  };
  return {
    fetch,
    requests,
    mostInFlight: () => mostInFlight,
    total: async () => perDay * DAYS.length,
  };
};

describe('splitByDay', () => {
  it('asks a range one day at a time, newest day first', () => {
    expect(splitByDay(PARAMS).map((p) => [p.start, p.end])).toEqual(DAYS.map((d) => [d, d]));
    expect(splitByDay({ ...PARAMS, start: '2026-02-27', end: '2026-03-01' }).map((p) => p.start)).toEqual([
      '2026-03-01',
      '2026-02-28',
      '2026-02-27',
    ]);
  });

  it('asks a range the server would refuse as it is, so its error reaches the page', () => {
    const swapped = { ...PARAMS, start: '2026-11-23', end: '2026-11-21' };
    expect(splitByDay(swapped)).toEqual([swapped]);
  });
});

describe('LocalStore', () => {
  it('loads every row of every day, a small chunk of the newest day first, reporting progress', async () => {
    const store = new LocalStore();
    const perDay = SYNC_CHUNK + 200;
    const { fetch, requests, total } = server(perDay);
    const progress: Array<[number, number]> = [];
    const outcome = await store.sync(PARAMS, fetch, (loaded, of) => progress.push([loaded, of]), total);
    const rows = perDay * DAYS.length;
    expect(outcome).toEqual({ status: 'complete', loaded: rows, total: rows });
    expect(store.size).toBe(rows);
    expect(requests[0]).toEqual({ day: DAYS[0], cursor: null, size: SYNC_FIRST_CHUNK });
    // The total is known from the first chunk on: the count is asked beside it.
    expect(progress[0]).toEqual([SYNC_FIRST_CHUNK, rows]);
    expect(progress.at(-1)).toEqual([rows, rows]);
    for (const day of DAYS) expect(requests.some((r) => r.day === day && r.cursor === null)).toBe(true);
  });

  it('loads two days at once once the first rows are in, never more', async () => {
    const store = new LocalStore();
    const { fetch, requests, mostInFlight } = server(SYNC_CHUNK * 2);
    await store.sync(PARAMS, fetch, () => undefined);
    expect(mostInFlight()).toBe(SYNC_LANES);
    // The second lane's first request waits for the first rows.
    expect(requests[1]).toEqual({ day: DAYS[0], cursor: String(SYNC_FIRST_CHUNK), size: SYNC_CHUNK });
    expect(requests[2]).toEqual({ day: DAYS[1], cursor: null, size: SYNC_CHUNK });
  });

  it('stops between chunks and keeps what it loaded, dropping the chunks already asked for', async () => {
    const store = new LocalStore();
    const { fetch } = server(20_000);
    const outcome = await store.sync(PARAMS, fetch, (loaded) => {
      if (loaded >= SYNC_FIRST_CHUNK + SYNC_CHUNK) store.stop();
    });
    expect(outcome.status).toBe('stopped');
    expect(outcome.loaded).toBe(store.size);
    expect(store.size).toBe(SYNC_FIRST_CHUNK + SYNC_CHUNK);
  });

  it('asks the next day small too when the newest day has no rows yet', async () => {
    const store = new LocalStore();
    const { fetch, requests } = server(SYNC_CHUNK);
    const emptyToday = (params: SyncParams, cursor: string | null, size: number) =>
      params.start === DAYS[0]
        ? Promise.resolve({ records: [], lastCursor: null })
        : fetch(params, cursor, size);
    await store.sync(PARAMS, emptyToday, () => undefined);
    expect(requests[0]).toEqual({ day: DAYS[1], cursor: null, size: SYNC_FIRST_CHUNK });
    expect(store.size).toBe(SYNC_CHUNK * 2);
  });

  it('reports a stop before the first rows as stopped, having loaded nothing', async () => {
    const store = new LocalStore();
    const { fetch, requests } = server(SYNC_CHUNK);
    const outcome = store.sync(PARAMS, fetch, () => undefined);
    store.stop();
    expect(await outcome).toEqual({ status: 'stopped', loaded: 0, total: 0 });
    // The other days were never asked for.
    expect(requests).toHaveLength(1);
  });

  it('fails when a request fails, and the other day loading adds nothing after', async () => {
    const store = new LocalStore();
    const { fetch } = server(SYNC_CHUNK * 3);
    const failing = (params: SyncParams, cursor: string | null, size: number) =>
      params.start === DAYS[1] && cursor !== null
        ? Promise.reject(new Error('gone'))
        : fetch(params, cursor, size);
    await expect(store.sync(PARAMS, failing, () => undefined)).rejects.toThrow('gone');
    const after = store.size;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.size).toBe(after);
  });

  it('keeps the rows of a replaced sync out of the new one when its total answers late', async () => {
    const store = new LocalStore();
    let answerTotal: (n: number) => void = () => undefined;
    const slowTotal = () => new Promise<number>((resolve) => (answerTotal = resolve));
    const first = store.sync(PARAMS, server(SYNC_FIRST_CHUNK * 2).fetch, () => undefined, slowTotal);
    // The first chunk is in while the total is still counting; then the filters change.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = store.sync(OLDEST_DAY, server(3).fetch, () => undefined);
    expect(await second).toEqual({ status: 'complete', loaded: 3, total: 3 });
    answerTotal(SYNC_FIRST_CHUNK * 2);
    expect((await first).status).toBe('stopped');
    expect(store.size).toBe(3);
  });

  it('refreshes a loaded row and inserts a new one only when allowed', async () => {
    const store = new LocalStore();
    await store.sync(OLDEST_DAY, server(3).fetch, () => undefined);
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
