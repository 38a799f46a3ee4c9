import type { Overview24h, PendingKyc } from '@bo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const OVERVIEW: Overview24h = {
  transactionsStats: {
    totalTransactions: 1204,
    totalPaidTransactions: 812,
    totalVolume: '152340.456',
    totalPaidVolume: '120000.10',
    totalRevenueInEUR: '1523.40',
  },
  payoutsStats: {
    totalPayouts: 37,
    totalPendingVolume: '800.00',
    totalVolume: '9000.5',
    totalRevenueInEUR: '90.005',
  },
  TotalRegistrations: 14,
};

const KYC: PendingKyc[] = [{ ID: 3, ShopTitle: 'Coffee Corner', LastUpdatedOn: '2024-03-05T14:07:09Z' }];

describe('DashboardPage', () => {
  it('hides the summary boxes without admin-commander and welcomes the user with their role', async () => {
    mockApi(signedInRoutes([]));
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Alice Admin' })).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(screen.queryByText('Transactions / 24H')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Privacy Mode' })).not.toBeInTheDocument();
  });

  it('shows the four 24H boxes to an admin-commander', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        Last24HData: { data: OVERVIEW },
        TotalRegistrations24H: { data: { TotalRegistrations: 14 } },
      }),
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByText('812 / 1,204')).toBeInTheDocument();
    expect(screen.getByText('Payouts: 37')).toBeInTheDocument();
    expect(screen.getByText('152,340.46')).toBeInTheDocument();
    expect(screen.getByText('1,613.41')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'New Registrations / 24H' })).toHaveTextContent('14');
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
  });

  it('lists pending KYC in UTC to a kyc-commander and shows the empty text for registrations', async () => {
    mockApi(
      signedInRoutes(['kyc-commander', 'view-users'], {
        LatestKYC: { data: KYC },
        RecentRegistrations: { data: [] },
      }),
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Coffee Corner')).toBeInTheDocument();
    expect(screen.getByText('2024-03-05 02:07:09 PM')).toBeInTheDocument();
    expect(await screen.findByText('No registration found')).toBeInTheDocument();
  });

  it('blurs amounts and remembers the choice when Privacy Mode is switched on', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        Last24HData: { data: OVERVIEW },
        TotalRegistrations24H: { data: { TotalRegistrations: 14 } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const amount = await screen.findByText('152,340.46');
    expect(amount).not.toHaveStyle({ filter: 'blur(6px)' });
    await user.click(screen.getByRole('switch', { name: 'Privacy Mode' }));
    expect(screen.getByText('152,340.46')).toHaveStyle({ filter: 'blur(6px)' });
    expect(useAppStore.getState().privacyMode).toBe(true);
    expect(localStorage.getItem('bo-web')).toContain('"privacyMode":true');
  });
});
