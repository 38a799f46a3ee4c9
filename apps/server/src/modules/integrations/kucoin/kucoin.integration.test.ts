import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { injectTransport } from '../integration';
import { KUCOIN_TEST_MESSAGES, kucoinIntegration } from './kucoin.integration';
import { createKucoinClient, KucoinError } from './kucoin-client';
import { KUCOIN_DEMO_CREDENTIALS, KUCOIN_DEMO_WITHDRAW_CREDENTIALS } from './kucoin-fake';

const NOW = new Date('2026-03-01T10:12:00.000Z');
const VALUES = {
  baseUrl: 'production',
  apiKeyVersion: '2',
  subAccounts: [],
  expectTradePermission: true,
  forbidWithdrawPermission: true,
  maxRequestsPerSec: 30,
};
const GOOD = { ...KUCOIN_DEMO_CREDENTIALS };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The fake mounted as the server mounts it in fake mode; `fakeNow` lets its clock drift from ours. */
async function mount(fakeNow: () => Date = () => NOW) {
  app = Fastify();
  await app.register(kucoinIntegration.fake, { prefix: '/fake/kucoin', now: fakeNow });
  await app.ready();
  return injectTransport(app, 'kucoin');
}

const test = async (values: Record<string, unknown>, secrets: Record<string, string>, fakeNow?: () => Date) =>
  kucoinIntegration.test({ values, secrets }, await mount(fakeNow), () => NOW);

describe('KuCoin Test connection against the fake', () => {
  it('runs the four checks with the demo key: skew, auth, permissions, sub-accounts', async () => {
    expect(await test(VALUES, GOOD)).toEqual({
      ok: true,
      message: 'Skew 120 ms · auth ✓ · trade ✓ · withdraw ✗ (as required) · 4 sub-accounts',
    });
  });

  it('says the passphrase does not match when only the passphrase is wrong (KuCoin 400005)', async () => {
    expect(await test(VALUES, { ...GOOD, apiPassphrase: 'not-the-passphrase' })).toEqual({
      ok: false,
      message: 'Skew 120 ms · auth ✗ · The passphrase does not match this key',
    });
  });

  it('blames the secret when the signature is wrong, and names an unknown key', async () => {
    expect((await test(VALUES, { ...GOOD, apiSecret: 'wrong-secret' })).message).toBe(
      'Skew 120 ms · auth ✗ · KuCoin refused the signature: check the API secret',
    );
    expect((await test(VALUES, { ...GOOD, apiKey: 'no-such-key' })).message).toBe(
      'Skew 120 ms · auth ✗ · KuCoin does not know this API key',
    );
  });

  it('fails a key that can withdraw while withdrawals are forbidden, and passes it when they are allowed', async () => {
    const withdrawKey = { ...KUCOIN_DEMO_WITHDRAW_CREDENTIALS };
    expect(await test(VALUES, withdrawKey)).toEqual({
      ok: false,
      message: 'Skew 120 ms · auth ✓ · trade ✓ · withdraw ✓ (forbidden) · 4 sub-accounts',
    });
    expect(await test({ ...VALUES, forbidWithdrawPermission: false }, withdrawKey)).toEqual({
      ok: true,
      message: 'Skew 120 ms · auth ✓ · trade ✓ · withdraw ✓ · 4 sub-accounts',
    });
  });

  it('warns above 1 s of skew and reports KuCoin’s timestamp refusal beyond 5 s', async () => {
    const ahead = (ms: number) => () => new Date(NOW.getTime() + ms);
    expect((await test(VALUES, GOOD, ahead(2_000))).message).toBe(
      'Skew 2,120 ms ⚠ over 1 s · auth ✓ · trade ✓ · withdraw ✗ (as required) · 4 sub-accounts',
    );
    expect(await test(VALUES, GOOD, ahead(9_000))).toEqual({
      ok: false,
      message:
        'Skew 9,120 ms ⚠ over 1 s · auth ✗ · KuCoin refused the request’s timestamp: check this server’s clock',
    });
  });

  it('fails when a configured sub-account is not visible to the key', async () => {
    const values = {
      ...VALUES,
      subAccounts: [
        { name: 'hedging', uid: '62356', purpose: 'hedging' },
        { name: 'gone', uid: '99999', purpose: 'bots' },
      ],
    };
    expect(await test(values, GOOD)).toEqual({
      ok: false,
      message:
        'Skew 120 ms · auth ✓ · trade ✓ · withdraw ✗ (as required) · 4 sub-accounts · not visible to this key: UID 99999',
    });
  });

  it('asks for the three secrets before calling KuCoin', async () => {
    expect(await test(VALUES, { apiKey: GOOD.apiKey })).toEqual({
      ok: false,
      message: KUCOIN_TEST_MESSAGES.missing,
    });
  });

  it('accepts a version 3 key signed the same way', async () => {
    expect((await test({ ...VALUES, apiKeyVersion: '3' }, GOOD)).ok).toBe(true);
  });
});

describe('KuCoin client against the fake', () => {
  it('places a signed order with a JSON body and lists it', async () => {
    const http = await mount();
    const client = createKucoinClient({ http, now: () => NOW, key: { ...GOOD, keyVersion: '2' } });
    const placed = await client.call<{ orderId: string }>('POST', '/api/v1/orders', {
      clientOid: 'c-1',
      side: 'buy',
      symbol: 'BTC-USDT',
      type: 'limit',
      price: '59000.0',
      size: '0.01',
    });
    const listed = await client.call<{ items: Array<{ id: string; isActive: boolean; price: string }> }>(
      'GET',
      '/api/v1/orders?status=active',
    );
    expect(listed.items).toEqual([
      expect.objectContaining({ id: placed.orderId, isActive: true, price: '59000.0' }),
    ]);
  });

  it('refuses a body changed after signing (the fake checks the exact bytes)', async () => {
    const http = await mount();
    const signer = createKucoinClient({
      now: () => NOW,
      key: { ...GOOD, keyVersion: '2' },
      http: (req) => http({ ...req, body: (req.body ?? '').replace('0.01', '9.99') }),
    });
    const refused = signer.call('POST', '/api/v1/orders', {
      side: 'buy',
      symbol: 'BTC-USDT',
      type: 'market',
      size: '0.01',
    });
    await expect(refused).rejects.toBeInstanceOf(KucoinError);
    await expect(refused).rejects.toMatchObject({ code: '400004', status: 401 });
  });

  it('serves a fixed public order book around the seeded mid price', async () => {
    const http = await mount();
    const res = await http({ method: 'GET', path: '/api/v1/market/orderbook/level2_20?symbol=BTC-USDT' });
    const book = JSON.parse(res.body).data as { bids: string[][]; asks: string[][] };
    expect(book.bids[0]).toEqual(['59999.5', '0.05000000']);
    expect(book.asks[0]).toEqual(['60000.5', '0.05000000']);
    expect(book.bids).toHaveLength(20);
  });
});

describe('KuCoin badge', () => {
  it('is FAKE in fake mode, LIVE on production and SANDBOX on a custom base URL in real mode', () => {
    expect(kucoinIntegration.badge({ baseUrl: 'production' }, 'fake')).toBe('FAKE');
    expect(kucoinIntegration.badge({ baseUrl: 'production' }, 'real')).toBe('LIVE');
    expect(kucoinIntegration.badge({ baseUrl: 'custom' }, 'real')).toBe('SANDBOX');
  });
});
