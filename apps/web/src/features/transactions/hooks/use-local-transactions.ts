import type { Transaction } from '@bo/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { mintToken } from '../../../lib/api/admin-client';
import { ApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { env } from '../../../lib/env';
import { useAppStore } from '../../../lib/session/session.store';
import type { LocalFacets, LocalQuery, LocalResult } from '../local/local-query';
import type { FromWorker, SyncParams, ToWorker } from '../local/worker-protocol';

export interface WorkerLike {
  postMessage(message: ToWorker): void;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
  terminate(): void;
}

/** How the page gets its worker; tests swap in one that runs the same handler in-process (jsdom has none). */
export const workerFactory = {
  create: (): WorkerLike =>
    new Worker(new URL('../local/transactions.worker.ts', import.meta.url), {
      type: 'module',
      name: 'transactions',
    }) as WorkerLike,
};

export type SyncStatus = 'idle' | 'syncing' | 'complete' | 'stopped' | 'error';

export interface LocalSync {
  status: SyncStatus;
  loaded: number;
  total: number;
}

export interface LocalView {
  result: LocalResult;
  facets: LocalFacets;
}

const EMPTY_VIEW: LocalView = {
  result: { rows: [], total: 0, page: 1 },
  facets: { merchants: [], types: [] },
};

const IDLE: LocalSync = { status: 'idle', loaded: 0, total: 0 };

/**
 * What the worker last reported. A store rather than state of the hook's component: the progress (hundreds of
 * messages a sync) and each answer re-render only what shows them (useLocalSync, useLocalView), not the whole
 * transactions card with its filter bar (ADR 0012).
 */
export interface LocalState {
  sync: LocalSync;
  view: LocalView;
}

export type LocalStateStore = StoreApi<LocalState>;

export const useLocalSync = <T>(store: LocalStateStore, select: (sync: LocalSync) => T): T =>
  useStore(store, (s) => select(s.sync));

export const useLocalView = (store: LocalStateStore): LocalView => useStore(store, (s) => s.view);

/**
 * While rows are loading, the shown page is asked again at most this often: each chunk changes the rows, and
 * asking after every one (hundreds a sync) would keep the worker sorting instead of loading.
 */
export const SYNC_REFRESH_MS = 250;

/**
 * The page's side of the background worker (SPEC §7.3): start and stop a sync, ask Local queries, feed live
 * rows. Only the latest answer to a query is shown, so fast typing never shows stale results.
 */
export function useLocalTransactions(enabled: boolean) {
  const worker = useRef<WorkerLike | null>(null);
  const syncId = useRef(0);
  const requestId = useRef(0);
  const lastQuery = useRef<LocalQuery | null>(null);
  // When loaded rows last asked for the shown page again; a sync's first rows always ask at once.
  const lastRefreshAt = useRef(Number.NEGATIVE_INFINITY);
  const facetsRevision = useRef<number | null>(null);
  const [store] = useState(() => createStore<LocalState>(() => ({ sync: IDLE, view: EMPTY_VIEW })));
  const setSync = useCallback(
    (next: LocalSync | ((current: LocalSync) => LocalSync)) =>
      store.setState((s) => ({ sync: typeof next === 'function' ? next(s.sync) : next })),
    [store],
  );

  const send = useCallback((message: ToWorker) => worker.current?.postMessage(message), []);

  const rerun = useCallback(() => {
    if (!lastQuery.current) return;
    requestId.current += 1;
    send({
      type: 'query',
      requestId: requestId.current,
      query: lastQuery.current,
      facetsRevision: facetsRevision.current,
    });
  }, [send]);

  useEffect(() => {
    if (!enabled) return;
    const created = workerFactory.create();
    worker.current = created;
    facetsRevision.current = null;
    created.onmessage = ({ data }) => {
      if (data.type === 'queryResult') {
        if (data.requestId !== requestId.current) return;
        const { facets } = data;
        if (facets) facetsRevision.current = data.facetsRevision;
        store.setState((s) => ({ view: { result: data.result, facets: facets ?? s.view.facets } }));
        return;
      }
      if (data.type === 'needToken') {
        mintToken()
          .then((token) => created.postMessage({ type: 'token', token }))
          .catch(handleApiError);
        return;
      }
      if (data.syncId !== syncId.current) return;
      switch (data.type) {
        case 'fetchLatestInfoProgress':
          setSync({ status: 'syncing', loaded: data.loaded, total: data.total });
          // Rows appear in the table as they load, a few times a second. Only these refreshes count: the
          // Local panel's own first query, asked before any row is in, must not hold back the first rows.
          if (performance.now() - lastRefreshAt.current >= SYNC_REFRESH_MS) {
            lastRefreshAt.current = performance.now();
            rerun();
          }
          return;
        case 'fetchLatestInfoComplete':
          setSync({ status: 'complete', loaded: data.loaded, total: data.total });
          break;
        case 'fetchLatestInfoStopped':
          setSync({ status: 'stopped', loaded: data.loaded, total: data.total });
          break;
        case 'fetchLatestInfoError':
          setSync((s) => ({ ...s, status: 'error', loaded: data.loaded }));
          handleApiError(
            new ApiError({ httpStatus: data.httpStatus, statusCode: data.httpStatus, message: data.message }),
          );
          break;
      }
      rerun();
    };
    return () => {
      created.terminate();
      worker.current = null;
      store.setState({ sync: IDLE, view: EMPTY_VIEW });
    };
  }, [enabled, rerun, setSync, store]);

  const start = useCallback(
    async (params: SyncParams) => {
      syncId.current += 1;
      const id = syncId.current;
      lastRefreshAt.current = Number.NEGATIVE_INFINITY;
      setSync({ status: 'syncing', loaded: 0, total: 0 });
      try {
        const token = useAppStore.getState().token ?? (await mintToken());
        if (id !== syncId.current) return;
        send({ type: 'fetchLatestInfo', syncId: id, params, token, adminBase: env.adminApiBase });
      } catch (error) {
        setSync((s) => ({ ...s, status: 'error' }));
        handleApiError(error);
      }
    },
    [send, setSync],
  );

  const stop = useCallback(() => send({ type: 'stop' }), [send]);

  const query = useCallback(
    (next: LocalQuery) => {
      lastQuery.current = next;
      rerun();
    },
    [rerun],
  );

  const upsert = useCallback(
    (transaction: Transaction, mayInsert: boolean) => {
      send({ type: 'upsert', transaction, mayInsert });
      rerun();
    },
    [send, rerun],
  );

  return { store, start, stop, query, upsert };
}
