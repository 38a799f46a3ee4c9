import { z } from 'zod';
import { configField, decimalText } from './config-field';
import { TRADING_VENUE_LABELS, TRADING_VENUES } from './trading.schema';

export const AUTOMATION_MESSAGES = {
  /** The ingest's message for an amount (brief B "automation-config"). */
  amount: 'Use a decimal amount with at most 8 decimals',
  eur: (what: string) => `${what} must be an amount in EUR, at most 2 decimals`,
  thresholds: 'Thresholds must increase: alert < target < sweep',
  cron: 'Type a schedule, e.g. */15 * * * *',
  slippage: 'Slippage must be between 1 and 500 basis points',
  validity: 'A quote stays valid for 10 to 600 seconds',
  expiry: 'Waiting payments expire after 5 to 10080 minutes',
  coin: 'Choose a coin',
  address: 'Type the cold wallet address',
} as const;

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const coin = (group: string) =>
  configField(z.number({ error: AUTOMATION_MESSAGES.coin }).int().positive(AUTOMATION_MESSAGES.coin), {
    label: 'Coin',
    group,
    widget: 'coin',
  });
const amount = (label: string, group: string) =>
  configField(decimalText(8, 0, null, AUTOMATION_MESSAGES.amount), { label, group, decimals: 8 });
const eur = (label: string, group: string, help?: string) =>
  configField(decimalText(2, 0, null, AUTOMATION_MESSAGES.eur(label.replace(/ \(EUR\)$/, ''))), {
    label,
    group,
    decimals: 2,
    ...(help ? { help } : {}),
  });

export const minPayoutRowSchema = z.object({
  coin: coin('Payout batches'),
  minAmount: amount('Minimum payout', 'Payout batches'),
});

export const hotWalletRowSchema = z
  .object({
    coin: coin('Hot wallets'),
    alertBelow: amount('Alert below', 'Hot wallets'),
    target: amount('Target', 'Hot wallets'),
    sweepToColdAbove: amount('Sweep to cold above', 'Hot wallets'),
    coldAddress: configField(
      z.string({ error: AUTOMATION_MESSAGES.address }).trim().min(1, AUTOMATION_MESSAGES.address).max(128),
      { label: 'Cold address', group: 'Hot wallets' },
    ),
  })
  .refine(
    (row) => Number(row.alertBelow) < Number(row.target) && Number(row.target) < Number(row.sweepToColdAbove),
    { message: AUTOMATION_MESSAGES.thresholds, path: ['target'] },
  );

/**
 * Automation Config (`automation`): the knobs of the unattended processes: payout batches, auto-conversion,
 * hot-wallet thresholds and sweeps, expiry (brief B "automation-config"). The schedule and the cold
 * addresses are checked on the server (croner; the coin's address format).
 */
export const automationConfigSchema = z.object({
  payoutBatchesEnabled: configField(z.boolean(), {
    label: 'Payout batches enabled',
    group: 'Payout batches',
    help: 'Approved payouts are sent in batches on the schedule below.',
    dangerous: true,
  }),
  payoutCron: configField(
    z.string({ error: AUTOMATION_MESSAGES.cron }).trim().min(1, AUTOMATION_MESSAGES.cron).max(100),
    {
      label: 'Schedule (cron)',
      group: 'Payout batches',
      help: 'Five fields, Europe/Amsterdam time, e.g. */15 * * * * for every 15 minutes.',
    },
  ),
  maxBatchEur: eur('Largest batch (EUR)', 'Payout batches'),
  approvalAboveEur: eur('Approval above (EUR)', 'Payout batches', 'Payouts above this wait for four-eyes.'),
  minPayoutPerCoin: configField(z.array(minPayoutRowSchema).max(200, 'At most 200 coins'), {
    label: 'Minimum payout per coin',
    group: 'Payout batches',
    help: 'Smaller balances wait for the next batch.',
  }),
  conversionEnabled: configField(z.boolean(), {
    label: 'Auto-conversion enabled',
    group: 'Auto-conversion',
    help: "Incoming coins are converted to the merchant's preferred coin.",
  }),
  conversionVenue: configField(z.enum(TRADING_VENUES, 'Choose a venue'), {
    label: 'Venue',
    group: 'Auto-conversion',
    options: TRADING_VENUE_LABELS,
  }),
  maxSlippageBps: configField(whole(1, 500, AUTOMATION_MESSAGES.slippage), {
    label: 'Max slippage (bps)',
    group: 'Auto-conversion',
  }),
  minConversionEur: eur('Smallest conversion (EUR)', 'Auto-conversion'),
  quoteValiditySec: configField(whole(10, 600, AUTOMATION_MESSAGES.validity), {
    label: 'Quote valid for (s)',
    group: 'Auto-conversion',
  }),
  hotWallets: configField(z.array(hotWalletRowSchema).max(200, 'At most 200 coins'), {
    label: 'Hot wallets per coin',
    group: 'Hot wallets',
    help: 'Below alert: operations are warned. Above sweep: the surplus over target goes to the cold address.',
  }),
  expireWaitingAfterMin: configField(whole(5, 10080, AUTOMATION_MESSAGES.expiry), {
    label: 'Expire waiting payments after (minutes)',
    group: 'Expiry and auto-status',
  }),
  autoAcceptWithinFlex: configField(z.boolean(), {
    label: 'Accept underpaid payments within flexibility',
    group: 'Expiry and auto-status',
    help: "Underpaid payments inside the merchant's flexibility percentage become paid.",
  }),
});
export type AutomationConfig = z.infer<typeof automationConfigSchema>;

export const AUTOMATION_CONFIG_DEFAULTS: AutomationConfig = {
  payoutBatchesEnabled: true,
  payoutCron: '*/15 * * * *',
  maxBatchEur: '250000.00',
  approvalAboveEur: '1000.00',
  minPayoutPerCoin: [
    { coin: 1, minAmount: '0.0005' },
    { coin: 5, minAmount: '0.01' },
  ],
  conversionEnabled: false,
  conversionVenue: 'internal',
  maxSlippageBps: 50,
  minConversionEur: '10.00',
  quoteValiditySec: 30,
  hotWallets: [
    {
      coin: 1,
      alertBelow: '0.5',
      target: '2',
      sweepToColdAbove: '5',
      coldAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    },
  ],
  expireWaitingAfterMin: 60,
  autoAcceptWithinFlex: true,
};
