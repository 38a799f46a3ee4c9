import { formatTransactionRef } from '@bo/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { chatMessages, merchants, notifications, rates, transactions } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestDatabase } from '../../test/test-database';
import { createIngestService, IngestError, type IngestEvent, type IngestService } from './ingest.service';

const start = new Date('2026-03-02T12:00:00Z');

describe('ingest service', () => {
  let database: Database;
  let ingest: IngestService;
  let merchantId: number;
  let clock = start;
  const events: IngestEvent[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { seed: 11, days: 1, txPerDay: 10, now: start });
    ingest = createIngestService(database.db, { now: () => clock, onEvent: (e) => void events.push(e) });
    const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).limit(1);
    merchantId = merchant?.id ?? 0;
  });

  afterAll(async () => {
    await database?.close();
  });

  const payment = (originalAmount = '90.00') =>
    ingest.createWaitingTransaction({
      merchantId,
      altCoinId: 1,
      originalAmount,
      inputCurrency: 'EUR',
      transactionType: 'API',
      coinAddress: 'bc1qexampleexampleexampleexampleexample0000',
      customerReference: 'ORD-1',
    });

  it('creates a waiting payment numbered after the seeded ones, with amounts from the rates', async () => {
    const [last] = await database.db
      .select({ id: transactions.transactionId })
      .from(transactions)
      .where(eq(transactions.prefix, 'T'))
      .orderBy(desc(transactions.transactionId))
      .limit(1);
    const row = await payment();
    expect(row.prefix).toBe('T');
    expect(row.status).toBe('waiting');
    expect(row.transactionId).toBeGreaterThan(last?.id ?? 0);
    expect(formatTransactionRef('T', row.transactionId)).toMatch(/^T\d{9}$/);
    // BTC is seeded at 90000 EUR.
    expect(row.amount).toBe('0.00100000');
    expect(row.volumeEur).toBe('90.00000000');
    expect(row.createdOn).toEqual(clock);
    expect(row.updatedOn).toEqual(clock);
    expect(row.security).toMatch(/^[0-9a-f]{32}$/);
    const event = events.at(-1);
    expect(event).toMatchObject({
      type: 'transaction',
      kind: 'waiting',
      ref: formatTransactionRef('T', row.transactionId),
    });
  });

  it('marks a payment paid and writes the PAID notification', async () => {
    const row = await payment('150.00');
    const ref = formatTransactionRef('T', row.transactionId);
    clock = new Date(start.getTime() + 60_000);
    const paid = await ingest.markPaid(ref);
    expect(paid).toMatchObject({ status: 'paid', notEnough: 0, confirmedOn: clock, updatedOn: clock });
    expect(Number(paid.revenueEur)).toBeGreaterThan(0);
    const [note] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.prefix, 'T'), eq(notifications.transactionId, row.transactionId)));
    expect(note).toMatchObject({ kind: 'PAID', message: `${ref} paid successfully`, createdOn: clock });
    expect(events.at(-1)).toMatchObject({
      type: 'transaction',
      kind: 'paid',
      ref,
      notification: { kind: 'PAID' },
    });
  });

  it('marks an underpaid payment with not_enough 1', async () => {
    const row = await payment();
    const paid = await ingest.markPaid(formatTransactionRef('T', row.transactionId), { underpaid: true });
    expect(paid).toMatchObject({ status: 'underpaid', notEnough: 1 });
    expect(events.at(-1)).toMatchObject({ kind: 'underpaid' });
  });

  it('expires a waiting payment, setting expired_on and the EXPIRED notification', async () => {
    const row = await payment();
    const ref = formatTransactionRef('T', row.transactionId);
    clock = new Date(start.getTime() + 3_600_000);
    const expired = await ingest.markExpired(ref);
    expect(expired).toMatchObject({ status: 'expired', expiredOn: clock, updatedOn: clock });
    expect(events.at(-1)).toMatchObject({ kind: 'expired', notification: { message: `${ref} expired` } });
  });

  it('refuses a change that does not fit the current status or an unknown reference', async () => {
    const row = await payment();
    const ref = formatTransactionRef('T', row.transactionId);
    await ingest.markPaid(ref);
    await expect(ingest.markExpired(ref)).rejects.toMatchObject({ code: 'invalid_state' });
    await expect(ingest.markPaid('T999999999')).rejects.toMatchObject({ code: 'not_found' });
    await expect(ingest.markPaid('P000100000')).rejects.toBeInstanceOf(IngestError);
    await expect(payment('-5')).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('refuses a payment for an unknown merchant or without a rate, and writes nothing', async () => {
    const count = async () =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(transactions))[0]?.n ?? 0;
    const before = await count();
    const input = {
      merchantId,
      altCoinId: 1,
      originalAmount: '10.00',
      inputCurrency: 'EUR',
      transactionType: 'API',
      coinAddress: 'bc1qexampleexampleexampleexampleexample0000',
    };
    await expect(ingest.createWaitingTransaction({ ...input, merchantId: 999_999 })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(ingest.createWaitingTransaction({ ...input, inputCurrency: 'XYZ' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(ingest.createWaitingTransaction({ ...input, altCoinId: 999_999 })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(await count()).toBe(before);
  });

  it('creates, completes and cancels payouts', async () => {
    const input = {
      merchantId,
      altCoinId: 625,
      originalAmount: '1000.00',
      inputCurrency: 'EUR',
      coinAddress: 'NA',
      externalProvider: 'BankLink',
    };
    const payout = await ingest.createPayout(input);
    expect(payout).toMatchObject({
      prefix: 'P',
      status: 'payout-pending',
      transactionType: 'Payout',
      amount: '1000.00000000',
    });
    const ref = formatTransactionRef('P', payout.transactionId);
    const done = await ingest.completePayout(ref);
    expect(done.status).toBe('payout-completed');
    expect(done.revenueEur).toBe('2.50000000');
    expect(events.at(-1)).toMatchObject({
      kind: 'payout-completed',
      notification: { message: `${ref} payout completed` },
    });
    const other = await ingest.createPayout(input);
    const cancelled = await ingest.cancelPayout(formatTransactionRef('P', other.transactionId));
    expect(cancelled.status).toBe('payout-cancelled');
    expect(events.at(-1)).toMatchObject({ kind: 'payout-cancelled', notification: null });
  });

  it('answers each change with the rows as stored, and tells the listener the stored notification', async () => {
    const stored = async (row: { prefix: 'T' | 'P'; transactionId: number }) =>
      (
        await database.db
          .select()
          .from(transactions)
          .where(and(eq(transactions.prefix, row.prefix), eq(transactions.transactionId, row.transactionId)))
      )[0];
    const created = await payment('42.50');
    expect(created).toEqual(await stored(created));

    const ref = formatTransactionRef('T', created.transactionId);
    clock = new Date(start.getTime() + 120_000);
    const paid = await ingest.markPaid(ref, { underpaid: true });
    expect(paid).toEqual(await stored(created));
    const [note] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.prefix, 'T'), eq(notifications.transactionId, created.transactionId)));
    expect(events.at(-1)).toMatchObject({ kind: 'underpaid', transaction: paid, notification: note });

    const payout = await ingest.createPayout({
      merchantId,
      altCoinId: 625,
      originalAmount: '200.00',
      inputCurrency: 'EUR',
      coinAddress: 'NA',
      amount: '199.5',
      externalProvider: 'BankLink',
    });
    expect(payout).toEqual(await stored(payout));
    // A given amount is kept as given; the EUR volume is still quoted.
    expect(payout).toMatchObject({ amount: '199.50000000', volumeEur: '200.00000000' });
    const completed = await ingest.completePayout(formatTransactionRef('P', payout.transactionId));
    expect(completed).toEqual(await stored(payout));
  });

  it('writes no notification for a change that does not apply', async () => {
    const row = await payment();
    const ref = formatTransactionRef('T', row.transactionId);
    await ingest.markExpired(ref);
    const notes = () =>
      database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.prefix, 'T'), eq(notifications.transactionId, row.transactionId)));
    expect(await notes()).toHaveLength(1);
    await expect(ingest.markExpired(ref)).rejects.toMatchObject({
      code: 'invalid_state',
      message: `${ref} is expired, expected waiting`,
    });
    expect(await notes()).toHaveLength(1);
    // A late payment of an expired one still applies (and writes its PAID notification).
    await ingest.markPaid(ref);
    expect((await notes()).map((n) => n.kind).sort()).toEqual(['EXPIRED', 'PAID']);
  });

  it('records failures, merchant chat messages and rates, and tells the listener', async () => {
    const failure = await ingest.recordFailure({ altCoinId: 1, failure: 'Node timeout', address: 'bc1qabc' });
    expect(failure).toMatchObject({ sticky: 0, notes: null, createdOn: clock });
    expect(events.at(-1)).toEqual({ type: 'failure', failure });

    const message = await ingest.receiveChatMessage(merchantId, '  Where is my payout?  ');
    expect(message).toMatchObject({ direction: 'IN', staffId: null, message: 'Where is my payout?' });
    expect(events.at(-1)).toEqual({ type: 'chat', message });
    await expect(ingest.receiveChatMessage(merchantId, '   ')).rejects.toMatchObject({
      message: 'Please provide a valid message',
    });
    const stored = await database.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(stored).toHaveLength(1);

    const rate = await ingest.updateRate(1, '91234.5');
    expect(rate.eur).toBe('91234.500000000000');
    const [row] = await database.db.select().from(rates).where(eq(rates.altCoinId, 1));
    expect(row?.updatedAt).toEqual(clock);
    expect(events.at(-1)).toEqual({ type: 'rate', rate });
    await expect(ingest.updateRate(1, '0')).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('keeps a change when the listener fails, and logs the failure', async () => {
    const errors: unknown[] = [];
    const failing = createIngestService(database.db, {
      now: () => clock,
      onEvent: () => {
        throw new Error('socket down');
      },
      logger: { error: (obj) => void errors.push(obj) },
    });
    const row = await failing.createWaitingTransaction({
      merchantId,
      altCoinId: 625,
      originalAmount: '10',
      inputCurrency: 'EUR',
      transactionType: 'Invoice',
      coinAddress: 'NA',
    });
    expect(row.status).toBe('waiting');
    expect(errors).toHaveLength(1);
  });
});
