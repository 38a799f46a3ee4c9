import { z } from 'zod';

/**
 * Merchant Autonomy (brief E, merchant-autonomy; ADR 0032): what a merchant may do without staff review.
 * SPEC §3's merchant field `Autonomy`, as a level with limits.
 */
export const AUTONOMY_LEVELS = [0, 1, 2] as const;
export type AutonomyLevel = (typeof AUTONOMY_LEVELS)[number];
export const AUTONOMY_LEVEL_LABELS: Record<AutonomyLevel, string> = {
  0: 'Supervised',
  1: 'Assisted',
  2: 'Autonomous',
};
export const AUTONOMY_SORT_COLUMNS = ['Merchant', 'Level', 'Volume30dEur'] as const;
export const AUTONOMY_PAGE_SIZE = 25;
/** The most merchants one bulk change may name (a page of the list at its largest). */
export const AUTONOMY_BULK_MAX = 100;
/** A merchant at level 1 or 2 with this many failed payouts in 7 days is suggested for a downgrade. */
export const AUTONOMY_DOWNGRADE_FAILURES = 3;

export const AUTONOMY_MESSAGES = {
  kyc: (current: string) => `Level 2 needs an approved KYC (current: ${current})`,
  perPayout: 'Per-payout limit cannot exceed the daily limit',
  reason: 'Give a reason; it is kept in the audit log',
  limit: 'A limit must be 0 or more with at most 2 decimals',
  cooldown: 'The cooldown must be a whole number of hours from 0 to 168',
  expiresOn: 'The elevation must end after today',
  emptyLevel: 'No merchant at this level',
  noMerchants: 'Choose at least one merchant',
  eligible: 'Eligible for Level 2',
  downgrade: (failures: number) => `Downgrade suggested: ${failures} failures in 7 days`,
} as const;

export const autonomyRowSchema = z.object({
  MerchantID: z.number().int(),
  Merchant: z.string(),
  Level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  KycStatus: z.string(),
  RiskProfileID: z.number().int(),
  /** EUR of paid payments in the last 30 days (Infolytics' daily roll-up), 2 decimals. */
  Volume30dEur: z.string(),
  /** Failed payouts in the last 7 days (what a downgrade suggestion counts). */
  FailedPayouts7d: z.number().int(),
  DailyAutoPayoutEur: z.string(),
  PerPayoutEur: z.string(),
  AddressChangeCooldownH: z.number().int(),
  /** The last day of a time-boxed elevation; null = permanent (or never set). */
  ExpiresOn: z.string().nullable(),
  /** The level a time-boxed elevation returns to. */
  PreviousLevel: z.number().int().nullable(),
  /** Null before the first change, or 'system' for the autonomy.revert job. */
  ChangedBy: z.string().nullable(),
  ChangedOn: z.string().nullable(),
  Reason: z.string().nullable(),
  Suggestion: z.string().nullable(),
});
export type AutonomyRow = z.infer<typeof autonomyRowSchema>;
