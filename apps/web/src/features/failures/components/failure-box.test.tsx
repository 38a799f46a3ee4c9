import type { FailureCause } from '@bo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { FailureBox } from './failure-box';

const failure = (overrides: Partial<FailureCause> = {}): FailureCause => ({
  ID: 41,
  Name: 'BTC',
  LongName: 'Bitcoin',
  AltCoinID: 1,
  Failure: 'Node did not answer',
  Address: 'bc1qfailure',
  Notes: null,
  Sticky: 0,
  CreatedOn: new Date().toISOString(),
  UpdatedOn: new Date().toISOString(),
  ...overrides,
});

const answer = (records: FailureCause[], total = records.length) => ({
  data: { data: { records, meta: { total, offset: 0, limit: 8, page: 1 } } },
});

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.url.searchParams.get('Call') === 'TransactionFailure').map((c) => c.url.searchParams);

const signIn = () => {
  useAppStore.setState({
    session: { ID: 7, APIKey: 'k', SessionID: 's', Username: 'alice' },
    token: 'jwt-1',
    isLoggedIn: true,
  });
};

afterEach(() => {
  vi.useRealTimers();
});

describe('FailureBox', () => {
  it('asks for page one sorted by CreatedOn descending and marks a fresh record as new', async () => {
    signIn();
    const old = failure({ ID: 40, CreatedOn: '2020-01-01T00:00:00Z', Failure: 'Old failure' });
    const { calls } = mockApi({ TransactionFailure: answer([failure(), old], 2) });
    renderWithProviders(<FailureBox />);
    const table = await screen.findByRole('table', { name: 'Transaction failures' });
    await within(table).findByText('Old failure');
    const first = listCalls(calls)[0];
    expect(first?.get('page')).toBe('1');
    expect(first?.get('orderBy')).toBe('CreatedOn');
    expect(first?.get('order')).toBe('desc');
    expect(first?.get('limit')).toBe('8');
    expect(first?.get('sticky')).toBe('false');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'New' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole('img', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 - 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export failures as CSV' })).toBeEnabled();
  });

  it('searches after the typing pauses, filters sticky records and toggles the sort', async () => {
    signIn();
    const { calls } = mockApi({ TransactionFailure: answer([failure()]) });
    const user = userEvent.setup();
    renderWithProviders(<FailureBox />);
    await screen.findByRole('table', { name: 'Transaction failures' });

    await user.type(screen.getByRole('textbox', { name: 'Search failures' }), 'node');
    expect(listCalls(calls).some((c) => c.get('keyword') === 'node')).toBe(false);
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('keyword')).toBe('node'), { timeout: 2000 });
    expect(listCalls(calls).filter((c) => c.get('keyword')?.startsWith('no')).length).toBe(1);

    await user.click(screen.getByRole('checkbox', { name: 'Sticky Only' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sticky')).toBe('true'));

    await user.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('orderBy')).toBe('ID'));
    expect(listCalls(calls).at(-1)?.get('order')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('order')).toBe('asc'));
  });

  it("shows a keyword's capped total as n+, with its 125 pages", async () => {
    signIn();
    const capped = {
      data: {
        data: {
          records: Array.from({ length: 8 }, (_, i) => failure({ ID: 100 + i })),
          meta: { total: 1000, offset: 0, limit: 8, page: 1, isCapped: true },
        },
      },
    };
    mockApi({ TransactionFailure: capped });
    renderWithProviders(<FailureBox />);
    expect(await screen.findByText('Showing 1 - 8 of 1,000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '125' })).toBeInTheDocument();
  });

  it('flips the sticky flag through UpdateTable', async () => {
    signIn();
    const { calls } = mockApi({
      TransactionFailure: answer([failure({ Sticky: 1 })]),
      UpdateTable: { data: failure({ Sticky: 0 }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<FailureBox />);
    await user.click(await screen.findByRole('button', { name: 'Unstick failure 41' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.searchParams.get('Call') === 'UpdateTable')?.body).toEqual({
        table: 'Transaction_Failure',
        ID: 41,
        field: 'Sticky',
        value: 0,
      }),
    );
  });

  it('requires notes, and keeps them when saving fails', async () => {
    signIn();
    const { calls } = mockApi({
      TransactionFailure: answer([failure()]),
      UpdateTable: { status: 503, message: 'Database unavailable' },
    });
    const user = userEvent.setup();
    renderWithProviders(<FailureBox />);
    await user.click(await screen.findByRole('button', { name: 'Update notes of failure 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Notes' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Notes are required')).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('Call') === 'UpdateTable')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Restarted the node');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Notes' })).toHaveValue(
      'Restarted the node',
    );
    await act(async () => {});
  });

  it("links an admin-commander to the coin's Balance Sheet and to the Offline Pool with the failure record", async () => {
    signIn();
    useAppStore.setState({ permissions: [{ Slug: 'admin-commander' }] });
    mockApi({ TransactionFailure: answer([failure({ ID: 41, AltCoinID: 5 })]) });
    renderWithProviders(
      <MemoryRouter>
        <FailureBox />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Transaction failures' });
    expect(await within(table).findByRole('link', { name: 'Balance Sheet' })).toHaveAttribute(
      'href',
      '/admin/balance-sheet?coin=5',
    );
    expect(within(table).getByRole('link', { name: 'Offline Pool' })).toHaveAttribute(
      'href',
      '/admin/xchange-offline-pool?coin=5&id=41',
    );
  });
});
