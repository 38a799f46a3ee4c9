import { formatTransactionRef, INGEST_PREFIX } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, merchants, transactions } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestApp, type TestApp } from '../../test/test-app';

const TOKEN = 'feed-token-'.padEnd(40, 'x');
let t: TestApp;
let off: TestApp;
let merchantId = 0;

beforeAll(async () => {
  t = await createTestApp({ ingestToken: TOKEN });
  await seedDemoData(t.database.db, { seed: 4, days: 1, txPerDay: 5, now: t.clock.now() });
  const [merchant] = await t.database.db.select({ id: merchants.id }).from(merchants).limit(1);
  merchantId = merchant?.id ?? 0;
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
});

const feed = (app: TestApp, path: string, payload: unknown, token = TOKEN) =>
  app.app.inject({
    method: 'POST',
    url: `${INGEST_PREFIX}${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

const PAYMENT = () => ({
  merchantId,
  altCoinId: 1,
  originalAmount: '25.00',
  inputCurrency: 'EUR',
  coinAddress: 'bc1qplatformfeedaddress',
  transactionType: 'Payment',
  customerReference: 'ORDER-77',
});

describe('platform feed', () => {
  it('records a new waiting payment and then its payment', async () => {
    const created = await feed(t, '/transactions', PAYMENT());
    expect(created.statusCode, created.body).toBe(200);
    const { ref, status } = created.json().data as { ref: string; status: string };
    expect(status).toBe('waiting');
    expect(ref).toMatch(/^T\d{9}$/);

    const paid = await feed(t, `/transactions/${ref}/paid`, { underpaid: true });
    expect(paid.json().data).toEqual({ ref, status: 'underpaid' });
    const [row] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerReference, 'ORDER-77'));
    expect(formatTransactionRef('T', row?.transactionId ?? 0)).toBe(ref);
  });

  it('refuses a wrong or missing token, and is off when no token is configured', async () => {
    expect((await feed(t, '/transactions', PAYMENT(), 'wrong')).statusCode).toBe(401);
    const none = await t.app.inject({
      method: 'POST',
      url: `${INGEST_PREFIX}/transactions`,
      payload: PAYMENT(),
    });
    expect(none.statusCode).toBe(401);
    expect((await feed(off, '/transactions', PAYMENT())).statusCode).toBe(404);
  });

  it('answers bad input with 400, an unknown reference with 404 and a second expiry with 409', async () => {
    const bad = await feed(t, '/transactions', { ...PAYMENT(), originalAmount: '1.123456789' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Use a decimal amount with at most 8 decimals');
    expect((await feed(t, '/transactions/T999999999/expired', {})).statusCode).toBe(404);
    const { ref } = (await feed(t, '/transactions', PAYMENT())).json().data as { ref: string };
    expect((await feed(t, `/transactions/${ref}/expired`, {})).statusCode).toBe(200);
    expect((await feed(t, `/transactions/${ref}/expired`, {})).statusCode).toBe(409);
  });

  it('records a failure cause', async () => {
    const response = await feed(t, '/failures', {
      altCoinId: 1,
      failure: 'Node timeout',
      address: 'bc1qnode',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBeGreaterThan(0);
  });

  it('records a merchant chat message, and refuses a blank one or an unknown merchant', async () => {
    const response = await feed(t, '/chat-messages', { merchantId, message: 'Hello support' });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, response.json().data.id));
    expect(stored).toMatchObject({ merchantId, direction: 'IN', message: 'Hello support', staffId: null });

    const blank = await feed(t, '/chat-messages', { merchantId, message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Please provide a valid message');
    expect((await feed(t, '/chat-messages', { merchantId: 999_999, message: 'Hi' })).statusCode).toBe(404);
  });
});
