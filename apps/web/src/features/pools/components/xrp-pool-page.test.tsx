import type { XrpPaymentRow, XrpPool } from '@bo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const payment = (overrides: Partial<XrpPaymentRow> = {}): XrpPaymentRow => ({
  ID: 31,
  LedgerIndex: 91_234_567,
  TxHash: 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90',
  From: 'rExchangeHotWa11etAAAAAAAAAAAAAAA',
  DestTag: null,
  Amount: '120.500000',
  MatchedTransactionID: null,
  Status: 'unmatched-no-tag',
  Note: null,
  ReceivedOn: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  Account: {
    Address: 'rLedger1inePoo1AccountXRPdeposits',
    Role: 'pool',
    Balance: '5000.000000',
    Reserve: '1.400000',
    Spendable: '4998.599988',
    Sweep: null,
  },
  ...overrides,
});

const pool = (records: XrpPaymentRow[]): XrpPool => ({
  Summary: {
    Mode: 'fake',
    LedgerIndex: 91_234_600,
    PoolBalance: '5000.000000',
    ReserveLocked: '1.400000',
    Spendable: '4998.600000',
    UnmatchedCount: records.length,
    UnmatchedAmount: '120.500000',
    RequireDest: false,
    BaseReserve: '1.000000',
    OwnerReserve: '0.200000',
    HotWallet: { Address: 'rHotWa11etLedger1ineXRPpoo1Sweeps', Balance: '25000.000000' },
  },
  records,
  meta: { total: records.length, offset: 0, limit: 25, page: 1 },
});

describe('XrpPoolPage', () => {
  it('lists an unmatched payment and shows the refusal of a non-XRP transaction under the field', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        XrpPool: { data: pool([payment()]) },
        AssignXrpPayment: { status: 409, message: 'T000001234 is not an XRP transaction' },
      }),
    );
    renderApp('/admin/transaction-xrp-pool');
    expect(await screen.findByRole('region', { name: 'Unmatched payments' })).toHaveTextContent('1');
    expect(screen.getByRole('region', { name: 'RequireDest' })).toHaveTextContent('Off');
    const table = screen.getByRole('table', { name: 'Inbound payments' });
    expect(within(table).getByText('No tag')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Assign payment 31 to a transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to transaction' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Transaction/ }), 'T1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('T000001234 is not an XRP transaction')).toBeInTheDocument();
    expect(calls.find((c) => c.url.searchParams.get('Call') === 'AssignXrpPayment')?.body).toEqual({
      ID: 31,
      Transaction: 'T1234',
    });
  });

  it('says nothing needs attention when the queue is empty', async () => {
    mockApi(signedInRoutes(['admin-commander'], { XrpPool: { data: pool([]) } }));
    renderApp('/admin/transaction-xrp-pool');
    expect(await screen.findByText('No XRP payment needs attention')).toBeInTheDocument();
  });
});
