import type { VTokenDetail, VTokenRow } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row = (ID: number, Status: VTokenRow['Status']): VTokenRow => ({
  ID,
  Code: `VT-AAAA-BBBB-CCCC-000${ID}`,
  Status,
  Amount: '0.00100000',
  Coin: 'BTC',
  AltCoinID: 1,
  OriginalAmount: '50.00000000',
  InputCurrency: 'EUR',
  MerchantID: 12,
  ShopTitle: 'Tulip Shop',
  Prefix: 'T',
  TransactionID: 123456,
  CreatedOn: '2026-11-20T10:00:00.000Z',
  ClaimedOn: Status === 'claimed' ? '2026-11-21T10:00:00.000Z' : null,
  ClaimedBy: Status === 'claimed' ? 'wallet:ada' : null,
  CancelledOn: null,
});

const detail = (base: VTokenRow, extra: Partial<VTokenDetail> = {}): VTokenDetail => ({
  ...base,
  CancelledBy: null,
  CancelReason: null,
  Transaction: { Status: 'vtoken-active', XChangeID: null, Comments: null },
  Audit: [],
  ...extra,
});

const page = (records: VTokenRow[]) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1, isCapped: false } },
});

describe('VTokens', () => {
  it('lists vTokens with their status colour and transaction link, and sends the filters', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], { ListVTokens: page([row(1, 'active'), row(2, 'claimed')]) }),
    );
    renderApp('/admin/vtokens?status=active&coin=1');
    const table = await screen.findByRole('table', { name: 'vTokens' });
    expect(await within(table).findByText('VT-AAAA-BBBB-CCCC-0001')).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'T000123456' })[0]).toHaveAttribute(
      'href',
      '/admin/transactions/T000123456',
    );
    expect(within(table).getByText('wallet:ada')).toBeInTheDocument();
    const first = callsOf(calls, 'ListVTokens')[0]?.url.searchParams;
    expect(first?.get('status')).toBe('active');
    expect(first?.get('coin')).toBe('1');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'VT-AAAA' } });
    await waitFor(() =>
      expect(callsOf(calls, 'ListVTokens').at(-1)?.url.searchParams.get('keyword')).toBe('VT-AAAA'),
    );
  });

  it('opens a vToken and cancels it once with a reason, even on a double click; an empty reason is refused on its field', async () => {
    const active = row(1, 'active');
    const cancelled = detail(
      { ...active, Status: 'cancelled', CancelledOn: '2026-11-25T10:00:00.000Z' },
      { CancelledBy: 'alice', CancelReason: 'Lost by the merchant' },
    );
    let isCancelled = false;
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        ListVTokens: page([active]),
        VTokenDetail: () => ({ data: isCancelled ? cancelled : detail(active) }),
        CancelVToken: () => {
          isCancelled = true;
          return { data: cancelled };
        },
      }),
    );
    renderApp('/admin/vtokens');
    const table = await screen.findByRole('table', { name: 'vTokens' });
    fireEvent.click(await within(table).findByText('vtoken-active'));
    const drawer = await screen.findByRole('dialog', { name: `vToken ${active.Code}` });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Cancel vToken…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this vToken' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel vToken' }));
    expect(await within(dialog).findByText(/A reason is required to cancel a vToken/)).toBeInTheDocument();
    expect(callsOf(calls, 'CancelVToken')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Lost by the merchant' },
    });
    // A double click: one call.
    const submit = within(dialog).getByRole('button', { name: 'Cancel vToken' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await within(drawer).findByText('vtoken-cancelled')).toBeInTheDocument();
    expect(callsOf(calls, 'CancelVToken')).toHaveLength(1);
    expect(callsOf(calls, 'CancelVToken')[0]?.body).toEqual({ ID: 1, Reason: 'Lost by the merchant' });
    expect(within(drawer).getByText('Lost by the merchant')).toBeInTheDocument();
  });
});
