import { z } from 'zod';

/** Where a fee applies (brief E, merchant-fees-custom). */
export const FEE_FLOWS = ['incoming', 'payout', 'conversion', 'card'] as const;
export type FeeFlow = (typeof FEE_FLOWS)[number];
/** Who pays the fee: SPEC §3 FeesPaidBy 1 Merchant, 2 Customer, 3 Shared. */
export const FEE_PAID_BY = ['merchant', 'customer', 'shared'] as const;
/** A rule's state as shown: `ended` by staff, else by its dates against today (UTC). */
export const FEE_RULE_STATUSES = ['active', 'scheduled', 'expired', 'ended'] as const;
export type FeeRuleStatus = (typeof FEE_RULE_STATUSES)[number];
export const FEE_RULE_SORT_COLUMNS = ['CreatedOn', 'ValidFrom', 'FeePercent'] as const;
export const FEE_RULES_PAGE_SIZE = 25;
/** The euro (alt coin 625): the default currency of a rule's fixed fee and limits. */
export const FEE_DEFAULT_CURRENCY_ID = 625;

/**
 * The precedence levels, most specific first (brief E): a rule for the merchant, coin and provider beats
 * one for the merchant and coin, then merchant and provider, then the merchant alone; else the platform default.
 */
export const FEE_PRECEDENCE = [
  'merchant + coin + provider',
  'merchant + coin',
  'merchant + provider',
  'merchant',
  'platform default',
] as const;
export type FeePrecedence = (typeof FEE_PRECEDENCE)[number];

export const feePrecedenceOf = (hasCoin: boolean, hasProvider: boolean): FeePrecedence =>
  hasCoin && hasProvider
    ? 'merchant + coin + provider'
    : hasCoin
      ? 'merchant + coin'
      : hasProvider
        ? 'merchant + provider'
        : 'merchant';

export const FEE_MESSAGES = {
  percent: 'Fee must be between 0 and 100 percent with at most 4 decimals',
  minMax: 'Minimum fee must not exceed maximum',
  validTo: 'Valid to must be after valid from',
  fixed: 'The fixed fee must be 0 or more with at most 8 decimals',
  min: 'The minimum fee must be 0 or more with at most 8 decimals',
  max: 'The maximum fee must be 0 or more with at most 8 decimals',
  share: "The merchant's share of a shared fee must be between 0 and 100 percent with at most 2 decimals",
  amount: 'The amount must be more than 0 with at most 8 decimals',
  reason: 'Give a reason; it is kept in the audit log',
  noRule: 'No fee rule with that id',
  alreadyEnded: 'This rule is already ended',
} as const;

/** The overlap refusal of brief E: 'Another rule for Northwind Coffee · Bitcoin · any provider is active from 2026-03-01. …' */
export const feeOverlapMessage = (
  merchant: string,
  coin: string | null,
  provider: string | null,
  from: string,
) =>
  `Another rule for ${merchant} · ${coin ?? 'any coin'} · ${provider ?? 'any provider'} is active from ${from}. End it first or choose other dates`;

/**
 * Compares two non-negative decimal strings exactly (no floats): -1, 0 or 1. Both must already be plain
 * decimals ('12', '0.5'); the contract checks the shape before it compares.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

const decimal = z.string();
export const feeRuleRowSchema = z.object({
  ID: z.number().int(),
  MerchantID: z.number().int(),
  Merchant: z.string(),
  Flow: z.enum(FEE_FLOWS),
  AltCoinID: z.number().int().nullable(),
  /** The coin's name; null for any coin. */
  Coin: z.string().nullable(),
  ProviderID: z.number().int().nullable(),
  /** The provider or payout type's name; null for any. */
  Provider: z.string().nullable(),
  /** Percent with 4 decimals, e.g. '0.7500'. */
  FeePercent: decimal,
  FixedFee: decimal,
  FeeCurrencyID: z.number().int(),
  /** The short name of the fixed fee's and limits' currency (EUR). */
  FeeCurrency: z.string(),
  MinFee: decimal.nullable(),
  MaxFee: decimal.nullable(),
  PaidBy: z.enum(FEE_PAID_BY),
  /** The merchant's share of a shared fee in percent; null unless shared. */
  MerchantSharePercent: decimal.nullable(),
  ValidFrom: z.string(),
  /** The first day the rule no longer applies; null = open-ended. */
  ValidTo: z.string().nullable(),
  Status: z.enum(FEE_RULE_STATUSES),
  Precedence: z.enum(FEE_PRECEDENCE),
  Note: z.string(),
  CreatedBy: z.string(),
  CreatedOn: z.string(),
  EndedBy: z.string().nullable(),
  EndedOn: z.string().nullable(),
  EndReason: z.string().nullable(),
});
export type FeeRuleRow = z.infer<typeof feeRuleRowSchema>;

export const feeProviderSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  /** A payment provider (incoming, card) or a payout type (payout). */
  Kind: z.enum(['provider', 'payout_type']),
});
export type FeeProvider = z.infer<typeof feeProviderSchema>;

/** The calculator's answer: the rule that won (null: the platform default) and the fee as exact decimal strings. */
export const effectiveFeeSchema = z.object({
  Precedence: z.enum(FEE_PRECEDENCE),
  Rule: feeRuleRowSchema.nullable(),
  /** What the platform default is made of when no rule applies, e.g. "merchant FeePercentage". */
  DefaultSource: z.string().nullable(),
  Amount: decimal,
  /** The amount's coin (short name): every figure below is in it. */
  Currency: z.string(),
  FeePercent: decimal,
  PercentPart: decimal,
  FixedPart: decimal,
  /** 'min' or 'max' when the limit replaced the computed fee. */
  Limited: z.enum(['min', 'max']).nullable(),
  Fee: decimal,
  MerchantPays: decimal,
  CustomerPays: decimal,
});
export type EffectiveFee = z.infer<typeof effectiveFeeSchema>;
