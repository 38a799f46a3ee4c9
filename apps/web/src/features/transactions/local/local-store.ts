import type { Transaction } from '@bo/contract';
import { type LocalFacets, LocalIndex, type LocalQuery, type LocalResult } from './local-query';
import type { SyncParams } from './worker-protocol';

/** Rows of the first request of a sync: small, so that the first rows show at once. */
export const SYNC_FIRST_CHUNK = 500;
/**
 * Rows per request after the first: large, because every request costs a round trip and the server's fixed
 * work, and 100,000 rows in chunks of 500 took two hundred of them (ADR 0012).
 */
export const SYNC_CHUNK = 5000;
/** Days loaded at once (see {@link LocalStore.sync}); two, for the two cores the budget is measured on. */
export const SYNC_LANES = 2;

const DAY_MS = 86_400_000;

/** A sync's range as one range per day ('YYYY-MM-DD', UTC as the server reads them), newest first. */
export function splitByDay(params: SyncParams): SyncParams[] {
  const first = Date.parse(`${params.start}T00:00:00Z`);
  const last = Date.parse(`${params.end}T00:00:00Z`);
  // A range the server would refuse is asked as it is, and answered with the server's error.
  if (Number.isNaN(first) || Number.isNaN(last) || first > last) return [params];
  const parts: SyncParams[] = [];
  for (let at = last; at >= first; at -= DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    parts.push({ ...params, start: day, end: day });
  }
  return parts;
}

/** One page of a sync, newest first, and the position after its last row. */
export interface Chunk {
  records: Transaction[];
  lastCursor: string | null;
}

export type FetchChunk = (params: SyncParams, cursor: string | null, size: number) => Promise<Chunk>;
/** The exact number of rows the sync will load (CountTransactions), for its progress. */
export type FetchTotal = (params: SyncParams) => Promise<number>;

export interface SyncOutcome {
  status: 'complete' | 'stopped';
  loaded: number;
  total: number;
}

/**
 * The rows Local mode works on, held by the worker. Syncing pages through the server's keyset list newest
 * first; queries filter, sort and page what is loaded so far.
 */
export class LocalStore {
  private readonly rows = new LocalIndex();
  private generation = 0;

  get size(): number {
    return this.rows.size;
  }

  /** Goes up with every change of the rows: equal revisions have equal facets. */
  get revision(): number {
    return this.rows.revision;
  }

  clear(): void {
    this.rows.clear();
  }

  /**
   * Starts over and loads every matching row; a later sync or `stop()` ends this one between chunks.
   *
   * Each day of the range is its own keyset chain, newest day first, and {@link SYNC_LANES} chains load at
   * once: a chain's next request needs its previous answer's cursor, so one chain leaves the server idle
   * while an answer travels and is read, and the worker idle while the server reads (ADR 0012). The other
   * lanes start once the first rows are in, so that the first small request has the server to itself.
   */
  async sync(
    params: SyncParams,
    fetchChunk: FetchChunk,
    onProgress: (loaded: number, total: number) => void,
    fetchTotal?: FetchTotal,
  ): Promise<SyncOutcome> {
    this.generation += 1;
    const mine = this.generation;
    this.clear();
    // The total is its own call (ADR 0010), asked while the first chunk loads.
    const expected = fetchTotal?.(params).catch(() => 0);
    let total = 0;
    const days = splitByDay(params);
    let nextDay = 0;
    let firstSize = SYNC_FIRST_CHUNK;
    let firstRowsIn: () => void = () => undefined;
    const firstRows = new Promise<void>((resolve) => (firstRowsIn = resolve));

    /** Loads days one after the other, taking the newest day no lane has taken yet. */
    const lane = async (): Promise<void> => {
      try {
        await loadDays();
      } finally {
        // The other lanes wait for the first rows: a lane ending before any (stopped, failed) lets them go.
        firstRowsIn();
      }
    };
    const loadDays = async (): Promise<void> => {
      for (let part = days[nextDay++]; part !== undefined; part = days[nextDay++]) {
        if (mine !== this.generation) return;
        // Small until the first rows are in: the newest day may have none yet (just after midnight UTC).
        let size = firstSize;
        let next = fetchChunk(part, null, size);
        for (;;) {
          const chunk = await next;
          if (mine !== this.generation) return;
          const isLast = chunk.records.length < size || !chunk.lastCursor;
          if (!isLast && chunk.lastCursor) {
            // The next chunk is asked for before this one is indexed: the server reads it meanwhile.
            size = SYNC_CHUNK;
            next = fetchChunk(part, chunk.lastCursor, size);
            // A sync stopped while this request is out never reads its answer, failed or not.
            next.catch(() => undefined);
          }
          const expectedTotal = (await expected) ?? 0;
          // The total may answer after a newer sync began: this one's rows must not land in that one's store.
          if (mine !== this.generation) return;
          this.rows.set(chunk.records);
          if (this.size > 0) firstSize = SYNC_CHUNK;
          total = Math.max(expectedTotal, this.size);
          onProgress(this.size, total);
          firstRowsIn();
          if (isLast) break;
        }
      }
    };

    const first = lane();
    const others = Array.from({ length: SYNC_LANES - 1 }, () =>
      firstRows.then(() => (mine === this.generation ? lane() : undefined)),
    );
    try {
      await Promise.all([first, ...others]);
    } catch (error) {
      // One failed request fails the sync: the other lanes stop at their next answer.
      if (mine === this.generation) this.generation += 1;
      throw error;
    }
    if (mine !== this.generation) return { status: 'stopped', loaded: this.size, total };
    return { status: 'complete', loaded: this.size, total };
  }

  stop(): void {
    this.generation += 1;
  }

  /** Adds or refreshes one row; a row not loaded is added only when `mayInsert` (SPEC §4's rule). */
  upsert(tx: Transaction, mayInsert: boolean): boolean {
    if (!this.rows.has(tx) && !mayInsert) return false;
    this.rows.set([tx]);
    return true;
  }

  query(query: LocalQuery): LocalResult {
    return this.rows.query(query);
  }

  facets(): LocalFacets {
    return this.rows.facets();
  }
}
