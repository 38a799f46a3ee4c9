import { z } from 'zod';
import { configField, decimalText } from './config-field';

export const FEES_PAID_BY = ['merchant', 'customer', 'shared'] as const;

const timeZoneOk = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** One row of the confirmations table; the coin-aware rules (names, Lightning) run on the server. */
export const confirmationRowSchema = z
  .object({
    coin: configField(z.number({ error: 'Choose a coin' }).int('Choose a coin').positive('Choose a coin'), {
      label: 'Coin',
      group: 'Confirmations',
      widget: 'coin',
    }),
    minConfirmations: configField(
      z
        .number({ error: 'Confirmations must be a whole number between 0 and 1000' })
        .int('Confirmations must be a whole number between 0 and 1000')
        .min(0, 'Confirmations must be a whole number between 0 and 1000')
        .max(1000, 'Confirmations must be a whole number between 0 and 1000'),
      { label: 'Min confirmations', group: 'Confirmations' },
    ),
    largeAmountEur: configField(
      decimalText(2, 0, null, 'The large amount must be an amount in EUR, e.g. 10000 or 10000.50'),
      { label: 'Large amount (EUR)', group: 'Confirmations', decimals: 2 },
    ),
    confirmationsAboveLarge: configField(
      z
        .number({ error: 'Confirmations must be a whole number between 0 and 1000' })
        .int('Confirmations must be a whole number between 0 and 1000')
        .min(0, 'Confirmations must be a whole number between 0 and 1000')
        .max(1000, 'Confirmations must be a whole number between 0 and 1000'),
      { label: 'Confirmations above large', group: 'Confirmations' },
    ),
  })
  .refine((row) => row.confirmationsAboveLarge >= row.minConfirmations, {
    message: 'Confirmations above the large amount must be at least the minimum confirmations',
    path: ['confirmationsAboveLarge'],
  });

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * Admin Config (`admin`): the platform-wide rules of the processor. The brief's fields and texts
 * (operations-configs-audits-bots.md B "admin-config"); readers are the invoice expiry job, the fee engine
 * and the payout pipeline.
 */
export const adminConfigSchema = z
  .object({
    platformName: configField(
      z
        .string({ error: 'Name must be 2–40 characters' })
        .trim()
        .min(2, 'Name must be 2–40 characters')
        .max(40, 'Name must be 2–40 characters'),
      { label: 'Platform name', group: 'General', help: 'Shown to merchants in mails and on the checkout.' },
    ),
    supportEmail: configField(z.email('Type a valid support email address'), {
      label: 'Support email',
      group: 'General',
      help: 'Where merchants write for help.',
    }),
    defaultTimezone: configField(
      z.string({ error: 'Choose a time zone' }).refine(timeZoneOk, 'Choose a time zone from the list'),
      { label: 'Default time zone', group: 'General', widget: 'timezone' },
    ),
    maintenanceMode: configField(z.boolean(), {
      label: 'Maintenance mode',
      group: 'General',
      help: 'Merchants see the maintenance message and no new invoices are created.',
      dangerous: true,
    }),
    maintenanceMessage: configField(
      z.string().trim().max(500, 'The maintenance message must be at most 500 characters'),
      {
        label: 'Maintenance message',
        group: 'General',
        widget: 'textarea',
        help: 'Required while maintenance mode is on.',
      },
    ),
    invoiceExpiryMinutes: configField(whole(5, 1440, 'Expiry must be between 5 and 1440 minutes'), {
      label: 'Invoice expiry (minutes)',
      group: 'Invoices',
      help: 'How long a new invoice can be paid.',
    }),
    monitoringHours: configField(whole(1, 168, 'Monitoring must be between 1 and 168 hours'), {
      label: 'Monitoring (hours)',
      group: 'Invoices',
      help: 'How long a seen-but-unconfirmed payment is watched.',
    }),
    underpaidTolerancePct: configField(
      decimalText(2, 0, 5, 'Underpaid tolerance must be between 0 and 5 percent, at most 2 decimals'),
      {
        label: 'Underpaid tolerance (%)',
        group: 'Invoices',
        decimals: 2,
        help: 'A payment this much short still counts as paid.',
      },
    ),
    defaultFlexibilityPct: configField(whole(60, 100, 'Flexibility must be between 60 and 100 percent'), {
      label: 'Default flexibility (%)',
      group: 'Invoices',
      help: 'Set underpaid payments to paid when the amount is above this percentage.',
    }),
    defaultFeePct: configField(
      decimalText(4, 0, 10, 'The default fee must be between 0 and 10 percent, at most 4 decimals'),
      {
        label: 'Default fee (%)',
        group: 'Fees',
        decimals: 4,
      },
    ),
    defaultFeesPaidBy: configField(z.enum(FEES_PAID_BY, 'Choose who pays the fees'), {
      label: 'Fees paid by',
      group: 'Fees',
      options: ['Merchant', 'Customer', 'Shared'],
    }),
    sharedSplitPct: configField(
      z
        .number()
        .int('The split must be a whole number between 0 and 100')
        .min(0, 'The split must be a whole number between 0 and 100')
        .max(100, 'The split must be a whole number between 0 and 100')
        .nullable(),
      {
        label: 'Customer share when shared (%)',
        group: 'Fees',
        help: 'Required when fees are shared.',
      },
    ),
    payoutFixedFeeEur: configField(
      decimalText(2, 0, null, 'The payout fee must be an amount in EUR, at most 2 decimals'),
      {
        label: 'Payout fixed fee (EUR)',
        group: 'Fees',
        decimals: 2,
      },
    ),
    maxInvoiceEur: configField(
      decimalText(2, 0, null, 'The largest invoice must be an amount in EUR, at most 2 decimals'),
      {
        label: 'Largest invoice (EUR)',
        group: 'Limits',
        decimals: 2,
      },
    ),
    kycRequiredAboveEur: configField(
      decimalText(2, 0, null, 'The KYC amount must be an amount in EUR, at most 2 decimals'),
      {
        label: 'KYC required above (EUR)',
        group: 'Limits',
        decimals: 2,
      },
    ),
    maxSinglePayoutEur: configField(
      decimalText(2, 0, null, 'The largest payout must be an amount in EUR, at most 2 decimals'),
      {
        label: 'Largest single payout (EUR)',
        group: 'Limits',
        decimals: 2,
      },
    ),
    dailyPayoutLimitEur: configField(
      decimalText(2, 0, null, 'The daily payout limit must be an amount in EUR, at most 2 decimals'),
      {
        label: 'Daily payout limit (EUR)',
        group: 'Limits',
        decimals: 2,
      },
    ),
    confirmations: configField(z.array(confirmationRowSchema).max(200, 'At most 200 coins'), {
      label: 'Confirmations per coin',
      group: 'Confirmations',
      help: 'Blocks a payment waits for; above the large amount it waits longer.',
    }),
  })
  .superRefine((v, ctx) => {
    if (v.maintenanceMode && v.maintenanceMessage.trim() === '')
      ctx.addIssue({
        code: 'custom',
        message: 'Say what merchants see during maintenance',
        path: ['maintenanceMessage'],
      });
    if (v.defaultFeesPaidBy === 'shared' && v.sharedSplitPct === null)
      ctx.addIssue({
        code: 'custom',
        message: 'Say which share the customer pays when fees are shared',
        path: ['sharedSplitPct'],
      });
    if (Number(v.dailyPayoutLimitEur) < Number(v.maxSinglePayoutEur))
      ctx.addIssue({
        code: 'custom',
        message: 'Daily payout limit must be at least the largest single payout',
        path: ['dailyPayoutLimitEur'],
      });
  });
export type AdminConfig = z.infer<typeof adminConfigSchema>;

/** What a platform with no saved Admin Config runs on (and what its first draft starts from). */
export const ADMIN_CONFIG_DEFAULTS: AdminConfig = {
  platformName: 'Backoffice',
  supportEmail: 'support@example.com',
  defaultTimezone: 'Europe/Amsterdam',
  maintenanceMode: false,
  maintenanceMessage: '',
  invoiceExpiryMinutes: 60,
  monitoringHours: 24,
  underpaidTolerancePct: '0.50',
  defaultFlexibilityPct: 95,
  // What ingest charged before Admin Config existed, so a fresh install books the same fees.
  defaultFeePct: '0.7500',
  defaultFeesPaidBy: 'merchant',
  sharedSplitPct: null,
  payoutFixedFeeEur: '0.50',
  maxInvoiceEur: '50000.00',
  kycRequiredAboveEur: '1000.00',
  maxSinglePayoutEur: '25000.00',
  dailyPayoutLimitEur: '100000.00',
  confirmations: [
    { coin: 1, minConfirmations: 2, largeAmountEur: '10000.00', confirmationsAboveLarge: 6 },
    { coin: 5, minConfirmations: 12, largeAmountEur: '10000.00', confirmationsAboveLarge: 30 },
  ],
};
