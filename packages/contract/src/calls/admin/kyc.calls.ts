import { z } from 'zod';
import { idParam } from '../../common/params.schema';
import {
  KYC_DECISIONS,
  KYC_QUEUE_PAGE_SIZE,
  KYC_QUEUE_SCOPES,
  KYC_REASON_MAX_LENGTH,
  KYC_REASON_REQUIRED,
  KYC_STATUSES,
  kycCaseSchema,
  kycDocumentSchema,
  kycHoldSchema,
  kycQueueRowSchema,
} from '../../entities/kyc.schema';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';

const caseId = idParam('The case id');

/** KYC Users (SPEC §2.1 `kyc/{id?}`, `#all` for the full list): every call is kyc-commander's. */
export const KYC_CALLS = adminCalls({
  /**
   * The queue (scope `pending`: pending cases, oldest first by LastUpdatedOn, as the dashboard's Pending KYC
   * box links here) or every submission (scope `all`, newest first). `status` narrows either scope; `keyword`
   * is a merchant id (all digits) or a part of a shop title. Without `order`, the scope's own order.
   */
  KycQueue: list(
    'kyc-commander',
    z.object({
      scope: z.enum(KYC_QUEUE_SCOPES, 'The scope must be pending or all').default('pending'),
      status: z.enum(KYC_STATUSES, `The status must be one of ${KYC_STATUSES.join(', ')}`).optional(),
      keyword: z.string().trim().max(100, 'The keyword must be at most 100 characters').default(''),
      ...pageParams(['LastUpdatedOn', 'SubmittedOn', 'ID'] as const, { pageSize: KYC_QUEUE_PAGE_SIZE }),
      order: z.enum(['asc', 'desc'], 'The order must be asc or desc').optional(),
    }),
    pageOf(kycQueueRowSchema),
  ),
  /** One case: identity fields, documents, merchant, decision, who holds it, and its audit trail. */
  KycCase: get('kyc-commander', z.object({ ID: caseId }), kycCaseSchema),
  /** A document's bytes: served to kyc-commander only, as base64 with its stored type. */
  KycDocument: get('kyc-commander', z.object({ ID: idParam('The document id') }), kycDocumentSchema),
  /**
   * Claims a pending case for KYC_HOLD_MS (holding it again refreshes the hold), or releases the caller's own
   * hold. When another officer holds it, nothing changes and the answer names them (`Hold.IsMine` false).
   */
  HoldKycCase: post(
    'kyc-commander',
    z.object({
      ID: caseId,
      release: z.boolean({ error: 'release must be true or false' }).default(false),
    }),
    z.object({ ID: z.number().int(), Hold: kycHoldSchema.nullable() }),
  ),
  /**
   * Approves, rejects or asks for more information on a pending case, with a reason (required to reject or to
   * ask for more). Refused (409) when the case is not pending or another officer holds it. Answers the case
   * as it now is.
   */
  DecideKyc: post(
    'kyc-commander',
    z
      .object({
        ID: caseId,
        Decision: z.enum(KYC_DECISIONS, 'The decision must be approve, reject or more-info'),
        Reason: z
          .string({ error: 'The reason must be text' })
          .trim()
          .max(KYC_REASON_MAX_LENGTH, `The reason must be at most ${KYC_REASON_MAX_LENGTH} characters`)
          .optional(),
      })
      .superRefine((params, ctx) => {
        const required = KYC_REASON_REQUIRED[params.Decision];
        if (required && !params.Reason) ctx.addIssue({ code: 'custom', path: ['Reason'], message: required });
      }),
    kycCaseSchema,
  ),
});
