import { z } from 'zod';
import { configField, secretField } from './config-field';

export const OPENNODE_ENVIRONMENTS = ['dev', 'live'] as const;

export const OPENNODE_MESSAGES = {
  invoiceKeyMissing: 'Set the invoice API key: charges cannot be created without it',
  withdrawalKeyMissing: 'Withdrawals need a key with the Withdrawals permission',
  keyShape: 'An OpenNode API key is 8 to 200 characters without spaces',
  expiry: 'Charge expiry must be between 10 and 1440 minutes',
  maxWithdrawal: 'The largest withdrawal must be a whole number of satoshis (at most 2,100,000,000,000,000)',
  descriptionLength: 'The description must be at most 200 characters',
  placeholders: 'Use only the placeholders {merchant} and {ref}',
} as const;

const apiKey = z
  .string({ error: OPENNODE_MESSAGES.keyShape })
  .trim()
  .regex(/^\S{8,200}$/, OPENNODE_MESSAGES.keyShape);

/** The callback route OpenNode posts charge and withdrawal updates to, under the deployment's public URL. */
export const OPENNODE_CALLBACK_PATH = '/api/hooks/opennode';

/** How an OpenNode charge status shows on our transactions (brief B, read-only on the screen). */
export const OPENNODE_STATUS_MAPPING: ReadonlyArray<{ opennode: string; ours: string }> = [
  { opennode: 'processing', ours: 'waiting' },
  { opennode: 'underpaid', ours: 'underpaid' },
  { opennode: 'paid', ours: 'paid' },
  { opennode: 'expired', ours: 'expired' },
  { opennode: 'refunded', ours: 'logged only' },
];

/**
 * OpenNode Config (`opennode`): the Lightning/BTC processor's keys per environment and its charge options
 * (brief B "open-node-config"). There is no webhook secret: callbacks are signed with the charge's API key.
 */
export const openNodeConfigSchema = z
  .object({
    environment: configField(z.enum(OPENNODE_ENVIRONMENTS, 'Choose dev or live'), {
      label: 'Environment',
      group: 'Connection',
      options: ['Dev (testnet)', 'Live'],
      help: 'Dev and live have separate API keys; a key of one is refused by the other.',
      dangerous: true,
    }),
    invoiceApiKey: secretField(apiKey, {
      label: 'Invoice API key',
      group: 'Connection',
      help: 'A key with the Invoice permission: creates and reads charges.',
    }),
    withdrawalsEnabled: configField(z.boolean(), {
      label: 'Withdrawals enabled',
      group: 'Withdrawals',
      help: 'Send BTC out through OpenNode. The withdrawal key must be IP-whitelisted at OpenNode.',
      dangerous: true,
    }),
    withdrawalApiKey: secretField(apiKey, {
      label: 'Withdrawal API key',
      group: 'Withdrawals',
      help: 'A key with the Withdrawals permission; required while withdrawals are on.',
    }),
    maxWithdrawalSats: configField(
      z
        .number({ error: OPENNODE_MESSAGES.maxWithdrawal })
        .int(OPENNODE_MESSAGES.maxWithdrawal)
        .min(0, OPENNODE_MESSAGES.maxWithdrawal)
        .max(2_100_000_000_000_000, OPENNODE_MESSAGES.maxWithdrawal),
      { label: 'Largest withdrawal (sats)', group: 'Withdrawals' },
    ),
    autoSettle: configField(z.boolean(), {
      label: 'Auto-settle',
      group: 'Charges',
      help: 'OpenNode converts paid charges to fiat at once (its auto_settle option).',
    }),
    chargeExpiryMinutes: configField(
      z
        .number({ error: OPENNODE_MESSAGES.expiry })
        .int(OPENNODE_MESSAGES.expiry)
        .min(10, OPENNODE_MESSAGES.expiry)
        .max(1440, OPENNODE_MESSAGES.expiry),
      { label: 'Charge expiry (minutes)', group: 'Charges' },
    ),
    descriptionTemplate: configField(
      z
        .string()
        .max(200, OPENNODE_MESSAGES.descriptionLength)
        .refine(
          (v) => (v.match(/\{[^}]*\}/g) ?? []).every((p) => p === '{merchant}' || p === '{ref}'),
          OPENNODE_MESSAGES.placeholders,
        ),
      {
        label: 'Charge description',
        group: 'Charges',
        help: 'What the payer sees; {merchant} and {ref} are filled in per charge.',
      },
    ),
  })
  .superRefine((v, ctx) => {
    if (v.invoiceApiKey === undefined)
      ctx.addIssue({ code: 'custom', message: OPENNODE_MESSAGES.invoiceKeyMissing, path: ['invoiceApiKey'] });
    if (v.withdrawalsEnabled && v.withdrawalApiKey === undefined)
      ctx.addIssue({
        code: 'custom',
        message: OPENNODE_MESSAGES.withdrawalKeyMissing,
        path: ['withdrawalApiKey'],
      });
  });
export type OpenNodeConfig = z.infer<typeof openNodeConfigSchema>;

export const OPENNODE_CONFIG_DEFAULTS: Omit<OpenNodeConfig, 'invoiceApiKey' | 'withdrawalApiKey'> = {
  environment: 'dev',
  withdrawalsEnabled: false,
  maxWithdrawalSats: 1_000_000,
  autoSettle: false,
  chargeExpiryMinutes: 60,
  descriptionTemplate: 'Payment to {merchant} · {ref}',
};
