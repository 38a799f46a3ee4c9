import { ADMIN_CALLS, INGEST_PREFIX, PROVIDER_KIND_BY_NAME } from '@bo/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerPayments, transactions } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';

const TOKEN = 'provider-feed-token-'.padEnd(40, 'y');
let t: TestApp;
let support = '';

beforeAll(async () => {
  t = await createTestApp({ ingestToken: TOKEN });
  await seedDemoData(t.database.db, { seed: 9, days: 6, txPerDay: 60, now: t.clock.now() });
  support = (await signIn(t.app, 'support')).token;
});
afterAll(() => t.close());

const lookup = (token: string, params: { ID: number; Payout: number; ProviderID: string }) =>
  adminGet(t.app, token, 'PaymentProvider', {
    ID: String(params.ID),
    Payout: String(params.Payout),
    ProviderID: params.ProviderID,
  });

const paidWith = async (provider: string) => {
  const [row] = await t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.externalProvider, provider), eq(transactions.status, 'paid')))
    .limit(1);
  return row;
};

describe('PaymentProvider', () => {
  it("answers each demo acquirer's record in the shape of its kind", async () => {
    for (const provider of Object.keys(PROVIDER_KIND_BY_NAME)) {
      const row = await paidWith(provider);
      if (!row) continue;
      const response = await lookup(support, { ID: row.transactionId, Payout: 0, ProviderID: provider });
      expect(response.statusCode, response.body).toBe(200);
      const detail = ADMIN_CALLS.PaymentProvider.data.parse(response.json().data);
      expect(detail?.kind).toBe(PROVIDER_KIND_BY_NAME[provider]);
    }
    const stripe = await paidWith('Stripe');
    if (stripe) {
      const detail = (
        await lookup(support, { ID: stripe.transactionId, Payout: 0, ProviderID: 'Stripe' })
      ).json().data;
      expect(detail).toMatchObject({ kind: 'stripe', status: 'succeeded' });
      expect(detail.amount).toBe(Math.round(Number(stripe.originalAmount) * 100));
    }
  });

  it("answers null for a payment the provider does not know ('No record found!')", async () => {
    const response = await lookup(support, { ID: 999_999_999, Payout: 0, ProviderID: 'Stripe' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBeNull();
  });

  it('asks the bank again by the customer reference when it knows no payment under our id', async () => {
    const [row] = await t.database.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.externalProvider, 'BankLink'),
          eq(transactions.prefix, 'T'),
          eq(transactions.status, 'paid'),
          isNotNull(transactions.customerReference),
        ),
      )
      .limit(1);
    if (!row?.customerReference) throw new Error('no bank payment with a reference in the demo data');
    // The bank filed it under another (its own) id, with our customer reference.
    await t.database.db
      .update(providerPayments)
      .set({ transactionId: 888_888_888 })
      .where(
        and(eq(providerPayments.transactionId, row.transactionId), eq(providerPayments.provider, 'BankLink')),
      );
    const response = await lookup(support, { ID: row.transactionId, Payout: 0, ProviderID: 'BankLink' });
    expect(response.json().data).toMatchObject({ kind: 'bank', reference: row.customerReference });
  });

  it('refuses an unknown provider and a caller without view-transactions', async () => {
    expect((await lookup(support, { ID: 1, Payout: 0, ProviderID: 'Nope' })).statusCode).toBe(400);
    const marketing = (await signIn(t.app, 'marketing')).token;
    expect((await lookup(marketing, { ID: 1, Payout: 0, ProviderID: 'Stripe' })).statusCode).toBe(403);
  });

  it('takes a provider record from the platform feed, checked against its kind', async () => {
    const record = {
      prefix: 'T',
      transactionId: 777_000_001,
      provider: 'Stripe',
      details: {
        kind: 'stripe',
        id: 'pi_feed',
        amount: 1250,
        currency: 'eur',
        status: 'succeeded',
        description: null,
        receipt_url: null,
      },
    };
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `${INGEST_PREFIX}/provider-payments`,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload,
      });
    expect((await post(record)).statusCode).toBe(200);
    expect((await post({ ...record, provider: 'Bunq' })).statusCode).toBe(400);
    const response = await lookup(support, { ID: 777_000_001, Payout: 0, ProviderID: 'Stripe' });
    expect(response.json().data).toMatchObject({ id: 'pi_feed', amount: 1250 });
  });
});
