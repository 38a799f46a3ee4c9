import type { XChangeSearchRow } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row: XChangeSearchRow = {
  XChangeID: 4242,
  Prefix: 'T',
  TransactionID: 123456,
  MerchantID: 12,
  ShopTitle: 'Tulip Shop',
  Status: 'swap',
  TransactionType: 'Swap',
  OriginalAmount: '100.00000000',
  InputCurrency: 'EUR',
  Amount: '0.00100000',
  Coin: 'BTC',
  CoinAddress: 'bc1qexampleaddress0000000000000000000',
  Security: '0123456789abcdef0123456789abcdef',
  CreatedOn: '2026-11-20T10:00:00.000Z',
};

describe('XChange Search', () => {
  it('asks for nothing until something is typed, then searches on Enter and links each result to its transaction', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        XChangeSearch: {
          data: { records: [row], meta: { total: 1, offset: 0, limit: 25, page: 1, isCapped: false } },
        },
      }),
    );
    renderApp('/admin/xchange-search');
    expect(await screen.findByText('Type what you are looking for and press Enter.')).toBeInTheDocument();
    expect(callsOf(calls, 'XChangeSearch')).toHaveLength(0);

    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'xc4242' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(callsOf(calls, 'XChangeSearch')).toHaveLength(1));
    expect(callsOf(calls, 'XChangeSearch')[0]?.url.searchParams.get('q')).toBe('xc4242');
    const table = await screen.findByRole('table', { name: 'XChange transactions' });
    expect(within(table).getByText('xc4242')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'T000123456' })).toHaveAttribute(
      'href',
      '/admin/transactions/T000123456',
    );
  });
});
