import type {
  PayoutDetail,
  PayoutRow,
  PayoutSchemaDetail,
  PayoutSchemaRow,
  PayoutSummary,
} from '@bo/contract';
import { SOCKET_PATHS } from '@bo/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const payout = (ID: number, State: PayoutRow['State'], extra: Partial<PayoutRow> = {}): PayoutRow => ({
  ID,
  State,
  MerchantID: 12,
  ShopTitle: 'Tulip Shop',
  AltCoinID: 1,
  Coin: 'BTC',
  Amount: '0.50000000',
  EurValue: '25000.00',
  Destination: 'bc1qtulipshoppayoutaddress000000',
  PayoutSchema: 'wallet',
  NeedsSecondApproval: true,
  Source: 'staff',
  RequestedBy: 'bob',
  RequestedOn: '2026-11-20T10:00:00.000Z',
  ApprovedBy: null,
  ApprovedOn: null,
  SentOn: null,
  RailReference: null,
  CompletedOn: null,
  FailedOn: null,
  FailureReason: null,
  CancelledOn: null,
  Note: null,
  ...extra,
});

const detail = (row: PayoutRow, extra: Partial<PayoutDetail> = {}): PayoutDetail => ({
  ...row,
  CancelledBy: null,
  CancelReason: null,
  History: [
    {
      ID: 1,
      At: row.RequestedOn,
      Actor: 'bob',
      Action: 'payout.request',
      Before: null,
      After: { State: row.State },
    },
  ],
  ...extra,
});

const page = <R,>(records: R[]) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1, isCapped: false } },
});

const SUMMARY: PayoutSummary = {
  Counts: [
    { State: 'awaiting-approval', Count: 2, IsCapped: false },
    { State: 'approved', Count: 0, IsCapped: false },
    { State: 'sent', Count: 1, IsCapped: false },
    { State: 'completed', Count: 12000, IsCapped: true },
    { State: 'cancelled', Count: 3, IsCapped: false },
    { State: 'failed', Count: 1, IsCapped: false },
  ],
  Totals: [{ AltCoinID: 1, Coin: 'BTC', Count: 2, Amount: '1.25000000', EurValue: '62500.00' }],
  FourEyesEur: '1000',
};

describe('Pending Payouts', () => {
  it('shows the tabs with their counts, the tab’s rows and its totals per coin, and sends the filters', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        ListPayouts: page([
          payout(1, 'awaiting-approval'),
          payout(2, 'awaiting-approval', { Source: 'platform', RequestedBy: null }),
        ]),
        PayoutSummary: { data: SUMMARY },
      }),
    );
    renderApp('/admin/payouts?coin=1#pending');
    expect(await screen.findByRole('heading', { name: 'Pending Payouts', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(await within(table).findByText('bob')).toBeInTheDocument();
    expect(within(table).getByText('platform')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Completed/ })).toHaveTextContent('>12,000');
    expect(screen.getByRole('tab', { name: /Awaiting approval/ })).toHaveAttribute('aria-selected', 'true');
    const totals = screen.getByRole('table', { name: 'Totals per coin' });
    expect(within(totals).getByText('62,500.00')).toBeInTheDocument();
    expect(callsOf(calls, 'ListPayouts')[0]?.url.searchParams.get('coin')).toBe('1');
    expect(callsOf(calls, 'PayoutSummary')[0]?.url.searchParams.get('coin')).toBe('1');

    // Another tab keeps #pending (the view) and asks for its state.
    fireEvent.click(screen.getByRole('tab', { name: /Sent/ }));
    await waitFor(() =>
      expect(callsOf(calls, 'ListPayouts').at(-1)?.url.searchParams.get('state')).toBe('sent'),
    );
    expect(screen.getByRole('heading', { name: 'Pending Payouts', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Sent/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('reads the tab and its counts again when the payouts feed says a payout moved', async () => {
    let moved = false;
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        ListPayouts: () => page(moved ? [] : [payout(1, 'awaiting-approval')]),
        PayoutSummary: { data: SUMMARY },
      }),
    );
    renderApp('/admin/payouts#pending');
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(await within(table).findByText('bob')).toBeInTheDocument();
    let socket: FakeWebSocket | undefined;
    await waitFor(() => {
      socket = FakeWebSocket.find(SOCKET_PATHS.payouts);
      expect(socket).toBeDefined();
    });
    const summaries = callsOf(calls, 'PayoutSummary').length;
    moved = true;
    act(() => {
      socket?.open();
      socket?.emit(JSON.stringify({ type: 'payout', seq: 9, kind: 'approved', ID: 1, State: 'approved' }));
    });
    await waitFor(() => expect(within(table).queryByText('bob')).toBeNull());
    expect(callsOf(calls, 'PayoutSummary').length).toBeGreaterThan(summaries);
  });

  it('approves from the drawer with a TOTP code, and shows a refusal in the dialog', async () => {
    const waiting = payout(1, 'awaiting-approval');
    let tries = 0;
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        ListPayouts: page([waiting]),
        PayoutSummary: { data: SUMMARY },
        PayoutDetail: { data: detail(waiting) },
        ApprovePayout: () => {
          tries += 1;
          if (tries === 1)
            return {
              status: 409,
              message:
                'That authenticator code was already used: wait for the next code your app shows, then try again',
            };
          return { data: detail({ ...waiting, State: 'approved', ApprovedBy: 'alice' }) };
        },
      }),
    );
    renderApp('/admin/payouts#pending');
    const table = await screen.findByRole('table', { name: 'Payouts' });
    fireEvent.click(await within(table).findByText('bob'));
    const drawer = await screen.findByRole('dialog', { name: 'Payout 1' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve with your authenticator' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('Type the 6-digit code of your authenticator app'),
    ).toBeInTheDocument();
    expect(callsOf(calls, 'ApprovePayout')).toHaveLength(0);

    const typeCode = (code: string) => {
      for (const [i, box] of within(dialog).getAllByRole('textbox').entries())
        fireEvent.change(box, { target: { value: code[i] } });
    };
    typeCode('123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That authenticator code was already used',
    );
    typeCode('654321');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Approve with your authenticator' })).toBeNull(),
    );
    expect(callsOf(calls, 'ApprovePayout').map((c) => c.body)).toEqual([
      { ID: 1, Code: '123456' },
      { ID: 1, Code: '654321' },
    ]);
  });

  it('bulk-cancels the selected payouts with one reason and reports each refusal', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        ListPayouts: page([payout(1, 'awaiting-approval'), payout(2, 'awaiting-approval')]),
        PayoutSummary: { data: SUMMARY },
        BulkCancelPayouts: {
          data: {
            Results: [
              { ID: 1, Done: true, State: 'cancelled', Message: null },
              { ID: 2, Done: false, State: 'approved', Message: 'This payout was already approved by carol' },
            ],
          },
        },
      }),
    );
    renderApp('/admin/payouts#pending');
    const table = await screen.findByRole('table', { name: 'Payouts' });
    await within(table).findAllByText('bob');
    for (const box of within(table).getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel selected…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payout' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Duplicate' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel payout' }));
    expect(await screen.findByText('1 of 2 done')).toBeInTheDocument();
    expect(screen.getByText('Payout 2: This payout was already approved by carol')).toBeInTheDocument();
    expect(callsOf(calls, 'BulkCancelPayouts')[0]?.body).toEqual({ IDs: [1, 2], Reason: 'Duplicate' });
  });
});

const schemaRow: PayoutSchemaRow = {
  ID: 12,
  ShopTitle: 'Tulip Shop',
  OwnerNickName: 'tulip',
  Email: 'owner@tulip.test',
  PayoutSchema: 'keep',
  PaysTo: null,
  DisablePayout: false,
  ExcludedCoins: 0,
  RegisteredOn: '2026-01-01T00:00:00.000Z',
};

const schemaDetail = (extra: Partial<PayoutSchemaDetail> = {}): PayoutSchemaDetail => ({
  ...schemaRow,
  PayoutTo: null,
  PayoutExcludes: [],
  PayPalEmail: null,
  PayeerAccount: null,
  IBAN: null,
  AddressBook: { transferwise: [], crypto: [] },
  Version: 3,
  History: [],
  ...extra,
});

describe('Payout Schemas', () => {
  it('lists merchants with their schema (Keep names the product) and filters by schema', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { ListPayoutSchemas: page([schemaRow]) }));
    renderApp('/admin/payouts?schema=keep');
    expect(await screen.findByRole('heading', { name: 'Payout Schemas', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Payout schemas' });
    expect(await within(table).findByText(/^Keep with /)).toBeInTheDocument();
    expect(callsOf(calls, 'ListPayoutSchemas')[0]?.url.searchParams.get('schema')).toBe('keep');
  });

  it('saves a schema change with the version it was made against', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        PayoutSchemaDetail: { data: schemaDetail() },
        UpdatePayoutSchema: { data: schemaDetail({ DisablePayout: true, Version: 4 }) },
      }),
    );
    renderApp('/admin/payouts/12');
    const form = await screen.findByRole('region', { name: 'Change the payout schema' });
    fireEvent.click(within(form).getByRole('combobox', { name: 'Payout' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout schema' }));
    await waitFor(() => expect(callsOf(calls, 'UpdatePayoutSchema')).toHaveLength(1));
    expect(callsOf(calls, 'UpdatePayoutSchema')[0]?.body).toMatchObject({
      ID: 12,
      ExpectedVersion: 3,
      PayoutSchema: 'keep',
      DisablePayout: true,
    });
  });
});
