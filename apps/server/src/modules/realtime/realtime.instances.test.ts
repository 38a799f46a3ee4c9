import { SOCKET_PATHS, transactionFeedMessageSchema } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildApp } from '../../app';
import { readEnv } from '../../config/env';
import { openDatabase } from '../../db/database';
import { merchants } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { createIngestService } from '../ingest/ingest.service';
import { publishIngestEvents } from './realtime.bus';

const HOST = 'localhost:3000';
const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let cookie = '';
let merchantId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 3, days: 1, txPerDay: 5, now: t.clock.now() });
  const [merchant] = await t.database.db.select({ id: merchants.id }).from(merchants).limit(1);
  merchantId = merchant?.id ?? 0;
  cookie = (await signIn(t.app, 'support')).cookie;
});
afterAll(() => t.close());

/** Resolves with the first transaction row a socket is sent. */
const firstRow = (socket: WebSocket) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no row')), 8000);
    socket.on('message', (data) => {
      const parsed = transactionFeedMessageSchema.safeParse(JSON.parse(String(data)));
      if (parsed.success && parsed.data.type === 'transaction') {
        clearTimeout(timer);
        resolve(parsed.data.transaction.TransactionID);
      }
    });
  });

describe('several server instances', () => {
  // Two processes need a database both can reach: PostgreSQL only (TEST_DATABASE_URL).
  it.runIf(Boolean(readEnv().TEST_DATABASE_URL))(
    'delivers an event ingested through one instance to the clients of another',
    async () => {
      const url = t.database.url;
      if (!url) throw new Error('no database url');
      const secondDatabase = await openDatabase({ url, dataDir: '' });
      const second = await buildApp({
        config: t.config,
        database: secondDatabase,
        now: t.clock.now,
        logger: false,
      });
      // injectWS, unlike inject, does not wait for the plugins to load.
      await second.ready();
      try {
        const headers = { host: HOST, origin: ORIGIN, cookie };
        const onFirst = await t.app.injectWS(SOCKET_PATHS.transactions, { headers });
        const onSecond = await second.injectWS(SOCKET_PATHS.transactions, { headers });
        const rowOnFirst = firstRow(onFirst);
        const rowOnSecond = firstRow(onSecond);
        const viaSecond = createIngestService(secondDatabase.db, {
          now: t.clock.now,
          onEvent: publishIngestEvents(secondDatabase.db),
        });
        const created = await viaSecond.createWaitingTransaction({
          merchantId,
          altCoinId: 1,
          originalAmount: '3.00',
          inputCurrency: 'EUR',
          coinAddress: 'bc1qtwoinstances',
          transactionType: 'Payment',
        });
        expect(await rowOnFirst).toBe(created.transactionId);
        expect(await rowOnSecond).toBe(created.transactionId);
        onFirst.terminate();
        onSecond.terminate();
      } finally {
        await second.close();
        await secondDatabase.close();
      }
    },
  );
});
