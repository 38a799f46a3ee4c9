import type { CoinHealthDetail, CoinHealthList, CoinHealthRow } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const coin = (
  AltCoinID: number,
  Name: string,
  Status: CoinHealthRow['Status'],
  Reasons: string[],
): CoinHealthRow => ({
  AltCoinID,
  Name,
  ShortName: Name.slice(0, 3).toUpperCase(),
  LongName: Name,
  IsOnline: true,
  Status,
  Reasons,
  SampledOn: '2026-11-27T12:00:00.000Z',
  Reachable: true,
  NodeHeight: 929_480,
  ReferenceHeight: 929_500,
  Lag: 20,
  LastBlockOn: '2026-11-27T08:40:00.000Z',
  BlockAgeSeconds: 12_000,
  HotWallet: '0.44444444',
  PendingDeposits: 1,
  PendingWithdrawals: 0,
  Thresholds: {
    MaxLagBlocks: 3,
    Confirmations: 2,
    MaxBlockAgeMinutes: 60,
    HotWalletMin: '0.05600000',
    HotWalletMax: '2.20000000',
    UpdatedOn: null,
    UpdatedBy: null,
  },
});

const red = coin(1, 'Bitcoin', 'red', ['Node 20 blocks behind the reference (limit 3)']);
const green = {
  ...coin(2, 'Litecoin', 'green', ['In sync at block 3,200,629; hot wallet within limits']),
  Lag: 0,
};

const list = (records: CoinHealthRow[]): { data: CoinHealthList } => ({
  data: {
    Summary: {
      Mode: 'fake',
      ProbeIntervalSeconds: 60,
      LastProbeOn: '2026-11-27T12:00:00.000Z',
      Counts: { red: 1, amber: 0, green: 1 },
    },
    records,
    meta: { total: records.length, offset: 0, limit: 50, page: 1 },
  },
});

describe('Coin Health', () => {
  it('lists the coins worst first with the reason in words, and sends the filters', async () => {
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { CoinHealth: list([red, green]) }));
    renderApp('/admin/coin-health?status=red&online=online');
    const table = await screen.findByRole('table', { name: 'Coin health' });
    await within(table).findByText('Bitcoin');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Red')).toBeInTheDocument();
    expect(within(table).getByText('Node 20 blocks behind the reference (limit 3)')).toBeInTheDocument();
    expect(within(table).getByText('20 behind · limit 3')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Red' })).toHaveTextContent('1');
    const first = callsOf(calls, 'CoinHealth')[0]?.url.searchParams;
    expect(first?.get('status')).toBe('red');
    expect(first?.get('online')).toBe('online');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'lite' } });
    await waitFor(() => expect(callsOf(calls, 'CoinHealth').at(-1)?.url.searchParams.get('q')).toBe('lite'));
  });

  it('shows a coin: its reason, its samples, and an xChange transaction in context', async () => {
    const detail: CoinHealthDetail = {
      Mode: 'fake',
      Coin: red,
      Window: '24h',
      History: [],
      Samples: [
        {
          ID: 9,
          SampledOn: '2026-11-27T12:00:00.000Z',
          Reachable: true,
          NodeHeight: 929_480,
          ReferenceHeight: 929_500,
          Lag: 20,
          LastBlockOn: '2026-11-27T08:40:00.000Z',
          HotWallet: '0.44444444',
          PendingDeposits: 1,
          PendingWithdrawals: 0,
          Status: 'red',
          Reason: 'Node 20 blocks behind the reference (limit 3)',
        },
      ],
      XChange: {
        XChangeID: 555,
        Prefix: 'T',
        TransactionID: 1234,
        Status: 'paid',
        Amount: '0.01000000',
        Coin: 'BTC',
        AltCoinID: 1,
        CreatedOn: '2026-11-27T10:00:00.000Z',
        ConfirmedOn: '2026-11-27T10:20:00.000Z',
        Block: 929_490,
        Confirmations: 1,
        Required: 2,
        NodeThen: null,
        Verdict: '1 of 2 confirmations so far; no node sample from when it was created',
      },
      XChangeMissing: null,
    };
    const { calls } = mockApi(signedInRoutes(['admin-commander'], { CoinHealthDetail: { data: detail } }));
    renderApp('/admin/coin-health/1?q=xChange&id=555');
    expect(await screen.findByRole('heading', { name: 'Coin Health: Bitcoin (BIT)' })).toBeInTheDocument();
    const now = screen.getByRole('region', { name: 'Now' });
    expect(within(now).getByText('Node 20 blocks behind the reference (limit 3)')).toBeInTheDocument();
    expect(
      screen.getByText('1 of 2 confirmations so far; no node sample from when it was created'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'T000001234' })).toHaveAttribute(
      'href',
      '/admin/transactions/T000001234',
    );
    const sent = callsOf(calls, 'CoinHealthDetail')[0]?.url.searchParams;
    expect(sent?.get('ID')).toBe('1');
    expect(sent?.get('xchange')).toBe('555');
    expect(within(screen.getByRole('table', { name: 'Samples' })).getByText('Red')).toBeInTheDocument();
  });

  it('saves the thresholds once, refusing a maximum below the minimum on its field first', async () => {
    const saved = {
      ...red.Thresholds,
      HotWalletMax: '3.00000000',
      UpdatedBy: 'alice',
      UpdatedOn: '2026-11-27T12:01:00.000Z',
    };
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        CoinHealthDetail: {
          data: {
            Mode: 'fake',
            Coin: red,
            Window: '24h',
            History: [],
            Samples: [],
            XChange: null,
            XChangeMissing: null,
          },
        },
        UpdateCoinHealthThresholds: { data: saved },
      }),
    );
    renderApp('/admin/coin-health/1');
    const form = await screen.findByRole('form', { name: 'Thresholds' });
    const max = within(form).getByRole('textbox', { name: /Hot wallet maximum/ });
    fireEvent.change(max, { target: { value: '0.01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    expect(
      await within(form).findByText('The hot-wallet maximum must not be below the minimum'),
    ).toBeInTheDocument();
    expect(callsOf(calls, 'UpdateCoinHealthThresholds')).toHaveLength(0);
    fireEvent.change(max, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(callsOf(calls, 'UpdateCoinHealthThresholds')).toHaveLength(1));
    expect(callsOf(calls, 'UpdateCoinHealthThresholds')[0]?.body).toMatchObject({
      ID: 1,
      MaxLagBlocks: 3,
      HotWalletMin: '0.056',
      HotWalletMax: '3',
    });
  });

  it('is refused to staff without admin-commander', async () => {
    mockApi(signedInRoutes(['view-transactions'], {}));
    renderApp('/admin/coin-health');
    expect(await screen.findByRole('heading', { name: /not authorized/i })).toBeInTheDocument();
  });
});
