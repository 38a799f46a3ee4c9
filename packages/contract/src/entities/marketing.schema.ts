import { z } from 'zod';
import { MERCHANT_KYC_STATUSES } from './kyc.schema';

/**
 * An email campaign's life (ADR 0023): a draft is edited; Send snapshots its audience into per-recipient rows
 * and it is `sending` until none is left queued, then `sent`; Cancel stops the remaining recipients.
 */
export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * One recipient's state: `sending` only while its message is with the mail transport. `skipped` is a
 * recipient who unsubscribed after the send began, or one the campaign's cancel stopped.
 */
export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const CAMPAIGNS_PAGE_SIZE = 25;
export const RECIPIENTS_PAGE_SIZE = 25;
export const NEWS_PAGE_SIZE = 25;
export const CAMPAIGN_SORT_COLUMNS = ['UpdatedOn', 'ID'] as const;
export const RECIPIENT_SORT_COLUMNS = ['ID'] as const;
export const NEWS_SORT_COLUMNS = ['CreatedOn', 'PublishedOn', 'ID'] as const;
export const SUBJECT_MAX = 200;
export const PREHEADER_MAX = 200;
export const NEWS_TITLE_MAX = 200;
export const SEGMENT_NAME_MAX = 80;
/** A body's HTML as saved (after sanitising): generous for an email, small enough to keep in a row. */
export const BODY_HTML_MAX = 200_000;

/** The yes/no filters of a segment as a query string carries them: 'yes', 'no' or absent (either). */
export const YES_NO = ['yes', 'no'] as const;

/** A saved audience: which merchants, by fields they have. Empty fields match everyone. */
export const segmentDefinitionSchema = z.object({
  KYCStatus: z.enum(MERCHANT_KYC_STATUSES).optional(),
  /** ISO 3166 alpha-2, as merchants' records hold it. */
  Country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  Locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .optional(),
  RegisteredFrom: z.string().optional(),
  RegisteredTo: z.string().optional(),
  LifetimeMember: z.enum(YES_NO).optional(),
  CheckoutDisabled: z.enum(YES_NO).optional(),
  PayoutDisabled: z.enum(YES_NO).optional(),
});
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;

export const segmentSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Definition: segmentDefinitionSchema,
  /** The live count: merchants matching now, less those without an email or unsubscribed. */
  Recipients: z.number().int(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const audienceCountSchema = z.object({
  /** Who would receive it now. */
  Recipients: z.number().int(),
  /** Matching merchants left out: no email address, or unsubscribed. */
  Excluded: z.number().int(),
});

/** The per-state counts of a campaign's recipients. */
export const recipientCountsSchema = z.object({
  Total: z.number().int(),
  Queued: z.number().int(),
  Sending: z.number().int(),
  Sent: z.number().int(),
  Failed: z.number().int(),
  Skipped: z.number().int(),
});
export type RecipientCounts = z.infer<typeof recipientCountsSchema>;

export const campaignRowSchema = z.object({
  ID: z.number().int(),
  Subject: z.string(),
  Status: z.enum(CAMPAIGN_STATUSES),
  SegmentID: z.number().int().nullable(),
  SegmentName: z.string().nullable(),
  CreatedBy: z.string(),
  UpdatedOn: z.string(),
  StartedOn: z.string().nullable(),
  FinishedOn: z.string().nullable(),
  Total: z.number().int(),
  Sent: z.number().int(),
  Failed: z.number().int(),
  Skipped: z.number().int(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

export const campaignDetailSchema = campaignRowSchema.extend({
  Preheader: z.string(),
  /** The body as saved: already sanitised by the server. */
  BodyHtml: z.string(),
  /** The whole email as a recipient gets it (preheader, body, footer with an example unsubscribe link). */
  PreviewHtml: z.string(),
  Counts: recipientCountsSchema,
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const recipientRowSchema = z.object({
  ID: z.number().int(),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  Email: z.string(),
  State: z.enum(RECIPIENT_STATES),
  Error: z.string().nullable(),
  SentOn: z.string().nullable(),
});
export type RecipientRow = z.infer<typeof recipientRowSchema>;

export const newsRowSchema = z.object({
  ID: z.number().int(),
  Title: z.string(),
  /** Sanitised by the server on save; rendered as it is, never the typed HTML. */
  BodyHtml: z.string(),
  YoutubeUrl: z.string().nullable(),
  /** The video's 11-character id, for an embed. */
  YoutubeID: z.string().nullable(),
  Published: z.boolean(),
  PublishedOn: z.string().nullable(),
  PublishedBy: z.string().nullable(),
  CreatedBy: z.string(),
  CreatedOn: z.string(),
  UpdatedOn: z.string(),
});
export type NewsRow = z.infer<typeof newsRowSchema>;
