import { z } from 'zod';
import { configField, secretField } from './config-field';

/** KuCoin's broker host; any other base URL counts as a sandbox (a proxy or the in-process fake). */
export const KUCOIN_BROKER_PRODUCTION_URL = 'https://api-broker.kucoin.com';
export const KUCOIN_BROKER_PERMISSIONS = ['General', 'Spot', 'Futures'] as const;

export const KUCOIN_BROKER_MESSAGES = {
  brokerName: 'Broker name must be 2–40 characters',
  partnerId: 'Type the partner id KuCoin gave the broker (at most 64 characters)',
  baseUrl: 'The broker base URL must start with https://',
  prefix: 'Use 3–12 lowercase letters or digits',
  permissions: 'Choose at least one permission for new sub-account keys',
  ipCount: 'At most 20 addresses (KuCoin limit)',
  ip: (value: string) => `${value} is not an IPv4 or IPv6 address`,
  ipTwice: (value: string) => `${value} is listed twice`,
  rebateCurrency: 'Use a currency code such as USDT',
  keyPart: 'Paste the value exactly as KuCoin showed it (at most 128 characters)',
} as const;

const secret = (label: string, group: string, help: string) =>
  secretField(
    z.string().trim().min(1, KUCOIN_BROKER_MESSAGES.keyPart).max(128, KUCOIN_BROKER_MESSAGES.keyPart),
    { label, group, help },
  );

const ipOk = (value: string) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success;

/**
 * KuCoin Broker Config (`kucoin-broker`): the non-disclosed broker program through which the platform creates
 * KuCoin sub-accounts and keys for its merchants (brief B "kucoin-broker-config").
 */
export const kucoinBrokerConfigSchema = z
  .object({
    brokerName: configField(
      z
        .string({ error: KUCOIN_BROKER_MESSAGES.brokerName })
        .trim()
        .min(2, KUCOIN_BROKER_MESSAGES.brokerName)
        .max(40, KUCOIN_BROKER_MESSAGES.brokerName),
      { label: 'Broker name', group: 'Broker', help: 'Sent as KC-BROKER-NAME on every request.' },
    ),
    partnerId: configField(
      z
        .string({ error: KUCOIN_BROKER_MESSAGES.partnerId })
        .trim()
        .min(1, KUCOIN_BROKER_MESSAGES.partnerId)
        .max(64, KUCOIN_BROKER_MESSAGES.partnerId),
      { label: 'Partner id', group: 'Broker', help: 'Sent as KC-API-PARTNER.' },
    ),
    brokerKey: secret(
      'Broker key',
      'Broker',
      'The partner signing key: KC-API-PARTNER-SIGN is its HMAC of timestamp, partner id and API key.',
    ),
    brokerBaseUrl: configField(
      z
        .string({ error: KUCOIN_BROKER_MESSAGES.baseUrl })
        .trim()
        .regex(/^https:\/\/[^\s/]+/, KUCOIN_BROKER_MESSAGES.baseUrl),
      {
        label: 'Broker base URL',
        group: 'Broker',
        help: `KuCoin's broker host is ${KUCOIN_BROKER_PRODUCTION_URL}.`,
      },
    ),
    apiKey: secret(
      'API key',
      'Master key',
      'The master account’s key with the broker permission; shown masked with its last 4.',
    ),
    apiSecret: secret('API secret', 'Master key', 'Signs every request (HMAC-SHA256).'),
    apiPassphrase: secret(
      'API passphrase',
      'Master key',
      'The key’s passphrase; sent HMAC-signed (key version 2).',
    ),
    subAccountPrefix: configField(
      z
        .string({ error: KUCOIN_BROKER_MESSAGES.prefix })
        .regex(/^[a-z0-9]{3,12}$/, KUCOIN_BROKER_MESSAGES.prefix),
      {
        label: 'Sub-account prefix',
        group: 'Sub-accounts',
        help: 'Sub-account names are unique across KuCoin: every name the platform creates starts with this.',
      },
    ),
    defaultSubPermissions: configField(
      z
        .array(z.enum(KUCOIN_BROKER_PERMISSIONS))
        .min(1, KUCOIN_BROKER_MESSAGES.permissions)
        .refine((list) => new Set(list).size === list.length, KUCOIN_BROKER_MESSAGES.permissions),
      {
        label: 'Default sub-account key permissions',
        group: 'Sub-accounts',
        help: 'What a new sub-account’s API key may do.',
      },
    ),
    ipWhitelist: configField(z.array(z.string().trim()).max(20, KUCOIN_BROKER_MESSAGES.ipCount), {
      label: 'IP whitelist of sub-account keys',
      group: 'Sub-accounts',
      help: 'IPv4 or IPv6 addresses our servers call from; press Enter after each.',
    }),
    rebateCurrency: configField(
      z
        .string({ error: KUCOIN_BROKER_MESSAGES.rebateCurrency })
        .regex(/^[A-Z0-9]{2,10}$/, KUCOIN_BROKER_MESSAGES.rebateCurrency),
      {
        label: 'Rebate currency',
        group: 'Rebates',
        help: 'The currency the daily rebate file is booked in.',
      },
    ),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.ipWhitelist.forEach((ip, i) => {
      if (!ipOk(ip))
        ctx.addIssue({ code: 'custom', message: KUCOIN_BROKER_MESSAGES.ip(ip), path: ['ipWhitelist', i] });
      else if (seen.has(ip))
        ctx.addIssue({
          code: 'custom',
          message: KUCOIN_BROKER_MESSAGES.ipTwice(ip),
          path: ['ipWhitelist', i],
        });
      seen.add(ip);
    });
  });
export type KucoinBrokerConfig = z.infer<typeof kucoinBrokerConfigSchema>;

export const KUCOIN_BROKER_CONFIG_DEFAULTS: KucoinBrokerConfig = {
  brokerName: 'Backoffice',
  partnerId: '',
  brokerBaseUrl: KUCOIN_BROKER_PRODUCTION_URL,
  subAccountPrefix: 'bofc',
  defaultSubPermissions: ['General', 'Spot'],
  ipWhitelist: [],
  rebateCurrency: 'USDT',
};
