import { AIRWALLEX_HOSTS, type AirwallexConfig } from '@bo/contract';
import type {
  ConnectionTestResult,
  HttpTransport,
  IntegrationDef,
  IntegrationEndpoints,
} from '../integration';
import {
  type AirwallexBalance,
  AirwallexError,
  type AirwallexTokenCache,
  createAirwallexClient,
} from './airwallex-client';
import { airwallexFake } from './airwallex-fake';

export const AIRWALLEX_TEST_MESSAGES = {
  missing: 'Set the client id and the API key before testing',
} as const;

/** At most this many balances on the one-line result; the source currency first. */
const SHOWN_BALANCES = 4;

/** Where the real transport sends Airwallex calls. */
export const airwallexBaseUrl = (values: Readonly<Record<string, unknown>>): string =>
  values.environment === 'production' ? AIRWALLEX_HOSTS.production : AIRWALLEX_HOSTS.demo;

/** 12340 → "12,340.00": the decimal text grouped by thousands, to 2 decimals, without a float in between. */
export function formatAmount(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

const isZero = (text: string) => /^-?0*(\.0*)?$/.test(text);

/** "10:42", the token's expiry in UTC (the time every screen of the back office shows). */
const hhmm = (d: Date) => d.toISOString().slice(11, 16);

async function testAirwallex(
  values: Partial<AirwallexConfig>,
  secrets: Readonly<Record<string, string>>,
  http: HttpTransport,
  now: () => Date,
  cache?: AirwallexTokenCache,
): Promise<ConnectionTestResult> {
  const apiKey = secrets.apiKey;
  if (!values.clientId || !apiKey) return { ok: false, message: AIRWALLEX_TEST_MESSAGES.missing };
  const client = createAirwallexClient({
    http,
    now,
    ...(cache ? { cache } : {}),
    credentials: {
      environment: values.environment ?? 'demo',
      clientId: values.clientId,
      apiKey,
      apiVersion: values.apiVersion ?? '2025-02-14',
      ...(values.loginAs ? { loginAs: values.loginAs } : {}),
      ...(values.onBehalfOf ? { onBehalfOf: values.onBehalfOf } : {}),
    },
  });
  let tokenPart: string;
  try {
    tokenPart = `Token ✓ (expires ${hhmm((await client.token()).expiresAt)})`;
  } catch (error) {
    if (!(error instanceof AirwallexError)) throw error;
    return { ok: false, message: `Token ✗ · ${error.message}` };
  }
  let rows: AirwallexBalance[];
  try {
    rows = await client.balances();
  } catch (error) {
    if (!(error instanceof AirwallexError)) throw error;
    return { ok: false, message: `${tokenPart} · balances ✗ · ${error.message}` };
  }
  const source = values.sourceCurrency ?? 'EUR';
  const shown = rows
    .filter((r) => !isZero(r.available_amount))
    .sort((a, b) =>
      a.currency === source ? -1 : b.currency === source ? 1 : a.currency.localeCompare(b.currency),
    )
    .slice(0, SHOWN_BALANCES)
    .map((r) => `${r.currency} ${formatAmount(r.available_amount)}`);
  return { ok: true, message: [tokenPart, ...(shown.length ? shown : ['no balances'])].join(' · ') };
}

/** Airwallex (`airwallex`): the fake, the log-in-and-balances test and the badge. */
export const airwallexIntegration: IntegrationDef & IntegrationEndpoints = {
  service: 'airwallex',
  ns: 'airwallex',
  // Real mode only; in fake mode the engine sends every request to the fake under /fake/airwallex.
  baseUrl: airwallexBaseUrl,
  fake: airwallexFake,
  test: ({ values, secrets }, http, now) =>
    testAirwallex(values as Partial<AirwallexConfig>, secrets, http, now),
  badge: (values, mode) =>
    mode === 'fake' ? 'FAKE' : values.environment === 'production' ? 'LIVE' : 'SANDBOX',
};

/** The same test with its own token cache (tests start from no token). */
export const testAirwallexWithCache = (
  input: Parameters<IntegrationDef['test']>[0],
  http: HttpTransport,
  now: () => Date,
  cache: AirwallexTokenCache,
) => testAirwallex(input.values as Partial<AirwallexConfig>, input.secrets, http, now, cache);
