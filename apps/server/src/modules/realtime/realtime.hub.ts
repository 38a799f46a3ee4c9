import {
  type ChatFeedMessage,
  type ChatMessage,
  formatFeedControl,
  formatNotificationFrame,
  formatTransactionRef,
  type SocketName,
  type Transaction,
  type TransactionFeedMessage,
} from '@bo/contract';
import { type JournalEvent, REPLAY_LIMIT } from './realtime.bus';

/** The part of a WebSocket the hub uses; `ws` sockets fit it, and tests can pass a fake. */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

interface HubClient {
  socket: HubSocket;
  channel: SocketName;
  sessionId: string;
  /** Live events that arrive while the client is being caught up; null once it is live. */
  queue: JournalEvent[] | null;
  /** The newest event number this client was sent. */
  sent: number;
}

export interface HubLogger {
  warn(obj: unknown, msg?: string): void;
}

export interface HubJournal {
  after(seq: number): Promise<JournalEvent[]>;
  latest(): Promise<number>;
}

/**
 * The sockets connected to this instance and the fan-out of bus events to them (issue #4: no event is
 * silently lost). A reconnecting client names the last event it saw and is sent the journal after it —
 * or told to reload when it missed more than REPLAY_LIMIT — before it joins the live stream, and live
 * events that arrive meanwhile wait in its queue, so it sees each event once, in order.
 */
export function createRealtimeHub(deps: {
  loadTransaction: (ref: string) => Promise<Transaction | null>;
  loadChatMessage: (id: number) => Promise<ChatMessage | null>;
  journal: HubJournal;
  logger: HubLogger;
}) {
  const clients = new Set<HubClient>();

  const send = (client: HubClient, text: string) => {
    if (client.socket.readyState !== OPEN) return;
    try {
      client.socket.send(text);
    } catch (error) {
      deps.logger.warn({ err: error }, 'realtime send failed');
    }
  };

  const wants = (channel: SocketName) => [...clients].some((c) => c.channel === channel);

  /** What an event looks like on each feed; `null` where the feed does not carry it. */
  const render = async (event: JournalEvent): Promise<Record<SocketName, string | null>> => {
    if (event.type === 'chat') {
      const message = wants('chat') ? await deps.loadChatMessage(event.messageId) : null;
      const frame: ChatFeedMessage | null = message
        ? { type: 'chat', seq: event.seq, contactId: event.merchantId, message }
        : null;
      return { notifications: null, transactions: null, chat: frame ? JSON.stringify(frame) : null };
    }
    const ref = formatTransactionRef(event.prefix, event.id);
    const notification = event.notification
      ? formatNotificationFrame({
          kind: event.notification.kind,
          ref,
          id: event.seq,
          at: event.notification.at,
        })
      : null;
    const transaction = wants('transactions') ? await deps.loadTransaction(ref) : null;
    const message: TransactionFeedMessage | null = transaction
      ? { type: 'transaction', seq: event.seq, kind: event.kind, transaction }
      : null;
    return {
      notifications: notification,
      transactions: message ? JSON.stringify(message) : null,
      chat: null,
    };
  };

  const deliver = (client: HubClient, event: JournalEvent, text: string | null) => {
    if (event.seq <= client.sent) return;
    client.sent = event.seq;
    if (text) send(client, text);
  };

  // The notifications feed speaks in text lines (SPEC §7.3); the other feeds in JSON.
  const control = (client: HubClient, type: 'sync' | 'reset', seq: number) =>
    send(
      client,
      client.channel === 'notifications'
        ? formatFeedControl(type === 'sync' ? 'SYNC' : 'RESET', seq)
        : JSON.stringify({ type, seq } satisfies TransactionFeedMessage | ChatFeedMessage),
    );

  return {
    /**
     * Adds a socket. With `after` (the last event it saw) it is first sent what it missed; it then gets
     * 'sync' with the newest number. Resolves once it is live; the returned function removes it.
     */
    async attach(
      socket: HubSocket,
      channel: SocketName,
      sessionId: string,
      after: number | null,
    ): Promise<() => void> {
      const client: HubClient = { socket, channel, sessionId, queue: [], sent: 0 };
      clients.add(client);
      const remove = () => {
        clients.delete(client);
      };
      try {
        const latest = await deps.journal.latest();
        client.sent = after ?? latest;
        if (after !== null && after < latest) {
          const missed = await deps.journal.after(after);
          if (missed.length > REPLAY_LIMIT) {
            client.sent = latest;
            control(client, 'reset', latest);
          } else {
            for (const event of missed) deliver(client, event, (await render(event))[channel]);
          }
        }
        // Live events that came in while catching up, each once.
        for (;;) {
          const queued = client.queue?.shift();
          if (!queued) break;
          deliver(client, queued, (await render(queued))[channel]);
        }
        client.queue = null;
        control(client, 'sync', client.sent);
      } catch (error) {
        deps.logger.warn({ err: error }, 'a live feed could not catch up');
        client.queue = null;
        control(client, 'reset', client.sent);
      }
      return remove;
    },

    /**
     * Closes the sockets of a session — all of them, or those of one feed (a logout or an expiry must end
     * its live feeds at once; a lost permission ends the feeds that need it).
     */
    closeSession(sessionId: string, channel?: SocketName, code = 4401, reason = 'Session ended') {
      for (const client of clients) {
        if (client.sessionId !== sessionId) continue;
        if (channel && client.channel !== channel) continue;
        clients.delete(client);
        client.socket.close(code, reason);
      }
    },

    /** Each connected session with the feeds it has open. */
    sessions(): Map<string, Set<SocketName>> {
      const bySession = new Map<string, Set<SocketName>>();
      for (const client of clients) {
        const channels = bySession.get(client.sessionId) ?? new Set<SocketName>();
        channels.add(client.channel);
        bySession.set(client.sessionId, channels);
      }
      return bySession;
    },

    size: () => clients.size,

    async dispatch(event: JournalEvent): Promise<void> {
      if (clients.size === 0) return;
      let rendered: Record<SocketName, string | null> | null = null;
      for (const client of [...clients]) {
        if (client.queue) {
          client.queue.push(event);
          continue;
        }
        rendered ??= await render(event);
        deliver(client, event, rendered[client.channel]);
      }
    },

    closeAll(code = 1001, reason = 'Server shutting down') {
      for (const client of clients) client.socket.close(code, reason);
      clients.clear();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
