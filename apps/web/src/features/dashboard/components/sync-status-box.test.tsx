import { type ADMIN_CALLS, type DataOf, SERVICE_STATUS_POLL_MS } from '@bo/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { mockApi, SESSION, signedInRoutes } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { SyncStatusBox } from './sync-status-box';

type SlaveStatus = DataOf<(typeof ADMIN_CALLS)['SlaveStatus']>;

const IN_SYNC: SlaveStatus = {
  Seconds_Behind_Master: 0,
  Slave_IO_Running: 'Yes',
  Slave_SQL_Running: 'Yes',
  Source: 'primary',
};

/** The admin calls through mockApi; the status endpoints answer their plain text as the server does. */
const setUp = (options: { slugs: string[]; slave?: SlaveStatus; texts: Record<string, string> }) => {
  const { calls, fetchMock } = mockApi(
    signedInRoutes(options.slugs, options.slave ? { SlaveStatus: { data: options.slave } } : {}),
  );
  const statusCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const service = /^\/api\/main\/status\/(.+)$/.exec(url.pathname)?.[1];
      if (service === undefined) return fetchMock(input, init);
      statusCalls.push(service);
      const text = options.texts[service] ?? 'NOT CONFIGURED';
      return new Response(text, { status: text === 'OK' ? 200 : 503 });
    }),
  );
  useAppStore.setState({
    session: SESSION,
    token: 'jwt-1',
    isLoggedIn: true,
    permissions: options.slugs.map((Slug) => ({ Slug })),
  });
  renderWithProviders(<SyncStatusBox />);
  const box = screen.getByRole('region', { name: 'Sync Status' });
  const slaveCalls = () => calls.filter((c) => c.url.searchParams.get('Call') === 'SlaveStatus');
  return { box, statusCalls, slaveCalls };
};

const ALL_OK = { artemis: 'OK', kc: 'OK', 'kc-sockets': 'OK', 'kc-broker': 'OK' };

afterEach(() => {
  vi.useRealTimers();
});

describe('SyncStatusBox', () => {
  it('shows Synced and every service as OK when all is well', async () => {
    const { box } = setUp({ slugs: ['view-transactions'], slave: IN_SYNC, texts: ALL_OK });
    expect(await within(box).findByRole('button', { name: 'Synced: OK' })).toBeInTheDocument();
    for (const label of ['Artemis', 'KC', 'KC Sockets', 'KC Broker']) {
      expect(await within(box).findByRole('button', { name: `${label}: OK` })).toBeInTheDocument();
    }
  });

  it('shows Out of Sync at the 5-second threshold and names what is wrong with each service', async () => {
    const { box } = setUp({
      slugs: ['view-transactions'],
      slave: { ...IN_SYNC, Seconds_Behind_Master: 5, Source: 'read-replica' },
      texts: { artemis: 'OK', kc: 'TIMEOUT', 'kc-sockets': 'ok', 'kc-broker': 'NOT CONFIGURED' },
    });
    expect(await within(box).findByRole('button', { name: 'Out of Sync: not OK' })).toBeInTheDocument();
    expect(await within(box).findByRole('button', { name: 'Artemis: OK' })).toBeInTheDocument();
    expect(await within(box).findByRole('button', { name: 'KC: TIMEOUT' })).toBeInTheDocument();
    // Only the exact text OK is healthy (SPEC §4).
    expect(await within(box).findByRole('button', { name: 'KC Sockets: NOT OK' })).toBeInTheDocument();
    expect(await within(box).findByRole('button', { name: 'KC Broker: NOT CONFIGURED' })).toBeInTheDocument();
  });

  it('explains on hover that no replica means reads come from the primary', async () => {
    const { box } = setUp({ slugs: ['view-transactions'], slave: IN_SYNC, texts: ALL_OK });
    await userEvent.hover(await within(box).findByRole('button', { name: 'Synced: OK' }));
    expect(await screen.findByText(/No replica: reads come from the primary database/)).toBeInTheDocument();
  });

  it('leaves out the replication button and its call without view-transactions', async () => {
    const { box, slaveCalls } = setUp({ slugs: [], texts: ALL_OK });
    expect(await within(box).findByRole('button', { name: 'KC Broker: OK' })).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: /Synced|Out of Sync/ })).not.toBeInTheDocument();
    expect(slaveCalls()).toHaveLength(0);
  });

  it('checks a service again when its button is clicked', async () => {
    const { box, statusCalls } = setUp({ slugs: [], texts: ALL_OK });
    await userEvent.click(await within(box).findByRole('button', { name: 'Artemis: OK' }));
    await vi.waitFor(() => expect(statusCalls.filter((s) => s === 'artemis')).toHaveLength(2));
  });

  it('asks everything again every 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { box, statusCalls, slaveCalls } = setUp({
      slugs: ['view-transactions'],
      slave: IN_SYNC,
      texts: ALL_OK,
    });
    expect(await within(box).findByRole('button', { name: 'KC Broker: OK' })).toBeInTheDocument();
    await vi.waitFor(() => expect(slaveCalls()).toHaveLength(1));
    expect(statusCalls).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(SERVICE_STATUS_POLL_MS - 1000));
    expect(statusCalls).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await vi.waitFor(() => expect(statusCalls).toHaveLength(8));
    await vi.waitFor(() => expect(slaveCalls()).toHaveLength(2));
  });
});
