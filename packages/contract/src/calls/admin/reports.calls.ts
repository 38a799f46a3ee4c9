import { z } from 'zod';
import {
  dayParam as day,
  idParam,
  noParams,
  optionalIdParam as optionalId,
} from '../../common/params.schema';
import {
  GOAML_CANDIDATES_PAGE_SIZE,
  GOAML_REPORT_CODES,
  GOAML_REPORT_SORT_COLUMNS,
  GOAML_REPORT_STATUSES,
  GOAML_REPORTS_PAGE_SIZE,
  goamlCandidateSchema,
  goamlReportDetailSchema,
  goamlReportInputSchema,
  goamlReportRowSchema,
  goamlSettingsSchema,
  goamlValidationSchema,
} from '../../entities/goaml-report.schema';
import { DATE_RANGE_MESSAGES } from '../../rules/date-range.rule';
import { adminCalls, get, list, pageOf, pageParams, post } from '../define';

const rangeInOrder = { message: DATE_RANGE_MESSAGES.fromAfterTo, path: ['from'] };

/** The FIU XML Reports list's filters; the CSV export takes the same. */
export const goamlReportListParamsSchema = z
  .object({
    type: z.enum(GOAML_REPORT_CODES, `The type must be one of ${GOAML_REPORT_CODES.join(', ')}`).optional(),
    status: z
      .enum(GOAML_REPORT_STATUSES, `The status must be one of ${GOAML_REPORT_STATUSES.join(', ')}`)
      .optional(),
    merchantId: optionalId('The merchant id'),
    from: day('The From date').optional(),
    to: day('The To date').optional(),
    ...pageParams(GOAML_REPORT_SORT_COLUMNS, { pageSize: GOAML_REPORTS_PAGE_SIZE }),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, rangeInOrder);
export type GoamlReportListParams = z.input<typeof goamlReportListParamsSchema>;

/** A merchant's transactions the report builder offers, newest first, within a range and by reference. */
export const goamlCandidateParamsSchema = z
  .object({
    merchantId: idParam('The merchant'),
    from: day('The From date').optional(),
    to: day('The To date').optional(),
    /** A transaction reference typed whole or from its start (T00000012). */
    keyword: z
      .string({ error: 'The search must be text' })
      .trim()
      .max(20, 'The search must be at most 20 characters')
      .regex(/^([TPtp]\d{0,18})?$/, 'Search by a transaction reference: T or P followed by digits')
      .default(''),
    ...pageParams(['CreatedOn'] as const, { pageSize: GOAML_CANDIDATES_PAGE_SIZE }),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, rangeInOrder);
export type GoamlCandidateParams = z.input<typeof goamlCandidateParamsSchema>;

/** FIU XML Reports (`reports`, view-transactions): goAML STR/UTR/CTR built from a merchant's transactions (ADR 0022). */
export const REPORT_CALLS = adminCalls({
  /** Every draft and generated report, newest first, filtered by type, status, merchant and creation day. */
  ListGoamlReports: list('view-transactions', goamlReportListParamsSchema, pageOf(goamlReportRowSchema)),
  /** One report with its input, transactions, last validation errors and, when generated, its XML. */
  GoamlReportDetail: get(
    'view-transactions',
    z.object({ ID: idParam('The report id') }),
    goamlReportDetailSchema,
  ),
  /** The reporting entity defaults a new report starts from, and which XSD validates. */
  GoamlSettings: get('view-transactions', noParams, goamlSettingsSchema),
  /** The chosen merchant's transactions to select from, server-paged. */
  GoamlCandidates: get('view-transactions', goamlCandidateParamsSchema, pageOf(goamlCandidateSchema)),
  /**
   * Builds the XML from the input and validates it against the goAML XSD; stores nothing (POST for the size
   * of its body, not for a change). Answers the XML and the XSD's errors, each mapped to its form field.
   */
  ValidateGoamlReport: post('view-transactions', goamlReportInputSchema, goamlValidationSchema),
  /**
   * Saves the input as a draft (new, or the draft `ID`), valid or not, with its validation errors: nothing
   * typed is lost. A generated report is final and refused (409). Audited. Answers the report.
   */
  SaveGoamlDraft: post('view-transactions', goamlReportInputSchema, goamlReportDetailSchema),
  /**
   * Builds, validates and stores the report as final with its XML, its sha256, who generated it and which
   * transactions; the draft `ID` becomes it. A report that does not validate is refused (400, the XSD's
   * errors in `data.issues` by field and in `data.Errors`) and nothing is stored. Audited.
   */
  GenerateGoamlReport: post('view-transactions', goamlReportInputSchema, goamlReportDetailSchema),
  /**
   * Deletes a draft. A generated report is final and kept forever with who generated it: refused (409), and
   * the database's trigger refuses it too. Audited.
   */
  DeleteGoamlDraft: post(
    'view-transactions',
    z.object({ ID: idParam('The report id') }),
    z.object({ ID: z.number().int() }),
  ),
});
