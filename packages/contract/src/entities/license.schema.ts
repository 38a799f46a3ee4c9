import { z } from 'zod';

/**
 * Licensing (brief E, platform-licensing; ADR 0032): licence keys the platform issues to white-label partners,
 * POS apps and plugins. We are the licence server: a key is shown once when issued and kept only as a
 * SHA-256 hash with its first and last group for display.
 */

/** A licence's state as shown: suspended and revoked by staff, else by its expiry day against today (UTC). */
export const LICENSE_STATUSES = ['active', 'expiring', 'expired', 'suspended', 'revoked'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
/** A licence is `expiring` when it expires within this many days (brief: ≤ 30 days). */
export const LICENSE_EXPIRING_DAYS = 30;
export const LICENSE_ENTITLEMENTS = ['POS', 'vTokens', 'xChange', 'custom branding'] as const;
export type LicenseEntitlement = (typeof LICENSE_ENTITLEMENTS)[number];
export const LICENSE_MAX_ACTIVATIONS = 1000;
export const LICENSE_SORT_COLUMNS = ['IssuedOn', 'ExpiresOn'] as const;
export const LICENSES_PAGE_SIZE = 25;

/** What a validation answers: valid, or why not (Keygen's validation codes, in our words). */
export const LICENSE_VALIDATION_CODES = [
  'valid',
  'suspended',
  'expired',
  'revoked',
  'unknown',
  'too_many_activations',
] as const;
export type LicenseValidationCode = (typeof LICENSE_VALIDATION_CODES)[number];

export const LICENSE_VALIDATION_MESSAGES: Record<LicenseValidationCode, string> = {
  valid: 'The licence is valid',
  suspended: 'The licence is suspended',
  expired: 'The licence has expired',
  revoked: 'The licence was revoked',
  unknown: 'No licence with this key',
  too_many_activations: 'The licence has no free activation left for this device',
};

/** The admin actions and the device check a licence's log records. */
export const LICENSE_EVENT_KINDS = [
  'issued',
  'renewed',
  'suspended',
  'reinstated',
  'revoked',
  'activations_reset',
  'validation',
] as const;
export type LicenseEventKind = (typeof LICENSE_EVENT_KINDS)[number];

export const LICENSE_MESSAGES = {
  empty: 'No licence issued yet',
  expiry: 'Expiry must be after today',
  maxActivations: 'Max activations must be a whole number from 1 to 1000',
  reason: 'Give a reason; it is kept in the audit log',
  noLicense: 'No licence with that id',
  policyProduct: 'Choose a policy of the chosen product',
  revoked: 'This licence is revoked: it cannot be changed any more',
  notSuspended: 'Only a suspended licence can be reinstated',
  alreadySuspended: 'This licence is already suspended',
  noTotp: 'Set up an authenticator app first: licence changes are confirmed with its code',
  rateLimited: 'Too many validations from this address: try again in a minute',
} as const;

/** A key as shown after its one showing: `LL-7K2Q-…-9F3A` (first and last group). */
export const licenseKeyDisplay = (prefix: string, last4: string) => `${prefix}-…-${last4}`;

export const licenseProductSchema = z.object({ ID: z.number().int(), Code: z.string(), Name: z.string() });
export type LicenseProduct = z.infer<typeof licenseProductSchema>;

export const licensePolicySchema = z.object({
  ID: z.number().int(),
  ProductID: z.number().int(),
  Name: z.string(),
  /** How long a new or renewed licence of this policy runs. */
  DurationDays: z.number().int(),
  /** The policy's activation limit, the issue form's default for max activations. */
  MaxMachines: z.number().int(),
});
export type LicensePolicy = z.infer<typeof licensePolicySchema>;

export const licensingOptionsSchema = z.object({
  Products: z.array(licenseProductSchema),
  Policies: z.array(licensePolicySchema),
  /** How the caller confirms a licence action: their authenticator code, or their password without one. */
  StepUpWith: z.enum(['totp', 'password']),
});
export type LicensingOptions = z.infer<typeof licensingOptionsSchema>;

export const licenseRowSchema = z.object({
  ID: z.number().int(),
  /** `LL-7K2Q-…-9F3A`: never the whole key, which is shown once when issued. */
  Key: z.string(),
  MerchantID: z.number().int(),
  Licensee: z.string(),
  ProductID: z.number().int(),
  Product: z.string(),
  PolicyID: z.number().int(),
  Policy: z.string(),
  SeatsUsed: z.number().int(),
  MaxActivations: z.number().int(),
  Entitlements: z.array(z.string()),
  /** The last day the licence is valid (UTC). */
  ExpiresOn: z.string(),
  Status: z.enum(LICENSE_STATUSES),
  /** The newest validation of any of its devices; null before the first. */
  LastCheckIn: z.string().nullable(),
  Note: z.string(),
  /** Why it was suspended or revoked; null otherwise. */
  StatusReason: z.string().nullable(),
  IssuedBy: z.string(),
  IssuedOn: z.string(),
});
export type LicenseRow = z.infer<typeof licenseRowSchema>;

export const licenseActivationSchema = z.object({
  Fingerprint: z.string(),
  Hostname: z.string(),
  FirstSeen: z.string(),
  LastSeen: z.string(),
});
export type LicenseActivation = z.infer<typeof licenseActivationSchema>;

export const licenseEventSchema = z.object({
  ID: z.number().int(),
  Kind: z.enum(LICENSE_EVENT_KINDS),
  /** A validation's outcome; null for an admin action. */
  Outcome: z.enum(LICENSE_VALIDATION_CODES).nullable(),
  Fingerprint: z.string().nullable(),
  Hostname: z.string().nullable(),
  /** The address a validation came from; 'simulated' for the Simulate client tool. */
  Source: z.string().nullable(),
  /** The staff member of an admin action or simulation. */
  By: z.string().nullable(),
  Detail: z.string(),
  At: z.string(),
});
export type LicenseEvent = z.infer<typeof licenseEventSchema>;

export const licenseDetailSchema = z.object({
  Licence: licenseRowSchema,
  Activations: z.array(licenseActivationSchema),
  /** Newest first, at most 100. */
  Events: z.array(licenseEventSchema),
});
export type LicenseDetail = z.infer<typeof licenseDetailSchema>;

/** The answer of an issue: the whole key, this once. */
export const issuedLicenseSchema = z.object({ Licence: licenseRowSchema, FullKey: z.string() });
export type IssuedLicense = z.infer<typeof issuedLicenseSchema>;

/** What a device (or the Simulate client tool) is told. */
export const licenseValidationSchema = z.object({
  Valid: z.boolean(),
  Code: z.enum(LICENSE_VALIDATION_CODES),
  Message: z.string(),
  /** Known only for a key that names a licence. */
  ExpiresOn: z.string().nullable(),
  Product: z.string().nullable(),
  Entitlements: z.array(z.string()),
  SeatsUsed: z.number().int().nullable(),
  MaxActivations: z.number().int().nullable(),
});
export type LicenseValidation = z.infer<typeof licenseValidationSchema>;

/** The body of `POST /api/licensing/validate-key` and of the Simulate client tool. */
export const validateKeyParamsSchema = z.object({
  Key: z
    .string({ error: 'The key is missing' })
    .trim()
    .min(1, 'The key is missing')
    .max(100, 'The key is too long'),
  Fingerprint: z
    .string({ error: "The device's fingerprint is missing" })
    .trim()
    .min(1, "The device's fingerprint is missing")
    .max(200, "The device's fingerprint must be at most 200 characters"),
  Hostname: z
    .string({ error: 'The hostname must be text' })
    .trim()
    .max(200, 'The hostname must be at most 200 characters')
    .default(''),
});
export type ValidateKeyParams = z.input<typeof validateKeyParamsSchema>;

/** The public validation route (no staff session; rate-limited per address). */
export const LICENSE_VALIDATE_PATH = '/api/licensing/validate-key';
