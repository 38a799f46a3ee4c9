import { type ChatFeedMessage, type ChatMessage, formatContactList, SOCKET_PATHS } from '@bo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket';
import { type Answer, mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const message = (over: Partial<ChatMessage> & Pick<ChatMessage, 'ID'>): ChatMessage => ({
  FROM: 'Bean Shop',
  TO: 'Support',
  Message: 'Hello',
  MsgType: 'IN',
  ContactName: 'Bean Shop',
  CreatedOn: '2026-07-01T10:05:00.000Z',
  ...over,
});

/**
 * A small chat server: two contacts, their conversations and the caller's unread counts, which HISTORY
 * clears as the real server does. `failSend` makes the next SEND fail with data.error.
 */
function chatServer() {
  const state = {
    contacts: [
      { id: 11, name: 'Bean Shop', lastAt: 1_700_000_002_000, count: 2 },
      { id: 12, name: 'Crypto Corner', lastAt: 1_700_000_001_000, count: 0 },
    ],
    history: {
      11: [
        message({ ID: 1, Message: '<b>Where</b> is my payout?' }),
        message({ ID: 2, Message: 'Still waiting' }),
      ],
      12: [
        message({ ID: 3, FROM: 'alice', TO: 'Crypto Corner', MsgType: 'OUT', ContactName: 'Crypto Corner' }),
      ],
    } as Record<number, ChatMessage[]>,
    sent: [] as Array<{ ID: number; TEXT: string }>,
    failSend: null as string | null,
  };
  const get = (request: Request): Answer => {
    const url = new URL(request.url);
    if (url.searchParams.get('Call') === 'CONTACTLIST') return { data: formatContactList(state.contacts) };
    const id = Number(url.searchParams.get('ID'));
    state.contacts = state.contacts.map((c) => (c.id === id ? { ...c, count: 0 } : c));
    return { data: state.history[id] ?? [] };
  };
  const post = async (request: Request): Promise<Answer> => {
    const body = (await request.json()) as { ID: number; TEXT: string };
    if (state.failSend) {
      return { status: 400, statusCode: 400, message: 'Bad request', data: { error: state.failSend } };
    }
    state.sent.push(body);
    const sent = message({
      ID: 100 + state.sent.length,
      FROM: 'alice',
      TO: 'x',
      MsgType: 'OUT',
      Message: body.TEXT,
    });
    state.history[body.ID] = [...(state.history[body.ID] ?? []), sent];
    return { data: sent };
  };
  return { state, routes: { 'GET /MarketAPI': get, 'POST /MarketAPI': post } };
}

const openChat = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: /Support Chat/ }));
  return screen.findByRole('region', { name: 'Support Chat' });
};

describe('ChatWidget', () => {
  it('is not shown without chatter-role', async () => {
    mockApi(signedInRoutes(['view-roles']));
    renderApp('/admin/not-authorized');
    await screen.findByRole('heading', { name: 'Not authorized' });
    expect(screen.queryByRole('button', { name: /Support Chat/ })).not.toBeInTheDocument();
    expect(FakeWebSocket.find(SOCKET_PATHS.chat)).toBeUndefined();
  });

  it('shows the unread total, opens the waiting conversation as text in Amsterdam time, and marks it read', async () => {
    const server = chatServer();
    mockApi(signedInRoutes(['chatter-role', 'view-roles'], server.routes));
    const user = userEvent.setup();
    renderApp('/admin/not-authorized');
    const button = await screen.findByRole('button', { name: /Support Chat/ });
    await waitFor(() => expect(within(button).getByLabelText('Unread messages: 2')).toBeInTheDocument());

    const panel = await openChat(user);
    expect(within(panel).getByRole('combobox', { name: 'Contact' })).toHaveValue('Bean Shop');
    // Shown literally: chat text is never HTML.
    expect(await within(panel).findByText('<b>Where</b> is my payout?')).toBeInTheDocument();
    expect(within(panel).getAllByText('Bean Shop · 2026-07-01 12:05')).toHaveLength(2);
    await waitFor(() => expect(within(panel).queryByLabelText(/Unread messages/)).not.toBeInTheDocument());
  });

  it('Enter sends, Ctrl+Enter is a new line, a blank message is refused, a send error keeps the text', async () => {
    const server = chatServer();
    mockApi(signedInRoutes(['chatter-role', 'view-roles'], server.routes));
    const user = userEvent.setup();
    renderApp('/admin/not-authorized');
    const panel = await openChat(user);
    await within(panel).findByText('Still waiting');
    const box = within(panel).getByRole('textbox', { name: 'Message' });
    const send = within(panel).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await user.type(box, '   {Enter}');
    expect(await within(panel).findByText('Please provide a valid message')).toBeInTheDocument();
    expect(server.state.sent).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'Line one{Control>}{Enter}{/Control}Line two{Enter}');
    await waitFor(() => expect(server.state.sent).toEqual([{ ID: 11, TEXT: 'Line one\nLine two' }]));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await within(panel).findByText(/Line one\s+Line two/)).toBeInTheDocument();

    server.state.failSend = 'Chat is closed for this merchant';
    await user.type(box, 'Are you there?{Enter}');
    expect(await within(panel).findByText('Chat is closed for this merchant')).toBeInTheDocument();
    expect(box).toHaveValue('Are you there?');
  });

  it('a leading @name picks the recipient and sends the rest to them', async () => {
    const server = chatServer();
    mockApi(signedInRoutes(['chatter-role', 'view-roles'], server.routes));
    const user = userEvent.setup();
    renderApp('/admin/not-authorized');
    const panel = await openChat(user);
    await within(panel).findByText('Still waiting');
    const box = within(panel).getByRole('textbox', { name: 'Message' });

    await user.type(box, '@crypto corner ');
    await waitFor(() =>
      expect(within(panel).getByRole('combobox', { name: 'Contact' })).toHaveValue('Crypto Corner'),
    );
    await user.type(box, 'your refund left{Enter}');
    await waitFor(() => expect(server.state.sent).toEqual([{ ID: 12, TEXT: 'your refund left' }]));

    await user.type(box, '@Nobody hi{Enter}');
    expect(await within(panel).findByText('No contact is called Nobody')).toBeInTheDocument();
    expect(server.state.sent).toHaveLength(1);
  });

  it('a live message from another contact raises the unread badge and dot; one for the open conversation appears in it', async () => {
    const server = chatServer();
    mockApi(signedInRoutes(['chatter-role', 'view-roles'], server.routes));
    const user = userEvent.setup();
    renderApp('/admin/not-authorized');
    const panel = await openChat(user);
    await within(panel).findByText('Still waiting');
    await waitFor(() => expect(within(panel).queryByLabelText(/Unread messages/)).not.toBeInTheDocument());
    const socket = FakeWebSocket.find(SOCKET_PATHS.chat);
    if (!socket) throw new Error('no chat socket');
    act(() => socket.open());

    const live = (frame: ChatFeedMessage) => act(() => socket.emit(JSON.stringify(frame)));
    const fromCorner = message({
      ID: 50,
      FROM: 'Crypto Corner',
      ContactName: 'Crypto Corner',
      Message: 'Ping',
    });
    server.state.history[12]?.push(fromCorner);
    server.state.contacts = server.state.contacts.map((c) => (c.id === 12 ? { ...c, count: 1 } : c));
    live({ type: 'chat', seq: 9, contactId: 12, message: fromCorner });
    expect(await within(panel).findByLabelText('Unread messages: 1')).toBeInTheDocument();

    const fromBean = message({ ID: 51, Message: 'Got it, thanks' });
    server.state.history[11]?.push(fromBean);
    live({ type: 'chat', seq: 10, contactId: 11, message: fromBean });
    expect(await within(panel).findByText('Got it, thanks')).toBeInTheDocument();

    await user.click(within(panel).getByRole('combobox', { name: 'Contact' }));
    const option = await screen.findByRole('option', { name: /Crypto Corner/ });
    expect(within(option).getByLabelText('1 unread')).toBeInTheDocument();
  });
});
