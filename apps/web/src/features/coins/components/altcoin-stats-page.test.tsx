import type { AltCoinDaily, AltCoinStats, AltCoinStatsRow } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row = (
  AltCoinID: number,
  Name: string,
  Incoming: number,
  extra: Partial<AltCoinStatsRow> = {},
): AltCoinStatsRow => ({
  AltCoinID,
  Name,
  ShortName: Name.slice(0, 3).toUpperCase(),
  IsOnline: true,
  VFiat: 0,
  Incoming,
  Paid: Incoming,
  Expired: 0,
  Underpaid: 0,
  PaidPct: Incoming ? 100 : null,
  ExpiredPct: Incoming ? 0 : null,
  UnderpaidPct: Incoming ? 0 : null,
  Volume: '1.23456789',
  VolumeEur: '1234.50',
  AvgConfirmSeconds: Incoming ? 540 : null,
  Payouts: { Count: 2, Volume: '0.50000000' },
  Failures: 1,
  HotWallet: { Balance: '0.44444444', Status: 'green', Min: '0.05600000', Max: '2.20000000' },
  Spark: [1, 2, 3, 4, 5, 6, Incoming],
  Anomaly: null,
  ...extra,
});

const answer = (
  records: AltCoinStatsRow[],
  anomalies: AltCoinStats['Anomalies'] = [],
): { data: AltCoinStats } => ({
  data: {
    Period: '7d',
    FromDay: '2026-11-21',
    ToDay: '2026-11-27',
    LiveAsOf: '2026-11-27T12:00:00.000Z',
    Anomalies: anomalies,
    records,
    meta: { total: records.length, offset: 0, limit: 100, page: 1 },
  },
});

const daily: AltCoinDaily = {
  AltCoinID: 2,
  Name: 'Litecoin',
  ShortName: 'LTC',
  VFiat: 0,
  Days: [
    {
      Day: '2026-11-27',
      Incoming: 22,
      Paid: 13,
      Expired: 9,
      Underpaid: 0,
      Volume: '6.50000000',
      VolumeEur: '555.10',
      AvgConfirmSeconds: 600,
      P95ConfirmSeconds: 1200,
      Payouts: 0,
      PayoutVolume: '0.00000000',
      Failures: 0,
    },
  ],
};

describe('AltCoin Stats', () => {
  it('shows the figures per coin, sorts on click (descending first) and flags an anomaly with its links', async () => {
    const litecoin = row(2, 'Litecoin', 22, {
      Expired: 9,
      ExpiredPct: 40.9,
      Anomaly: 'Litecoin expired 41 % today vs 6 % usual: node out of sync?',
    });
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        AltCoinStats: answer(
          [row(1, 'Bitcoin', 30), litecoin],
          [{ AltCoinID: 2, Name: 'Litecoin', Kind: 'expired-rate', Message: litecoin.Anomaly ?? '' }],
        ),
        AltCoinDaily: { data: daily },
      }),
    );
    renderApp('/admin/altcoin-stats');
    const table = await screen.findByRole('table', { name: 'AltCoin stats' });
    expect(await within(table).findByText('40.9 %')).toBeInTheDocument();
    expect(within(table).getAllByText('1,234.50 EUR')).toHaveLength(2);
    const anomalies = screen.getByRole('region', { name: 'Anomalies' });
    expect(
      within(anomalies).getByText('Litecoin expired 41 % today vs 6 % usual: node out of sync?'),
    ).toBeInTheDocument();
    expect(within(anomalies).getByRole('link', { name: 'Coin Health of Litecoin' })).toHaveAttribute(
      'href',
      '/admin/coin-health/2',
    );
    fireEvent.click(within(table).getByRole('button', { name: 'Incoming' }));
    await waitFor(() => {
      const sent = callsOf(calls, 'AltCoinStats').at(-1)?.url.searchParams;
      expect(sent?.get('sort')).toBe('Incoming');
      expect(sent?.get('order')).toBe('desc');
    });
    fireEvent.click(within(table).getByText('Litecoin'));
    const drawer = await screen.findByRole('dialog', { name: 'Litecoin (LIT): last 30 days' });
    expect(within(drawer).getByRole('link', { name: 'Balance Sheet' })).toHaveAttribute(
      'href',
      '/admin/balance-sheet?coin=2',
    );
    expect(within(drawer).getByRole('link', { name: 'Offline Pool' })).toHaveAttribute(
      'href',
      '/admin/xchange-offline-pool?coin=2',
    );
    await waitFor(() => expect(callsOf(calls, 'AltCoinDaily').at(-1)?.url.searchParams.get('ID')).toBe('2'));
  });

  it('says so when no coin had a transaction in the period, and sends the period', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        AltCoinStats: answer([row(1, 'Bitcoin', 0, { Payouts: { Count: 0, Volume: '0' } })]),
      }),
    );
    renderApp('/admin/altcoin-stats?period=24h');
    expect(await screen.findByText('No transaction in this period')).toBeInTheDocument();
    expect(callsOf(calls, 'AltCoinStats')[0]?.url.searchParams.get('period')).toBe('24h');
  });
});
