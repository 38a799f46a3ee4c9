import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AIRWALLEX_CONFIG_DEFAULTS, airwallexConfigSchema } from './airwallex.schema';
import { COINPRESS_CONFIG_DEFAULTS, coinpressConfigSchema } from './coinpress.schema';
import { KEPT_SECRET } from './config-field';
import { KUCOIN_CONFIG_DEFAULTS, kucoinConfigSchema } from './kucoin.schema';
import { KUCOIN_BROKER_CONFIG_DEFAULTS, kucoinBrokerConfigSchema } from './kucoin-broker.schema';

/** The messages a candidate gets, by field path: what the form shows under each field. */
const issues = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('KuCoin Config schema', () => {
  it('accepts its defaults with the three secrets typed or kept', () => {
    expect(issues(kucoinConfigSchema, KUCOIN_CONFIG_DEFAULTS)).toEqual({});
    expect(
      issues(kucoinConfigSchema, {
        ...KUCOIN_CONFIG_DEFAULTS,
        apiKey: 'k',
        apiSecret: KEPT_SECRET,
        apiPassphrase: 'p',
      }),
    ).toEqual({});
  });

  it('names the refused fields with the brief’s texts', () => {
    expect(
      issues(kucoinConfigSchema, {
        ...KUCOIN_CONFIG_DEFAULTS,
        maxRequestsPerSec: 31,
        subAccounts: [{ name: '', uid: 'abc', purpose: 'fun' }],
      }),
    ).toEqual({
      maxRequestsPerSec: 'Use 1–30 requests per second',
      'subAccounts.0.name': 'Name the sub-account (1–32 characters)',
      'subAccounts.0.uid': 'The UID is the sub-account’s numeric user id',
      'subAccounts.0.purpose': 'Choose what the sub-account is for',
    });
  });

  it('checks the rules across fields once each field is valid: a custom URL, a UID once', () => {
    expect(
      issues(kucoinConfigSchema, {
        ...KUCOIN_CONFIG_DEFAULTS,
        baseUrl: 'custom',
        customBaseUrl: 'http://proxy',
        subAccounts: [
          { name: 'hedge', uid: '62356', purpose: 'hedging' },
          { name: 'hedge 2', uid: '62356', purpose: 'bots' },
        ],
      }),
    ).toEqual({
      customBaseUrl: 'Type the custom base URL, starting with https://',
      'subAccounts.1.uid': 'Sub-account UID 62356 is listed twice',
    });
  });
});

describe('KuCoin Broker Config schema', () => {
  const valid = { ...KUCOIN_BROKER_CONFIG_DEFAULTS, partnerId: 'partner-1' };

  it('accepts its defaults once the partner id is typed, IPv4 and IPv6 addresses alike', () => {
    expect(
      issues(kucoinBrokerConfigSchema, { ...valid, ipWhitelist: ['203.0.113.7', '2001:db8::1'] }),
    ).toEqual({});
    expect(issues(kucoinBrokerConfigSchema, KUCOIN_BROKER_CONFIG_DEFAULTS)).toEqual({
      partnerId: 'Type the partner id KuCoin gave the broker (at most 64 characters)',
    });
  });

  it('refuses a bad prefix, more than 20 addresses, a non-address, no permission and a short name', () => {
    expect(
      issues(kucoinBrokerConfigSchema, {
        ...valid,
        brokerName: 'B',
        subAccountPrefix: 'Shop',
        defaultSubPermissions: [],
        brokerBaseUrl: 'http://api-broker.kucoin.com',
        ipWhitelist: Array.from({ length: 21 }, (_, i) => `198.51.100.${i + 1}`),
      }),
    ).toEqual({
      brokerName: 'Broker name must be 2–40 characters',
      subAccountPrefix: 'Use 3–12 lowercase letters or digits',
      defaultSubPermissions: 'Choose at least one permission for new sub-account keys',
      brokerBaseUrl: 'The broker base URL must start with https://',
      ipWhitelist: 'At most 20 addresses (KuCoin limit)',
    });
    expect(
      issues(kucoinBrokerConfigSchema, { ...valid, ipWhitelist: ['10.0.0.1', '999.1.1.1', '10.0.0.1'] }),
    ).toEqual({
      'ipWhitelist.1': '999.1.1.1 is not an IPv4 or IPv6 address',
      'ipWhitelist.2': '10.0.0.1 is listed twice',
    });
  });
});

describe('Airwallex Config schema', () => {
  it('accepts its defaults and a connected account id', () => {
    expect(issues(airwallexConfigSchema, AIRWALLEX_CONFIG_DEFAULTS)).toEqual({});
    expect(issues(airwallexConfigSchema, { ...AIRWALLEX_CONFIG_DEFAULTS, onBehalfOf: 'acct_Xy12' })).toEqual(
      {},
    );
  });

  it('names the refused fields with the brief’s texts', () => {
    expect(
      issues(airwallexConfigSchema, {
        ...AIRWALLEX_CONFIG_DEFAULTS,
        onBehalfOf: 'acc_Xy12',
        webhookToleranceSec: 30,
        fxMarkupBps: 301,
        sourceCurrency: 'euro',
        maxPayoutEur: '10.123',
      }),
    ).toEqual({
      onBehalfOf: 'Account ids start with acct_',
      webhookToleranceSec: 'Use 60–900 seconds',
      fxMarkupBps: 'Use 0–300 basis points',
      sourceCurrency: 'Use a 3-letter currency code such as EUR',
      maxPayoutEur: 'The largest payout must be an amount in EUR, at most 2 decimals',
    });
  });
});

describe('CoinPress Config schema', () => {
  const site = {
    siteUrl: 'https://shop.example.com',
    merchantId: 1001,
    allowedCoins: [1, 5],
    defaultAltCoinId: 1,
    callbackPath: '/?wc-api=coinpress',
    enabled: true,
  };

  it('accepts its defaults and a site', () => {
    expect(issues(coinpressConfigSchema, { ...COINPRESS_CONFIG_DEFAULTS, sites: [site] })).toEqual({});
  });

  it('names the refused fields with the brief’s texts', () => {
    expect(
      issues(coinpressConfigSchema, {
        ...COINPRESS_CONFIG_DEFAULTS,
        minPluginVersion: '2.4',
        callbackRetrySchedule: ['1m', '5x'],
        sites: [site, { ...site, siteUrl: 'http://other.example.com', defaultAltCoinId: 7 }, { ...site }],
      }),
    ).toEqual({
      minPluginVersion: 'Use a version like 2.4.0',
      'callbackRetrySchedule.1': '5x is not a duration: use e.g. 1m, 30m or 3h',
      'sites.1.siteUrl': 'Site address must start with https://',
      'sites.1.defaultAltCoinId': 'The default coin must be one of the allowed coins',
      'sites.2.siteUrl': 'https://shop.example.com is listed twice',
    });
  });
});
