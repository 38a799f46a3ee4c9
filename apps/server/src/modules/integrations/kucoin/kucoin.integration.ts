import { KUCOIN_PRODUCTION_URL, type KucoinConfig } from '@bo/contract';
import type { ConnectionTestResult, IntegrationDef, IntegrationEndpoints } from '../integration';
import { createKucoinClient, KucoinError } from './kucoin-client';
import { kucoinFake } from './kucoin-fake';

/** Above this the skew check warns (brief: "warn at > 1 s"); KuCoin itself refuses beyond 5 s. */
const SKEW_WARN_MS = 1_000;
const TRADE = ['Spot', 'Trade'];
const WITHDRAW = ['Transfer', 'Withdrawal', 'Withdraw'];

export const KUCOIN_TEST_MESSAGES = {
  missing: 'Set the API key, API secret and API passphrase before testing',
} as const;

const ms = (n: number) => `${Math.abs(n).toLocaleString('en-US')} ms`;

/** Where the real transport sends KuCoin calls. */
export const kucoinBaseUrl = (values: Readonly<Record<string, unknown>>): string =>
  values.baseUrl === 'custom' && typeof values.customBaseUrl === 'string' && values.customBaseUrl
    ? values.customBaseUrl.replace(/\/+$/, '')
    : KUCOIN_PRODUCTION_URL;

/**
 * KuCoin's four checks (brief B "kucoin-config"): clock skew, authentication, the key's permissions against
 * what the config expects, and the sub-accounts the key sees, e.g.
 * "Skew 120 ms · auth ✓ · trade ✓ · withdraw ✗ (as required) · 4 sub-accounts".
 */
async function testKucoin(
  values: Partial<KucoinConfig>,
  secrets: Readonly<Record<string, string>>,
  http: Parameters<IntegrationDef['test']>[1],
  now: () => Date,
): Promise<ConnectionTestResult> {
  const { apiKey, apiSecret, apiPassphrase } = secrets;
  if (!apiKey || !apiSecret || !apiPassphrase) return { ok: false, message: KUCOIN_TEST_MESSAGES.missing };
  const client = createKucoinClient({
    http,
    now,
    key: { apiKey, apiSecret, apiPassphrase, keyVersion: values.apiKeyVersion ?? '2' },
    ...(values.maxRequestsPerSec ? { maxRequestsPerSec: values.maxRequestsPerSec } : {}),
  });
  const parts: string[] = [];
  let ok = true;
  const stop = (what: string, error: unknown): ConnectionTestResult => {
    if (!(error instanceof KucoinError)) throw error;
    return { ok: false, message: [...parts, `${what} ✗ · ${error.message}`].join(' · ') };
  };

  try {
    const before = now().getTime();
    const skew = (await client.serverTime()) - before;
    parts.push(Math.abs(skew) > SKEW_WARN_MS ? `Skew ${ms(skew)} ⚠ over 1 s` : `Skew ${ms(skew)}`);
  } catch (error) {
    return stop('clock', error);
  }
  try {
    await client.accounts();
    parts.push('auth ✓');
  } catch (error) {
    return stop('auth', error);
  }
  try {
    const permissions = (await client.apiKeyInfo()).permission.split(',').map((p) => p.trim());
    const canTrade = permissions.some((p) => TRADE.includes(p));
    const canWithdraw = permissions.some((p) => WITHDRAW.includes(p));
    const expectTrade = values.expectTradePermission ?? true;
    const forbidWithdraw = values.forbidWithdrawPermission ?? true;
    if (canTrade) parts.push('trade ✓');
    else parts.push(expectTrade ? 'trade ✗ (required)' : 'trade ✗');
    if (canWithdraw) parts.push(forbidWithdraw ? 'withdraw ✓ (forbidden)' : 'withdraw ✓');
    else parts.push(forbidWithdraw ? 'withdraw ✗ (as required)' : 'withdraw ✗');
    if ((expectTrade && !canTrade) || (forbidWithdraw && canWithdraw)) ok = false;
  } catch (error) {
    return stop('permissions', error);
  }
  try {
    const subs = await client.subAccounts();
    parts.push(`${subs.length} sub-account${subs.length === 1 ? '' : 's'}`);
    const seen = new Set(subs.map((s) => String(s.uid)));
    const missing = (values.subAccounts ?? []).filter((s) => !seen.has(s.uid)).map((s) => s.uid);
    if (missing.length > 0) {
      ok = false;
      parts.push(`not visible to this key: UID ${missing.join(', ')}`);
    }
  } catch (error) {
    return stop('sub-accounts', error);
  }
  return { ok, message: parts.join(' · ') };
}

/** KuCoin spot (`kucoin`): the fake, the four-check connection test and the badge. */
export const kucoinIntegration: IntegrationDef & IntegrationEndpoints = {
  service: 'kucoin',
  ns: 'kucoin',
  // Real mode only; in fake mode the engine sends every request to the fake under /fake/kucoin.
  baseUrl: kucoinBaseUrl,
  fake: kucoinFake,
  test: ({ values, secrets }, http, now) => testKucoin(values as Partial<KucoinConfig>, secrets, http, now),
  // KuCoin has no maintained sandbox: a custom base URL (a proxy, a test double) is the only non-live target.
  badge: (values, mode) => (mode === 'fake' ? 'FAKE' : values.baseUrl === 'custom' ? 'SANDBOX' : 'LIVE'),
};
