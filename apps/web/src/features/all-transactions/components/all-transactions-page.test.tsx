import type { TransactionView } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeTransaction } from '../../../test/transaction-fixtures';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const page = (total = 2, isCapped = false) => ({
  data: {
    records: [
      makeTransaction({ ID: 1, TransactionID: 123, ShopTitle: 'Tulip Shop', Status: 'paid' }),
      makeTransaction({ ID: 2, TransactionID: 124, ShopTitle: 'Canal Shop', Status: 'expired' }),
    ],
    meta: { total, offset: 0, limit: 15, page: 1, isCapped, from: null, to: null },
    lastCursor: null,
  },
});

const view = (overrides: Partial<TransactionView> = {}): TransactionView => ({
  ID: 5,
  Name: 'expired-week',
  Shared: true,
  Filters: {
    range: '7d',
    statuses: ['expired'],
    types: [],
    keyword: '',
    sort: 'CreatedOn',
    order: 'desc',
  },
  Author: 'bob',
  IsMine: false,
  CanDelete: false,
  CreatedOn: '2026-11-20T10:00:00.000Z',
  UpdatedOn: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('Transactions (transactions/all)', () => {
  it('lists every transaction with links to their detail and sends the filters from the address', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListAllTransactions: page(),
        ListTransactionViews: { data: [] },
      }),
    );
    renderApp('/admin/transactions/all?range=30d&statuses=paid&statuses=expired&coin=1&page=2');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByText('Tulip Shop')).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'T000000123' })[0]).toHaveAttribute(
      'href',
      '/admin/transactions/T000000123',
    );
    const sent = callsOf(calls, 'ListAllTransactions')[0]?.url.searchParams;
    expect(sent?.get('range')).toBe('30d');
    expect(sent?.getAll('statuses').join(',')).toBe('paid,expired');
    expect(sent?.get('coin')).toBe('1');
    expect(sent?.get('page')).toBe('2');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kelly' } });
    await waitFor(() =>
      expect(callsOf(calls, 'ListAllTransactions').at(-1)?.url.searchParams.get('keyword')).toBe('kelly'),
    );
    // A new filter starts again from page 1.
    expect(callsOf(calls, 'ListAllTransactions').at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('says "of more than n" when the total stopped at the cap', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ListAllTransactions: page(10_000, true),
        ListTransactionViews: { data: [] },
      }),
    );
    renderApp('/admin/transactions/all?coin=1');
    expect(await screen.findByText('Showing 1 - 2 of more than 10,000')).toBeInTheDocument();
  });

  it('opens a saved view by its address with its filters', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListAllTransactions: page(),
        ListTransactionViews: { data: [view()] },
      }),
    );
    renderApp('/admin/transactions/all/expired-week');
    expect(await screen.findByRole('heading', { name: 'Transactions: expired-week' })).toBeInTheDocument();
    await waitFor(() => {
      const sent = callsOf(calls, 'ListAllTransactions').at(-1)?.url.searchParams;
      expect(sent?.get('range')).toBe('7d');
      expect(sent?.get('statuses')).toBe('expired');
    });
  });

  it('shows a clear message and the unfiltered list for an unknown view name', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListAllTransactions: page(),
        ListTransactionViews: { data: [view()] },
      }),
    );
    renderApp('/admin/transactions/all/nope');
    expect(await screen.findByText('No saved view named nope')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeInTheDocument();
    expect(callsOf(calls, 'ListAllTransactions').at(-1)?.url.searchParams.get('statuses')).toBeNull();
  });

  it('saves the filters on screen under a name; a refused name stays typed with the message on the field', async () => {
    let attempts = 0;
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListAllTransactions: page(),
        ListTransactionViews: { data: [] },
        CreateTransactionView: () => {
          attempts += 1;
          return attempts === 1
            ? { status: 409, message: 'A saved view named paid-month already exists' }
            : { data: view({ Name: 'paid-month-2', IsMine: true, CanDelete: true, Shared: false }) };
        },
      }),
    );
    renderApp('/admin/transactions/all?range=30d&statuses=paid');
    fireEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const nameField = within(dialog).getByLabelText(/Name/);
    fireEvent.change(nameField, { target: { value: 'Paid Month' } });
    fireEvent.blur(nameField);
    expect(nameField).toHaveValue('paid-month');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(calls, 'CreateTransactionView')).toHaveLength(1));
    expect(callsOf(calls, 'CreateTransactionView')[0]?.body).toMatchObject({
      Name: 'paid-month',
      Shared: false,
      Filters: { range: '30d', statuses: ['paid'] },
    });
    expect(await screen.findByText('A saved view named paid-month already exists')).toBeInTheDocument();
    expect(nameField).toHaveValue('paid-month');
    fireEvent.change(nameField, { target: { value: 'Has Space' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Use lower-case letters/)).toBeInTheDocument();
    expect(callsOf(calls, 'CreateTransactionView')).toHaveLength(1);
  });
});
