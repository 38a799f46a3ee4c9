import { ADMIN_CALLS, fromTransactionColumns } from '@bo/contract';
import { isApiError, isJwtError } from '../../../lib/api/api-error';
import { sendCall } from '../../../lib/api/http';
import { type Chunk, LocalStore } from './local-store';
import type { FromWorker, SyncParams, ToWorker } from './worker-protocol';

/**
 * The logic of the transaction list background worker (SPEC §7.3): it loads the rows Local mode needs in
 * chunks and answers Local queries. Kept apart from the worker's entry so tests can run it in-process.
 */
export function createWorkerHandler(post: (message: FromWorker) => void, origin: string) {
  const store = new LocalStore();
  let token = '';
  let adminBase = '';
  let tokenWaiter: ((fresh: string) => void) | null = null;
  let pendingToken: Promise<string> | null = null;

  /**
   * A fresh token from the page (the admin token is short-lived and only the page can re-mint it). Requests
   * refused at the same time (a sync's first chunk and its total) share one ask and one answer.
   */
  const freshToken = (): Promise<string> => {
    pendingToken ??= new Promise<string>((resolve) => {
      tokenWaiter = resolve;
      post({ type: 'needToken' });
    });
    return pendingToken;
  };

  const fetchChunk = async (params: SyncParams, cursor: string | null, size: number): Promise<Chunk> => {
    // SyncTransactions: ListTransactions' newest-first pages as columns, half the bytes to read and check.
    const request = () =>
      sendCall(
        ADMIN_CALLS.SyncTransactions,
        { ...params, pageSize: size, ...(cursor ? { cursor } : {}) },
        { base: adminBase, headers: { Authorization: `Bearer ${token}` } },
      );
    let page: Awaited<ReturnType<typeof request>>['data'];
    try {
      page = (await request()).data;
    } catch (error) {
      if (!isJwtError(error)) throw error;
      token = await freshToken();
      page = (await request()).data;
    }
    return { records: fromTransactionColumns(page.columns), lastCursor: page.lastCursor };
  };

  /** Every row the sync loads, counted exactly (no cap: the sync reads them all anyway). */
  const fetchTotal = async (params: SyncParams): Promise<number> => {
    const request = () =>
      sendCall(
        ADMIN_CALLS.CountTransactions,
        { ...params, exact: '1' },
        { base: adminBase, headers: { Authorization: `Bearer ${token}` } },
      );
    try {
      return (await request()).data.total;
    } catch (error) {
      if (!isJwtError(error)) throw error;
      token = await freshToken();
      return (await request()).data.total;
    }
  };

  return (message: ToWorker): void => {
    switch (message.type) {
      case 'fetchLatestInfo': {
        const { syncId } = message;
        token = message.token;
        adminBase = new URL(message.adminBase, origin).toString();
        store
          .sync(
            message.params,
            fetchChunk,
            (loaded, total) => post({ type: 'fetchLatestInfoProgress', syncId, loaded, total }),
            fetchTotal,
          )
          .then((outcome) =>
            post({
              type: outcome.status === 'complete' ? 'fetchLatestInfoComplete' : 'fetchLatestInfoStopped',
              syncId,
              loaded: outcome.loaded,
              total: outcome.total,
            }),
          )
          .catch((error: unknown) =>
            post({
              type: 'fetchLatestInfoError',
              syncId,
              message: isApiError(error) ? error.message : 'The transactions could not be loaded',
              httpStatus: isApiError(error) ? error.httpStatus : 0,
              loaded: store.size,
            }),
          );
        return;
      }
      case 'stop':
        store.stop();
        return;
      case 'token':
        tokenWaiter?.(message.token);
        tokenWaiter = null;
        pendingToken = null;
        return;
      case 'upsert':
        store.upsert(message.transaction, message.mayInsert);
        return;
      case 'query':
        post({
          type: 'queryResult',
          requestId: message.requestId,
          result: store.query(message.query),
          facets: message.facetsRevision === store.revision ? null : store.facets(),
          facetsRevision: store.revision,
          loaded: store.size,
        });
        return;
    }
  };
}
