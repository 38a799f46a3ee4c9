import { ALL_STATUS_FILTER, DATE_RANGE_MESSAGES, DEFAULT_STATUS_FILTER } from '@bo/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { listRoutes, makeCount, makePage, makeTransaction } from '../../../test/transaction-fixtures';

const MERCHANTS = { data: [{ ID: 9, ShopTitle: 'Coffee Corner', Name: 'Carla' }] };

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.url.searchParams.get('Call') === 'ListTransactions').map((c) => c.url.searchParams);
const countCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.url.searchParams.get('Call') === 'CountTransactions').map((c) => c.url.searchParams);

describe('TransactionsSection', () => {
  it('shows the empty state when there is no transaction', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(0, 1)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByText('No transaction available')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('hides the table from a user without view-transactions', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander']));
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Transactions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);
  });

  it('pages forward with the last cursor and counts the rows shown', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListTransactions: (request) => {
          const page = new URL(request.url).searchParams.get('page');
          return { data: page === 'next' ? makePage(15, 16) : makePage(15, 1) };
        },
        CountTransactions: { data: makeCount(40) },
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Showing 1 - 15 of 40')).toBeInTheDocument();
    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('first');
    expect(first?.get('pageSize')).toBe('15');
    expect(first?.getAll('statuses')).toEqual([
      'waiting',
      'expired',
      'paid',
      'underpaid',
      'vtoken-active',
      'vtoken-claimed',
      'ltr-open',
      'ltr-closed',
      'ltr-expired',
      'swap',
    ]);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 16 - 30 of 40')).toBeInTheDocument();
    const next = listCalls(calls).at(-1);
    expect(next?.get('page')).toBe('next');
    expect(next?.get('cursor')).toBe('c15');
    expect(screen.getByText('Shop 16')).toBeInTheDocument();
  });

  it('shows the rows before their total, which paging does not ask for again', async () => {
    let answerCount: (value: { data: ReturnType<typeof makeCount> }) => void = () => undefined;
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListTransactions: (request) => {
          const page = new URL(request.url).searchParams.get('page');
          return { data: page === 'next' ? makePage(15, 16) : makePage(15, 1) };
        },
        CountTransactions: () => new Promise((resolve) => (answerCount = resolve)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Showing 1 - 15 of …')).toBeInTheDocument();
    expect(screen.getByText('Shop 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    await expect.poll(() => countCalls(calls).length).toBe(1);
    answerCount({ data: makeCount(40) });
    expect(await screen.findByText('Showing 1 - 15 of 40')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 16 - 30 of 40')).toBeInTheDocument();
    expect(countCalls(calls)).toHaveLength(1);
    expect(countCalls(calls)[0]?.get('keyword')).toBe('');
    expect(countCalls(calls)[0]?.has('sort')).toBe(false);
  });

  it('asks Last for the remainder of the total, so the last page lines up', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListTransactions: (request) => {
          const page = new URL(request.url).searchParams.get('page');
          return { data: page === 'last' ? makePage(10, 31) : makePage(15, 1) };
        },
        CountTransactions: { data: makeCount(40) },
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await screen.findByText('Showing 1 - 15 of 40');
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(await screen.findByText('Showing 31 - 40 of 40')).toBeInTheDocument();
    const last = listCalls(calls).at(-1);
    expect(last?.get('page')).toBe('last');
    expect(last?.get('pageSize')).toBe('10');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows a capped total as n+ and counts exactly before going to the last page', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListTransactions: (request) => {
          const page = new URL(request.url).searchParams.get('page');
          return { data: page === 'last' ? makePage(4, 1231) : makePage(15, 1) };
        },
        CountTransactions: (request) =>
          new URL(request.url).searchParams.get('exact') === 'true'
            ? { data: makeCount(1234) }
            : { data: makeCount(1000, true) },
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Showing 1 - 15 of 1000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(await screen.findByText('Showing 1231 - 1234 of 1234')).toBeInTheDocument();
    expect(countCalls(calls).at(-1)?.get('exact')).toBe('true');
    expect(listCalls(calls).at(-1)?.get('pageSize')).toBe('4');
  });

  it('sorts descending on the first header click and ascending on the second', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(3, 1)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await screen.findByText('Shop 1');

    await user.click(within(table).getByRole('button', { name: 'Amount' }));
    await expect.poll(() => listCalls(calls).at(-1)?.get('sort')).toBe('Amount');
    expect(listCalls(calls).at(-1)?.get('order')).toBe('desc');
    expect(listCalls(calls).at(-1)?.get('page')).toBe('first');
    await expect
      .poll(() => screen.getByRole('columnheader', { name: 'Amount' }).getAttribute('aria-sort'))
      .toBe('descending');

    await user.click(
      within(screen.getByRole('table', { name: 'Transactions' })).getByRole('button', { name: 'Amount' }),
    );
    await expect.poll(() => listCalls(calls).at(-1)?.get('order')).toBe('asc');
    expect(listCalls(calls).at(-1)?.get('sort')).toBe('Amount');
  });

  it('refuses a From date after the To date and sends nothing', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(0, 1)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await screen.findByText('No transaction available');
    const before = listCalls(calls).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(DATE_RANGE_MESSAGES.fromAfterTo)).toBeInTheDocument();
    expect(DATE_RANGE_MESSAGES.fromAfterTo).toBe('From date can not be greater than To date');
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('copies the transaction id and confirms with a toast', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes({
          records: [
            makeTransaction(),
            makeTransaction({ ID: 1300, TransactionID: 1300, MasterTransactionID: 1234 }),
          ],
          firstCursor: 'a',
          lastCursor: 'b',
        }),
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const cell = await screen.findByRole('link', { name: 'T000001234' });
    expect(cell).toHaveAttribute('href', '/admin/transactions/T000001234');
    expect(screen.getAllByText('0.00041000 BTC')).toHaveLength(2);
    expect(screen.getByTitle('Master transaction')).toHaveTextContent('M');
    expect(screen.getByTitle('Clone of T000001234')).toHaveTextContent('C');
    const row = cell.closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Copy transaction ID' }));
    expect(await screen.findByText('Copied to clipboard: T000001234')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('T000001234');
    await user.click(within(row).getByRole('button', { name: 'More actions for T000001234' }));
    expect(await screen.findByRole('menuitem', { name: 'Open in block explorer' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Copy security key' }));
    expect(await screen.findByText('Copied to clipboard: sec-abc')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'More actions for T000001234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy invoice link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      'https://pay.example.test/invoice/T000001234?s=sec-abc',
    );
  });

  it('selects every status with Select All, keeps filters in the URL and resets to the defaults', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(1, 1)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/admin/dashboard');
    await screen.findByText('Shop 1');
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    await user.type(screen.getByLabelText('Keyword'), 'abc{Enter}');
    await expect.poll(() => listCalls(calls).at(-1)?.get('keyword')).toBe('abc');
    expect(listCalls(calls).at(-1)?.getAll('statuses')).toEqual([...ALL_STATUS_FILTER]);
    expect(router.state.location.search).toContain('keyword=abc');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await expect.poll(() => listCalls(calls).at(-1)?.get('keyword')).toBe('');
    expect(listCalls(calls).at(-1)?.getAll('statuses')).toEqual([...DEFAULT_STATUS_FILTER]);
    expect(screen.getByLabelText('Keyword')).toHaveValue('');

    // Reset also drops a draft that was never searched.
    await user.type(screen.getByLabelText('Keyword'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Keyword')).toHaveValue('');
  });

  it('blurs merchant names and amounts in Privacy Mode', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes(makePage(1, 1)),
        MerchantsListDash: MERCHANTS,
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Shop 1')).not.toHaveStyle({ filter: 'blur(6px)' });
    await user.click(screen.getByRole('switch', { name: 'Privacy Mode' }));
    expect(screen.getByText('Shop 1')).toHaveStyle({ filter: 'blur(6px)' });
    expect(screen.getByText('0.00041000 BTC')).toHaveStyle({ filter: 'blur(6px)' });
  });
});
