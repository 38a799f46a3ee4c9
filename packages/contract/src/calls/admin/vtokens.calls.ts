import { z } from 'zod';
import { dayParam as day, idParam, optionalIdParam as optionalId } from '../../common/params.schema';
import {
  VTOKEN_CANCEL_REASON_MAX,
  VTOKEN_CANCEL_REASON_MIN,
  VTOKEN_SORT_COLUMNS,
  VTOKEN_STATUSES,
  VTOKENS_PAGE_SIZE,
  vtokenDetailSchema,
  vtokenRowSchema,
  XCHANGE_SEARCH_FIELDS,
  XCHANGE_SEARCH_PAGE_SIZE,
  xchangeSearchRowSchema,
} from '../../entities/vtoken.schema';
import { DATE_RANGE_MESSAGES } from '../../rules/date-range.rule';
import { adminCalls, get, list, pageMetaSchema, pageParams, post } from '../define';

/** A list answer whose total may stop at a cap (`isCapped`): 'more than n'. */
const cappedPageOf = <R extends z.ZodType>(row: R) =>
  z.object({ records: z.array(row), meta: pageMetaSchema.extend({ isCapped: z.boolean() }) });

/** The VTokens list's filters (issue 15); the CSV export takes the same. */
export const vtokenListParamsSchema = z
  .object({
    status: z.enum(VTOKEN_STATUSES, `The status must be one of ${VTOKEN_STATUSES.join(', ')}`).optional(),
    coin: optionalId('The coin'),
    merchantId: optionalId('The merchant id'),
    from: day('The From date').optional(),
    to: day('The To date').optional(),
    /** A claim code (whole or its start), a transaction reference (T…), a holder, or a part of a shop title. */
    keyword: z
      .string({ error: 'The keyword must be text' })
      .trim()
      .max(100, 'The keyword must be at most 100 characters')
      .default(''),
    ...pageParams(VTOKEN_SORT_COLUMNS, { pageSize: VTOKENS_PAGE_SIZE }),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, {
    message: DATE_RANGE_MESSAGES.fromAfterTo,
    path: ['from'],
  });
export type VTokenListParams = z.input<typeof vtokenListParamsSchema>;

/** An XChange ID as staff type it: digits, optionally after `xc` (SPEC §5: a leading xc is an xChange id). */
export const XCHANGE_ID_PATTERN = /^(?:xc)?0*[1-9]\d{0,14}$/i;

export const xchangeSearchParamsSchema = z
  .object({
    q: z
      .string({ error: 'The search must be text' })
      .trim()
      .min(1, 'Type an XChange ID, a transaction hash, a coin address or a merchant')
      .max(128, 'The search must be at most 128 characters'),
    field: z
      .enum(XCHANGE_SEARCH_FIELDS, `Search by one of ${XCHANGE_SEARCH_FIELDS.join(', ')}`)
      .default('auto'),
    ...pageParams(['CreatedOn'] as const, { pageSize: XCHANGE_SEARCH_PAGE_SIZE }),
  })
  .refine((p) => p.field !== 'xchange' || XCHANGE_ID_PATTERN.test(p.q), {
    message: 'An XChange ID is a number, optionally after xc (xc12345)',
    path: ['q'],
  });
export type XChangeSearchParams = z.input<typeof xchangeSearchParamsSchema>;

/** VTokens (admin-commander) and XChange Search (view-transactions), per the route map (ADR 0003, 0018). */
export const VTOKEN_CALLS = adminCalls({
  /** The vTokens, server-paged, filtered and sorted; `meta.isCapped` when the total stopped at the cap. */
  ListVTokens: list('admin-commander', vtokenListParamsSchema, cappedPageOf(vtokenRowSchema)),
  /** One vToken with its transaction and audit trail. */
  VTokenDetail: get('admin-commander', z.object({ ID: idParam('The vToken id') }), vtokenDetailSchema),
  /**
   * Cancels an active vToken with a reason: audited with before and after, and noted in its transaction's
   * log. Refused (409) when it is no longer active, so a second click changes nothing. Answers the vToken.
   */
  CancelVToken: post(
    'admin-commander',
    z.object({
      ID: idParam('The vToken id'),
      Reason: z
        .string({ error: 'A reason is required to cancel a vToken' })
        .trim()
        .min(VTOKEN_CANCEL_REASON_MIN, 'A reason is required to cancel a vToken (at least 3 characters)')
        .max(VTOKEN_CANCEL_REASON_MAX, `The reason must be at most ${VTOKEN_CANCEL_REASON_MAX} characters`),
    }),
    vtokenDetailSchema,
  ),
  /**
   * Exchange transactions by XChange ID (a leading `xc` is allowed, SPEC §5), transaction hash (the
   * security hash), coin address or merchant (id or shop title), newest first. Every shape is an index lookup.
   */
  XChangeSearch: list('view-transactions', xchangeSearchParamsSchema, cappedPageOf(xchangeSearchRowSchema)),
});
