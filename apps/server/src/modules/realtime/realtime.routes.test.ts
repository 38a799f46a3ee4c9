import { formatTransactionRef, SOCKET_PATHS, transactionEventSchema } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { merchants } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';
import { createIngestService, type IngestService } from '../ingest/ingest.service';
import { publishIngestEvents } from './realtime.bus';

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

const open = (path: string, headers: Record<string, string>) =>
  t.app.injectWS(path, { headers: { host: HOST, ...headers } });

/** The next `count` messages of a socket, as text. */
const nextMessages = (socket: WebSocket, count: number) =>
  new Promise<string[]>((resolve, reject) => {
    const got: string[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${count} messages`)), 5000);
    socket.on('message', (data) => {
      got.push(String(data));
      if (got.length === count) {
        clearTimeout(timer);
        resolve(got);
      }
    });
  });

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
    await expect(open(SOCKET_PATHS.transactions, { origin: ORIGIN })).rejects.toThrow(/401/);
    await expect(
      open(SOCKET_PATHS.transactions, { origin: 'https://evil.example', cookie: supportCookie }),
    ).rejects.toThrow(/403/);
    await expect(open(SOCKET_PATHS.transactions, { cookie: supportCookie })).rejects.toThrow(/403/);
    await expect(
      open(SOCKET_PATHS.notifications, { origin: ORIGIN, cookie: marketingCookie }),
    ).rejects.toThrow(/403/);
  });

  it('sends a new waiting transaction, then its payment with the PAID notification frame', async () => {
    const transactionsSocket = await open(SOCKET_PATHS.transactions, {
      origin: ORIGIN,
      cookie: supportCookie,
    });
    const notificationsSocket = await open(SOCKET_PATHS.notifications, {
      origin: ORIGIN,
      cookie: supportCookie,
    });
    const firstRow = nextMessages(transactionsSocket, 1);
    const frames = nextMessages(notificationsSocket, 1);

    const created = await waiting();
    const ref = formatTransactionRef('T', created.transactionId);
    // Each event carries the row as it is when delivered, so the payment waits for the first delivery.
    const [first] = (await firstRow).map((m) => transactionEventSchema.parse(JSON.parse(m)));
    expect(first).toMatchObject({ kind: 'waiting', transaction: { Prefix: 'T', Status: 'waiting' } });
    expect(first?.transaction.TransactionID).toBe(created.transactionId);

    const secondRow = nextMessages(transactionsSocket, 1);
    await ingest.markPaid(ref);
    const [second] = (await secondRow).map((m) => transactionEventSchema.parse(JSON.parse(m)));
    expect(second).toMatchObject({ kind: 'paid', transaction: { Status: 'paid' } });
    const [frame] = await frames;
    const parts = frame?.split(':') ?? [];
    expect(parts).toHaveLength(4);
    expect(parts.slice(0, 2)).toEqual(['PAID', ref]);
    transactionsSocket.terminate();
    notificationsSocket.terminate();
  });

  it('announces a staff status change to every open feed', async () => {
    const { cookie } = await signIn(t.app, 'support');
    const adminToken = (await signIn(t.app, 'admin')).token;
    const socket = await open(SOCKET_PATHS.transactions, { origin: ORIGIN, cookie });
    const created = await waiting();
    const messages = nextMessages(socket, 2);
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
    const events = (await messages).map((m) => transactionEventSchema.parse(JSON.parse(m)));
    const change = events.find((e) => e.kind === 'status-changed');
    expect(change?.transaction).toMatchObject({ TransactionID: created.transactionId, Status: 'paid' });
    socket.terminate();
  });

  it('closes the feed when its session signs out', async () => {
    const { cookie } = await signIn(t.app, 'support');
    const socket = await open(SOCKET_PATHS.transactions, { origin: ORIGIN, cookie });
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
