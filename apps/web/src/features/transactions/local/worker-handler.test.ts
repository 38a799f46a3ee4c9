import { type TransactionSyncPage, toTransactionColumns } from '@bo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction } from '../../../test/transaction-fixtures';
import { createWorkerHandler } from './worker-handler';
import type { FromWorker } from './worker-protocol';

const PARAMS = { start: '2026-11-01', end: '2026-11-23', keyword: '', statuses: [] };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('transactions worker', () => {
  it('asks the page once for a fresh token when the first chunk and the total are refused together', async () => {
    const page: FromWorker[] = [];
    // The stored token has expired: every call with it gets the server's JWT refusal (HTTP 401).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('Authorization');
        if (auth !== 'Bearer fresh') return json(401, { status_code: 401, message: 'jwt expired' });
        if (url.includes('Call=CountTransactions'))
          return json(200, { status_code: 200, message: 'OK', data: { total: 2, isCapped: false } });
        const page: TransactionSyncPage = {
          columns: toTransactionColumns([
            makeTransaction({ ID: 2, TransactionID: 2 }),
            makeTransaction({ ID: 1, TransactionID: 1 }),
          ]),
          lastCursor: 'b',
        };
        return json(200, { status_code: 200, message: 'OK', data: page });
      }),
    );
    const handle = createWorkerHandler((message) => {
      page.push(message);
      // The page answers each ask, as use-local-transactions does.
      if (message.type === 'needToken') setTimeout(() => handle({ type: 'token', token: 'fresh' }), 0);
    }, 'http://localhost');
    handle({ type: 'fetchLatestInfo', syncId: 1, params: PARAMS, token: 'expired', adminBase: '/api/admin' });
    await vi.waitFor(() => expect(page.some((m) => m.type === 'fetchLatestInfoComplete')).toBe(true));
    expect(page.filter((m) => m.type === 'needToken')).toHaveLength(1);
    expect(page.find((m) => m.type === 'fetchLatestInfoComplete')).toMatchObject({ loaded: 2, total: 2 });
  });
});
