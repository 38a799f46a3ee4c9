import type { FailureCause, OfflinePool, OfflinePoolRow } from '@bo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const poolRow = (overrides: Partial<OfflinePoolRow> = {}): OfflinePoolRow => ({
  ID: 11,
  TransactionID: 1234,
  Prefix: 'T',
  MerchantID: 3,
  ShopTitle: 'Northwind Coffee',
  OriginalAmount: '45.50000000',
  InputCurrency: 'EUR',
  Amount: '0.00050000',
  CoinName: 'Bitcoin',
  AltCoinID: 1,
  Status: 'underpaid',
  NotEnough: 1,
  TransactionType: 'API',
  CoinAddress: 'bc1qaddress',
  CreatedOn: '2026-02-01T10:00:00.000Z',
  Date: '2026-02-01T10:30:00.000Z',
  XChangeID: 5000001,
  AmountEUR: '45.00',
  ...overrides,
});

const FAILURE: FailureCause = {
  ID: 41,
  Name: 'Bitcoin',
  LongName: 'Bitcoin',
  AltCoinID: 1,
  Failure: 'Node out of sync',
  Address: 'bc1qfailure',
  Notes: 'Restart planned',
  Sticky: 0,
  CreatedOn: '2026-01-31T08:00:00.000Z',
  UpdatedOn: '2026-01-31T09:00:00.000Z',
};

const pool = (overrides: Partial<OfflinePool> = {}): OfflinePool => ({
  Coin: {
    ID: 1,
    Name: 'Bitcoin',
    ShortName: 'BTC',
    LongName: 'Bitcoin',
    isOnline: true,
    Priority: 1,
    vFiat: 0,
    BuyEnabled: true,
  },
  Failure: null,
  records: [
    poolRow(),
    poolRow({
      ID: 12,
      TransactionID: 77,
      Prefix: 'P',
      Status: 'payout-pending',
      NotEnough: 0,
      XChangeID: 5000002,
    }),
  ],
  totals: { Count: 32, Amount: '0.01600000', AmountEUR: '1440.00' },
  meta: { total: 32, offset: 0, limit: 15, page: 1 },
  ...overrides,
});

const poolCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.searchParams.get('Call') === 'XChangeOfflinePool').map((c) => c.url.searchParams);

describe('OfflinePoolPage', () => {
  it('shows the failure record and the open xChange rows of the coin, each linking to its transaction', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], { XChangeOfflinePool: { data: pool({ Failure: FAILURE }) } }),
    );
    renderApp('/admin/xchange-offline-pool?coin=1&id=41');
    const failure = await screen.findByRole('region', { name: 'Failure 41' });
    expect(within(failure).getByText('Node out of sync')).toBeInTheDocument();
    expect(within(failure).getByText('bc1qfailure')).toBeInTheDocument();
    expect(within(failure).getByText('Restart planned')).toBeInTheDocument();
    expect(within(failure).getByText('2026-01-31 08:00:00 AM')).toBeInTheDocument();
    const request = poolCalls(calls)[0];
    expect(request?.get('coin')).toBe('1');
    expect(request?.get('id')).toBe('41');
    expect(request?.get('page')).toBe('1');
    expect(request?.get('order')).toBe('desc');

    const table = screen.getByRole('table', { name: 'Open xChange transactions' });
    expect(within(table).getByRole('link', { name: 'T000001234' })).toHaveAttribute(
      'href',
      '/admin/transactions/T000001234',
    );
    expect(within(table).getByRole('link', { name: 'P000000077' })).toHaveAttribute(
      'href',
      '/admin/transactions/P000000077',
    );
    expect(within(table).getAllByText('0.00050000')).toHaveLength(2);
    expect(within(table).getByText('xc5000001')).toBeInTheDocument();
    expect(within(table).getByText('payout-pending')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Open transactions' })).toHaveTextContent('32');
    expect(screen.getByRole('region', { name: 'Amount (BTC)' })).toHaveTextContent('0.01600000');
    expect(screen.getByRole('region', { name: 'Value (EUR)' })).toHaveTextContent('1,440.00');
    expect(screen.getByText('Showing 1 - 2 of 32')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Balance Sheet of Bitcoin' })).toHaveAttribute(
      'href',
      '/admin/balance-sheet?coin=1',
    );
  });

  it('pages and sorts on the server, and another coin from the picker starts afresh without the failure', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { XChangeOfflinePool: { data: pool() } }));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/xchange-offline-pool?coin=1&id=41');
    await screen.findByRole('table', { name: 'Open xChange transactions' });
    await user.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(poolCalls(calls).at(-1)?.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Created On' }));
    await waitFor(() => expect(poolCalls(calls).at(-1)?.get('order')).toBe('asc'));
    expect(poolCalls(calls).at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Coin' }));
    await user.click(await screen.findByRole('option', { name: 'Ethereum (ETH)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?coin=2'));
    await waitFor(() => expect(poolCalls(calls).at(-1)?.get('coin')).toBe('2'));
    expect(poolCalls(calls).at(-1)?.get('id')).toBeNull();
  });

  it('asks for a coin when none is given, and explains a malformed address without calling the server', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { XChangeOfflinePool: { data: pool() } }));
    const { unmount } = renderApp('/admin/xchange-offline-pool');
    expect(
      await screen.findByText('Choose a coin to see its open xChange transactions.'),
    ).toBeInTheDocument();
    unmount();
    renderApp('/admin/xchange-offline-pool?coin=bitcoin&id=41');
    expect(await screen.findByText(/The coin must be a number \(coin=bitcoin\)/)).toBeInTheDocument();
    expect(poolCalls(calls)).toHaveLength(0);
  });

  it("shows the server's refusal of an unknown coin or a failure of another coin on the page", async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        XChangeOfflinePool: { status: 400, message: 'Failure 41 is for Bitcoin, not Ethereum' },
      }),
    );
    renderApp('/admin/xchange-offline-pool?coin=2&id=41');
    expect(await screen.findByText(/Failure 41 is for Bitcoin, not Ethereum/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Coin' })).toHaveValue('Ethereum (ETH)');
  });

  it('says so when the coin has nothing open', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        XChangeOfflinePool: {
          data: pool({
            records: [],
            totals: { Count: 0, Amount: '0.00000000', AmountEUR: '0.00' },
            meta: { total: 0, offset: 0, limit: 15, page: 1 },
          }),
        },
      }),
    );
    renderApp('/admin/xchange-offline-pool?coin=1');
    expect(await screen.findByText('No open xChange transaction')).toBeInTheDocument();
  });

  it('blurs merchant names and amounts in Privacy Mode', async () => {
    mockApi(signedInRoutes(['admin-commander'], { XChangeOfflinePool: { data: pool() } }));
    useAppStore.getState().setPrivacyMode(true);
    renderApp('/admin/xchange-offline-pool?coin=1');
    const table = await screen.findByRole('table', { name: 'Open xChange transactions' });
    expect((await within(table).findAllByText('Northwind Coffee'))[0]).toHaveStyle({ filter: 'blur(6px)' });
    expect(within(table).getAllByText('45.00')[0]).toHaveStyle({ filter: 'blur(6px)' });
    expect(screen.getByText('0.01600000')).toHaveStyle({ filter: 'blur(6px)' });
  });
});
