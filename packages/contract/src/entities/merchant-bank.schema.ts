import { z } from 'zod';

/** The bank payout currencies of SPEC §3's payout schemas (Pay out EUR / USD / GBP Bank). */
export const PAYOUT_CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
export type PayoutCurrency = (typeof PAYOUT_CURRENCIES)[number];
/** How the money travels: SEPA, SWIFT, or a local rail (e.g. Faster Payments, ACH) via the payout provider. */
export const BANK_RAILS = ['SEPA', 'SWIFT', 'local'] as const;
export type BankRail = (typeof BANK_RAILS)[number];
export const BANK_VERIFICATION_STATUSES = [
  'unverified',
  'name-match',
  'micro-deposit-pending',
  'verified',
] as const;
export type BankVerificationStatus = (typeof BANK_VERIFICATION_STATUSES)[number];
export const BANK_VERIFICATION_LABELS: Record<BankVerificationStatus, string> = {
  unverified: 'unverified',
  'name-match': 'name-match',
  'micro-deposit-pending': 'micro-deposit pending',
  verified: 'verified',
};

/** New bank details stop bank payouts for this long (brief E, config-merchants-bank). */
export const BANK_CHANGE_HOLD_HOURS = 48;
/** At or above this score the holder counts as the KYC name; below, staff must confirm ownership. */
export const NAME_MATCH_THRESHOLD = 0.9;

export const BANK_MESSAGES = {
  ibanChecksum: 'IBAN checksum is wrong',
  ibanShape: 'An IBAN starts with 2 letters and 2 digits, then letters and digits only',
  bicLength: 'BIC must have 8 or 11 characters',
  bicShape: 'A BIC is 4 letters (bank), 2 letters (country), then letters or digits',
  holder: 'Account holder is required',
  ibanNeeded: 'A SEPA payout needs an IBAN',
  accountNeeded: 'Give an IBAN, or an account number and its routing code',
  bicNeeded: 'A SWIFT payout needs the BIC',
  country: 'The country is 2 letters (ISO 3166), e.g. NL',
  noKycName: 'There is no KYC name to compare the account holder with. Confirm ownership before payouts',
  reason: 'Give a reason; it is kept in the audit log',
  noHold: 'No active payout hold with that id',
} as const;

export const noMerchantMessage = (id: number | string) => `No merchant found with ID ${id}`;
export const ibanLengthMessage = (country: string, length: number) =>
  `An IBAN from ${country} has ${length} characters`;
/** The brief's warning when the holder is not the KYC name. */
export const holderMismatchMessage = (holder: string, kycName: string) =>
  `Account holder '${holder}' differs from KYC name '${kycName}'. Confirm ownership before payouts`;

/** IBAN lengths per country (the IBAN registry, SWIFT, current edition). */
const IBAN_LENGTHS: Record<string, number> = Object.fromEntries(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ' +
    'ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 ' +
    'LB28 LC32 LI21 LT20 LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 ' +
    'RO24 RS22 SA24 SC31 SE24 SI19 SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20'
  )
    .split(' ')
    .map((e) => [e.slice(0, 2), Number(e.slice(2))]),
);

/** An IBAN as stored: spaces removed, upper case. */
export const normaliseIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** What is wrong with an IBAN, in the brief's words, or null when it is good (shape, country length, mod-97). */
export function ibanProblem(raw: string): string | null {
  const iban = normaliseIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return BANK_MESSAGES.ibanShape;
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length !== undefined && iban.length !== length) return ibanLengthMessage(country, length);
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1 ? null : BANK_MESSAGES.ibanChecksum;
}

/** What is wrong with a BIC, or null: 8 or 11 characters, bank letters, country letters, location. */
export function bicProblem(raw: string): string | null {
  const bic = raw.replace(/\s+/g, '').toUpperCase();
  if (bic.length !== 8 && bic.length !== 11) return BANK_MESSAGES.bicLength;
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return BANK_MESSAGES.bicShape;
  return null;
}

/** Legal forms dropped before names are compared ('Jane Doe BV' is Jane Doe's company). */
const LEGAL_FORMS = new Set([
  'bv',
  'nv',
  'vof',
  'cv',
  'gmbh',
  'ag',
  'kg',
  'ug',
  'ohg',
  'ev',
  'ltd',
  'limited',
  'plc',
  'llp',
  'llc',
  'inc',
  'corp',
  'corporation',
  'co',
  'company',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'sl',
  'oy',
  'ab',
  'as',
  'aps',
  'sp',
  'zoo',
  'sro',
  'kft',
  'doo',
  'lda',
  'bvba',
  'sprl',
  'eenmanszaak',
  'holding',
  'the',
]);

/** A name's words, lower case, without accents, punctuation or legal forms ('J. Doe B.V.' → ['j', 'doe']). */
export function nameTokens(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // 'B.V.' and 'S.A.' are one word: join dotted single letters before splitting.
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  return words.filter((w) => !LEGAL_FORMS.has(w));
}

const tokenScore = (a: string, b: string) =>
  a === b ? 1 : (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b)) ? 0.5 : 0;

/**
 * How well an account holder matches a KYC name, 0 to 1: each word paired with its best match in the other
 * name (the same word 1, an initial for a name ½), summed and divided by the longer name's word count.
 * Order does not matter ('Doe Jane' is Jane Doe).
 */
export function nameMatchScore(holder: string, kycName: string): number {
  const a = nameTokens(holder);
  const b = nameTokens(kycName);
  if (a.length === 0 || b.length === 0) return 0;
  const left = [...b];
  let sum = 0;
  for (const word of a) {
    let best = -1;
    let bestScore = 0;
    left.forEach((other, i) => {
      const s = tokenScore(word, other);
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    });
    if (best >= 0) {
      sum += bestScore;
      left.splice(best, 1);
    }
  }
  return Math.round((sum / Math.max(a.length, b.length)) * 1000) / 1000;
}

/** The best match among the KYC names (the person's and the company's): the one the warning names. */
export function bestNameMatch(
  holder: string,
  kycNames: readonly string[],
): { kycName: string | null; score: number } {
  let best: { kycName: string | null; score: number } = { kycName: kycNames[0] ?? null, score: 0 };
  for (const name of kycNames) {
    const score = nameMatchScore(holder, name);
    if (score > best.score) best = { kycName: name, score };
  }
  return best;
}

/** An account number shown without its middle: '•••• 4300' (brief: no full IBAN in logs). */
export const maskAccount = (value: string | null) =>
  value ? `•••• ${value.replace(/\s+/g, '').slice(-4)}` : null;

export const bankAccountSchema = z.object({
  ID: z.number().int(),
  Version: z.number().int(),
  Current: z.boolean(),
  PayoutCurrency: z.enum(PAYOUT_CURRENCIES),
  Rail: z.enum(BANK_RAILS),
  AccountHolder: z.string(),
  /** Whole on the current version; masked ('•••• 4300') on older ones. */
  IBAN: z.string().nullable(),
  AccountNumber: z.string().nullable(),
  RoutingCode: z.string().nullable(),
  BIC: z.string().nullable(),
  BankName: z.string(),
  BankStreet: z.string(),
  BankPostalCode: z.string(),
  BankCity: z.string(),
  BankCountry: z.string().nullable(),
  BusinessAccount: z.boolean(),
  VerificationStatus: z.enum(BANK_VERIFICATION_STATUSES),
  NameMatchScore: z.number(),
  KycName: z.string().nullable(),
  OwnershipConfirmed: z.boolean(),
  Note: z.string(),
  SetBy: z.string(),
  SetAt: z.string(),
  SupersededAt: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const payoutHoldSchema = z.object({
  ID: z.number().int(),
  Reason: z.string(),
  From: z.string(),
  Until: z.string(),
  Active: z.boolean(),
  CreatedBy: z.string(),
  ReleasedBy: z.string().nullable(),
  ReleasedAt: z.string().nullable(),
  ReleaseReason: z.string().nullable(),
});
export type PayoutHold = z.infer<typeof payoutHoldSchema>;

export const merchantBankConfigSchema = z.object({
  Merchant: z.object({
    ID: z.number().int(),
    ShopTitle: z.string(),
    KycStatus: z.string(),
    /** The names the holder is compared with: the KYC person's and the company's (legal) name. */
    KycNames: z.array(z.string()),
    PayoutSchema: z.string(),
  }),
  Current: bankAccountSchema.nullable(),
  /** Before the first save here: the bank fields of the merchant record, to start the form from. */
  OnRecord: z
    .object({
      AccountHolder: z.string().nullable(),
      IBAN: z.string().nullable(),
      BIC: z.string().nullable(),
      BankName: z.string().nullable(),
      BankCountry: z.string().nullable(),
    })
    .nullable(),
  History: z.array(bankAccountSchema),
  Holds: z.array(payoutHoldSchema),
  ActiveHold: payoutHoldSchema.nullable(),
  StepUpWith: z.enum(['totp', 'password']),
});
export type MerchantBankConfig = z.infer<typeof merchantBankConfigSchema>;
