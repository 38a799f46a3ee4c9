import { KUCOIN_BROKER_PRODUCTION_URL, type KucoinBrokerConfig } from '@bo/contract';
import type {
  ConnectionTestResult,
  HttpTransport,
  IntegrationDef,
  IntegrationEndpoints,
} from '../integration';
import { createKucoinClient, KucoinError } from '../kucoin/kucoin-client';
import { KUCOIN_FAKE_PARTNER_CODE, kucoinBrokerFake } from './kucoin-broker-fake';

export const KUCOIN_BROKER_TEST_MESSAGES = {
  missing: 'Set the broker key and the master API key, secret and passphrase before testing',
  partner: 'KuCoin refused the partner headers: check the partner id, broker name and broker key',
} as const;

/** Onboarding stops silently at the limit: the test warns from 90 % (brief "Beyond: capacity gauge"). */
const CAPACITY_WARN = 0.9;
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

/** Where the real transport sends broker calls. */
export const kucoinBrokerBaseUrl = (values: Readonly<Record<string, unknown>>): string =>
  typeof values.brokerBaseUrl === 'string' && values.brokerBaseUrl
    ? values.brokerBaseUrl.replace(/\/+$/, '')
    : KUCOIN_BROKER_PRODUCTION_URL;

/** The broker client: KuCoin's signed requests plus KC-API-PARTNER, KC-API-PARTNER-SIGN and KC-BROKER-NAME. */
export function createKucoinBrokerClient(
  values: Partial<KucoinBrokerConfig>,
  secrets: Readonly<Record<string, string>>,
  http: HttpTransport,
  now: () => Date,
) {
  const { brokerKey, apiKey, apiSecret, apiPassphrase } = secrets;
  if (!brokerKey || !apiKey || !apiSecret || !apiPassphrase) return null;
  const client = createKucoinClient({
    http,
    now,
    key: { apiKey, apiSecret, apiPassphrase, keyVersion: '2' },
    partner: { partnerId: values.partnerId ?? '', brokerKey, brokerName: values.brokerName ?? '' },
  });
  return {
    ...client,
    /** Level and sub-account capacity; KuCoin wants a period and trade type, the last 30 days of spot here. */
    info: () => {
      const end = now();
      const begin = new Date(end.getTime() - 30 * 86_400_000);
      return client.call<{ accountSize: number; maxAccountSize: number; level: number }>(
        'GET',
        `/api/v1/broker/nd/info?begin=${ymd(begin)}&end=${ymd(end)}&tradeType=1`,
      );
    },
  };
}

async function testBroker(
  values: Partial<KucoinBrokerConfig>,
  secrets: Readonly<Record<string, string>>,
  http: HttpTransport,
  now: () => Date,
): Promise<ConnectionTestResult> {
  const client = createKucoinBrokerClient(values, secrets, http, now);
  if (!client) return { ok: false, message: KUCOIN_BROKER_TEST_MESSAGES.missing };
  try {
    const info = await client.info();
    const used = info.maxAccountSize > 0 ? info.accountSize / info.maxAccountSize : 0;
    const line = `Level ${info.level} · ${info.accountSize} / ${info.maxAccountSize} sub-accounts`;
    return { ok: true, message: used >= CAPACITY_WARN ? `${line} ⚠ ${Math.floor(used * 100)} % used` : line };
  } catch (error) {
    if (!(error instanceof KucoinError)) throw error;
    const text =
      error.code === KUCOIN_FAKE_PARTNER_CODE ? KUCOIN_BROKER_TEST_MESSAGES.partner : error.message;
    return { ok: false, message: text };
  }
}

/** KuCoin Broker (`kucoin-broker`): the fake, the broker-info test and the badge. */
export const kucoinBrokerIntegration: IntegrationDef & IntegrationEndpoints = {
  service: 'kucoin-broker',
  ns: 'kucoin-broker',
  // Real mode only; in fake mode the engine sends every request to the fake under /fake/kucoin-broker.
  baseUrl: kucoinBrokerBaseUrl,
  fake: kucoinBrokerFake,
  test: ({ values, secrets }, http, now) =>
    testBroker(values as Partial<KucoinBrokerConfig>, secrets, http, now),
  badge: (values, mode) =>
    mode === 'fake'
      ? 'FAKE'
      : kucoinBrokerBaseUrl(values) === KUCOIN_BROKER_PRODUCTION_URL
        ? 'LIVE'
        : 'SANDBOX',
};
