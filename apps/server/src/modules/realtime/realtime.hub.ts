import {
  type ChatFeedMessage,
  type ChatMessage,
  formatFeedControl,
  formatNotificationFrame,
  formatTransactionRef,
  type KycFeedMessage,
  type PayoutFeedMessage,
  type SocketName,
  type Transaction,
  type TransactionFeedMessage,
} from '@bo/contract';
import { type JournalEvent, REPLAY_LIMIT } from './realtime.bus';

/** The part of a WebSocket the hub uses; `ws` sockets fit it, and tests can pass a fake. */
export interface HubSocket {
  readonly readyState: number;
  /**
   * `binary: false` sends a Buffer as a text frame: each event is encoded once and the same bytes go to
   * every socket, rather than one UTF-8 encoding per socket.
   */
  send(data: string | Buffer, options: { binary: boolean }): void;
  close(code?: number, reason?: string): void;
}

/**
 * The connection under a socket. The hub corks it while it writes the frames of one turn, so that frames
 * which queued up while the server was busy leave in one write (one system call) instead of one each.
 */
export interface HubConnection {
  cork(): void;
  uncork(): void;
}

const OPEN = 1;
/** The shortest time between two writes to a socket while events pour in (see `send`). */
export const FLUSH_INTERVAL_MS = 20;
/** Event numbers a client remembers having been sent, to send a late one once (see `deliver`). */
const DELIVERED_WINDOW = 512;

interface HubClient {
  socket: HubSocket;
  connection: HubConnection | undefined;
  channel: SocketName;
  sessionId: string;
  /** Live events that arrive while the client is being caught up; null once it is live. */
  queue: JournalEvent[] | null;
  /** Events numbered at or below this are not sent: before the client joined, or long past. */
  floor: number;
  /** Numbers above `floor` that were sent. */
  delivered: Set<number>;
  /** The newest event number this client was sent (or its starting point). */
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
  /** Overrides FLUSH_INTERVAL_MS. */
  flushIntervalMs?: number;
}) {
  const clients = new Set<HubClient>();
  /** The delivery of the last dispatched event; the next one waits for it. */
  let delivered: Promise<void> = Promise.resolve();

  // Frames wait in each client's outbox and are written together, each socket's corked: while events come
  // slowly a flush follows at the end of the turn, and at most one flush per FLUSH_INTERVAL_MS otherwise.
  // So the number of writes (system calls, and loopback or network packets) per socket is bounded however
  // many events a second arrive, at the price of up to FLUSH_INTERVAL_MS of delay while they pour in.
  const flushIntervalMs = deps.flushIntervalMs ?? FLUSH_INTERVAL_MS;
  const outbox = new Map<HubClient, Array<string | Buffer>>();
  let flushScheduled = false;
  let lastFlush = Number.NEGATIVE_INFINITY;
  const flush = () => {
    flushScheduled = false;
    lastFlush = performance.now();
    const batch = [...outbox];
    outbox.clear();
    for (const [client, frames] of batch) {
      if (client.socket.readyState !== OPEN) continue;
      client.connection?.cork();
      try {
        for (const frame of frames) client.socket.send(frame, { binary: false });
      } catch (error) {
        deps.logger.warn({ err: error }, 'realtime send failed');
      } finally {
        client.connection?.uncork();
      }
    }
  };
  const send = (client: HubClient, frame: string | Buffer) => {
    if (client.socket.readyState !== OPEN) return;
    const frames = outbox.get(client);
    if (frames) frames.push(frame);
    else outbox.set(client, [frame]);
    if (flushScheduled) return;
    flushScheduled = true;
    const wait = lastFlush + flushIntervalMs - performance.now();
    if (wait > 0) setTimeout(flush, wait);
    else setImmediate(flush);
  };

  /** How many clients each feed has, so an event's render asks only for what some client will be sent. */
  const perChannel: Record<SocketName, number> = {
    notifications: 0,
    transactions: 0,
    chat: 0,
    kyc: 0,
    payouts: 0,
  };
  const wants = (channel: SocketName) => perChannel[channel] > 0;
  const add = (client: HubClient) => {
    if (clients.has(client)) return;
    clients.add(client);
    perChannel[client.channel]++;
  };
  const drop = (client: HubClient) => {
    if (clients.delete(client)) perChannel[client.channel]--;
  };

  /** What an event looks like on each feed, encoded; `null` where the feed does not carry it. */
  const render = async (event: JournalEvent): Promise<Record<SocketName, string | Buffer | null>> => {
    if (event.type === 'kyc') {
      const frame: KycFeedMessage = {
        type: 'kyc',
        seq: event.seq,
        kind: event.kind,
        ID: event.submissionId,
        MerchantID: event.merchantId,
        Status: event.status,
        HeldBy: event.heldBy,
        HeldUntil: event.heldUntil === null ? null : new Date(event.heldUntil).toISOString(),
      };
      return {
        notifications: null,
        transactions: null,
        chat: null,
        kyc: Buffer.from(JSON.stringify(frame)),
        payouts: null,
      };
    }
    if (event.type === 'payout') {
      const frame: PayoutFeedMessage = {
        type: 'payout',
        seq: event.seq,
        kind: event.kind,
        ID: event.payoutId,
        State: event.state,
      };
      return {
        notifications: null,
        transactions: null,
        chat: null,
        kyc: null,
        payouts: Buffer.from(JSON.stringify(frame)),
      };
    }
    if (event.type === 'chat') {
      const message = wants('chat') ? await deps.loadChatMessage(event.messageId) : null;
      const frame: ChatFeedMessage | null = message
        ? { type: 'chat', seq: event.seq, contactId: event.merchantId, message }
        : null;
      return {
        notifications: null,
        transactions: null,
        chat: frame ? Buffer.from(JSON.stringify(frame)) : null,
        kyc: null,
        payouts: null,
      };
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
      transactions: message ? Buffer.from(JSON.stringify(message)) : null,
      chat: null,
      kyc: null,
      payouts: null,
    };
  };

  /**
   * Sends an event to a client once. Events usually come in number order, but not always: two changes
   * committing at the same moment can announce themselves in the other order than they were numbered. So
   * a client remembers which recent numbers it was sent, rather than only the newest, and a late event is
   * still sent (once) instead of being taken for a repeat.
   */
  const deliver = (client: HubClient, event: JournalEvent, frame: string | Buffer | null) => {
    if (event.seq <= client.floor || client.delivered.has(event.seq)) return;
    client.delivered.add(event.seq);
    client.sent = Math.max(client.sent, event.seq);
    // Forget what lies a window below the newest number sent: one pass over the set rather than a sort of
    // it, for each of hundreds of clients every 512 events.
    if (client.delivered.size > 2 * DELIVERED_WINDOW) {
      client.floor = Math.max(client.floor, client.sent - DELIVERED_WINDOW);
      for (const seq of client.delivered) if (seq <= client.floor) client.delivered.delete(seq);
    }
    if (frame) send(client, frame);
  };

  // The notifications feed speaks in text lines (SPEC §7.3); the other feeds in JSON.
  const control = (client: HubClient, type: 'sync' | 'reset', seq: number) =>
    send(
      client,
      client.channel === 'notifications'
        ? formatFeedControl(type === 'sync' ? 'SYNC' : 'RESET', seq)
        : JSON.stringify({ type, seq } satisfies
            | TransactionFeedMessage
            | ChatFeedMessage
            | KycFeedMessage
            | PayoutFeedMessage),
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
      connection?: HubConnection,
    ): Promise<() => void> {
      const client: HubClient = {
        socket,
        connection,
        channel,
        sessionId,
        queue: [],
        floor: 0,
        delivered: new Set(),
        sent: 0,
      };
      add(client);
      const remove = () => drop(client);
      try {
        const latest = await deps.journal.latest();
        client.floor = after ?? latest;
        client.sent = client.floor;
        if (after !== null && after < latest) {
          const missed = await deps.journal.after(after);
          if (missed.length > REPLAY_LIMIT) {
            client.floor = latest;
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
        drop(client);
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

    /**
     * Sends a bus event to every live client, in the order the events were dispatched. Each event's row is
     * read as soon as it is dispatched, so the reads of events that come close together overlap, but an
     * event is only delivered after the one before it: a quick read must not overtake a slow one.
     */
    dispatch(event: JournalEvent): Promise<void> {
      if (clients.size === 0) return Promise.resolve();
      const rendered = render(event);
      // Awaited below, in turn; a failed read must not count as unhandled meanwhile.
      rendered.catch(() => undefined);
      const turn = delivered.then(async () => {
        let frames: Record<SocketName, string | Buffer | null> | null = null;
        for (const client of [...clients]) {
          if (client.queue) {
            client.queue.push(event);
            continue;
          }
          frames ??= await rendered;
          deliver(client, event, frames[client.channel]);
        }
      });
      delivered = turn.catch(() => undefined);
      return turn;
    },

    closeAll(code = 1001, reason = 'Server shutting down') {
      for (const client of clients) client.socket.close(code, reason);
      clients.clear();
      perChannel.notifications = 0;
      perChannel.transactions = 0;
      perChannel.chat = 0;
      perChannel.kyc = 0;
      perChannel.payouts = 0;
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
