import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import { MERCHANT_KYC_STATUSES } from '../../entities/kyc.schema';
import {
  audienceCountSchema,
  BODY_HTML_MAX,
  CAMPAIGN_SORT_COLUMNS,
  CAMPAIGN_STATUSES,
  CAMPAIGNS_PAGE_SIZE,
  campaignDetailSchema,
  campaignRowSchema,
  NEWS_PAGE_SIZE,
  NEWS_SORT_COLUMNS,
  NEWS_TITLE_MAX,
  newsRowSchema,
  PREHEADER_MAX,
  RECIPIENT_SORT_COLUMNS,
  RECIPIENT_STATES,
  RECIPIENTS_PAGE_SIZE,
  recipientRowSchema,
  SEGMENT_NAME_MAX,
  SUBJECT_MAX,
  segmentSchema,
  YES_NO,
} from '../../entities/marketing.schema';
import { DATE_RANGE_MESSAGES } from '../../rules/date-range.rule';
import { isYoutubeUrl, YOUTUBE_URL_MESSAGE } from '../../rules/youtube-url.rule';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';

/** '' and null (a cleared form field or query key) mean "not set". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const day = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine((v) => {
      // Date.parse takes 2026-02-30 as 2 March: a real date reads back as itself.
      const t = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
    }, `${label} is not a real date`);

const optionalId = (label: string) => z.preprocess(blankToUndefined, idParam(label).optional());

const yesNo = (label: string) =>
  z.preprocess(blankToUndefined, z.enum(YES_NO, `${label} must be yes or no`).optional());

const keyword = z
  .string({ error: 'The keyword must be text' })
  .trim()
  .max(100, 'The keyword must be at most 100 characters')
  .default('');

/**
 * A segment's definition over merchant fields that exist (KYC state, country, locale, registration range,
 * the three flags). Every field is optional: an empty definition is every merchant with an email.
 */
const segmentFields = {
  KYCStatus: z.preprocess(
    blankToUndefined,
    z
      .enum(MERCHANT_KYC_STATUSES, `The KYC state must be one of ${MERCHANT_KYC_STATUSES.join(', ')}`)
      .optional(),
  ),
  Country: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toUpperCase()) : blankToUndefined(v)),
    z
      .string({ error: 'The country must be text' })
      .regex(/^[A-Z]{2}$/, 'The country is a two-letter code (DE, NL)')
      .optional(),
  ),
  Locale: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
    z
      .string({ error: 'The locale must be text' })
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'The locale is a language code (en, de, pt-BR)')
      .optional(),
  ),
  RegisteredFrom: z.preprocess(blankToUndefined, day('The Registered from date').optional()),
  RegisteredTo: z.preprocess(blankToUndefined, day('The Registered to date').optional()),
  LifetimeMember: yesNo('Lifetime member'),
  CheckoutDisabled: yesNo('Checkout disabled'),
  PayoutDisabled: yesNo('Payout disabled'),
};
const registeredInOrder = {
  check: (p: { RegisteredFrom?: string; RegisteredTo?: string }) =>
    !p.RegisteredFrom || !p.RegisteredTo || p.RegisteredFrom <= p.RegisteredTo,
  message: { message: DATE_RANGE_MESSAGES.fromAfterTo, path: ['RegisteredFrom'] },
};

export const audienceParamsSchema = z
  .object(segmentFields)
  .refine(registeredInOrder.check, registeredInOrder.message);
export type AudienceParams = z.input<typeof audienceParamsSchema>;

export const saveSegmentParamsSchema = z
  .object({
    ID: optionalId('The segment id'),
    Name: z
      .string({ error: 'Give the segment a name' })
      .trim()
      .min(1, 'Give the segment a name')
      .max(SEGMENT_NAME_MAX, `The name must be at most ${SEGMENT_NAME_MAX} characters`),
    ...segmentFields,
  })
  .refine(registeredInOrder.check, registeredInOrder.message);
export type SaveSegmentParams = z.input<typeof saveSegmentParamsSchema>;

const bodyHtml = z
  .string({ error: 'The body must be text' })
  .max(BODY_HTML_MAX, `The body must be at most ${BODY_HTML_MAX} characters`);

export const saveCampaignParamsSchema = z.object({
  ID: optionalId('The campaign id'),
  Subject: z
    .string({ error: 'A subject is required' })
    .trim()
    .min(1, 'A subject is required')
    .max(SUBJECT_MAX, `The subject must be at most ${SUBJECT_MAX} characters`),
  Preheader: z
    .string({ error: 'The preheader must be text' })
    .trim()
    .max(PREHEADER_MAX, `The preheader must be at most ${PREHEADER_MAX} characters`)
    .default(''),
  BodyHtml: bodyHtml,
  SegmentID: optionalId('The segment id'),
});
export type SaveCampaignParams = z.input<typeof saveCampaignParamsSchema>;

export const testSendParamsSchema = z.object({
  ID: idParam('The campaign id'),
  To: z
    .string({ error: 'An email address is required' })
    .trim()
    .min(1, 'An email address is required')
    .max(254, 'The email address is too long')
    .pipe(z.email('Enter a valid email address')),
});

export const campaignListParamsSchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(CAMPAIGN_STATUSES, `The status must be one of ${CAMPAIGN_STATUSES.join(', ')}`).optional(),
  ),
  keyword,
  ...pageParams(CAMPAIGN_SORT_COLUMNS, { pageSize: CAMPAIGNS_PAGE_SIZE }),
});
export type CampaignListParams = z.input<typeof campaignListParamsSchema>;

export const recipientListParamsSchema = z.object({
  ID: idParam('The campaign id'),
  state: z.preprocess(
    blankToUndefined,
    z.enum(RECIPIENT_STATES, `The state must be one of ${RECIPIENT_STATES.join(', ')}`).optional(),
  ),
  ...pageParams(RECIPIENT_SORT_COLUMNS, { pageSize: RECIPIENTS_PAGE_SIZE, order: 'asc' }),
});

export const NEWS_STATUS_FILTERS = ['published', 'draft'] as const;

export const newsListParamsSchema = z
  .object({
    status: z.preprocess(
      blankToUndefined,
      z.enum(NEWS_STATUS_FILTERS, 'The status must be published or draft').optional(),
    ),
    keyword,
    from: z.preprocess(blankToUndefined, day('The From date').optional()),
    to: z.preprocess(blankToUndefined, day('The To date').optional()),
    ...pageParams(NEWS_SORT_COLUMNS, { pageSize: NEWS_PAGE_SIZE }),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: DATE_RANGE_MESSAGES.fromAfterTo,
    path: ['from'],
  });
export type NewsListParams = z.input<typeof newsListParamsSchema>;

export const saveNewsParamsSchema = z.object({
  ID: optionalId('The news id'),
  Title: z
    .string({ error: 'A title is required' })
    .trim()
    .min(1, 'A title is required')
    .max(NEWS_TITLE_MAX, `The title must be at most ${NEWS_TITLE_MAX} characters`),
  BodyHtml: bodyHtml,
  /** SPEC §5: empty allowed, else a watch, embed, v or youtu.be link. */
  YoutubeUrl: z
    .string({ error: YOUTUBE_URL_MESSAGE })
    .trim()
    .max(300, YOUTUBE_URL_MESSAGE)
    .refine(isYoutubeUrl, YOUTUBE_URL_MESSAGE)
    .default(''),
});
export type SaveNewsParams = z.input<typeof saveNewsParamsSchema>;

const byId = (label: string) => z.object({ ID: idParam(label) });
/** What a delete answers: the id that is gone. */
const deletedSchema = z.object({ ID: z.number().int() });

/** Email Marketing and News (marketing-commander, SPEC §2.1), ADR 0023. */
export const MARKETING_CALLS = adminCalls({
  /** The saved segments, each with its live recipient count. */
  ListSegments: get('marketing-commander', z.object({}), z.array(segmentSchema)),
  /** How many merchants a definition reaches now (the live count while staff edit a segment). */
  CountAudience: get('marketing-commander', audienceParamsSchema, audienceCountSchema),
  /** Creates (no ID) or changes a segment; audited. A name is unique (409). */
  SaveSegment: post('marketing-commander', saveSegmentParamsSchema, segmentSchema),
  /**
   * Deletes a segment; refused (409) while a sending campaign uses it. Drafts and finished campaigns that
   * named it keep their text and lose the link (a draft needs another segment before it is sent). Audited.
   */
  DeleteSegment: post('marketing-commander', byId('The segment id'), deletedSchema),
  ListCampaigns: list('marketing-commander', campaignListParamsSchema, pageOf(campaignRowSchema)),
  CampaignDetail: get('marketing-commander', byId('The campaign id'), campaignDetailSchema),
  /** Creates or edits a draft; the body is sanitised on the server before it is kept. Audited. */
  SaveCampaign: post('marketing-commander', saveCampaignParamsSchema, campaignDetailSchema),
  /** Sends the campaign as it is saved to one address, marked [TEST]; records no recipient. Audited. */
  TestSendCampaign: post(
    'marketing-commander',
    testSendParamsSchema,
    z.object({ To: z.string(), Subject: z.string() }),
  ),
  /**
   * Snapshots the segment's recipients into the queue and starts the send (draft → sending); the runner
   * then sends at the configured rate. A second Send is refused (409). Audited.
   */
  SendCampaign: post('marketing-commander', byId('The campaign id'), campaignDetailSchema),
  /** Stops a sending campaign: its queued recipients become skipped. A draft is cancelled as it is. Audited. */
  CancelCampaign: post('marketing-commander', byId('The campaign id'), campaignDetailSchema),
  /** Deletes a draft; a sending, sent or cancelled campaign is the record of a send and is refused (409). Audited. */
  DeleteCampaign: post('marketing-commander', byId('The campaign id'), deletedSchema),
  ListCampaignRecipients: list('marketing-commander', recipientListParamsSchema, pageOf(recipientRowSchema)),
  ListNews: list('marketing-commander', newsListParamsSchema, pageOf(newsRowSchema)),
  /** Creates or edits a post (body sanitised on the server, YouTube link checked). Audited. */
  SaveNews: post('marketing-commander', saveNewsParamsSchema, newsRowSchema),
  /** Publishes or unpublishes a post; who and when are kept and audited. */
  SetNewsPublished: post(
    'marketing-commander',
    z.object({
      ID: idParam('The news id'),
      Published: z.boolean({ error: 'Published must be true or false' }),
    }),
    newsRowSchema,
  ),
  /** Deletes a post, published or not (a published one leaves the merchants' news). Audited with its title. */
  DeleteNews: post('marketing-commander', byId('The news id'), deletedSchema),
});
