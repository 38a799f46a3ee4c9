import { INGEST_PREFIX } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, vtokens } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { insertMerchant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const TOKEN = 'vtoken-feed-token-'.padEnd(40, 'x');
let t: TestApp;
let merchantId = 0;
let admin = '';

beforeAll(async () => {
  t = await createTestApp({ ingestToken: TOKEN, jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
  merchantId = await insertMerchant(t.database.db, 'Feed Voucher Shop');
  admin = (await signInStaff(t.app, 'admin')).token;
});
afterAll(() => t.close());

const feed = (path: string, payload: unknown, token = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: `${INGEST_PREFIX}${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

const SALE = () => ({
  merchantId,
  altCoinId: 1,
  originalAmount: '50.00',
  inputCurrency: 'EUR',
  coinAddress: 'bc1qvouchersaleaddress',
});

const vtokenOf = async (ref: string) => {
  const [row] = await t.database.db
    .select({ id: vtokens.id, status: vtokens.status, claimedBy: vtokens.claimedBy })
    .from(vtokens)
    .innerJoin(transactions, eq(transactions.id, vtokens.transactionRowId))
    .where(eq(transactions.transactionId, Number(ref.slice(1))));
  return row;
};

describe('the platform feed sells and claims vTokens', () => {
  it('records a sale with its vToken, then its claim by the holder', async () => {
    const sold = await feed('/vtokens', SALE());
    expect(sold.statusCode, sold.body).toBe(200);
    const { ref, status } = sold.json().data as { ref: string; status: string };
    expect(status).toBe('vtoken-active');
    expect(await vtokenOf(ref)).toMatchObject({ status: 'active', claimedBy: null });

    const claimed = await feed(`/transactions/${ref.toLowerCase()}/vtoken-claimed`, { holder: 'wallet:ada' });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toEqual({ ref, status: 'vtoken-claimed' });
    expect(await vtokenOf(ref)).toMatchObject({ status: 'claimed', claimedBy: 'wallet:ada' });

    // Claimed once: a second claim is refused and changes nothing.
    const again = await feed(`/transactions/${ref}/vtoken-claimed`, { holder: 'wallet:eve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`the vToken of ${ref} is claimed`);
    expect(await vtokenOf(ref)).toMatchObject({ claimedBy: 'wallet:ada' });
  });

  it('refuses to claim a vToken staff cancelled, and a payment that is no vToken sale', async () => {
    const { ref } = (await feed('/vtokens', SALE())).json().data as { ref: string };
    const token = await vtokenOf(ref);
    const cancelled = await adminPost(t.app, admin, 'CancelVToken', {
      ID: token?.id,
      Reason: 'Reported lost',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const claim = await feed(`/transactions/${ref}/vtoken-claimed`, { holder: 'wallet:ada' });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toBe(`the vToken of ${ref} is cancelled`);

    const payment = await feed('/transactions', { ...SALE(), transactionType: 'API' });
    const paymentRef = (payment.json().data as { ref: string }).ref;
    const wrong = await feed(`/transactions/${paymentRef}/vtoken-claimed`, { holder: 'wallet:ada' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(`${paymentRef} is not a vToken sale`);
    expect((await feed('/transactions/T999999999/vtoken-claimed', { holder: 'x' })).statusCode).toBe(404);
  });

  it('refuses a sale or claim without its fields, or without the token', async () => {
    expect((await feed('/vtokens', { ...SALE(), originalAmount: 'ten' })).statusCode).toBe(400);
    expect((await feed('/transactions/T000000001/vtoken-claimed', { holder: '  ' })).statusCode).toBe(400);
    expect((await feed('/vtokens', SALE(), 'wrong-token'.padEnd(40, 'y'))).statusCode).toBe(401);
  });
});
