import { z } from 'zod';
import { configField, secretField } from './config-field';

export const KUCOIN_BASE_URLS = ['production', 'custom'] as const;
/** The production REST host; "custom" is for a proxy or a future sandbox (KuCoin has no maintained one). */
export const KUCOIN_PRODUCTION_URL = 'https://api.kucoin.com';
export const KUCOIN_KEY_VERSIONS = ['2', '3'] as const;
export const KUCOIN_SUB_PURPOSES = ['hedging', 'treasury', 'bots'] as const;

export const KUCOIN_MESSAGES = {
  customUrl: 'Type the custom base URL, starting with https://',
  subName: 'Name the sub-account (1–32 characters)',
  subUid: 'The UID is the sub-account’s numeric user id',
  subPurpose: 'Choose what the sub-account is for',
  subTwice: (uid: string) => `Sub-account UID ${uid} is listed twice`,
  rate: 'Use 1–30 requests per second',
  keyPart: 'Paste the value exactly as KuCoin showed it (at most 128 characters)',
} as const;

const keyPart = (label: string, help: string) =>
  secretField(z.string().trim().min(1, KUCOIN_MESSAGES.keyPart).max(128, KUCOIN_MESSAGES.keyPart), {
    label,
    group: 'Connection',
    help,
  });

/** One sub-account the platform uses (listed on KuCoin under /api/v1/sub/user). */
export const kucoinSubAccountSchema = z.object({
  name: configField(
    z
      .string({ error: KUCOIN_MESSAGES.subName })
      .trim()
      .min(1, KUCOIN_MESSAGES.subName)
      .max(32, KUCOIN_MESSAGES.subName),
    { label: 'Name', group: 'Sub-accounts' },
  ),
  uid: configField(
    z
      .string({ error: KUCOIN_MESSAGES.subUid })
      .trim()
      .regex(/^\d{1,20}$/, KUCOIN_MESSAGES.subUid),
    {
      label: 'UID',
      group: 'Sub-accounts',
    },
  ),
  purpose: configField(z.enum(KUCOIN_SUB_PURPOSES, KUCOIN_MESSAGES.subPurpose), {
    label: 'Purpose',
    group: 'Sub-accounts',
    options: ['Hedging', 'Treasury', 'Bots'],
  }),
});

/**
 * KuCoin Config (`kucoin`): API access to the spot account used for conversions, hedging and bots (brief B
 * "kucoin-config"). The key, secret and passphrase are write-only secrets; the key shows its last 4.
 */
export const kucoinConfigSchema = z
  .object({
    baseUrl: configField(z.enum(KUCOIN_BASE_URLS, 'Choose production or custom'), {
      label: 'Base URL',
      group: 'Connection',
      options: ['Production (api.kucoin.com)', 'Custom'],
      help: 'KuCoin has no maintained sandbox. In fake mode the built-in fake answers, whatever is chosen here.',
    }),
    customBaseUrl: configField(z.string().trim().max(200, KUCOIN_MESSAGES.customUrl), {
      label: 'Custom base URL',
      group: 'Connection',
      help: 'Only used when the base URL is custom, e.g. a proxy in front of api.kucoin.com.',
    }),
    apiKey: keyPart('API key', 'Shown masked with its last 4 characters.'),
    apiSecret: keyPart('API secret', 'Signs every private request (HMAC-SHA256).'),
    apiPassphrase: keyPart(
      'API passphrase',
      'The passphrase chosen when the key was created; sent HMAC-signed.',
    ),
    apiKeyVersion: configField(z.enum(KUCOIN_KEY_VERSIONS, 'Choose the key version'), {
      label: 'API key version',
      group: 'Connection',
      options: ['2', '3'],
      help: 'As shown on KuCoin’s API Management page (KC-API-KEY-VERSION).',
    }),
    subAccounts: configField(z.array(kucoinSubAccountSchema).max(50, 'At most 50 sub-accounts'), {
      label: 'Sub-accounts the platform uses',
      group: 'Sub-accounts',
      help: 'Where the platform trades or holds funds; the test fails when the key cannot see one of them.',
    }),
    expectTradePermission: configField(z.boolean(), {
      label: 'Expect the trade permission',
      group: 'Permissions and limits',
      help: 'The test fails when the key cannot trade spot.',
    }),
    forbidWithdrawPermission: configField(z.boolean(), {
      label: 'Forbid the withdraw permission',
      group: 'Permissions and limits',
      help: 'The test fails when the key can withdraw: a leaked trading key must not move funds out.',
    }),
    maxRequestsPerSec: configField(
      z
        .number({ error: KUCOIN_MESSAGES.rate })
        .int(KUCOIN_MESSAGES.rate)
        .min(1, KUCOIN_MESSAGES.rate)
        .max(30, KUCOIN_MESSAGES.rate),
      {
        label: 'Max requests per second',
        group: 'Permissions and limits',
        help: 'The client throttles itself below KuCoin’s rate limits.',
      },
    ),
  })
  .superRefine((v, ctx) => {
    if (v.baseUrl === 'custom' && !/^https:\/\/[^\s/]+/.test(v.customBaseUrl))
      ctx.addIssue({ code: 'custom', message: KUCOIN_MESSAGES.customUrl, path: ['customBaseUrl'] });
    const seen = new Set<string>();
    v.subAccounts.forEach((row, i) => {
      if (seen.has(row.uid))
        ctx.addIssue({
          code: 'custom',
          message: KUCOIN_MESSAGES.subTwice(row.uid),
          path: ['subAccounts', i, 'uid'],
        });
      seen.add(row.uid);
    });
  });
export type KucoinConfig = z.infer<typeof kucoinConfigSchema>;

export const KUCOIN_CONFIG_DEFAULTS: KucoinConfig = {
  baseUrl: 'production',
  customBaseUrl: '',
  apiKeyVersion: '2',
  subAccounts: [],
  expectTradePermission: true,
  forbidWithdrawPermission: true,
  maxRequestsPerSec: 10,
};
