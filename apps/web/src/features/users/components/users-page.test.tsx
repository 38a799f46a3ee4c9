import type { MerchantRow } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row = (ID: number, ShopTitle: string): MerchantRow => ({
  ID,
  ShopTitle,
  OwnerNickName: `owner${ID}`,
  Name: 'Ada Lovelace',
  Email: `shop${ID}@example.test`,
  APIKey: 'ab12…',
  Country: 'NL',
  KYCStatus: 'approved',
  RiskProfileID: 2,
  DisableCheckOut: false,
  DisablePayout: true,
  LifetimeMember: false,
  RegisteredOn: '2026-11-20T10:00:00.000Z',
});

const page = (records: MerchantRow[], total = records.length, isCapped = false) => ({
  data: { data: { records, meta: { total, offset: 0, limit: 25, page: 1, isCapped } } },
});

describe('Users', () => {
  it('lists merchants, each linking to its record, and sends search, filters and sort', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-users'], {
        ListMerchants: page([row(11, 'Tulip Shop'), row(12, 'Canal Goods')]),
      }),
    );
    renderApp('/admin/users?kycStatus=approved&disabledPayout=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Merchants' });
    expect(await within(table).findByRole('link', { name: 'Tulip Shop' })).toHaveAttribute(
      'href',
      '/admin/users/11',
    );
    const first = callsOf(calls, 'ListMerchants')[0]?.url.searchParams;
    expect(first?.get('kycStatus')).toBe('approved');
    expect(first?.get('disabledPayout')).toMatch(/^(1|true)$/);

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'tulip' } });
    await waitFor(() =>
      expect(callsOf(calls, 'ListMerchants').at(-1)?.url.searchParams.get('q')).toBe('tulip'),
    );

    fireEvent.click(within(table).getByRole('button', { name: /Shop title/ }));
    await waitFor(() =>
      expect(callsOf(calls, 'ListMerchants').at(-1)?.url.searchParams.get('sort')).toBe('ShopTitle'),
    );
  });

  it('says "more than" when the total is capped', async () => {
    mockApi(signedInRoutes(['view-users'], { ListMerchants: page([row(11, 'Tulip Shop')], 10_000, true) }));
    renderApp('/admin/users');
    expect(await screen.findByText(/of more than 10,000/)).toBeInTheDocument();
  });
});
