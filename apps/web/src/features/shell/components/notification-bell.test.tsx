import { SOCKET_PATHS } from '@bo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { listRoutes, makeTransaction } from '../../../test/transaction-fixtures';

/** The feed connects once the screen has had its first paint (AfterFirstPaint in the admin shell). */
const feed = async (): Promise<FakeWebSocket> => {
  let socket: FakeWebSocket | undefined;
  await waitFor(() => {
    socket = FakeWebSocket.find(SOCKET_PATHS.notifications);
    expect(socket).toBeDefined();
  });
  if (!socket) throw new Error('no notifications socket');
  return socket;
};

const frame = async (text: string) => {
  const socket = await feed();
  act(() => socket.emit(text));
};

describe('NotificationBell', () => {
  it('counts live notifications, and marking one read copies it and opens its transaction', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes({ records: [], firstCursor: null, lastCursor: null }),
        MerchantsListDash: { data: [] },
        TransactionDetail: { data: makeTransaction({ TransactionID: 42, ID: 42 }) },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await frame(`PAID:T000000042:7:${Date.now() - 120_000}`);
    await frame('EXPIRED:T000000043:8:1700000000000');
    await frame('garbage that is not a frame');

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('list', { name: 'Notification list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('2 minutes ago')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Mark read: T000000042 paid successfully' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('T000000042 paid successfully');
    expect(router.state.location.pathname).toBe('/admin/transactions/T000000042');
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('lists success toasts too, and Clear All empties the list', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        ...listRoutes({ records: [makeTransaction()], firstCursor: 'a', lastCursor: 'a' }),
        MerchantsListDash: { data: [] },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const row = (await screen.findByRole('link', { name: 'T000001234' })).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Copy transaction ID' }));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(
      await screen.findByText('Copied to clipboard: T000001234', { selector: 'ul *' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByText('No notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens no feed for a user who may not see transactions', async () => {
    mockApi(signedInRoutes(['marketing-commander']));
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(FakeWebSocket.find(SOCKET_PATHS.notifications)).toBeUndefined();
  });
});
