import type { Transaction } from '@bo/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * The page's side of the background worker (SPEC §7.3): start and stop a sync, ask Local queries, feed live
 * rows. Only the latest answer to a query is shown, so fast typing never shows stale results.
 */
export function useLocalTransactions(enabled: boolean) {
  const worker = useRef<WorkerLike | null>(null);
  const syncId = useRef(0);
  const requestId = useRef(0);
  const lastQuery = useRef<LocalQuery | null>(null);
  const [sync, setSync] = useState<LocalSync>({ status: 'idle', loaded: 0, total: 0 });
  const [view, setView] = useState<LocalView>(EMPTY_VIEW);

  const send = useCallback((message: ToWorker) => worker.current?.postMessage(message), []);

  const rerun = useCallback(() => {
    if (!lastQuery.current) return;
    requestId.current += 1;
    send({ type: 'query', requestId: requestId.current, query: lastQuery.current });
  }, [send]);

  useEffect(() => {
    if (!enabled) return;
    const created = workerFactory.create();
    worker.current = created;
    created.onmessage = ({ data }) => {
      if (data.type === 'queryResult') {
        if (data.requestId === requestId.current) setView({ result: data.result, facets: data.facets });
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
          break;
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
      // Rows appear in the table as they load.
      rerun();
    };
    return () => {
      created.terminate();
      worker.current = null;
      setSync({ status: 'idle', loaded: 0, total: 0 });
      setView(EMPTY_VIEW);
    };
  }, [enabled, rerun]);

  const start = useCallback(
    async (params: SyncParams) => {
      syncId.current += 1;
      const id = syncId.current;
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
    [send],
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

  return { sync, view, start, stop, query, upsert };
}
