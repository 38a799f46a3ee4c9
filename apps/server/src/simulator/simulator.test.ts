import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { rates, transactions } from '../db/schema';
import { seedDemoData } from '../db/seed/demo-data.seed';
import { createIngestService, type IngestEvent, type IngestService } from '../modules/ingest/ingest.service';
import { createTestDatabase } from '../test/test-database';
import { startSimulator } from './simulator';

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('startSimulator', () => {
  let database: Database;
  const events: IngestEvent[] = [];
  let ingest: IngestService;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { seed: 3, days: 1, txPerDay: 10, now: new Date() });
    ingest = createIngestService(database.db, { now: () => new Date(), onEvent: (e) => void events.push(e) });
  });

  afterAll(async () => {
    await database?.close();
  });

  const transactionCount = async () => {
    const [row] = await database.db.select({ n: count() }).from(transactions);
    return row?.n ?? 0;
  };

  it('brings new transactions, settles waiting ones and moves rates through the ingest service', async () => {
    const before = await transactionCount();
    const errors: unknown[] = [];
    const simulator = startSimulator(ingest, database.db, {
      intervalMs: 5,
      seed: 99,
      settleAfterMs: 1,
      logger: { error: (obj) => void errors.push(obj) },
    });
    try {
      await waitFor(
        () =>
          events.some((e) => e.type === 'transaction' && e.kind === 'waiting') &&
          events.some((e) => e.type === 'transaction' && (e.kind === 'paid' || e.kind === 'underpaid')) &&
          events.some((e) => e.type === 'rate'),
      );
    } finally {
      await simulator.stop();
    }
    expect(errors).toEqual([]);
    expect(await transactionCount()).toBeGreaterThan(before);
    const lastRate = events.filter((e) => e.type === 'rate').at(-1);
    if (lastRate?.type !== 'rate') throw new Error('no rate event');
    const [stored] = await database.db
      .select()
      .from(rates)
      .where(eq(rates.altCoinId, lastRate.rate.altCoinId));
    expect(stored?.eur).toBe(lastRate.rate.eur);
  });

  it('does nothing more once stopped', async () => {
    const simulator = startSimulator(ingest, database.db, { intervalMs: 2, seed: 5 });
    await waitFor(() => events.length > 0);
    await simulator.stop();
    const seen = events.length;
    const rows = await transactionCount();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.length).toBe(seen);
    expect(await transactionCount()).toBe(rows);
  });

  it('logs a failing tick and keeps ticking', async () => {
    const failing = new Proxy({} as IngestService, {
      get: () => () => Promise.reject(new Error('feed down')),
    });
    const errors: unknown[] = [];
    const simulator = startSimulator(failing, database.db, {
      intervalMs: 2,
      seed: 8,
      logger: { error: (obj) => void errors.push(obj) },
    });
    // Rates move on every tick, so each tick fails at least once.
    await waitFor(() => errors.length >= 6);
    await simulator.stop();
    expect(errors[0]).toMatchObject({ action: expect.any(String), err: expect.any(Error) });
  });
});
