import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpTransport, injectTransport } from '../integration';
import {
  AIRWALLEX_TEST_MESSAGES,
  airwallexIntegration,
  formatAmount,
  testAirwallexWithCache,
} from './airwallex.integration';
import {
  airwallexWebhookSignature,
  createAirwallexClient,
  createAirwallexTokenCache,
  parseKeepingAmounts,
  verifyAirwallexWebhook,
} from './airwallex-client';
import { AIRWALLEX_DEMO_CREDENTIALS as DEMO } from './airwallex-fake';

const NOW = new Date('2026-03-01T10:12:00.000Z');
const at = (hhmmss: string) => () => new Date(`2026-03-01T${hhmmss}.000Z`);
const VALUES = {
  environment: 'demo',
  clientId: DEMO.clientId,
  loginAs: '',
  onBehalfOf: '',
  apiVersion: '2025-02-14',
  sourceCurrency: 'EUR',
};
const SECRETS = { apiKey: DEMO.apiKey };

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function mount(now: () => Date = () => NOW) {
  app = Fastify();
  await app.register(airwallexIntegration.fake, { prefix: '/fake/airwallex', now });
  await app.ready();
  return injectTransport(app, 'airwallex');
}

/** Counts the logins that reach the fake. */
const counting = (http: HttpTransport) => {
  const seen = { logins: 0 };
  const wrapped: HttpTransport = async (req) => {
    if (req.path === '/api/v1/authentication/login') seen.logins += 1;
    return http(req);
  };
  return { seen, http: wrapped };
};

describe('Airwallex Test connection against the fake', () => {
  it('logs in, then reads the current balances, source currency first', async () => {
    expect(
      await airwallexIntegration.test({ values: VALUES, secrets: SECRETS }, await mount(), () => NOW),
    ).toEqual({
      ok: true,
      message: 'Token ✓ (expires 10:42) · EUR 12,340.00 · USD 5,020.11',
    });
  });

  it('reuses the token until shortly before expires_at, then logs in again', async () => {
    let clock = at('10:12:00')();
    const { seen, http } = counting(await mount(() => clock));
    const cache = createAirwallexTokenCache();
    const run = async (hhmmss: string) => {
      clock = at(hhmmss)();
      return (await testAirwallexWithCache({ values: VALUES, secrets: SECRETS }, http, () => clock, cache))
        .message;
    };
    expect(await run('10:12:00')).toMatch(/^Token ✓ \(expires 10:42\)/);
    expect(await run('10:40:00')).toMatch(/^Token ✓ \(expires 10:42\)/);
    expect(seen.logins).toBe(1);
    // With less than a minute left the token is renewed rather than sent.
    expect(await run('10:41:30')).toMatch(/^Token ✓ \(expires 11:11\)/);
    expect(seen.logins).toBe(2);
  });

  it('says which environment the refused key must belong to', async () => {
    expect(
      await testAirwallexWithCache(
        { values: VALUES, secrets: { apiKey: 'wrong-key' } },
        await mount(),
        () => NOW,
        createAirwallexTokenCache(),
      ),
    ).toEqual({
      ok: false,
      message:
        'Token ✗ · Airwallex refused the client id or API key (401). Check that they belong to the demo environment.',
    });
  });

  it('acts on behalf of the demo connected account and refuses another one', async () => {
    const run = async (onBehalfOf: string) =>
      testAirwallexWithCache(
        { values: { ...VALUES, onBehalfOf }, secrets: SECRETS },
        await mount(),
        () => NOW,
        createAirwallexTokenCache(),
      );
    expect((await run(DEMO.onBehalfOf)).ok).toBe(true);
    expect(await run('acct_someoneElse')).toEqual({
      ok: false,
      message:
        'Token ✓ (expires 10:42) · balances ✗ · Airwallex refused access to acct_someoneElse (403): check “On behalf of” and the key’s scope',
    });
  });

  it('logs in once more when a cached token was revoked before its expiry', async () => {
    const { seen, http } = counting(await mount());
    const cache = createAirwallexTokenCache();
    const client = createAirwallexClient({
      http,
      now: () => NOW,
      cache,
      credentials: {
        environment: 'demo',
        clientId: DEMO.clientId,
        apiKey: DEMO.apiKey,
        apiVersion: '2025-02-14',
      },
    });
    await client.token();
    for (const key of cache.keys())
      cache.set(key, { token: 'revoked.token', expiresAt: new Date('2026-03-01T11:00:00Z') });
    expect((await client.balances()).map((b) => b.currency)).toEqual(['EUR', 'USD', 'GBP']);
    expect(seen.logins).toBe(2);
  });

  it('asks for the client id and API key before calling Airwallex', async () => {
    expect(
      await airwallexIntegration.test(
        { values: { ...VALUES, clientId: '' }, secrets: SECRETS },
        await mount(),
        () => NOW,
      ),
    ).toEqual({
      ok: false,
      message: AIRWALLEX_TEST_MESSAGES.missing,
    });
  });
});

describe('Airwallex payouts against the fake', () => {
  const client = async (now: () => Date) =>
    createAirwallexClient({
      http: await mount(now),
      now,
      cache: createAirwallexTokenCache(),
      credentials: {
        environment: 'demo',
        clientId: DEMO.clientId,
        apiKey: DEMO.apiKey,
        apiVersion: '2025-02-14',
      },
    });
  const bank = {
    account_name: 'Shop BV',
    account_currency: 'EUR',
    bank_country_code: 'NL',
    iban: 'NL91ABNA0417164300',
  };

  it('validates and creates a beneficiary, then moves a transfer NEW → READY_FOR_DISPATCH → DISPATCHED', async () => {
    let clock = NOW.getTime();
    const c = await client(() => new Date(clock));
    await expect(
      c.call('POST', '/api/v1/beneficiaries/validate', { bank_details: { ...bank, iban: 'NL00' } }),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    const ben = await c.call<{ beneficiary_id: string }>('POST', '/api/v1/beneficiaries/create', {
      bank_details: bank,
    });
    const create = {
      request_id: 'r-1',
      beneficiary_id: ben.beneficiary_id,
      transfer_amount: '1000.50',
      transfer_currency: 'EUR',
      source_currency: 'EUR',
    };
    const made = await c.call<{ id: string; status: string; transfer_amount: string }>(
      'POST',
      '/api/v1/transfers/create',
      create,
    );
    expect(made).toMatchObject({ status: 'NEW', transfer_amount: '1000.50' });
    expect((await c.call<{ id: string }>('POST', '/api/v1/transfers/create', create)).id).toBe(made.id);
    clock += 61_000;
    expect((await c.call<{ status: string }>('GET', `/api/v1/transfers/${made.id}`)).status).toBe(
      'READY_FOR_DISPATCH',
    );
    clock += 300_000;
    expect((await c.call<{ status: string }>('GET', `/api/v1/transfers/${made.id}`)).status).toBe(
      'DISPATCHED',
    );
    const eur = (await c.balances()).find((b) => b.currency === 'EUR');
    expect(eur?.available_amount).toBe('11339.50');
  });

  it('cancels a new transfer and gives the funds back; fails a FAIL reference; refuses more than the balance', async () => {
    const c = await client(() => NOW);
    const ben = await c.call<{ beneficiary_id: string }>('POST', '/api/v1/beneficiaries/create', {
      bank_details: bank,
    });
    const base = { beneficiary_id: ben.beneficiary_id, transfer_currency: 'EUR', source_currency: 'EUR' };
    const made = await c.call<{ id: string }>('POST', '/api/v1/transfers/create', {
      ...base,
      request_id: 'a',
      transfer_amount: '40',
    });
    expect((await c.call<{ status: string }>('POST', `/api/v1/transfers/${made.id}/cancel`)).status).toBe(
      'CANCELLED',
    );
    const failed = await c.call<{ status: string }>('POST', '/api/v1/transfers/create', {
      ...base,
      request_id: 'b',
      transfer_amount: '10',
      reference: 'FAIL-demo',
    });
    expect(failed.status).toBe('FAILED');
    expect((await c.balances()).find((b) => b.currency === 'EUR')?.available_amount).toBe('12340.00');
    await expect(
      c.call('POST', '/api/v1/transfers/create', { ...base, request_id: 'c', transfer_amount: '99999.99' }),
    ).rejects.toMatchObject({ code: 'insufficient_fund' });
  });

  it('quotes a fixed FX rate', async () => {
    const c = await client(() => NOW);
    expect(await c.call('GET', '/api/v1/fx/rates/current?buy_currency=USD&sell_currency=EUR')).toMatchObject({
      rate: '1.0842',
    });
  });
});

describe('Airwallex amounts, webhooks and badge', () => {
  it('keeps JSON amounts as their decimal text and formats them by thousands', () => {
    expect(parseKeepingAmounts('[{"currency":"USD","total_amount": 5020.10}]')).toEqual([
      { currency: 'USD', total_amount: '5020.10' },
    ]);
    expect(formatAmount('12340')).toBe('12,340.00');
    expect(formatAmount('5020.1')).toBe('5,020.10');
    expect(formatAmount('1234567.891')).toBe('1,234,567.89');
    expect(formatAmount('0.5')).toBe('0.50');
  });

  it('accepts a webhook signed over x-timestamp + body within the tolerance, and refuses others', () => {
    const body = '{"name":"payout.transfer.dispatched"}';
    const ts = String(NOW.getTime());
    const sig = airwallexWebhookSignature('whsec', ts, body);
    const check = (headers: { 'x-timestamp'?: string; 'x-signature'?: string }, b = body, now = NOW) =>
      verifyAirwallexWebhook('whsec', headers, b, now, 300);
    expect(check({ 'x-timestamp': ts, 'x-signature': sig })).toBe('ok');
    expect(check({ 'x-timestamp': ts, 'x-signature': sig }, `${body} `)).toBe('bad-signature');
    expect(check({ 'x-timestamp': ts, 'x-signature': sig }, body, new Date(NOW.getTime() + 301_000))).toBe(
      'stale',
    );
    expect(check({ 'x-timestamp': ts })).toBe('bad-signature');
  });

  it('is FAKE in fake mode, SANDBOX on demo and LIVE on production in real mode', () => {
    expect(airwallexIntegration.badge({ environment: 'production' }, 'fake')).toBe('FAKE');
    expect(airwallexIntegration.badge({ environment: 'demo' }, 'real')).toBe('SANDBOX');
    expect(airwallexIntegration.badge({ environment: 'production' }, 'real')).toBe('LIVE');
  });
});
