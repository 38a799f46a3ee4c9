import { ADMIN_SERVICE_PREFIX, INGEST_PREFIX, PG_INTEGER_MAX } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureCauses, merchants, transactions } from './db/schema';
import { seedDemoData } from './db/seed/demo-data.seed';
import { encodeCursor } from './modules/transactions/transactions.service';
import { NUL_MESSAGE, UNICODE_MESSAGE } from './plugins/input-guard';
import { changedTables, createTableWatch } from './test/hostile-input';
import {
  adminGet,
  createTestApp,
  csrf,
  signIn,
  solveBotCheck,
  TEST_PASSWORD,
  type TestApp,
} from './test/test-app';

/** The bugs the bad-input property test (bad-input.property.test.ts) found, each pinned by one example. */
const FEED_TOKEN = 'regression-feed-token-'.padEnd(40, 'r');
let t: TestApp;
let staff: { cookie: string; token: string };
let watch: ReturnType<typeof createTableWatch>;
let merchantId = 0;
let failureId = 0;
let payment = { id: 0, merchantId: 0 };

beforeAll(async () => {
  t = await createTestApp({ ingestToken: FEED_TOKEN });
  const now = t.clock.now();
  await seedDemoData(t.database.db, { seed: 3, days: 2, txPerDay: 10, now });
  const db = t.database.db;
  const signedIn = await signIn(t.app, 'admin');
  staff = { cookie: signedIn.cookie, token: signedIn.token };
  watch = createTableWatch(db);
  merchantId = (await db.select({ id: merchants.id }).from(merchants).limit(1))[0]?.id ?? 0;
  failureId = (await db.select({ id: failureCauses.id }).from(failureCauses).limit(1))[0]?.id ?? 0;
  const [row] = await db
    .select({ id: transactions.transactionId, merchantId: transactions.merchantId })
    .from(transactions)
    .where(and(eq(transactions.prefix, 'T'), eq(transactions.status, 'waiting')))
    .limit(1);
  if (!row || !merchantId || !failureId) throw new Error('the demo data lacks a row this test needs');
  payment = row;
}, 60_000);
afterAll(() => t.close());

const post = (url: string, payload: object, feed = false) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: feed
      ? { authorization: `Bearer ${FEED_TOKEN}` }
      : { ...csrf, cookie: staff.cookie, authorization: `Bearer ${staff.token}` },
    payload,
  });
const get = (url: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: staff.cookie, authorization: `Bearer ${staff.token}` },
  });
const admin = (call: string, payload: object) => post(`${ADMIN_SERVICE_PREFIX}?Call=${call}`, payload);

/** A clean refusal: the status in the envelope, and not a table touched. */
async function expectRefused(send: () => Promise<LightMyRequestResponse>, status = 400) {
  const before = await watch.snapshot();
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ status_code: status, message: expect.any(String) });
  expect(changedTables(before, await watch.snapshot())).toEqual([]);
  return response;
}

describe('ids beyond PostgreSQL integer', () => {
  const tooBig = PG_INTEGER_MAX + 1;

  it('refuses a merchant, coin or failure id that does not fit an integer column with a 400, not a 500', async () => {
    await expectRefused(() => get(`/api/main/MarketAPI?MSGS&Call=HISTORY&ID=${tooBig}`));
    await expectRefused(() => post('/api/main/MarketAPI?MSGS&Call=SEND', { ID: tooBig, TEXT: 'hello' }));
    await expectRefused(() => get(`/api/main/v2REAPI?Call=Fiatlookup&AltCoinID=${tooBig}`));
    await expectRefused(() =>
      admin('UpdateTable', { table: 'Transaction_Failure', ID: tooBig, field: 'Sticky', value: 1 }),
    );
    await expectRefused(() =>
      admin('TransactionStatusUpdate', {
        TransactionID: `T${payment.id}`,
        targetMerchant: tooBig,
        statusID: -1,
      }),
    );
    await expectRefused(() =>
      adminGet(t.app, staff.token, 'ListTransactions', {
        start: '2026-01-01',
        end: '2026-01-02',
        merchantId: String(tooBig),
      }),
    );
    await expectRefused(() =>
      post(
        `${INGEST_PREFIX}/transactions`,
        {
          merchantId: tooBig,
          altCoinId: 1,
          originalAmount: '1',
          inputCurrency: 'EUR',
          coinAddress: 'a',
          transactionType: 'Payment',
        },
        true,
      ),
    );
    await expectRefused(() =>
      post(`${INGEST_PREFIX}/chat-messages`, { merchantId: tooBig, message: 'hi' }, true),
    );
    await expectRefused(() =>
      post(`${INGEST_PREFIX}/failures`, { altCoinId: tooBig, failure: 'x', address: 'y' }, true),
    );
  });

  it('still looks up the largest integer id and answers that nothing is there', async () => {
    const response = await get(`/api/main/MarketAPI?MSGS&Call=HISTORY&ID=${PG_INTEGER_MAX}`);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('NUL characters', () => {
  it('refuses a NUL anywhere in a body, a query or a path with a 400 naming the field, and writes nothing', async () => {
    const log = await expectRefused(() =>
      admin('KYCLOG', { transactionlog: 'paid twice\u0000', TransactionID: payment.id }),
    );
    expect(log.json()).toEqual({
      status_code: 400,
      message: NUL_MESSAGE,
      data: { error: NUL_MESSAGE, issues: [{ path: 'transactionlog', message: NUL_MESSAGE }] },
    });
    await expectRefused(() =>
      admin('UpdateTable', {
        table: 'Transaction_Failure',
        ID: failureId,
        field: 'Notes',
        value: 'a\u0000b',
      }),
    );
    await expectRefused(() =>
      post('/api/main/MarketAPI?MSGS&Call=SEND', { ID: merchantId, TEXT: '\u0000hi' }),
    );
    await expectRefused(() =>
      adminGet(t.app, staff.token, 'ListTransactions', {
        start: '2026-01-01',
        end: '2026-01-02',
        keyword: 'a\u0000',
      }),
    );
    await expectRefused(() => adminGet(t.app, staff.token, 'TransactionFailure', { keyword: '\u0000' }));
    await expectRefused(() =>
      adminGet(t.app, staff.token, 'PaymentProvider', {
        ID: String(payment.id),
        Payout: '0',
        ProviderID: 'Card\u0000',
      }),
    );
    await expectRefused(() =>
      post(`${INGEST_PREFIX}/failures`, { altCoinId: 1, failure: 'node\u0000down', address: 'bc1q' }, true),
    );
    const nested = await expectRefused(() =>
      post(
        `${INGEST_PREFIX}/provider-payments`,
        {
          prefix: 'T',
          transactionId: payment.id,
          provider: 'Rapyd',
          details: { kind: 'rapyd', id: 'r1', fields: { note: 'x\u0000' } },
        },
        true,
      ),
    );
    expect(nested.json().data.issues[0].path).toBe('details.fields.note');
    await expectRefused(() => post(`${INGEST_PREFIX}/transactions/T1%00/expired`, {}, true));
  });

  it('refuses a NUL in a sign-in or reset request before the bot check is spent or a failure counted', async () => {
    const anonymous = async (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/main/${path}`,
        headers: csrf,
        remoteAddress: '10.77.0.1',
        payload: { ...payload, 'g-recaptcha-response': await solveBotCheck(t.app) },
      });
    await expectRefused(() =>
      anonymous('Login', { User: 'viewer\u0000', Password: TEST_PASSWORD, totp: '000000' }),
    );
    await expectRefused(() => anonymous('ForgotPassword', { User: '\u0000 ' }));
  });

  it("refuses half a surrogate pair, which the audit trail's jsonb cannot store, and keeps whole pairs", async () => {
    const lone = await expectRefused(() =>
      admin('KYCLOG', { payoutlog: 'refund \ud800', PayoutID: payment.id }),
    );
    expect(lone.json().message).toBe(UNICODE_MESSAGE);
    await expectRefused(() =>
      post(`${INGEST_PREFIX}/chat-messages`, { merchantId, message: '\udfffhi' }, true),
    );
    const emoji = await admin('KYCLOG', { transactionlog: 'paid 🙂 \u202Eevil', TransactionID: payment.id });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json().data.result).toContain('paid 🙂 \u202Eevil');
  });
});

describe('forged page cursors', () => {
  it('refuses a cursor whose value cannot be read back as its sort column, instead of failing in the cast', async () => {
    const list = (sort: string, value: string) =>
      adminGet(t.app, staff.token, 'ListTransactions', {
        start: '2026-01-01',
        end: '2026-12-31',
        sort,
        page: 'next',
        cursor: encodeCursor({ value, id: 1 }),
      });
    for (const [sort, value] of [
      ['CreatedOn', '2026-99-99'],
      ['Date', '2026-02-30 10:00:00+00'],
      ['Amount', 'not-a-number'],
      ['TransactionID', '99999999999999999999'],
      ['Merchant', 'shop\u0000'],
    ] as const) {
      const response = await expectRefused(() => list(sort, value));
      expect(response.json().message).toBe('Invalid page cursor');
    }
    const fits = await list('CreatedOn', '2026-06-01 10:00:00.123+00');
    expect(fits.statusCode, fits.body).toBe(200);
  });
});

describe('addresses the router refuses', () => {
  it('answers an over-long path parameter and a malformed escape in the envelope, without echoing the path', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: `${INGEST_PREFIX}/transactions/T${'1'.repeat(200)}/paid`,
      headers: { authorization: `Bearer ${FEED_TOKEN}` },
      payload: {},
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ status_code: 414, message: 'The address is too long', data: null });
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${INGEST_PREFIX}/transactions/%E0%A4%A/paid`,
      headers: { authorization: `Bearer ${FEED_TOKEN}` },
      payload: {},
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ status_code: 400, message: 'Invalid request', data: null });
    expect(malformed.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
