import type { Transaction, TransactionList } from '@bo/contract';
import {
  type LocalFacets,
  type LocalQuery,
  type LocalResult,
  localFacets,
  runLocalQuery,
} from './local-query';
import { rowKeyOf } from './row-key';
import type { SyncParams } from './worker-protocol';

/** Rows per request while syncing: big enough to be quick, small enough to show progress and stop fast. */
export const SYNC_CHUNK = 500;

export type FetchChunk = (params: SyncParams, cursor: string | null) => Promise<TransactionList>;

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
  private rows = new Map<string, Transaction>();
  private facetsCache: LocalFacets | null = null;
  private generation = 0;

  get size(): number {
    return this.rows.size;
  }

  clear(): void {
    this.rows.clear();
    this.facetsCache = null;
  }

  /** Starts over and loads every matching row; a later sync or `stop()` ends this one between chunks. */
  async sync(
    params: SyncParams,
    fetchChunk: FetchChunk,
    onProgress: (loaded: number, total: number) => void,
  ): Promise<SyncOutcome> {
    this.generation += 1;
    const mine = this.generation;
    this.clear();
    let cursor: string | null = null;
    let total = 0;
    for (;;) {
      const chunk = await fetchChunk(params, cursor);
      if (mine !== this.generation) return { status: 'stopped', loaded: this.size, total };
      total = Math.max(chunk.total, this.size + chunk.records.length);
      for (const tx of chunk.records) this.rows.set(rowKeyOf(tx), tx);
      this.facetsCache = null;
      onProgress(this.size, total);
      if (chunk.records.length < SYNC_CHUNK || !chunk.lastCursor)
        return { status: 'complete', loaded: this.size, total };
      cursor = chunk.lastCursor;
    }
  }

  stop(): void {
    this.generation += 1;
  }

  /** Adds or refreshes one row; a row not loaded is added only when `mayInsert` (SPEC §4's rule). */
  upsert(tx: Transaction, mayInsert: boolean): boolean {
    const key = rowKeyOf(tx);
    if (!this.rows.has(key) && !mayInsert) return false;
    this.rows.set(key, tx);
    this.facetsCache = null;
    return true;
  }

  query(query: LocalQuery): LocalResult {
    return runLocalQuery([...this.rows.values()], query);
  }

  facets(): LocalFacets {
    this.facetsCache ??= localFacets([...this.rows.values()]);
    return this.facetsCache;
  }
}
