import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useNotificationCenter } from '../../../lib/notifications/notification-center.store';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { listRoutes, makeTransaction } from '../../../test/transaction-fixtures';

const MERCHANTS = { data: [{ ID: 9, ShopTitle: 'Coffee Corner', Name: 'Carla' }] };
const page = (tx = makeTransaction()) => listRoutes({ records: [tx], firstCursor: 'c1', lastCursor: 'c1' });

const callsNamed = (calls: ReturnType<typeof mockApi>['calls'], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

describe('status dialog', () => {
  it('preselects Waiting for a paid row and sends statusID 0 with notenough 0', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions', 'admin-commander'], {
        ...page(),
        MerchantsListDash: MERCHANTS,
        Last24HData: { status: 500, message: 'not in this test' },
        TotalRegistrations24H: { data: { TotalRegistrations: 0 } },
        TransactionStatusUpdate: { data: makeTransaction({ Status: 'waiting' }) },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction status — T000001234' });
    expect(within(dialog).getByRole('radio', { name: 'Waiting' })).toBeChecked();
    expect(within(dialog).getByText('Now: Paid')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Transaction status update requested successfully')).toBeInTheDocument();
    const sent = callsNamed(calls, 'TransactionStatusUpdate')[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ TransactionID: 'T000001234', targetMerchant: 9, statusID: 0, notenough: 0 });
    expect(useNotificationCenter.getState().items[0]?.message).toBe(
      'Transaction status update requested successfully',
    );
  });

  it('sends Not Enough as Paid with notenough 1 and keeps the choice when the server refuses', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions', 'admin-commander'], {
        ...page(makeTransaction({ Status: 'waiting' })),
        MerchantsListDash: MERCHANTS,
        Last24HData: { status: 500, message: 'not in this test' },
        TotalRegistrations24H: { data: { TotalRegistrations: 0 } },
        TransactionStatusUpdate: { status: 400, message: 'A swap transaction cannot be changed here' },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Paid' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Not Enough' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('A swap transaction cannot be changed here')).toBeInTheDocument();
    expect(callsNamed(calls, 'TransactionStatusUpdate')[0]?.body).toMatchObject({
      statusID: 1,
      notenough: 1,
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Not Enough' })).toBeChecked();
  });

  it('is not offered without admin-commander, nor on payouts', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...page(),
        MerchantsListDash: MERCHANTS,
      }),
    );
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Logs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
  });
});

describe('logs dialog', () => {
  it('marks comments in yellow, fills a quick phrase and appends it with KYCLOG', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ...page(makeTransaction({ Comments: '2024-03-05 02:00:00 PM - bob: checked' })),
        MerchantsListDash: MERCHANTS,
        KYCLOG: { data: { result: 'ok' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logs, has comments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logs — T000001234' });
    expect(within(dialog).getByText('2024-03-05 02:00:00 PM - bob: checked')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Missing label' }));
    expect(within(dialog).getByRole('textbox', { name: 'Log' })).toHaveValue('Missing label');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Logs updated successfully')).toBeInTheDocument();
    const sent = callsNamed(calls, 'KYCLOG')[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({ transactionlog: 'Missing label', TransactionID: 1234 });
  });

  it('flags an empty log without sending, and keeps the typed text when saving fails', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ...page(makeTransaction({ Prefix: 'P', TransactionID: 77, ID: 77 })),
        MerchantsListDash: MERCHANTS,
        KYCLOG: { status: 503, message: 'Database unavailable' },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logs' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox', { name: 'Log' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(callsNamed(calls, 'KYCLOG')).toHaveLength(0);

    await user.type(box, 'Refund sent by bank');
    expect(box).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(callsNamed(calls, 'KYCLOG').at(-1)?.body).toEqual({
      payoutlog: 'Refund sent by bank',
      PayoutID: 77,
    });
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Log' })).toHaveValue(
      'Refund sent by bank',
    );
  });
});

describe('provider dialog', () => {
  it("shows the acquirer's record of the payment, amounts from cents", async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ...page(makeTransaction({ ExternalTransactionProvider: 'Stripe' })),
        MerchantsListDash: MERCHANTS,
        PaymentProvider: {
          data: {
            kind: 'stripe',
            id: 'pi_123',
            amount: 2550,
            currency: 'eur',
            status: 'succeeded',
            description: 'Order 77',
            receipt_url: null,
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'More actions for T000001234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Stripe details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stripe — T000001234' });
    expect(await within(dialog).findByText('25.50 EUR')).toBeInTheDocument();
    expect(within(dialog).getByText('succeeded')).toBeInTheDocument();
    const sent = callsNamed(calls, 'PaymentProvider')[0]?.url.searchParams;
    expect([sent?.get('ID'), sent?.get('Payout'), sent?.get('ProviderID')]).toEqual(['1234', '0', 'Stripe']);
  });

  it("says 'No record found!' when the provider has no record", async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...page(makeTransaction({ ExternalTransactionProvider: 'BankLink' })),
        MerchantsListDash: MERCHANTS,
        PaymentProvider: { data: null },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'More actions for T000001234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'BankLink details' }));
    expect(await screen.findByText('No record found!')).toBeInTheDocument();
  });
});

describe('row actions by keyboard', () => {
  it('gives focus back to the button that opened the logs dialog or the menu, the first time too', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...page(),
        MerchantsListDash: MERCHANTS,
        Last24HData: { status: 500, message: 'not in this test' },
        TotalRegistrations24H: { data: { TotalRegistrations: 0 } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const logs = await screen.findByRole('button', { name: 'Logs' });
    logs.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /^Logs/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Logs' })).toHaveFocus());

    screen.getByRole('button', { name: 'More actions for T000001234' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Copy security key' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'More actions for T000001234' })).toHaveFocus(),
    );
  });
});
