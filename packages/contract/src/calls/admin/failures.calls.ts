import { z } from 'zod';
import { FAILURE_CAUSES_PAGE_SIZE } from '../../common/constants';
import { PG_INTEGER_MAX } from '../../common/id.schema';
import { failureCauseSchema } from '../../entities/catalog.schema';
import { adminCalls, list, post } from '../define';

/**
 * A failure-box keyword's total stops here (ADR 0010): the box searches as staff type, and a word such as
 * 'fee' matches a sixth of 100,000 failures, each match a row read. 125 pages of 8 are more than anyone pages.
 */
export const FAILURE_COUNT_CAP = 1000;

export const FAILURE_CALLS = adminCalls({
  /** The Transaction Failure box (SPEC §2.6 item 4, §7.2): search, Sticky Only, sort, pages of 8. */
  TransactionFailure: list(
    'view-transactions',
    z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      keyword: z.string().trim().max(200).default(''),
      sticky: z
        .enum(['0', '1', 'true', 'false'])
        .default('0')
        .transform((v) => v === '1' || v === 'true'),
      orderBy: z.enum(['ID', 'CreatedOn', 'UpdatedOn']).default('CreatedOn'),
      order: z.enum(['asc', 'desc']).default('desc'),
      limit: z.coerce.number().int().min(1).max(100).default(FAILURE_CAUSES_PAGE_SIZE),
    }),
    z.object({
      data: z.object({
        records: z.array(failureCauseSchema),
        meta: z.object({
          total: z.number().int(),
          offset: z.number().int(),
          limit: z.number().int(),
          page: z.number().int(),
          /**
           * A keyword's total stopped at FAILURE_COUNT_CAP: there are more matches than `total` (ADR 0010).
           * Absent from older answers, which were always exact.
           */
          isCapped: z.boolean().default(false),
        }),
      }),
    }),
  ),
  /** Edits one field of a failure record (SPEC §7.1 UpdateTable): the sticky flag or the notes. */
  UpdateTable: post(
    'view-transactions',
    z.discriminatedUnion('field', [
      z.object({
        table: z.literal('Transaction_Failure'),
        ID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
        field: z.literal('Sticky'),
        value: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
      }),
      z.object({
        table: z.literal('Transaction_Failure'),
        ID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
        field: z.literal('Notes'),
        value: z.string().trim().min(1, 'Notes are required').max(2000),
      }),
    ]),
    failureCauseSchema,
  ),
});
