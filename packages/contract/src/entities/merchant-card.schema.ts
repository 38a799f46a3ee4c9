import { z } from 'zod';

/** A merchant's card acceptance (brief E, merchant-cc): never applied, applying, live, stopped for now, ended. */
export const CARD_STATUSES = ['not applied', 'applying', 'active', 'suspended', 'terminated'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
export const THREE_DS_MODES = ['always', 'risk-based', 'off'] as const;
export const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex'] as const;
export const CARD_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
/** The write-only secrets of a card account (brief A1: never read back, shown as last 4 and a fingerprint). */
export const CARD_SECRET_FIELDS = ['SubMerchantApiKey', 'WebhookSecret'] as const;
export type CardSecretField = (typeof CARD_SECRET_FIELDS)[number];
export const CARD_ACCOUNTS_PAGE_SIZE = 25;

/** The status moves staff make; each needs the step-up, suspend and terminate a reason. */
export const CARD_STATUS_ACTIONS = ['apply', 'activate', 'suspend', 'reinstate', 'terminate'] as const;
export type CardStatusAction = (typeof CARD_STATUS_ACTIONS)[number];
export const CARD_STATUS_MOVES: Record<CardStatusAction, { from: readonly CardStatus[]; to: CardStatus }> = {
  apply: { from: ['not applied'], to: 'applying' },
  activate: { from: ['applying'], to: 'active' },
  suspend: { from: ['active'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'active' },
  terminate: { from: ['not applied', 'applying', 'active', 'suspended'], to: 'terminated' },
};

export const CARD_MESSAGES = {
  mcc: 'MCC must be 4 digits',
  descriptor: 'Descriptor must be 5–22 characters (letters, digits, spaces, . * -)',
  caps: 'Caps must increase: per transaction ≤ daily ≤ monthly',
  reserve: 'The rolling reserve must be between 0 and 20 percent with at most 2 decimals',
  holdDays: 'Reserve hold days must be a whole number from 0 to 180',
  amount: 'Amounts are in EUR, 0 or more with at most 2 decimals',
  brands: 'Choose at least one card brand',
  currencies: 'Choose at least one currency',
  midNeeded: 'A MID is needed before card acceptance is active',
  providerNeeded: 'Choose the card provider before applying',
  notFiat: 'Choose a fiat payment provider',
  reason: 'Give a reason; it is kept in the audit log',
  terminated: 'Card acceptance was terminated: it cannot be changed any more',
} as const;

const MOVE_WORDS: Record<CardStatusAction, string> = {
  apply: 'applied for',
  activate: 'activated',
  suspend: 'suspended',
  reinstate: 'reinstated',
  terminate: 'terminated',
};
export const cardMoveRefusal = (action: CardStatusAction, status: CardStatus) =>
  `Card acceptance is ${status}: it cannot be ${MOVE_WORDS[action]} now`;

/** A secret as an answer shows it: never the value. */
export const cardSecretViewSchema = z.object({
  Last4: z.string(),
  Fingerprint: z.string(),
  SetBy: z.string(),
  SetAt: z.string(),
});

export const cardSettingsSchema = z.object({
  ProviderID: z.number().int().nullable(),
  MID: z.string(),
  MCC: z.string(),
  Descriptor: z.string(),
  ThreeDs: z.enum(THREE_DS_MODES),
  Brands: z.array(z.enum(CARD_BRANDS)),
  InternationalCards: z.boolean(),
  Currencies: z.array(z.enum(CARD_CURRENCIES)),
  MinTxEur: z.string(),
  MaxTxEur: z.string(),
  DailyCapEur: z.string(),
  MonthlyCapEur: z.string(),
  RollingReservePct: z.string(),
  ReserveHoldDays: z.number().int(),
});
export type CardSettings = z.infer<typeof cardSettingsSchema>;

export const cardVersionSchema = z.object({
  Version: z.number().int(),
  Status: z.enum(CARD_STATUSES),
  /** What the version changed: settings, secrets or the status. */
  Change: z.string(),
  Reason: z.string().nullable(),
  /** The settings of this version; secrets read "changed" or "unchanged" only. */
  Settings: cardSettingsSchema,
  Secrets: z.record(z.string(), z.enum(['changed', 'unchanged'])),
  By: z.string(),
  At: z.string(),
});
export type CardVersion = z.infer<typeof cardVersionSchema>;

export const merchantCardConfigSchema = z.object({
  Merchant: z.object({ ID: z.number().int(), ShopTitle: z.string(), KycStatus: z.string() }),
  /** 0 before the first save: what a save's ExpectedVersion names. */
  Version: z.number().int(),
  Status: z.enum(CARD_STATUSES),
  StatusReason: z.string().nullable(),
  Settings: cardSettingsSchema.nullable(),
  Provider: z.string().nullable(),
  Secrets: z.record(z.string(), cardSecretViewSchema.nullable()),
  History: z.array(cardVersionSchema),
  /** The fiat payment providers a card account may use. */
  Providers: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  StepUpWith: z.enum(['totp', 'password']),
});
export type MerchantCardConfig = z.infer<typeof merchantCardConfigSchema>;

export const cardAccountRowSchema = z.object({
  MerchantID: z.number().int(),
  Merchant: z.string(),
  Status: z.enum(CARD_STATUSES),
  Provider: z.string().nullable(),
  MID: z.string(),
  MCC: z.string(),
  Descriptor: z.string(),
  InternationalCards: z.boolean(),
  /** Paid card payments of the last 30 days through the account's provider, in EUR (decimal string). */
  CardVolume30dEur: z.string(),
  UpdatedBy: z.string(),
  UpdatedAt: z.string(),
});
export type CardAccountRow = z.infer<typeof cardAccountRowSchema>;
