import { z } from 'zod';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { auditEntrySchema } from './audit.schema';
import { MERCHANT_KYC_STATUSES } from './kyc.schema';
import {
  ADDRESS_BOOK_CURRENCIES,
  CHARGING_METHOD_OPTIONS,
  CHARGING_METHODS,
  DISABLE_FLAG_OPTIONS,
  ENABLED_OPTIONS,
  IDENTITY_DOCUMENT_OPTIONS,
  IDENTITY_DOCUMENT_TYPES,
  type Option,
  PAYOUT_SCHEMA_OPTIONS,
  PAYOUT_SCHEMAS,
  RISK_PROFILE_IDS,
  RISK_PROFILE_OPTIONS,
  YES_NO_OPTIONS,
} from './merchant-options';

// ---------- field rules (plain-English messages) ----------

/** A blank text of an optional field is stored as null, so "cleared" has one value. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) => z.preprocess(blankToNull, text(label, max).nullable());

// http(s), a dotted host name, an optional port, then anything without spaces (the
// contract has no URL class: it runs in the browser and in Node without either's types).
const HTTP_URL =
  /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9-]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/;
const isHttpUrl = (value: string): boolean => HTTP_URL.test(value);

const url = (label: string) =>
  text(label, 500).refine(isHttpUrl, `${label} must be a web address starting with http:// or https://`);
const optionalUrl = (label: string) => z.preprocess(blankToNull, url(label).nullable());

const email = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email(`${label} must be a valid e-mail address`));
const optionalEmail = (label: string) => z.preprocess(blankToNull, email(label).nullable());

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

const country = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, `${label} must be a two-letter country code (ISO 3166, e.g. NL)`);
const optionalCountry = (label: string) => z.preprocess(blankToNull, country(label).nullable());

/** A decimal written as text (the record keeps amounts exact), between `min` and `max`. */
const decimalText = (label: string, range: { min: number; max: number; unit?: string }) => {
  const message = `${label} must be a number from ${range.min} to ${range.max.toLocaleString('en-US')}${range.unit ?? ''}`;
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .refine(
      (v) => /^\d{1,12}(\.\d{1,8})?$/.test(v) && Number(v) >= range.min && Number(v) <= range.max,
      message,
    );
};

const coinIds = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label} must be coin ids` })
        .int(`${label} must be whole-number coin ids`)
        .positive(`${label} must be positive coin ids`)
        .max(PG_INTEGER_MAX, `${label} holds a coin id that is too large`),
      { error: `${label} must be a list of coin ids` },
    )
    .max(200, `${label} may hold at most 200 coins`)
    .refine((ids) => new Set(ids).size === ids.length, `${label} lists a coin twice`);

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;
/** ISO 13616's check: the IBAN rotated and read as digits is 1 modulo 97. */
export const isValidIban = (value: string): boolean => {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!IBAN_SHAPE.test(iban)) return false;
  const digits = [...`${iban.slice(4)}${iban.slice(0, 4)}`]
    .map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch))
    .join('');
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
};
const iban = z
  .string({ error: 'The IBAN must be text' })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine(isValidIban, 'The IBAN is not valid (check the country code, the check digits and the length)');
const bic = z
  .string({ error: 'The BIC must be text' })
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/,
    'The BIC must be 8 or 11 letters and digits (e.g. INGBNL2A)',
  );

// ---------- the address book ----------

export const transferwiseEntrySchema = z
  .object({
    id: text('The entry id', 40),
    label: text('The label', 80),
    currency: z.enum(ADDRESS_BOOK_CURRENCIES, 'The currency must be EUR, USD or GBP'),
    accountHolder: text('The account holder', 120),
    iban: z.preprocess(blankToNull, iban.nullable()),
    accountNumber: z.preprocess(
      blankToNull,
      z
        .string({ error: 'The account number must be text' })
        .trim()
        .regex(/^\d{4,34}$/, 'The account number must be 4 to 34 digits')
        .nullable(),
    ),
    bic,
    default: flag('default'),
  })
  .refine((entry) => entry.iban !== null || entry.accountNumber !== null, {
    message: 'A bank account needs an IBAN or an account number',
    path: ['iban'],
  });
export type TransferwiseEntry = z.infer<typeof transferwiseEntrySchema>;

export const cryptoAddressEntrySchema = z.object({
  id: text('The entry id', 40),
  label: text('The label', 80),
  altCoinId: z
    .number({ error: 'The coin must be a coin id' })
    .int('The coin must be a coin id')
    .positive('The coin must be a coin id')
    .max(PG_INTEGER_MAX, 'The coin id is too large'),
  address: z
    .string({ error: 'The address must be text' })
    .trim()
    .regex(/^[A-Za-z0-9:._-]{10,128}$/, 'The address must be 10 to 128 letters and digits, without spaces'),
  default: flag('default'),
});
export type CryptoAddressEntry = z.infer<typeof cryptoAddressEntrySchema>;

export const ADDRESS_BOOK_MESSAGES = {
  transferwiseDefault: 'Mark exactly one bank account in the address book as the default',
  cryptoDefault: 'Mark exactly one crypto address in the address book as the default',
} as const;

const defaults = (entries: readonly { default: boolean }[]) => entries.filter((e) => e.default).length;

/**
 * The payout address book (SPEC §3), kept as JSON: transferwise (bank) and crypto entries. A list that has
 * entries has exactly one default, the one a "… address book default" payout schema pays to.
 */
export const addressBookSchema = z
  .object({
    transferwise: z.array(transferwiseEntrySchema).max(20, 'The address book holds at most 20 bank accounts'),
    crypto: z.array(cryptoAddressEntrySchema).max(50, 'The address book holds at most 50 crypto addresses'),
  })
  .superRefine((book, ctx) => {
    if (book.transferwise.length > 0 && defaults(book.transferwise) !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['transferwise'],
        message: ADDRESS_BOOK_MESSAGES.transferwiseDefault,
      });
    if (book.crypto.length > 0 && defaults(book.crypto) !== 1)
      ctx.addIssue({ code: 'custom', path: ['crypto'], message: ADDRESS_BOOK_MESSAGES.cryptoDefault });
  });
export type AddressBook = z.infer<typeof addressBookSchema>;

// ---------- the record ----------

/**
 * Every field staff may change on a merchant record (SPEC §3 "Merchant record fields mapped for update"),
 * each with its rule. UpdateMerchant takes any of them; UserDetail answers all of them.
 */
export const merchantEditableShape = {
  // Profile
  ShopTitle: text('The shop title', 120),
  OwnerNickName: text('The owner nickname', 40).regex(
    /^[A-Za-z0-9._-]+$/,
    'The owner nickname may hold only letters, digits, dots, dashes and underscores',
  ),
  Name: text('The owner name', 120),
  Email: email('The e-mail address'),
  Phone: optionalText('The phone number', 30).refine(
    (v) => v === null || /^\+?[0-9 ()-]{4,30}$/.test(v),
    'The phone number may hold only digits, spaces, brackets, dashes and a leading +',
  ),
  Locale: z
    .string({ error: 'The locale must be text' })
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'The locale must be a language code such as en or nl-NL'),
  Country: optionalCountry('The country'),
  Website: optionalUrl('The website'),
  Avatar: optionalText('The avatar', 300),
  Twitter: optionalUrl('The X (Twitter) link'),
  Facebook: optionalUrl('The Facebook link'),
  Instagram: optionalUrl('The Instagram link'),
  LinkedIn: optionalUrl('The LinkedIn link'),
  Telegram: optionalUrl('The Telegram link'),
  // Shop & integration
  Autonomy: flag('Autonomy'),
  ChargingMethod: z.enum(
    CHARGING_METHODS,
    `The charging method must be one of ${CHARGING_METHODS.join(', ')}`,
  ),
  ConfirmURL: optionalUrl('The confirm URL'),
  FailURL: optionalUrl('The fail URL'),
  ECommerceKey: z
    .string({ error: 'The e-commerce key must be text' })
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{8,128}$/,
      'The e-commerce key must be 8 to 128 letters, digits, dashes or underscores',
    ),
  ShopIntegrationKey: z
    .string({ error: 'The shop integration key must be text' })
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{8,128}$/,
      'The shop integration key must be 8 to 128 letters, digits, dashes or underscores',
    ),
  ShopPlatform: optionalText('The shop platform', 60),
  PreferredCoinIDs: coinIds('The preferred coins'),
  SelectedAltcoins: coinIds('The selected altcoins'),
  ShowInternationalCC: flag('Show international credit cards'),
  MasterTransactionFunction: flag('Master transaction function'),
  // Payouts
  PayoutSchema: z.enum(PAYOUT_SCHEMAS, 'Choose one of the payout schema options'),
  PayoutTo: optionalText('Pay out to', 200),
  PayoutExcludes: coinIds('The payout excludes'),
  FlexibilityPercentage: decimalText('The flexibility percentage', { min: 0, max: 100, unit: '%' }),
  FeePercentage: decimalText('The fee percentage', { min: 0, max: 100, unit: '%' }),
  PayPalEnabled: flag('PayPal'),
  PayPalEmail: optionalEmail('The PayPal e-mail address'),
  BankEnabled: flag('Bank'),
  PayeerEnabled: flag('Payeer'),
  PayeerAccount: z.preprocess(
    blankToNull,
    z
      .string({ error: 'The Payeer account must be text' })
      .trim()
      .regex(/^P\d{7,12}$/, 'The Payeer account must be P followed by 7 to 12 digits')
      .nullable(),
  ),
  AddressBook: addressBookSchema,
  // Bank & identity
  BankName: optionalText('The bank name', 120),
  BankAccountHolder: optionalText('The account holder', 120),
  IBAN: z.preprocess(blankToNull, iban.nullable()),
  BIC: z.preprocess(blankToNull, bic.nullable()),
  BankAccountNumber: z.preprocess(
    blankToNull,
    z
      .string({ error: 'The account number must be text' })
      .trim()
      .regex(/^\d{4,34}$/, 'The account number must be 4 to 34 digits')
      .nullable(),
  ),
  BankRoutingNumber: z.preprocess(
    blankToNull,
    z
      .string({ error: 'The routing number must be text' })
      .trim()
      .regex(/^\d{9}$/, 'The routing number must be 9 digits')
      .nullable(),
  ),
  BankCountry: optionalCountry('The bank country'),
  FirstName: text('The first name', 80),
  LastName: text('The last name', 80),
  DateOfBirth: z.preprocess(
    blankToNull,
    z
      .string({ error: 'The date of birth must be text' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date of birth must be a date as YYYY-MM-DD')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'The date of birth is not a real date')
      .nullable(),
  ),
  Nationality: optionalCountry('The nationality'),
  IdentityDocumentType: z.enum(
    IDENTITY_DOCUMENT_TYPES,
    'The document type must be passport, id-card or driving-licence',
  ),
  IdentityDocumentNumber: optionalText('The document number', 40),
  CompanyName: optionalText('The company name', 160),
  CompanyRegistrationNumber: optionalText('The company registration number', 40),
  VATNumber: optionalText('The VAT number', 20),
  // Address & PEP
  Street: optionalText('The street', 120),
  HouseNumber: optionalText('The house number', 20),
  PostalCode: optionalText('The postal code', 12).refine(
    (v) => v === null || /^[A-Za-z0-9 -]{2,12}$/.test(v),
    'The postal code may hold only letters, digits, spaces and dashes',
  ),
  City: optionalText('The city', 80),
  AddressCountry: optionalCountry('The address country'),
  PEP: flag('PEP'),
  // Notifications & 2FA
  NotifyOnPayment: flag('Notify on payment'),
  NotifyOnPayout: flag('Notify on payout'),
  NotifyOnExpired: flag('Notify on expired'),
  NotifyOnKYC: flag('Notify on KYC'),
  NotificationEmail: optionalEmail('The notification e-mail address'),
  Newsletter: flag('Newsletter'),
  TwoFactorEnabled: flag('Two-factor authentication'),
  // Limits & risk
  RiskProfileID: z
    .number({ error: 'The risk profile must be 1, 2 or 3' })
    .int('The risk profile must be 1, 2 or 3')
    .refine((v) => (RISK_PROFILE_IDS as readonly number[]).includes(v), 'The risk profile must be 1, 2 or 3'),
  DisableCheckOut: flag('Disable checkout'),
  DisablePayout: flag('Disable payout'),
  LifetimeMember: flag('Lifetime member'),
  MaxLTR: decimalText('The maximum LTR', { min: 0, max: 100_000_000 }),
  // Referral
  Referral: optionalText('The referral', 64),
} as const;

export type MerchantEditableField = keyof typeof merchantEditableShape;
export const MERCHANT_EDITABLE_FIELDS = Object.keys(merchantEditableShape) as MerchantEditableField[];

/** The editable record as a whole: what a seeded or saved merchant must satisfy. */
export const merchantEditableSchema = z.object(merchantEditableShape);
export type MerchantEditable = z.infer<typeof merchantEditableSchema>;

/** Shows the first characters of an API key only: enough to tell two apart, too few to use one. */
export const API_KEY_SHOWN_CHARS = 4;
export const maskApiKey = (key: string): string => `${key.slice(0, API_KEY_SHOWN_CHARS)}…`;

/** The whole merchant record (SPEC §3) as UserDetail answers it: APIKey masked (RevealMerchantApiKey shows it). */
export const merchantRecordSchema = merchantEditableSchema.extend({
  ID: z.number().int(),
  APIKey: z.string(),
  KYCStatus: z.enum(MERCHANT_KYC_STATUSES),
  RegisteredOn: z.string(),
});
export type MerchantRecord = z.infer<typeof merchantRecordSchema>;

/** User Detail (SPEC §7.2 UserDetail, data.APIKey): the record, its version, and what hangs off it. */
export const userDetailSchema = merchantRecordSchema.extend({
  /** The record's version: UpdateMerchant refuses a change made against an older one (409). */
  Version: z.number().int(),
  Counts: z.object({
    Transactions: z.number().int(),
    Payouts: z.number().int(),
    KycSubmissions: z.number().int(),
  }),
  /** The latest KYC submission, which KYC Users opens (`kyc/{id}`); null before the first. */
  LatestKyc: z.object({ ID: z.number().int(), Status: z.string(), LastUpdatedOn: z.string() }).nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

// ---------- the form's declarations ----------

/** How the web renders a field: the input kind, and for a select its options. */
export type MerchantFieldInput =
  | { kind: 'text' | 'email' | 'url' | 'decimal' | 'date' | 'country' | 'secret' }
  | { kind: 'flag'; options: readonly Option<boolean>[] }
  | { kind: 'select'; options: readonly Option<string | number>[] }
  | { kind: 'coins' }
  | { kind: 'address-book' };

export interface MerchantFieldDeclaration {
  label: string;
  input: MerchantFieldInput;
}

const t = (
  label: string,
  kind: 'text' | 'email' | 'url' | 'decimal' | 'date' | 'country' | 'secret' = 'text',
) => ({
  label,
  input: { kind },
});
const yesNo = (label: string) => ({ label, input: { kind: 'flag' as const, options: YES_NO_OPTIONS } });
const enabled = (label: string) => ({ label, input: { kind: 'flag' as const, options: ENABLED_OPTIONS } });
const disableFlag = (label: string) => ({
  label,
  input: { kind: 'flag' as const, options: DISABLE_FLAG_OPTIONS },
});
const select = (label: string, options: readonly Option<string | number>[]) => ({
  label,
  input: { kind: 'select' as const, options },
});
const coins = (label: string) => ({ label, input: { kind: 'coins' as const } });

/** Label and input of every editable field, so the web builds User Detail's forms from these. */
export const MERCHANT_FIELDS: Readonly<Record<MerchantEditableField, MerchantFieldDeclaration>> = {
  ShopTitle: t('Shop title'),
  OwnerNickName: t('Owner nickname'),
  Name: t('Owner name'),
  Email: t('E-mail', 'email'),
  Phone: t('Phone'),
  Locale: t('Locale'),
  Country: t('Country', 'country'),
  Website: t('Website', 'url'),
  Avatar: t('Avatar'),
  Twitter: t('X (Twitter)', 'url'),
  Facebook: t('Facebook', 'url'),
  Instagram: t('Instagram', 'url'),
  LinkedIn: t('LinkedIn', 'url'),
  Telegram: t('Telegram', 'url'),
  Autonomy: yesNo('Autonomy'),
  ChargingMethod: select('Charging method', CHARGING_METHOD_OPTIONS),
  ConfirmURL: t('Confirm URL', 'url'),
  FailURL: t('Fail URL', 'url'),
  ECommerceKey: t('E-commerce key', 'secret'),
  ShopIntegrationKey: t('Shop integration key', 'secret'),
  ShopPlatform: t('Shop platform'),
  PreferredCoinIDs: coins('Preferred coins'),
  SelectedAltcoins: coins('Selected altcoins'),
  ShowInternationalCC: yesNo('Show international credit cards'),
  MasterTransactionFunction: yesNo('Master transaction function'),
  PayoutSchema: select('Payout schema', PAYOUT_SCHEMA_OPTIONS),
  PayoutTo: t('Pay out to'),
  PayoutExcludes: coins('Payout excludes'),
  FlexibilityPercentage: t('Flexibility percentage', 'decimal'),
  FeePercentage: t('Fee percentage', 'decimal'),
  PayPalEnabled: enabled('PayPal'),
  PayPalEmail: t('PayPal e-mail', 'email'),
  BankEnabled: enabled('Bank'),
  PayeerEnabled: enabled('Payeer'),
  PayeerAccount: t('Payeer account'),
  AddressBook: { label: 'Address book', input: { kind: 'address-book' } },
  BankName: t('Bank name'),
  BankAccountHolder: t('Account holder'),
  IBAN: t('IBAN'),
  BIC: t('BIC'),
  BankAccountNumber: t('Account number'),
  BankRoutingNumber: t('Routing number'),
  BankCountry: t('Bank country', 'country'),
  FirstName: t('First name'),
  LastName: t('Last name'),
  DateOfBirth: t('Date of birth', 'date'),
  Nationality: t('Nationality', 'country'),
  IdentityDocumentType: select('Identity document', IDENTITY_DOCUMENT_OPTIONS),
  IdentityDocumentNumber: t('Document number'),
  CompanyName: t('Company name'),
  CompanyRegistrationNumber: t('Company registration number'),
  VATNumber: t('VAT number'),
  Street: t('Street'),
  HouseNumber: t('House number'),
  PostalCode: t('Postal code'),
  City: t('City'),
  AddressCountry: t('Country of address', 'country'),
  PEP: yesNo('Politically exposed person (PEP)'),
  NotifyOnPayment: yesNo('Notify on payment'),
  NotifyOnPayout: yesNo('Notify on payout'),
  NotifyOnExpired: yesNo('Notify on expired'),
  NotifyOnKYC: yesNo('Notify on KYC'),
  NotificationEmail: t('Notification e-mail', 'email'),
  Newsletter: yesNo('Newsletter'),
  TwoFactorEnabled: yesNo('Two-factor authentication (2FA)'),
  RiskProfileID: select('Risk profile', RISK_PROFILE_OPTIONS),
  DisableCheckOut: disableFlag('Checkout'),
  DisablePayout: disableFlag('Payout'),
  LifetimeMember: yesNo('Lifetime member'),
  MaxLTR: t('Maximum LTR', 'decimal'),
  Referral: t('Referral'),
};

export const MERCHANT_TAB_IDS = [
  'profile',
  'shop',
  'payouts',
  'bank-identity',
  'address-pep',
  'notifications-2fa',
  'limits-risk',
  'referral',
] as const;
export type MerchantTabId = (typeof MERCHANT_TAB_IDS)[number];

/** User Detail's tabs, in order, each with its fields; every editable field sits in exactly one. */
export const MERCHANT_TABS: ReadonlyArray<{
  id: MerchantTabId;
  label: string;
  fields: readonly MerchantEditableField[];
}> = [
  {
    id: 'profile',
    label: 'Profile',
    fields: [
      'ShopTitle',
      'OwnerNickName',
      'Name',
      'Email',
      'Phone',
      'Locale',
      'Country',
      'Website',
      'Avatar',
      'Twitter',
      'Facebook',
      'Instagram',
      'LinkedIn',
      'Telegram',
    ],
  },
  {
    id: 'shop',
    label: 'Shop & integration',
    fields: [
      'Autonomy',
      'ChargingMethod',
      'ConfirmURL',
      'FailURL',
      'ECommerceKey',
      'ShopIntegrationKey',
      'ShopPlatform',
      'PreferredCoinIDs',
      'SelectedAltcoins',
      'ShowInternationalCC',
      'MasterTransactionFunction',
    ],
  },
  {
    id: 'payouts',
    label: 'Payouts',
    fields: [
      'PayoutSchema',
      'PayoutTo',
      'PayoutExcludes',
      'FlexibilityPercentage',
      'FeePercentage',
      'PayPalEnabled',
      'PayPalEmail',
      'BankEnabled',
      'PayeerEnabled',
      'PayeerAccount',
      'AddressBook',
    ],
  },
  {
    id: 'bank-identity',
    label: 'Bank & identity',
    fields: [
      'BankName',
      'BankAccountHolder',
      'IBAN',
      'BIC',
      'BankAccountNumber',
      'BankRoutingNumber',
      'BankCountry',
      'FirstName',
      'LastName',
      'DateOfBirth',
      'Nationality',
      'IdentityDocumentType',
      'IdentityDocumentNumber',
      'CompanyName',
      'CompanyRegistrationNumber',
      'VATNumber',
    ],
  },
  {
    id: 'address-pep',
    label: 'Address & PEP',
    fields: ['Street', 'HouseNumber', 'PostalCode', 'City', 'AddressCountry', 'PEP'],
  },
  {
    id: 'notifications-2fa',
    label: 'Notifications & 2FA',
    fields: [
      'NotifyOnPayment',
      'NotifyOnPayout',
      'NotifyOnExpired',
      'NotifyOnKYC',
      'NotificationEmail',
      'Newsletter',
      'TwoFactorEnabled',
    ],
  },
  {
    id: 'limits-risk',
    label: 'Limits & risk',
    fields: ['RiskProfileID', 'DisableCheckOut', 'DisablePayout', 'LifetimeMember', 'MaxLTR'],
  },
  { id: 'referral', label: 'Referral', fields: ['Referral'] },
];

// ---------- the list, the history, the payouts ----------

/** Users' list sorts; the first is the default (newest registrations first). */
export const MERCHANT_SORT_COLUMNS = ['RegisteredOn', 'ID', 'ShopTitle', 'Email'] as const;
export const MERCHANTS_PAGE_SIZE = 25;
/**
 * A list's total stops here (meta.isCapped): counting every match of a broad search at 200,000 merchants costs
 * more than the page; 400 pages of 25 are more than anyone pages.
 */
export const MERCHANT_COUNT_CAP = 10_000;

/** A row of the Users list; APIKey is masked as on User Detail. */
export const merchantRowSchema = z.object({
  ID: z.number().int(),
  ShopTitle: z.string(),
  OwnerNickName: z.string(),
  Name: z.string(),
  Email: z.string(),
  APIKey: z.string(),
  Country: z.string().nullable(),
  KYCStatus: z.enum(MERCHANT_KYC_STATUSES),
  RiskProfileID: z.number().int(),
  DisableCheckOut: z.boolean(),
  DisablePayout: z.boolean(),
  LifetimeMember: z.boolean(),
  RegisteredOn: z.string(),
});
export type MerchantRow = z.infer<typeof merchantRowSchema>;

/** One field of a history entry: the value before and after the change. */
export const merchantFieldChangeSchema = z.object({
  Field: z.string(),
  Before: z.unknown(),
  After: z.unknown(),
});

/** A History entry: the audit entry and its fields as a diff (before → after). */
export const merchantHistoryEntrySchema = auditEntrySchema.extend({
  Changes: z.array(merchantFieldChangeSchema),
});
export type MerchantHistoryEntry = z.infer<typeof merchantHistoryEntrySchema>;

/** A payout of the merchant (a P transaction), as its payouts list shows it. */
export const merchantPayoutRowSchema = z.object({
  ID: z.number().int(),
  TransactionID: z.number().int(),
  /** P and the 9-digit id, as TransactionDetail takes it. */
  Ref: z.string(),
  Status: z.string(),
  Amount: z.string(),
  OriginalAmount: z.string(),
  InputCurrency: z.string(),
  AltCoinID: z.number().int(),
  CoinName: z.string(),
  CoinAddress: z.string(),
  CreatedOn: z.string(),
  TransactionConfirmedOn: z.string().nullable(),
});
export type MerchantPayoutRow = z.infer<typeof merchantPayoutRowSchema>;
