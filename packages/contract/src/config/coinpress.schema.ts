import { z } from 'zod';
import { configField } from './config-field';

export const COINPRESS_MESSAGES = {
  minVersion: 'Use a version like 2.4.0',
  duration: (value: string) => `${value} is not a duration: use e.g. 1m, 30m or 3h`,
  retries: 'List 1–10 retry delays',
  siteUrl: 'Site address must start with https://',
  siteTwice: (url: string) => `${url} is listed twice`,
  merchant: 'Type the merchant id the site belongs to',
  allowedCoins: 'Choose at least one coin the site accepts',
  defaultCoin: 'The default coin must be one of the allowed coins',
  callbackPath: 'The callback path starts with / (e.g. /?wc-api=coinpress)',
} as const;

/** `1m`, `30m`, `3h`, `1d`: the retry delays of a failed callback. */
export const DURATION = /^[1-9]\d{0,3}[smhd]$/;
const SEMVER = /^\d{1,3}\.\d{1,3}\.\d{1,3}$/;

const coinId = (message: string, label: string) =>
  configField(z.number({ error: message }).int(message).positive(message), {
    label,
    group: 'Sites',
    widget: 'coin',
  });

/** One WordPress site running the CoinPress plugin. */
export const coinpressSiteSchema = z
  .object({
    siteUrl: configField(
      z
        .string({ error: COINPRESS_MESSAGES.siteUrl })
        .trim()
        .regex(/^https:\/\/[^\s/]+/, COINPRESS_MESSAGES.siteUrl)
        .max(200, COINPRESS_MESSAGES.siteUrl),
      { label: 'Site address', group: 'Sites' },
    ),
    merchantId: configField(
      z
        .number({ error: COINPRESS_MESSAGES.merchant })
        .int(COINPRESS_MESSAGES.merchant)
        .positive(COINPRESS_MESSAGES.merchant),
      { label: 'Merchant ID', group: 'Sites' },
    ),
    allowedCoins: configField(
      z
        .array(z.number().int().positive())
        .min(1, COINPRESS_MESSAGES.allowedCoins)
        .max(50, COINPRESS_MESSAGES.allowedCoins),
      { label: 'Allowed coins', group: 'Sites', widget: 'coin' },
    ),
    defaultAltCoinId: coinId(COINPRESS_MESSAGES.defaultCoin, 'Default coin'),
    callbackPath: configField(
      z
        .string({ error: COINPRESS_MESSAGES.callbackPath })
        .trim()
        .regex(/^\/\S{0,199}$/, COINPRESS_MESSAGES.callbackPath),
      { label: 'Callback path', group: 'Sites' },
    ),
    enabled: configField(z.boolean(), { label: 'Enabled', group: 'Sites' }),
  })
  .refine((site) => site.allowedCoins.includes(site.defaultAltCoinId), {
    message: COINPRESS_MESSAGES.defaultCoin,
    path: ['defaultAltCoinId'],
  });

/**
 * CoinPress Config (`coinpress`), an interpretation (brief B "coinpress-config"): how the platform serves
 * WordPress sites that run the CoinPress plugin: the global rules and one row per site.
 */
export const coinpressConfigSchema = z
  .object({
    enabled: configField(z.boolean(), {
      label: 'Enabled',
      group: 'Global',
      help: 'Off: CoinPress sites cannot create invoices and receive no callbacks.',
    }),
    minPluginVersion: configField(
      z.string({ error: COINPRESS_MESSAGES.minVersion }).trim().regex(SEMVER, COINPRESS_MESSAGES.minVersion),
      {
        label: 'Minimum plugin version',
        group: 'Global',
        help: 'The oldest plugin version the platform supports.',
      },
    ),
    callbackRetrySchedule: configField(
      z.array(z.string().trim()).min(1, COINPRESS_MESSAGES.retries).max(10, COINPRESS_MESSAGES.retries),
      {
        label: 'Callback retry schedule',
        group: 'Global',
        help: 'Delays before each new try of a failed callback, e.g. 1m, 3m, 30m, 3h; press Enter after each.',
      },
    ),
    requireConfirmCode: configField(z.boolean(), {
      label: 'Require ConfirmCode',
      group: 'Global',
      help: 'Callbacks carry ConfirmCode, TransactionID and Status; the plugin checks the code before marking an order paid.',
    }),
    sites: configField(z.array(coinpressSiteSchema).max(200, 'At most 200 sites'), {
      label: 'WordPress sites',
      group: 'Sites',
      help: 'One row per site running the plugin.',
    }),
  })
  .superRefine((v, ctx) => {
    v.callbackRetrySchedule.forEach((d, i) => {
      if (!DURATION.test(d))
        ctx.addIssue({
          code: 'custom',
          message: COINPRESS_MESSAGES.duration(d),
          path: ['callbackRetrySchedule', i],
        });
    });
    const seen = new Set<string>();
    v.sites.forEach((site, i) => {
      const key = site.siteUrl.replace(/\/+$/, '').toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          message: COINPRESS_MESSAGES.siteTwice(site.siteUrl),
          path: ['sites', i, 'siteUrl'],
        });
      seen.add(key);
    });
  });
export type CoinpressConfig = z.infer<typeof coinpressConfigSchema>;

export const COINPRESS_CONFIG_DEFAULTS: CoinpressConfig = {
  enabled: true,
  minPluginVersion: '2.4.0',
  callbackRetrySchedule: ['1m', '3m', '30m', '3h'],
  requireConfirmCode: true,
  sites: [],
};
