import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { injectTransport } from '../integration';
import {
  createKucoinBrokerClient,
  KUCOIN_BROKER_TEST_MESSAGES,
  kucoinBrokerIntegration,
} from './kucoin-broker.integration';
import { KUCOIN_BROKER_DEMO_CREDENTIALS as DEMO } from './kucoin-broker-fake';

const NOW = new Date('2026-03-01T10:12:00.000Z');
const VALUES = {
  brokerName: DEMO.brokerName,
  partnerId: DEMO.partnerId,
  brokerBaseUrl: 'https://api-broker.kucoin.com',
};
const SECRETS = {
  brokerKey: DEMO.brokerKey,
  apiKey: DEMO.apiKey,
  apiSecret: DEMO.apiSecret,
  apiPassphrase: DEMO.apiPassphrase,
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function mount() {
  app = Fastify();
  await app.register(kucoinBrokerIntegration.fake, { prefix: '/fake/kucoin-broker', now: () => NOW });
  await app.ready();
  return injectTransport(app, 'kucoin-broker');
}

const test = async (values: Record<string, unknown>, secrets: Record<string, string>) =>
  kucoinBrokerIntegration.test({ values, secrets }, await mount(), () => NOW);

describe('KuCoin Broker Test connection against the fake', () => {
  it('reads broker info with the demo credentials', async () => {
    expect(await test(VALUES, SECRETS)).toEqual({ ok: true, message: 'Level 2 · 134 / 500 sub-accounts' });
  });

  it('refuses a wrong broker key, partner id or broker name with the partner text', async () => {
    for (const [values, secrets] of [
      [VALUES, { ...SECRETS, brokerKey: 'not-the-broker-key' }],
      [{ ...VALUES, partnerId: 'someone-else' }, SECRETS],
      [{ ...VALUES, brokerName: 'Another Broker' }, SECRETS],
    ] as const)
      expect(await test(values, secrets)).toEqual({
        ok: false,
        message: KUCOIN_BROKER_TEST_MESSAGES.partner,
      });
  });

  it('checks the master key with KuCoin’s rules first: a wrong passphrase says so', async () => {
    expect(await test(VALUES, { ...SECRETS, apiPassphrase: 'wrong' })).toEqual({
      ok: false,
      message: 'The passphrase does not match this key',
    });
  });

  it('asks for the four secrets before calling KuCoin', async () => {
    expect(await test(VALUES, { apiKey: DEMO.apiKey })).toEqual({
      ok: false,
      message: KUCOIN_BROKER_TEST_MESSAGES.missing,
    });
  });
});

describe('KuCoin Broker client against the fake', () => {
  it('creates a sub-account and its key, moves funds both ways and sees the capacity grow', async () => {
    const client = createKucoinBrokerClient(VALUES, SECRETS, await mount(), () => NOW);
    if (!client) throw new Error('client expected');
    const created = await client.call<{ uid: string; accountName: string }>(
      'POST',
      '/api/v1/broker/nd/account',
      {
        accountName: 'bofcshop0001',
      },
    );
    expect(created.accountName).toBe('bofcshop0001');
    await expect(
      client.call('POST', '/api/v1/broker/nd/account', { accountName: 'bofcshop0001' }),
    ).rejects.toMatchObject({ message: 'KuCoin refused the request (400100: accountName already exists)' });
    const key = await client.call<{ apiKey: string; secretKey: string; permissions: string[] }>(
      'POST',
      '/api/v1/broker/nd/account/apikey',
      {
        uid: created.uid,
        passphrase: 'shop-passphrase',
        ipWhitelist: ['203.0.113.7'],
        permissions: ['General', 'Spot'],
        label: 'shop',
      },
    );
    expect(key.permissions).toEqual(['General', 'Spot']);
    const listed = await client.call<Array<Record<string, unknown>>>(
      'GET',
      `/api/v1/broker/nd/account/apikey?uid=${created.uid}`,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secretKey');
    const move = (direction: 'OUT' | 'IN', amount: string) =>
      client.call('POST', '/api/v1/broker/nd/transfer', {
        currency: 'USDT',
        amount,
        clientOid: `t-${direction}-${amount}`,
        direction,
        accountType: 'MAIN',
        specialUid: created.uid,
        specialAccountType: 'MAIN',
      });
    await move('OUT', '100.5');
    await move('IN', '100.5');
    await expect(move('IN', '0.00000001')).rejects.toMatchObject({ code: '200004' });
    expect(await client.info()).toEqual({ accountSize: 135, maxAccountSize: 500, level: 2 });
  });

  it('refuses more than 20 whitelisted addresses for a sub-account key', async () => {
    const client = createKucoinBrokerClient(VALUES, SECRETS, await mount(), () => NOW);
    const ips = Array.from({ length: 21 }, (_, i) => `198.51.100.${i + 1}`);
    await expect(
      client?.call('POST', '/api/v1/broker/nd/account/apikey', {
        uid: '226000001',
        passphrase: 'shop-passphrase',
        ipWhitelist: ips,
        permissions: ['General'],
      }),
    ).rejects.toMatchObject({ code: '400100' });
  });

  it('serves the daily rebate file behind the download link', async () => {
    const http = await mount();
    const client = createKucoinBrokerClient(VALUES, SECRETS, http, () => NOW);
    const { url } = (await client?.call<{ url: string }>(
      'GET',
      '/api/v1/broker/nd/rebase/download?begin=20260227&end=20260228&tradeType=1',
    )) ?? { url: '' };
    const file = await http({ method: 'GET', path: url.replace('/fake/kucoin-broker', '') });
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe('Date,UID,Currency,Rebate');
    expect(lines).toHaveLength(1 + 2 * 5);
    expect(lines[1]).toMatch(/^20260227,226000001,USDT,\d+\.\d{8}$/);
  });
});

describe('KuCoin Broker badge', () => {
  it('is FAKE in fake mode, LIVE on KuCoin’s broker host and SANDBOX elsewhere', () => {
    expect(kucoinBrokerIntegration.badge(VALUES, 'fake')).toBe('FAKE');
    expect(kucoinBrokerIntegration.badge(VALUES, 'real')).toBe('LIVE');
    expect(kucoinBrokerIntegration.badge({ brokerBaseUrl: 'https://broker-proxy.example.com' }, 'real')).toBe(
      'SANDBOX',
    );
  });
});
