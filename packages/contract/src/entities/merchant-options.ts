/**
 * The option lists of SPEC §3, each value with the label staff see. Values are what the server stores and the
 * wire carries; a select renders `label`. The alt coin lists (Online, Off/On, Buy) sit here too, beside
 * catalog.schema.ts's SecureCloud, vFiat and Priority.
 */
export interface Option<V extends string | number | boolean> {
  value: V;
  label: string;
}

/** The payout schema codes kept on the merchant record (merchants.payout_schema). */
export const PAYOUT_SCHEMAS = [
  'keep',
  'eur-bank',
  'usd-bank',
  'gbp-bank',
  'wallet',
  'paypal',
  'payeer',
  'bank-address-book',
  'crypto-address-book',
] as const;
export type PayoutSchema = (typeof PAYOUT_SCHEMAS)[number];

/** Placeholder in a label for the product's name (the server's PRODUCT_NAME), as SPEC §3 shows it. */
export const PRODUCT_PLACEHOLDER = '{product}';

/** Payout schema options (SPEC §3); "Keep with {product}" names the product, see `payoutSchemaLabel`. */
export const PAYOUT_SCHEMA_OPTIONS: readonly Option<PayoutSchema>[] = [
  { value: 'keep', label: `Keep with ${PRODUCT_PLACEHOLDER}` },
  { value: 'eur-bank', label: 'Pay out EUR Bank' },
  { value: 'usd-bank', label: 'Pay out USD Bank' },
  { value: 'gbp-bank', label: 'Pay out GBP Bank' },
  { value: 'wallet', label: 'Wallet' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'payeer', label: 'Payeer' },
  { value: 'bank-address-book', label: 'Bank address book default' },
  { value: 'crypto-address-book', label: 'Crypto address book default' },
];

/** An option's label with the product's name in place of `{product}`. */
export const optionLabel = (option: Option<string | number | boolean>, product: string): string =>
  option.label.replace(PRODUCT_PLACEHOLDER, product);

/** The label of a payout schema code, or the code itself when unknown (an older platform's value). */
export const payoutSchemaLabel = (value: string, product: string): string => {
  const option = PAYOUT_SCHEMA_OPTIONS.find((o) => o.value === value);
  return option ? optionLabel(option, product) : value;
};

/** Alt coin Online (SPEC §3: Offline/Online). */
export const ONLINE_OPTIONS: readonly Option<0 | 1>[] = [
  { value: 0, label: 'Offline' },
  { value: 1, label: 'Online' },
];

/** Yes/No flags of the merchant record (PEP, 2FA, Autonomy…). */
export const YES_NO_OPTIONS: readonly Option<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/** LTR, ERC20 and BlockExplorerMode (SPEC §3: Off/On). */
export const OFF_ON_OPTIONS: readonly Option<0 | 1>[] = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'On' },
];

/** Buy (SPEC §3: Disabled/Enabled). */
export const BUY_OPTIONS: readonly Option<0 | 1>[] = [
  { value: 0, label: 'Disabled' },
  { value: 1, label: 'Enabled' },
];

/**
 * The Disable* flags (DisableCheckOut, DisablePayout): SPEC §3 shows them as what the merchant may do, so
 * `false` (not disabled) reads Enabled.
 */
export const DISABLE_FLAG_OPTIONS: readonly Option<boolean>[] = [
  { value: false, label: 'Enabled' },
  { value: true, label: 'Disabled' },
];

/** The PayPal/Bank/Payeer enable flags. */
export const ENABLED_OPTIONS: readonly Option<boolean>[] = [
  { value: true, label: 'Enabled' },
  { value: false, label: 'Disabled' },
];

// SecureCloud, vFiat and Priority (alt coin lists) are SECURE_CLOUD_OPTIONS, VFIAT_KINDS and PRIORITIES in
// catalog.schema.ts, with the same labels.

/** Who pays the platform's fee on a payment. */
export const CHARGING_METHODS = ['merchant', 'customer', 'split'] as const;
export type ChargingMethod = (typeof CHARGING_METHODS)[number];
export const CHARGING_METHOD_OPTIONS: readonly Option<ChargingMethod>[] = [
  { value: 'merchant', label: 'Merchant pays' },
  { value: 'customer', label: 'Customer pays' },
  { value: 'split', label: 'Split' },
];

export const IDENTITY_DOCUMENT_TYPES = ['passport', 'id-card', 'driving-licence'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];
export const IDENTITY_DOCUMENT_OPTIONS: readonly Option<IdentityDocumentType>[] = [
  { value: 'passport', label: 'Passport' },
  { value: 'id-card', label: 'ID card' },
  { value: 'driving-licence', label: 'Driving licence' },
];

/** Risk profiles (merchants.risk_profile_id); the SPEC names the field only, these are the platform's three. */
export const RISK_PROFILE_OPTIONS: readonly Option<1 | 2 | 3>[] = [
  { value: 1, label: 'Low' },
  { value: 2, label: 'Medium' },
  { value: 3, label: 'High' },
];
export const RISK_PROFILE_IDS = [1, 2, 3] as const;

/** Bank account currencies of transferwise address book entries. */
export const ADDRESS_BOOK_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
