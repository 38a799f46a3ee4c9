import {
  SOCKET_PATHS,
  type TransactionEvent,
  type TransactionList,
  toTransactionColumns,
} from '@bo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { listRoutes, makePage, makeTransaction } from '../../../test/transaction-fixtures';
import { type WorkerLike, workerFactory } from '../hooks/use-local-transactions';
import { SYNC_FIRST_CHUNK } from '../local/local-store';
import { createWorkerHandler } from '../local/worker-handler';
import type { FromWorker, ToWorker } from '../local/worker-protocol';

const MERCHANTS = { data: [{ ID: 9, ShopTitle: 'Coffee Corner', Name: 'Carla' }] };
const today = dayjs().format('YYYY-MM-DD');

const liveEvent = (event: TransactionEvent) => {
  const socket = FakeWebSocket.find(SOCKET_PATHS.transactions);
  if (!socket) throw new Error('no transactions socket');
  act(() => socket.emit(JSON.stringify(event)));
};

const originalCreate = workerFactory.create;
afterEach(() => {
  workerFactory.create = originalCreate;
});

/** The real worker logic, run in-process: jsdom has no Web Worker. */
const inProcessWorker = (): WorkerLike => {
  const worker: WorkerLike = {
    onmessage: null,
    postMessage: (message: ToWorker) => queueMicrotask(() => handle(message)),
    terminate: () => undefined,
  };
  const handle = createWorkerHandler(
    (message: FromWorker) => worker.onmessage?.(new MessageEvent('message', { data: message })),
    'http://localhost',
  );
  return worker;
};

describe('live transactions', () => {
  it('adds a new waiting transaction of today on top of page one and highlights it', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(2, 1)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    renderApp('/admin/dashboard');
    await screen.findByText('Showing 1 - 2 of 2');
    act(() => FakeWebSocket.find(SOCKET_PATHS.transactions)?.open());
    expect(await screen.findByText('● Live')).toBeInTheDocument();

    liveEvent({
      type: 'transaction',
      seq: 1,
      kind: 'waiting',
      transaction: makeTransaction({
        ID: 500,
        TransactionID: 500,
        ShopTitle: 'Fresh Shop',
        Status: 'waiting',
        CreatedOn: `${today}T00:00:01Z`,
      }),
    });
    const row = (await screen.findByText('Fresh Shop')).closest('tr') as HTMLElement;
    expect(row).toHaveAttribute('data-live', 'true');
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('row')[1]).toBe(row);
    expect(screen.getByText('Showing 1 - 3 of 3')).toBeInTheDocument();
  });

  it('refreshes a row already shown, and leaves out one that fails the filters', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(2, 1)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    renderApp('/admin/dashboard?merchant=9');
    await screen.findByText('Showing 1 - 2 of 2');
    liveEvent({
      type: 'transaction',
      seq: 2,
      kind: 'paid',
      transaction: makeTransaction({ ID: 1, TransactionID: 1, ShopTitle: 'Shop 1', Status: 'expired' }),
    });
    const row = (await screen.findByText('Shop 1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('expired')).toBeInTheDocument();

    liveEvent({
      type: 'transaction',
      seq: 3,
      kind: 'waiting',
      transaction: makeTransaction({
        ID: 7,
        TransactionID: 7,
        MerchantID: 10,
        ShopTitle: 'Other Shop',
        Status: 'waiting',
        CreatedOn: `${today}T00:00:01Z`,
      }),
    });
    expect(screen.queryByText('Other Shop')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 - 2 of 2')).toBeInTheDocument();
  });
});

describe('Local mode', () => {
  it('loads the rows through the worker and filters them by its own keyword and type', async () => {
    workerFactory.create = inProcessWorker;
    const all: TransactionList = {
      records: [
        makeTransaction({ ID: 3, TransactionID: 3, ShopTitle: 'Bakery', TransactionType: 'Invoice' }),
        makeTransaction({ ID: 2, TransactionID: 2, ShopTitle: 'Armoury', TransactionType: 'Payment' }),
        makeTransaction({ ID: 1, TransactionID: 1, ShopTitle: 'Coffee', TransactionType: 'Payment' }),
      ],
      firstCursor: 'a',
      lastCursor: 'b',
    };
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(all),
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await screen.findByText('Showing 1 - 3 of 3');
    await user.click(screen.getByRole('checkbox', { name: 'Local' }));

    expect(await screen.findByText('3 rows loaded')).toBeInTheDocument();
    // The first request is small and for the newest day of the range; the other days follow.
    const chunk = calls.find((c) => c.url.searchParams.get('Call') === 'SyncTransactions');
    expect(chunk?.url.searchParams.get('pageSize')).toBe(String(SYNC_FIRST_CHUNK));
    expect(chunk?.url.searchParams.get('start')).toBe(today);
    expect(chunk?.url.searchParams.get('end')).toBe(today);
    expect(chunk?.headers.get('Authorization')).toBe('Bearer jwt-1');
    const table = await screen.findByRole('table', { name: 'Local transactions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));

    await user.type(screen.getByRole('textbox', { name: 'Local keyword' }), 'arm');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Armoury')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Local keyword' }));

    await user.click(screen.getByPlaceholderText('All types'));
    await user.click(await screen.findByRole('option', { name: 'Invoice' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Bakery')).toBeInTheDocument();
  });

  it('shows the first rows as soon as the first small chunk is in, while the rest loads', async () => {
    workerFactory.create = inProcessWorker;
    const first = makePage(SYNC_FIRST_CHUNK, 1);
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(15, 1), SYNC_FIRST_CHUNK + 100),
        MerchantsListDash: MERCHANTS,
        // The first chunk answers at once; every later request stays on its way.
        SyncTransactions: (request) =>
          new URL(request.url).searchParams.has('cursor') ||
          new URL(request.url).searchParams.get('pageSize') !== String(SYNC_FIRST_CHUNK)
            ? new Promise(() => undefined)
            : { data: { columns: toTransactionColumns(first.records), lastCursor: first.lastCursor } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await screen.findByText(/^Showing 1 - 15 of/);
    await user.click(screen.getByRole('checkbox', { name: 'Local' }));

    const table = await screen.findByRole('table', { name: 'Local transactions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(16));
    expect(
      screen.getByText(`Loading ${SYNC_FIRST_CHUNK} of ${SYNC_FIRST_CHUNK + 100} rows`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop Sync' })).toBeInTheDocument();
  });
});
