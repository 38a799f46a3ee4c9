import type { AnalyticsSeries } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const point = (Period: string, Transactions: number) => ({
  Period,
  Transactions,
  Paid: Math.round(Transactions * 0.8),
  Unpaid: Transactions - Math.round(Transactions * 0.8),
  VolumeEur: `${Transactions * 100}.00`,
  RevenueEur: `${Transactions}.00`,
});

const series: AnalyticsSeries = {
  From: '2026-11-21',
  To: '2026-11-27',
  Granularity: 'day',
  Points: ['21', '22', '23', '24', '25', '26', '27'].map((d, i) => point(`2026-11-${d}`, 10 + i)),
  TopCoins: [
    { AltCoinID: 1, Name: 'Bitcoin', VolumeEur: '6000.00', Share: 60 },
    { AltCoinID: 2, Name: 'Litecoin', VolumeEur: '3000.00', Share: 30 },
    { AltCoinID: null, Name: 'Other', VolumeEur: '1000.00', Share: 10 },
  ],
};

describe('Charts', () => {
  it('draws volume, revenue, paid vs unpaid and the top coins, and keeps the granularity in the address', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { AnalyticsSeries: { data: series } }));
    renderApp('/admin/charts');
    expect(await screen.findByRole('region', { name: 'Volume per day (EUR)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Revenue per day (EUR)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payments per day: paid and unpaid' })).toBeInTheDocument();
    const top = screen.getByRole('table', { name: 'Top coins' });
    expect(within(top).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(top).getByText('6,000.00 EUR')).toBeInTheDocument();
    expect(within(top).getByText('10.0 %')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() =>
      expect(callsOf(calls, 'AnalyticsSeries').at(-1)?.url.searchParams.get('granularity')).toBe('week'),
    );
  });

  it('says so when the range has no transaction', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        AnalyticsSeries: {
          data: { ...series, Points: series.Points.map((p) => point(p.Period, 0)), TopCoins: [] },
        },
      }),
    );
    renderApp('/admin/charts?granularity=month');
    expect(await screen.findByText('No transactions in this range')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();
  });
});
