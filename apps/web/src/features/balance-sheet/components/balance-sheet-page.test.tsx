import type { BalanceSheet, BalanceSheetRow } from '@bo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const row = (overrides: Partial<BalanceSheetRow>): BalanceSheetRow => ({
  ID: 1,
  Name: 'Bitcoin',
  ShortName: 'BTC',
  LongName: 'Bitcoin',
  isOnline: true,
  Priority: 1,
  vFiat: 0,
  BuyEnabled: true,
  Received: '0.85000001',
  ReceivedCount: 4,
  PaidOut: '0.20000000',
  PaidOutCount: 1,
  PendingPayouts: '0.05000000',
  PendingPayoutsCount: 1,
  Balance: '0.60000001',
  RateEUR: '90000.000000000000',
  BalanceEUR: '54000.00',
  OpenXChange: 3,
  ...overrides,
});

// The mock's ListAltCoins: Bitcoin (1) is online, Ethereum (2) offline.
const ONLINE: BalanceSheet = {
  records: [row({})],
  TotalBalanceEUR: '54000.00',
  AsOf: '2026-02-01T10:00:00.000Z',
};
const OFFLINE: BalanceSheet = {
  records: [
    row({
      ID: 2,
      Name: 'Ethereum',
      ShortName: 'ETH',
      isOnline: false,
      BuyEnabled: false,
      Received: '0.00000000',
      ReceivedCount: 0,
      PaidOut: '2.00000000',
      PaidOutCount: 2,
      PendingPayouts: '0.00000000',
      PendingPayoutsCount: 0,
      Balance: '-2.00000000',
      RateEUR: '3000.000000000000',
      BalanceEUR: '-6000.00',
      OpenXChange: 0,
    }),
    row({ ID: 50, Name: 'Unpriced', ShortName: 'UNP', isOnline: false, RateEUR: null, BalanceEUR: null }),
  ],
  TotalBalanceEUR: '-6000.00',
  AsOf: '2026-02-01T10:00:00.000Z',
};

const answer = (request: Request) => {
  const online = new URL(request.url).searchParams.get('online');
  return { data: online === 'offline' ? OFFLINE : ONLINE };
};
const sheetCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.searchParams.get('Call') === 'BalanceSheet').map((c) => c.url.searchParams);

describe('BalanceSheetPage', () => {
  it('shows each coin with amounts to 8 decimals and EUR to 2, counts, rate and the total', async () => {
    mockApi(signedInRoutes(['admin-commander'], { BalanceSheet: answer }));
    renderApp('/admin/balance-sheet');
    const table = await screen.findByRole('table', { name: 'Balance sheet' });
    const bitcoin = await within(table).findByRole('row', { name: /Bitcoin/ });
    expect(within(bitcoin).getByText('0.85000001')).toBeInTheDocument();
    expect(within(bitcoin).getByText('4 payments')).toBeInTheDocument();
    expect(within(bitcoin).getByText('0.60000001')).toBeInTheDocument();
    expect(within(bitcoin).getByText('at 90,000.00')).toBeInTheDocument();
    expect(within(bitcoin).getByText('54,000.00')).toBeInTheDocument();
    expect(
      within(bitcoin).getByRole('link', { name: '3 open xChange transactions of Bitcoin' }),
    ).toHaveAttribute('href', '/admin/xchange-offline-pool?coin=1');
    expect(within(table).getByText('Total (1 coin)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Online coins · Both' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('opens the list that holds ?coin= and highlights that coin, with a negative balance and no rate shown', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { BalanceSheet: answer }));
    renderApp('/admin/balance-sheet?coin=2');
    // The coins come first (to know the coin's list), then the list: two round trips.
    const table = await screen.findByRole('table', { name: 'Balance sheet' }, { timeout: 4000 });
    const ethereum = await within(table).findByRole('row', { name: /Ethereum/ });
    expect(ethereum).toHaveAttribute('aria-current', 'true');
    expect(within(table).getByRole('row', { name: /Unpriced/ })).not.toHaveAttribute('aria-current');
    // Straight to the list holding the coin, without loading the online list first.
    expect(sheetCalls(calls).map((c) => c.get('online'))).toEqual(['offline']);
    expect(sheetCalls(calls).at(-1)?.get('buy')).toBe('both');
    expect(within(ethereum).getByText('-2.00000000')).toBeInTheDocument();
    expect(within(ethereum).getByText('Buy Disabled')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Unpriced/ })).getByText('No rate'),
    ).toBeInTheDocument();
  });

  it('switches between the six lists with the Online/Offline and buying controls', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { BalanceSheet: answer }));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/balance-sheet');
    await screen.findByRole('table', { name: 'Balance sheet' });
    await user.click(screen.getByRole('radio', { name: 'Buy Disabled' }));
    await waitFor(() => expect(sheetCalls(calls).at(-1)?.get('buy')).toBe('disabled'));
    expect(sheetCalls(calls).at(-1)?.get('online')).toBe('online');
    await user.click(screen.getByRole('radio', { name: 'Offline' }));
    await waitFor(() => expect(sheetCalls(calls).at(-1)?.get('online')).toBe('offline'));
    expect(sheetCalls(calls).at(-1)?.get('buy')).toBe('disabled');
    expect(router.state.location.search).toBe('?online=offline&buy=disabled');
    expect(await screen.findByRole('heading', { name: 'Offline coins · Buy Disabled' })).toBeInTheDocument();
  });

  it('says what is wrong with a bad or unknown coin in the address and still shows the list', async () => {
    mockApi(signedInRoutes(['admin-commander'], { BalanceSheet: answer }));
    const { unmount } = renderApp('/admin/balance-sheet?coin=abc&buy=sometimes');
    expect(await screen.findByText('The coin must be a number (coin=abc)')).toBeInTheDocument();
    expect(screen.getByText('Buy must be enabled, disabled or both (buy=sometimes)')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Balance sheet' })).toBeInTheDocument();
    unmount();
    renderApp('/admin/balance-sheet?coin=999');
    expect(await screen.findByText('No coin found with ID 999')).toBeInTheDocument();
  });

  it('blurs the amounts in Privacy Mode, not the rate', async () => {
    mockApi(signedInRoutes(['admin-commander'], { BalanceSheet: answer }));
    useAppStore.getState().setPrivacyMode(true);
    renderApp('/admin/balance-sheet');
    const table = await screen.findByRole('table', { name: 'Balance sheet' });
    expect(await within(table).findByText('0.85000001')).toHaveStyle({ filter: 'blur(6px)' });
    expect(within(table).getAllByText('54,000.00')[0]).toHaveStyle({ filter: 'blur(6px)' });
    expect(within(table).getByText('at 90,000.00')).not.toHaveStyle({ filter: 'blur(6px)' });
  });

  it('sends staff without admin-commander to not-authorized', async () => {
    const { calls } = mockApi(signedInRoutes(['view-transactions']));
    const { router } = renderApp('/admin/balance-sheet');
    expect(await screen.findByRole('heading', { name: 'Not authorized' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/not-authorized');
    expect(sheetCalls(calls)).toHaveLength(0);
  });
});
