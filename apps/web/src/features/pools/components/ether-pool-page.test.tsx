import type { EtherDepositRow, EtherPool } from '@bo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const row = (overrides: Partial<EtherDepositRow> = {}): EtherDepositRow => ({
  ID: 5,
  Address: '0x1234567890abcdef1234567890abcdef12345678',
  DerivationIndex: 5,
  Token: 'USDT',
  Balance: '125.000000',
  GasBalance: '0.000000000000000000',
  State: 'gas_required',
  IsAboveMinimum: true,
  LinkedTransactions: 2,
  LastTransactionID: 4321,
  LastTxHash: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcdefabcd',
  LastError: null,
  ValueEUR: '115.00',
  UpdatedOn: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  ...overrides,
});

const pool = (overrides: Partial<EtherPool> = {}): EtherPool => ({
  Summary: {
    Mode: 'fake',
    HotWallet: {
      Address: '0x4f7e0000000000000000000000000000000a0001',
      ETH: '2.500000000000000000',
      USDT: '900.000000',
    },
    GasKeeper: {
      Address: '0x4f7e0000000000000000000000000000000a0002',
      Balance: '0.010000000000000000',
      Threshold: '0.250000000000000000',
      IsLow: true,
    },
    GasPrice: { NowGwei: '84.000000000', MaxGwei: '60.000000000', IsTooHigh: true },
    SweepsPending: 1,
    ValueWaitingEUR: '115.00',
    Minimums: { ETH: '0.01', USDT: '10.00' },
  },
  records: [row()],
  meta: { total: 1, offset: 0, limit: 25, page: 1 },
  ...overrides,
});

describe('EtherPoolPage', () => {
  it('shows the figures, a keeper below its threshold and the gas price above the maximum', async () => {
    mockApi(signedInRoutes(['admin-commander'], { EtherPool: { data: pool() } }));
    renderApp('/admin/transaction-ether-pool');
    expect(await screen.findByRole('heading', { name: 'Ether Pool', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Gas keeper' })).toHaveTextContent(
      'Below its threshold of 0.25 ETH',
    );
    expect(
      screen.getByText(
        'Gas price 84 gwei is above the maximum 60 gwei in Automation Config; sweep postponed.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Deposit addresses' });
    expect(within(table).getByText('Gas required')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'T000004321' })).toBeInTheDocument();
    expect(screen.getByText('FAKE')).toBeInTheDocument();
  });

  it('says every address is swept when nothing waits', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        EtherPool: { data: pool({ records: [], meta: { total: 0, offset: 0, limit: 25, page: 1 } }) },
      }),
    );
    renderApp('/admin/transaction-ether-pool');
    expect(await screen.findByText('Every deposit address is swept')).toBeInTheDocument();
  });

  it('sweeps after confirmation and shows the server’s refusal of a second sweep', async () => {
    let sweeps = 0;
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        EtherPool: { data: pool() },
        SweepEtherAddress: () =>
          ++sweeps === 1
            ? {
                data: {
                  ActionID: 1,
                  State: 'done',
                  Amount: '125.000000',
                  TxHashes: ['0x1', '0x2'],
                  Message: 'Swept 125.00 USDT from 0x1234…5678 to the hot wallet',
                },
              }
            : { status: 409, message: '0x1234…5678 (USDT) was already swept; nothing is left to sweep' },
      }),
    );
    renderApp('/admin/transaction-ether-pool');
    const sweep = await screen.findByRole('button', { name: `Sweep ${row().Address} now` });
    await userEvent.click(sweep);
    const dialog = await screen.findByRole('dialog', { name: 'Sweep now' });
    expect(dialog).toHaveTextContent('The gas keeper first sends this address the ETH its transfer needs.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sweep' }));
    expect(
      await screen.findByText('Swept 125.00 USDT from 0x1234…5678 to the hot wallet'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.searchParams.get('Call') === 'SweepEtherAddress')).toHaveLength(1),
    );
    expect(calls.find((c) => c.url.searchParams.get('Call') === 'SweepEtherAddress')?.body).toEqual({
      ID: 5,
    });

    await userEvent.click(await screen.findByRole('button', { name: `Sweep ${row().Address} now` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sweep now' })).getByRole('button', { name: 'Sweep' }),
    );
    expect(
      await screen.findByText('0x1234…5678 (USDT) was already swept; nothing is left to sweep'),
    ).toBeInTheDocument();
  });
});
