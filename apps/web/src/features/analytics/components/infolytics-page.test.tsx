import type { AnalyticsBreakdownRow, AnalyticsSummary } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const summary: AnalyticsSummary = {
  From: '2026-10-29',
  To: '2026-11-27',
  PreviousFrom: '2026-09-29',
  PreviousTo: '2026-10-28',
  Current: { Transactions: 1200, Paid: 960, PaidRatio: 80, VolumeEur: '152340.50', RevenueEur: '1523.41' },
  Previous: { Transactions: 1000, Paid: 850, PaidRatio: 85, VolumeEur: '160000.00', RevenueEur: '1400.00' },
  Change: { Transactions: 20, PaidRatio: -5, VolumeEur: -4.8, RevenueEur: 8.8 },
};

const row = (
  Key: string,
  Name: string,
  extra: Partial<AnalyticsBreakdownRow> = {},
): AnalyticsBreakdownRow => ({
  Key,
  Name,
  Transactions: 700,
  PrevTransactions: 500,
  TransactionsChange: 40,
  Paid: 560,
  PaidRatio: 80,
  PrevPaidRatio: 78,
  VolumeEur: '90000.00',
  PrevVolumeEur: '100000.00',
  VolumeChange: -10,
  RevenueEur: '900.00',
  PrevRevenueEur: '800.00',
  RevenueChange: 12.5,
  ...extra,
});

const page = (records: AnalyticsBreakdownRow[]) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 15, page: 1 } },
});

describe('Infolytics', () => {
  it('shows the key figures with their change, the breakdown, and follows grouping and sort in the address', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        AnalyticsSummary: { data: summary },
        AnalyticsBreakdown: page([
          row('1', 'Bitcoin'),
          row('2', 'Litecoin', { TransactionsChange: null, PrevTransactions: 0 }),
        ]),
      }),
    );
    renderApp('/admin/analytics');
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    const volume = within(figures).getByRole('group', { name: 'Volume EUR' });
    expect(within(volume).getByText('152,340.50 EUR')).toBeInTheDocument();
    expect(within(volume).getByText('▼ 4.8%')).toBeInTheDocument();
    expect(within(figures).getByRole('group', { name: 'Transactions' })).toHaveTextContent('1,200▲ 20.0%');
    expect(within(figures).getByRole('group', { name: 'Paid ratio' })).toHaveTextContent('▼ 5.0 pp');
    expect(screen.getByText(/compared with 2026-09-29 to 2026-10-28/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Breakdown by coin' });
    expect(within(table).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(table).getByText('new')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Merchant' }));
    await waitFor(() =>
      expect(callsOf(calls, 'AnalyticsBreakdown').at(-1)?.url.searchParams.get('groupBy')).toBe('merchant'),
    );
    expect(await screen.findByRole('table', { name: 'Breakdown by merchant' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Transactions' }));
    await waitFor(() => {
      const sent = callsOf(calls, 'AnalyticsBreakdown').at(-1)?.url.searchParams;
      expect(sent?.get('sort')).toBe('Transactions');
      expect(sent?.get('groupBy')).toBe('merchant');
    });
  });

  it('reads the range from the address and sends it to both calls', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        AnalyticsSummary: { data: { ...summary, From: '2026-11-01', To: '2026-11-07' } },
        AnalyticsBreakdown: page([]),
      }),
    );
    renderApp('/admin/analytics?from=2026-11-01&to=2026-11-07&groupBy=provider');
    expect(await screen.findByText('No transaction in this range')).toBeInTheDocument();
    const sent = callsOf(calls, 'AnalyticsSummary')[0]?.url.searchParams;
    expect([sent?.get('from'), sent?.get('to')]).toEqual(['2026-11-01', '2026-11-07']);
    expect(callsOf(calls, 'AnalyticsBreakdown')[0]?.url.searchParams.get('groupBy')).toBe('provider');
    expect(screen.getByRole('radio', { name: 'Provider' })).toBeChecked();
  });

  it('shows the server refusal of a range', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        AnalyticsSummary: { status: 400, message: 'The range must be at most 366 days' },
        AnalyticsBreakdown: { status: 400, message: 'The range must be at most 366 days' },
      }),
    );
    renderApp('/admin/analytics?from=2024-01-01&to=2025-06-01');
    expect((await screen.findAllByText('The range must be at most 366 days')).length).toBeGreaterThan(0);
  });
});
