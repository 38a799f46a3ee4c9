import { z } from 'zod';
import { configField, decimalText, secretField } from './config-field';

export const AIRWALLEX_ENVIRONMENTS = ['demo', 'production'] as const;
/** Airwallex's API versions (dated); 2024-09-27 renamed Payment to Transfer. Newest first. */
export const AIRWALLEX_API_VERSIONS = ['2025-02-14', '2024-09-27', '2024-06-30', '2022-09-09'] as const;
export const AIRWALLEX_FEE_PAID_BY = ['PAYER', 'BENEFICIARY'] as const;
export const AIRWALLEX_FX_MODES = ['at-payout', 'pre-convert'] as const;
export const AIRWALLEX_HOSTS = {
  demo: 'https://api-demo.airwallex.com',
  production: 'https://api.airwallex.com',
} as const;

export const AIRWALLEX_MESSAGES = {
  clientId: 'Type the client id from Airwallex’s developer settings (at most 64 characters)',
  loginAs: 'An account id is at most 64 characters',
  onBehalfOf: 'Account ids start with acct_',
  tolerance: 'Use 60–900 seconds',
  sourceCurrency: 'Use a 3-letter currency code such as EUR',
  maxPayout: 'The largest payout must be an amount in EUR, at most 2 decimals',
  markup: 'Use 0–300 basis points',
  secretPart: 'Paste the value exactly as Airwallex showed it (at most 256 characters)',
} as const;

const secret = (label: string, group: string, help: string) =>
  secretField(
    z.string().trim().min(1, AIRWALLEX_MESSAGES.secretPart).max(256, AIRWALLEX_MESSAGES.secretPart),
    {
      label,
      group,
      help,
    },
  );

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * Airwallex Config (`airwallex`): the fiat rails, payouts to merchants' banks, FX and balances (brief B
 * "airwallex-config"). Login with client id + API key; the token is reused until it expires.
 */
export const airwallexConfigSchema = z.object({
  environment: configField(z.enum(AIRWALLEX_ENVIRONMENTS, 'Choose demo or production'), {
    label: 'Environment',
    group: 'Connection',
    options: ['Demo (api-demo.airwallex.com)', 'Production'],
    help: 'Demo and production have separate client ids and keys.',
  }),
  clientId: configField(
    z.string({ error: AIRWALLEX_MESSAGES.clientId }).trim().max(64, AIRWALLEX_MESSAGES.clientId),
    {
      label: 'Client id',
      group: 'Connection',
      help: 'Sent as x-client-id when logging in.',
    },
  ),
  apiKey: secret('API key', 'Connection', 'Sent as x-api-key when logging in; the token lasts 30 minutes.'),
  loginAs: configField(z.string().trim().max(64, AIRWALLEX_MESSAGES.loginAs), {
    label: 'Log in as (optional)',
    group: 'Connection',
    help: 'Only for a key that serves several accounts (x-login-as).',
  }),
  onBehalfOf: configField(
    z
      .string()
      .trim()
      .refine((v) => v === '' || /^acct_[A-Za-z0-9_-]{1,59}$/.test(v), AIRWALLEX_MESSAGES.onBehalfOf),
    {
      label: 'On behalf of (optional)',
      group: 'Connection',
      help: 'A connected account the platform acts for (x-on-behalf-of), e.g. acct_Xy12….',
    },
  ),
  apiVersion: configField(z.enum(AIRWALLEX_API_VERSIONS, 'Choose an API version'), {
    label: 'API version',
    group: 'Connection',
    help: 'Sent as x-api-version; 2024-09-27 and later call payouts Transfers.',
  }),
  webhookSecret: secret(
    'Webhook secret',
    'Webhooks',
    'Checks x-signature = HMAC-SHA256(secret, x-timestamp + body).',
  ),
  webhookToleranceSec: configField(whole(60, 900, AIRWALLEX_MESSAGES.tolerance), {
    label: 'Webhook tolerance (seconds)',
    group: 'Webhooks',
    help: 'A webhook whose x-timestamp is older than this is refused (replay protection).',
  }),
  sourceCurrency: configField(
    z
      .string({ error: AIRWALLEX_MESSAGES.sourceCurrency })
      .trim()
      .regex(/^[A-Z]{3}$/, AIRWALLEX_MESSAGES.sourceCurrency),
    { label: 'Source currency', group: 'Payouts', help: 'The wallet balance payouts are paid from.' },
  ),
  feePaidBy: configField(z.enum(AIRWALLEX_FEE_PAID_BY, 'Choose who pays the transfer fee'), {
    label: 'Transfer fee paid by',
    group: 'Payouts',
    options: ['Payer (the platform)', 'Beneficiary (the merchant)'],
  }),
  useAirwallexApprovals: configField(z.boolean(), {
    label: 'Use Airwallex approvals',
    group: 'Payouts',
    help: 'Transfers wait in Airwallex’s own approval workflow (in_approval) after ours.',
  }),
  maxPayoutEur: configField(decimalText(2, 0, null, AIRWALLEX_MESSAGES.maxPayout), {
    label: 'Largest payout (EUR)',
    group: 'Payouts',
    decimals: 2,
  }),
  fxMode: configField(z.enum(AIRWALLEX_FX_MODES, 'Choose when currency is converted'), {
    label: 'FX mode',
    group: 'FX',
    options: ['Convert at payout', 'Pre-convert into the payout currency'],
  }),
  fxMarkupBps: configField(whole(0, 300, AIRWALLEX_MESSAGES.markup), {
    label: 'FX markup (basis points)',
    group: 'FX',
    help: '100 basis points = 1 % on top of Airwallex’s rate.',
  }),
});
export type AirwallexConfig = z.infer<typeof airwallexConfigSchema>;

export const AIRWALLEX_CONFIG_DEFAULTS: AirwallexConfig = {
  environment: 'demo',
  clientId: '',
  loginAs: '',
  onBehalfOf: '',
  apiVersion: '2025-02-14',
  webhookToleranceSec: 300,
  sourceCurrency: 'EUR',
  feePaidBy: 'PAYER',
  useAirwallexApprovals: false,
  maxPayoutEur: '25000.00',
  fxMode: 'at-payout',
  fxMarkupBps: 0,
};
