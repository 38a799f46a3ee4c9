import { formatTransactionRef, SOCKET_PATHS } from '@bo/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readEnv } from './config/env';
import { auditLog, transactions } from './db/schema';
import {
  adminCallOverHttp,
  type ServerProcess,
  signInOverHttp,
  startServerProcess,
} from './test/server-process';
import { createTestDatabase } from './test/test-database';

const DEMO_PASSWORD = 'demo-password-2026';
const INGEST_TOKEN = 'fault-tests-ingest-token-0123456789abcdef';

/** New waiting payments, through the platform feed as the payment platform makes them. */
async function newPayments(url: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/api/ingest/transactions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${INGEST_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        merchantId: 1,
        altCoinId: 1,
        originalAmount: '10.00',
        inputCurrency: 'EUR',
        coinAddress: 'bc1qfaulttestaddress',
        transactionType: 'Payment',
      }),
    });
    if (!response.ok) throw new Error(`payment not created: ${response.status}`);
  }
}
type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Faults of the production server as a process (issue #5): kill -9 in the middle of a burst of writes, and
 * SIGTERM with work in flight. Both need a database that outlives the process: PostgreSQL only
 * (TEST_DATABASE_URL, as in CI).
 */
describe.runIf(Boolean(readEnv().TEST_DATABASE_URL))('server process faults (PostgreSQL)', () => {
  let database: TestDatabase;
  let env: Record<string, string>;
  const started: ServerProcess[] = [];

  const start = async () => {
    const server = await startServerProcess(env);
    started.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('no database url');
    env = {
      DATABASE_URL: database.url,
      DEMO_MODE: 'true',
      DEMO_DAYS: '1',
      DEMO_TX_PER_DAY: '20',
      INGEST_TOKEN,
    };
  }, 120_000);

  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exited));
    await database.close();
  }, 60_000);

  /** Waiting payments the status dialog may change, with their merchant. */
  const waitingPayments = async (limit: number) =>
    database.db
      .select({ id: transactions.transactionId, merchantId: transactions.merchantId })
      .from(transactions)
      .where(and(eq(transactions.prefix, 'T'), eq(transactions.status, 'waiting')))
      .orderBy(transactions.id)
      .limit(limit);

  const markPaid = (url: string, token: string, row: { id: number; merchantId: number }) =>
    adminCallOverHttp(url, token, 'TransactionStatusUpdate', {
      TransactionID: formatTransactionRef('T', row.id),
      targetMerchant: row.merchantId,
      statusID: 1,
      notenough: 0,
    });

  it('kill -9 during a burst of status updates: every answered update is there once, none half-written', async () => {
    const first = await start();
    const { token } = await signInOverHttp(first.url, 'admin', DEMO_PASSWORD);
    await newPayments(first.url, 80);
    const burst = await waitingPayments(80);
    expect(burst).toHaveLength(80);

    // Six clients write at once; the process is killed once a dozen answers have come back.
    const answered = new Set<number>();
    const queue = [...burst];
    let killed = false;
    const client = async () => {
      for (let row = queue.shift(); row && !killed; row = queue.shift()) {
        try {
          const { status } = await markPaid(first.url, token, row);
          if (status === 200) answered.add(row.id);
        } catch {
          // The connection died with the process: whether this one committed is for the check below.
        }
        if (answered.size >= 12 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, client));
    expect(await first.exited).toBe('SIGKILL');
    expect(answered.size).toBeGreaterThanOrEqual(12);

    const second = await start();
    const refs = burst.map((row) => formatTransactionRef('T', row.id));
    const statuses = new Map(
      (
        await database.db
          .select({ id: transactions.transactionId, status: transactions.status })
          .from(transactions)
          .where(
            and(
              eq(transactions.prefix, 'T'),
              inArray(
                transactions.transactionId,
                burst.map((r) => r.id),
              ),
            ),
          )
      ).map((r) => [r.id, r.status]),
    );
    const audits = await database.db
      .select({ ref: auditLog.entityId, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.status'), inArray(auditLog.entityId, refs)))
      .groupBy(auditLog.entityId);
    const auditCount = new Map(audits.map((a) => [a.ref, a.n]));

    for (const row of burst) {
      const ref = formatTransactionRef('T', row.id);
      const status = statuses.get(row.id);
      const entries = auditCount.get(ref) ?? 0;
      // Exactly once: no update is applied or audited twice.
      expect(entries, ref).toBeLessThanOrEqual(1);
      // Never half-written: the change and its audit entry commit together or not at all.
      expect(status === 'paid', `${ref}: status ${status}, ${entries} audit entries`).toBe(entries === 1);
      // Durable: every update the server answered survived the crash.
      if (answered.has(row.id)) expect(status, ref).toBe('paid');
    }

    // The restarted server serves writes again.
    const again = await signInOverHttp(second.url, 'admin', DEMO_PASSWORD);
    const [next] = await waitingPayments(1);
    if (!next) throw new Error('no waiting payment left');
    expect((await markPaid(second.url, again.token, next)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('SIGTERM: closes live sockets with 1001, lets an in-flight update finish, refuses new work, exits 0', async () => {
    const server = await start();
    const { cookie, token } = await signInOverHttp(server.url, 'admin', DEMO_PASSWORD);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}${SOCKET_PATHS.transactions}`, {
      headers: { cookie, origin: server.url },
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });

    // Hold the row's lock from outside, so the update is provably in flight when the signal arrives.
    const [row] = await waitingPayments(1);
    if (!row) throw new Error('no waiting payment');
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query(`select id from transactions where prefix = 'T' and transaction_id = $1 for update`, [
      row.id,
    ]);
    const inFlight = markPaid(server.url, token, row);
    for (let i = 0; i < 100; i++) {
      const { rows } = await blocker.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if ((rows[0]?.n ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.child.kill('SIGTERM');
    expect(await closed).toBe(1001);
    // While draining, new work is refused rather than half-served.
    const late = await fetch(`${server.url}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    await blocker.query('commit');
    await blocker.end();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ TransactionID: row.id, Status: 'paid' });
    expect(await server.exited).toBe(0);
  }, 180_000);
});
