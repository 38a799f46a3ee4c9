import type { Transaction, TransactionList } from '@bo/contract';
import { type LocalFacets, LocalIndex, type LocalQuery, type LocalResult } from './local-query';
import type { SyncParams } from './worker-protocol';

/** Rows of the first request of a sync: small, so that the first rows show at once. */
export const SYNC_FIRST_CHUNK = 500;
/**
 * Rows per request after the first: large, because every request costs a round trip and the server's fixed
 * work, and 100,000 rows in chunks of 500 took two hundred of them (ADR 0012).
 */
export const SYNC_CHUNK = 5000;

export type FetchChunk = (
  params: SyncParams,
  cursor: string | null,
  size: number,
) => Promise<TransactionList>;
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

  /** Starts over and loads every matching row; a later sync or `stop()` ends this one between chunks. */
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
    let size = SYNC_FIRST_CHUNK;
    let next = fetchChunk(params, null, size);
    for (;;) {
      const chunk = await next;
      if (mine !== this.generation) return { status: 'stopped', loaded: this.size, total };
      const isLast = chunk.records.length < size || !chunk.lastCursor;
      if (!isLast && chunk.lastCursor) {
        // The next chunk is asked for before this one is indexed: the server reads it meanwhile.
        size = SYNC_CHUNK;
        next = fetchChunk(params, chunk.lastCursor, size);
        // A sync stopped while this request is out never reads its answer, failed or not.
        next.catch(() => undefined);
      }
      const expectedTotal = (await expected) ?? 0;
      // The total may answer after a newer sync began: this one's rows must not land in that one's store.
      if (mine !== this.generation) return { status: 'stopped', loaded: this.size, total };
      total = Math.max(expectedTotal, this.size + chunk.records.length);
      this.rows.set(chunk.records);
      onProgress(this.size, total);
      if (isLast) return { status: 'complete', loaded: this.size, total };
    }
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
