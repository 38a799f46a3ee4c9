import { createServer, type Server, Socket } from 'node:net';
import { MESSAGES, SOCKET_PATHS, transactionFeedMessageSchema } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { readEnv } from '../config/env';
import { createIngestService } from '../modules/ingest/ingest.service';
import { publishIngestEvents } from '../modules/realtime/realtime.bus';
import { adminGet, createTestApp, signIn, type TestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { openDatabase } from './database';
import { seedDemoData } from './seed/demo-data.seed';

/**
 * A TCP proxy between the server and PostgreSQL that a test can cut and restore: the database going away
 * (restart, failover, network) and coming back, without touching the machine's PostgreSQL service.
 */
async function startCuttableProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let isCut = false;
  const server: Server = createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = new Socket();
    upstream.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    /** Every connection drops and new ones are refused, as when PostgreSQL goes away. */
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      isCut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const HOST = 'localhost:3000';
const ORIGIN = 'http://localhost:3000';

describe.runIf(Boolean(readEnv().TEST_DATABASE_URL))('the database going away (PostgreSQL)', () => {
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  let t: TestApp;

  beforeAll(async () => {
    owner = await createTestDatabase();
    if (!owner.url) throw new Error('no database url');
    const direct = new URL(owner.url);
    proxy = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(owner.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const database = await openDatabase({ url: proxied.toString(), dataDir: '' });
    t = await createTestApp({}, { database });
    await seedDemoData(owner.db, { seed: 5, days: 1, txPerDay: 5, now: t.clock.now() });
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await proxy.close();
    await owner.close();
  }, 60_000);

  it('answers a clean 503 while it is down, recovers by itself, and open live feeds carry events again', async () => {
    const { token, cookie } = await signIn(t.app, 'admin');
    expect((await adminGet(t.app, token, 'ListAltCoins')).statusCode).toBe(200);
    const rows: number[] = [];
    const socket: WebSocket = await t.app.injectWS(
      SOCKET_PATHS.transactions,
      { headers: { host: HOST, origin: ORIGIN, cookie } },
      {
        onInit: (ws) =>
          ws.on('message', (data) => {
            const parsed = transactionFeedMessageSchema.safeParse(JSON.parse(String(data)));
            if (parsed.success && parsed.data.type === 'transaction')
              rows.push(parsed.data.transaction.TransactionID);
          }),
      },
    );

    proxy.cut();
    const down = await adminGet(t.app, token, 'ListAltCoins');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status_code: 503, message: MESSAGES.unavailable, data: null });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);

    // While it is away, the platform writes through another connection (another instance's view).
    const ingest = createIngestService(owner.db, {
      now: t.clock.now,
      onEvent: publishIngestEvents(owner.db),
    });
    const missed = await ingest.createWaitingTransaction({
      merchantId: 1,
      altCoinId: 1,
      originalAmount: '5.00',
      inputCurrency: 'EUR',
      coinAddress: 'bc1qoutagetestaddress',
      transactionType: 'Payment',
    });

    proxy.restore();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await adminGet(t.app, token, 'ListAltCoins')).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // The socket stayed open through the outage: the event written meanwhile arrives once the server's
    // LISTEN is back (from the journal), and so does a new one.
    const after = await ingest.createWaitingTransaction({
      merchantId: 1,
      altCoinId: 1,
      originalAmount: '6.00',
      inputCurrency: 'EUR',
      coinAddress: 'bc1qoutagetestaddress',
      transactionType: 'Payment',
    });
    const until = Date.now() + 30_000;
    while (Date.now() < until && !rows.includes(after.transactionId)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows).toEqual([missed.transactionId, after.transactionId]);
    socket.terminate();
  }, 120_000);
});
