import {
  type ChatEvent,
  chatFeedMessageSchema,
  formatTransactionRef,
  parseFeedControl,
  parseNotificationFrame,
  SOCKET_PATHS,
  type TransactionFeedMessage,
  transactionFeedMessageSchema,
} from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { merchants } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';
import { createIngestService, type IngestService } from '../ingest/ingest.service';
import { publishBusEvent, publishIngestEvents, REPLAY_LIMIT } from './realtime.bus';

let t: TestApp;
let ingest: IngestService;
let merchantId = 0;
let supportCookie = '';
let marketingCookie = '';
const HOST = 'localhost:3000';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 3, days: 2, txPerDay: 10, now: t.clock.now() });
  const [merchant] = await t.database.db.select({ id: merchants.id }).from(merchants).limit(1);
  merchantId = merchant?.id ?? 0;
  ingest = createIngestService(t.database.db, {
    now: t.clock.now,
    onEvent: publishIngestEvents(t.database.db),
  });
  supportCookie = (await signIn(t.app, 'support')).cookie;
  marketingCookie = (await signIn(t.app, 'marketing')).cookie;
});
afterAll(() => t.close());

const open = (path: string, headers: Record<string, string>, app: FastifyInstance = t.app) =>
  app.injectWS(path, { headers: { host: HOST, origin: ORIGIN, ...headers } });

/** Opens a feed with its listener attached before the first message can arrive. */
async function connect(path: string, headers: Record<string, string>, app: FastifyInstance = t.app) {
  let feed: ReturnType<typeof listen> | undefined;
  const socket = await app.injectWS(
    path,
    { headers: { host: HOST, origin: ORIGIN, ...headers } },
    {
      onInit: (ws) => {
        feed = listen(ws);
      },
    },
  );
  if (!feed) throw new Error('socket not initialised');
  return { socket, feed };
}

/** Everything a socket receives, with a way to wait for what a test expects. */
function listen(socket: WebSocket) {
  const messages: string[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(String(data));
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async <T>(pick: (all: string[]) => T | undefined, what: string): Promise<T> => {
    const deadline = Date.now() + 8000;
    for (;;) {
      const found = pick(messages);
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; got ${messages.join(' | ')}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  const feed = () =>
    messages.flatMap((m): TransactionFeedMessage[] => {
      const parsed = transactionFeedMessageSchema.safeParse(JSON.parse(m));
      return parsed.success ? [parsed.data] : [];
    });
  return {
    messages,
    /** The transactions feed's messages so far, parsed. */
    feed,
    /** Waits for the feed's `sync` (sent once a connection has caught up) and answers its number. */
    synced: () =>
      until((all) => {
        for (const m of all) {
          const control = parseFeedControl(m);
          if (control?.kind === 'SYNC') return control.seq;
          if (m.startsWith('{')) {
            const parsed = transactionFeedMessageSchema.safeParse(JSON.parse(m));
            if (parsed.success && parsed.data.type === 'sync') return parsed.data.seq;
          }
        }
        return undefined;
      }, 'sync'),
    /** The chat feed's message events so far, once there are `count` of them. */
    chats: (count: number) =>
      until((all) => {
        const events = all.flatMap((m): ChatEvent[] => {
          const parsed = chatFeedMessageSchema.safeParse(JSON.parse(m));
          return parsed.success && parsed.data.type === 'chat' ? [parsed.data] : [];
        });
        return events.length >= count ? events : undefined;
      }, `${count} chat messages`),
    rows: (count: number) =>
      until((all) => {
        const rows = all.flatMap((m) => {
          if (!m.startsWith('{')) return [];
          const parsed = transactionFeedMessageSchema.safeParse(JSON.parse(m));
          return parsed.success && parsed.data.type === 'transaction' ? [parsed.data] : [];
        });
        return rows.length >= count ? rows : undefined;
      }, `${count} rows`),
    frames: (count: number) =>
      until((all) => {
        const frames = all.flatMap((m) => {
          const frame = parseNotificationFrame(m);
          return frame ? [frame] : [];
        });
        return frames.length >= count ? frames : undefined;
      }, `${count} frames`),
  };
}

const waiting = () =>
  ingest.createWaitingTransaction({
    merchantId,
    altCoinId: 1,
    originalAmount: '12.50',
    inputCurrency: 'EUR',
    coinAddress: 'bc1qlivefeedtestaddress',
    transactionType: 'Payment',
  });

describe('live sockets', () => {
  it('refuses the upgrade without a session, from a foreign origin, or without view-transactions', async () => {
    await expect(open(SOCKET_PATHS.transactions, {})).rejects.toThrow(/401/);
    await expect(
      open(SOCKET_PATHS.transactions, { origin: 'https://evil.example', cookie: supportCookie }),
    ).rejects.toThrow(/403/);
    await expect(
      t.app.injectWS(SOCKET_PATHS.transactions, { headers: { host: HOST, cookie: supportCookie } }),
    ).rejects.toThrow(/403/);
    await expect(open(SOCKET_PATHS.notifications, { cookie: marketingCookie })).rejects.toThrow(/403/);
  });

  it('sends a new waiting transaction, then its payment with the PAID notification frame', async () => {
    const { socket: rowsSocket, feed: rows } = await connect(SOCKET_PATHS.transactions, {
      cookie: supportCookie,
    });
    const { socket: framesSocket, feed: frames } = await connect(SOCKET_PATHS.notifications, {
      cookie: supportCookie,
    });
    await rows.synced();
    await frames.synced();

    const created = await waiting();
    const ref = formatTransactionRef('T', created.transactionId);
    // Each event carries the row as it is when delivered, so the payment waits for the first delivery.
    const [first] = await rows.rows(1);
    expect(first).toMatchObject({ kind: 'waiting', transaction: { Prefix: 'T', Status: 'waiting' } });
    expect(first?.transaction.TransactionID).toBe(created.transactionId);

    await ingest.markPaid(ref);
    const [, second] = await rows.rows(2);
    expect(second).toMatchObject({ kind: 'paid', transaction: { Status: 'paid' } });
    expect(second?.seq).toBeGreaterThan(first?.seq ?? 0);
    const [frame] = await frames.frames(1);
    expect(frame).toMatchObject({ kind: 'PAID', ref, id: second?.seq });
    rowsSocket.terminate();
    framesSocket.terminate();
  });

  it('announces a staff status change to every open feed', async () => {
    const { cookie } = await signIn(t.app, 'support');
    const adminToken = (await signIn(t.app, 'admin')).token;
    const { socket, feed } = await connect(SOCKET_PATHS.transactions, { cookie });
    await feed.synced();
    const created = await waiting();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=TransactionStatusUpdate',
      headers: { ...csrf, authorization: `Bearer ${adminToken}` },
      payload: {
        TransactionID: formatTransactionRef('T', created.transactionId),
        targetMerchant: merchantId,
        statusID: 1,
        notenough: 0,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await feed.rows(2);
    const change = rows.find((e) => e.kind === 'status-changed');
    expect(change?.transaction).toMatchObject({ TransactionID: created.transactionId, Status: 'paid' });
    socket.terminate();
  });

  it('catches a reconnecting client up on what it missed, in order and once', async () => {
    const { socket: first, feed: firstFeed } = await connect(SOCKET_PATHS.transactions, {
      cookie: supportCookie,
    });
    const seen = await firstFeed.synced();
    first.terminate();

    // Away: two payments arrive.
    const a = await waiting();
    const b = await waiting();

    const { socket: again, feed } = await connect(`${SOCKET_PATHS.transactions}?after=${seen}`, {
      cookie: supportCookie,
    });
    const caughtUp = await feed.synced();
    const rows = feed.feed().filter((m) => m.type === 'transaction');
    expect(rows.map((m) => m.type === 'transaction' && m.transaction.TransactionID)).toEqual([
      a.transactionId,
      b.transactionId,
    ]);
    const seqs = rows.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(caughtUp).toBe(seqs.at(-1));
    again.terminate();
  });

  it('tells a client that missed too much to reload', async () => {
    const { socket: first, feed: firstFeed } = await connect(SOCKET_PATHS.transactions, {
      cookie: supportCookie,
    });
    const seen = await firstFeed.synced();
    first.terminate();
    for (let i = 0; i <= REPLAY_LIMIT; i++) {
      await publishBusEvent(t.database.db, {
        type: 'transaction',
        kind: 'log-added',
        prefix: 'T',
        id: 1,
        notification: null,
      });
    }
    const { socket: again, feed } = await connect(`${SOCKET_PATHS.transactions}?after=${seen}`, {
      cookie: supportCookie,
    });
    const caughtUp = await feed.synced();
    const messages = feed.feed();
    expect(messages[0]).toMatchObject({ type: 'reset', seq: caughtUp });
    expect(messages.filter((m) => m.type === 'transaction')).toHaveLength(0);
    again.terminate();
  });

  it('chat feed: refuses staff without chatter-role, delivers merchant and staff messages to every chatter', async () => {
    await expect(open(SOCKET_PATHS.chat, { cookie: marketingCookie })).rejects.toThrow(/403/);
    const other = await signIn(t.app, 'admin');
    const { socket: mine, feed: myFeed } = await connect(SOCKET_PATHS.chat, { cookie: supportCookie });
    const { socket: theirs, feed: theirFeed } = await connect(SOCKET_PATHS.chat, { cookie: other.cookie });
    await myFeed.synced();
    await theirFeed.synced();

    const incoming = await ingest.receiveChatMessage(merchantId, 'Where is my <b>payout</b>?');
    const [arrived] = await theirFeed.chats(1);
    expect(arrived).toMatchObject({
      contactId: merchantId,
      message: { ID: incoming.id, MsgType: 'IN', Message: 'Where is my <b>payout</b>?', TO: 'Support' },
    });

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/main/MarketAPI?MSGS&Call=SEND',
      headers: { ...csrf, cookie: supportCookie },
      payload: { ID: merchantId, TEXT: 'It left this morning.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [, reply] = await theirFeed.chats(2);
    expect(reply).toMatchObject({
      contactId: merchantId,
      message: { MsgType: 'OUT', FROM: 'support', Message: 'It left this morning.' },
    });
    expect(reply?.seq).toBeGreaterThan(arrived?.seq ?? 0);
    // The sender's own feed carries it too, so every tab of the sender agrees.
    expect((await myFeed.chats(2)).map((e) => e.message.ID)).toEqual([incoming.id, reply?.message.ID]);
    // Transaction events are not sent on the chat feed.
    await waiting();
    const rows = await connect(SOCKET_PATHS.transactions, { cookie: supportCookie });
    await rows.feed.synced();
    const isChatFrame = (m: string) => chatFeedMessageSchema.safeParse(JSON.parse(m)).success;
    expect(theirFeed.messages.every(isChatFrame)).toBe(true);
    mine.terminate();
    theirs.terminate();
    rows.socket.terminate();
  });

  it('chat feed: a chatter who was away is sent the messages that arrived meanwhile', async () => {
    const { socket: first, feed: firstFeed } = await connect(SOCKET_PATHS.chat, { cookie: supportCookie });
    const seen = await firstFeed.synced();
    first.terminate();
    const a = await ingest.receiveChatMessage(merchantId, 'First while away');
    await waiting();
    const b = await ingest.receiveChatMessage(merchantId, 'Second while away');

    const { socket: again, feed } = await connect(`${SOCKET_PATHS.chat}?after=${seen}`, {
      cookie: supportCookie,
    });
    await feed.synced();
    expect((await feed.chats(2)).map((e) => e.message.ID)).toEqual([a.id, b.id]);
    again.terminate();
  });

  it('closes the feed when its session signs out', async () => {
    const { cookie } = await signIn(t.app, 'support');
    const socket = await open(SOCKET_PATHS.transactions, { cookie });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: { ...csrf, cookie },
      payload: { logout: 'true', output: 'json' },
    });
    expect(await closed).toBe(4401);
  });
});
