import { z } from 'zod';
import { auditEntrySchema } from './audit.schema';

/**
 * A KYC submission's state: `pending` waits for an officer, `more-info` for the merchant (who answers with a
 * new submission); `approved` and `rejected` are final.
 */
export const KYC_STATUSES = ['pending', 'more-info', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** A merchant's KYC state: its latest submission's, or `none` before its first. */
export const MERCHANT_KYC_STATUSES = ['none', ...KYC_STATUSES] as const;
export type MerchantKycStatus = (typeof MERCHANT_KYC_STATUSES)[number];

/** What an officer decides on a pending case, and the state each decision leaves the case in. */
export const KYC_DECISIONS = ['approve', 'reject', 'more-info'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];
export const KYC_DECISION_STATUS = {
  approve: 'approved',
  reject: 'rejected',
  'more-info': 'more-info',
} as const satisfies Record<KycDecision, KycStatus>;

/** Decisions that need a reason, and what a missing one is told. */
export const KYC_REASON_REQUIRED: Readonly<Partial<Record<KycDecision, string>>> = {
  reject: 'A reason is required to reject',
  'more-info': 'A reason is required to ask for more information',
};
export const KYC_REASON_MAX_LENGTH = 2000;

/** How long opening a case holds it for one officer; the same officer refreshes it by holding it again. */
export const KYC_HOLD_MS = 10 * 60_000;
export const KYC_QUEUE_PAGE_SIZE = 25;

/** The queue (pending cases, oldest first) or every submission (newest first): `kyc` and `kyc#all`. */
export const KYC_QUEUE_SCOPES = ['pending', 'all'] as const;
export type KycQueueScope = (typeof KYC_QUEUE_SCOPES)[number];

/**
 * The identity fields a merchant submits, named as on the merchant record (SPEC §3). Each may be missing from
 * an older submission: null then.
 */
export const KYC_IDENTITY_FIELDS = [
  'FirstName',
  'LastName',
  'DateOfBirth',
  'Nationality',
  'IdentityDocumentType',
  'IdentityDocumentNumber',
  'Street',
  'HouseNumber',
  'PostalCode',
  'City',
  'AddressCountry',
  'CompanyName',
  'CompanyRegistrationNumber',
] as const;
export type KycIdentityField = (typeof KYC_IDENTITY_FIELDS)[number];
export const kycIdentitySchema = z.object(
  Object.fromEntries(KYC_IDENTITY_FIELDS.map((field) => [field, z.string().nullable()])) as Record<
    KycIdentityField,
    z.ZodNullable<z.ZodString>
  >,
);
export type KycIdentity = z.infer<typeof kycIdentitySchema>;

/**
 * Who has a case open. `Since` is when they last claimed or refreshed it, `Until` when the hold lapses;
 * `IsMine` tells the caller it is their own hold.
 */
export const kycHoldSchema = z.object({
  StaffID: z.number().int(),
  Username: z.string(),
  Since: z.string(),
  Until: z.string(),
  IsMine: z.boolean(),
});
export type KycHold = z.infer<typeof kycHoldSchema>;

/** A row of the KYC queue and of the full list. `HeldBy` is the username of a hold that has not lapsed. */
export const kycQueueRowSchema = z.object({
  ID: z.number().int(),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  Status: z.enum(KYC_STATUSES),
  Level: z.number().int(),
  SubmittedOn: z.string(),
  LastUpdatedOn: z.string(),
  HeldBy: z.string().nullable(),
  HeldUntil: z.string().nullable(),
});
export type KycQueueRow = z.infer<typeof kycQueueRowSchema>;

/** A file of a submission, without its bytes (KycDocument serves those). */
export const kycDocumentInfoSchema = z.object({
  ID: z.number().int(),
  Type: z.string(),
  FileName: z.string(),
  Mime: z.string(),
  UploadedOn: z.string(),
});
export type KycDocumentInfo = z.infer<typeof kycDocumentInfoSchema>;

/** A document's bytes, base64-encoded, for the browser to show as an image or offer as a download. */
export const kycDocumentSchema = z.object({
  ID: z.number().int(),
  FileName: z.string(),
  Mime: z.string(),
  Base64: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/**
 * An officer's decision. `By` and `On` are null for decisions made before the back-office kept them (the
 * platform's own, the demo seed's).
 */
export const kycDecisionSchema = z.object({
  Decision: z.enum(KYC_DECISIONS),
  By: z.string().nullable(),
  On: z.string().nullable(),
  Reason: z.string().nullable(),
});

/** One KYC case: the submission, its files, the merchant, the decision, the hold and the audit trail. */
export const kycCaseSchema = z.object({
  ID: z.number().int(),
  Status: z.enum(KYC_STATUSES),
  Level: z.number().int(),
  SubmittedOn: z.string(),
  LastUpdatedOn: z.string(),
  Identity: kycIdentitySchema,
  Documents: z.array(kycDocumentInfoSchema),
  Merchant: z.object({
    ID: z.number().int(),
    ShopTitle: z.string(),
    Email: z.string(),
    Country: z.string().nullable(),
    KYCStatus: z.enum(MERCHANT_KYC_STATUSES),
  }),
  /** Null while the case is pending. */
  Decision: kycDecisionSchema.nullable(),
  Hold: kycHoldSchema.nullable(),
  /** The staff changes to this case, oldest first. */
  Audit: z.array(auditEntrySchema),
});
export type KycCase = z.infer<typeof kycCaseSchema>;
