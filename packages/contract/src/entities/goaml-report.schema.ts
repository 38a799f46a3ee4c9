import { z } from 'zod';
import { decimalString } from '../common/envelope.schema';
import { PG_INTEGER_MAX } from '../common/id.schema';
import { transactionPrefixSchema, transactionStatusSchema } from './transaction.schema';

/**
 * FIU goAML reports (issue 16, ADR 0022): STR suspicious transaction, UTR unusual transaction, CTR cash or
 * threshold transaction. goAML's own schema knows many more codes; these are the three the back-office files.
 */
export const GOAML_REPORT_CODES = ['STR', 'UTR', 'CTR'] as const;
export type GoamlReportCode = (typeof GOAML_REPORT_CODES)[number];
export const GOAML_REPORT_CODE_LABELS: Record<GoamlReportCode, string> = {
  STR: 'STR: suspicious transaction',
  UTR: 'UTR: unusual transaction',
  CTR: 'CTR: cash / threshold transaction',
};

/** A report is a `draft` (any input, kept to be fixed) until it validates and is generated (`final`, frozen). */
export const GOAML_REPORT_STATUSES = ['draft', 'final'] as const;
export type GoamlReportStatus = (typeof GOAML_REPORT_STATUSES)[number];

/** goAML's submission code: E electronic, M manual. */
export const GOAML_SUBMISSION_CODES = ['E', 'M'] as const;

/**
 * The report indicators staff may tick. goAML's indicator codes are each FIU's own list; these are the
 * crypto-payment ones the back-office offers, and an FIU's XSD decides which it accepts.
 */
export const GOAML_INDICATORS = [
  { code: 'VA-MIXER', label: 'Funds traced to a mixer or tumbler' },
  { code: 'VA-SANCTION', label: 'Address linked to a sanctioned party' },
  { code: 'VA-STRUCT', label: 'Payments split below a threshold' },
  { code: 'VA-VELOCITY', label: 'Unusual volume or frequency for the merchant' },
  { code: 'VA-DARKNET', label: 'Funds traced to a darknet market' },
  { code: 'VA-HIGHRISK', label: 'Customer or merchant in a high-risk jurisdiction' },
  { code: 'VA-CASHTHR', label: 'Amount at or above the reporting threshold' },
] as const;

export const GOAML_REPORTS_PAGE_SIZE = 25;
export const GOAML_CANDIDATES_PAGE_SIZE = 25;
/** Transactions one report may carry: goAML files are uploaded by hand to the FIU's portal. */
export const GOAML_MAX_TRANSACTIONS = 500;
export const GOAML_REPORT_SORT_COLUMNS = ['CreatedOn', 'ID'] as const;

/** The report fields staff fill, each a field of the form; the names the XSD errors are mapped to. */
export const GOAML_FIELD_LABELS = {
  ReportCode: 'Report type',
  MerchantID: 'Merchant',
  TransactionRefs: 'Transactions',
  RentityID: 'Reporting entity ID',
  RentityName: 'Reporting entity name',
  RentityBranch: 'Branch',
  SubmissionCode: 'Submission',
  EntityReference: 'Your reference',
  ReportingFirstName: 'Reporting person: first name',
  ReportingLastName: 'Reporting person: last name',
  ReportingEmail: 'Reporting person: e-mail',
  ReportingOccupation: 'Reporting person: occupation',
  LocationAddress: 'Location: address',
  LocationCity: 'Location: city',
  LocationCountry: 'Location: country code',
  Reason: 'Reason',
  Action: 'Action taken',
  Indicators: 'Report indicators',
} as const;
export type GoamlField = keyof typeof GOAML_FIELD_LABELS;

/**
 * Text as staff type it into a draft: bounded for safety only. Formats and goAML's own lengths are the XSD's
 * to judge (an FIU's schema may be stricter than ours), so a draft keeps whatever was typed and the
 * validation says what is wrong, by field.
 */
const text = (label: string, max = 500) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');

const refSchema = z
  .string({ error: 'A transaction must be a reference' })
  .trim()
  .regex(/^[TPtp]\d{1,18}$/, 'Use T or P followed by the transaction id')
  .transform((v) => v.toUpperCase());

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(PG_INTEGER_MAX, `${label} is too large`);

/** Everything staff fill in for one report: saved as a draft, validated, generated. */
export const goamlReportInputSchema = z.object({
  /** The draft this input updates; none for a new report. */
  ID: positiveId('The report id').optional(),
  ReportCode: z.enum(GOAML_REPORT_CODES, `The report type must be one of ${GOAML_REPORT_CODES.join(', ')}`),
  MerchantID: positiveId('The merchant'),
  TransactionRefs: z
    .array(refSchema, { error: 'Select the transactions to report' })
    .min(1, 'Select at least one transaction to report')
    .max(GOAML_MAX_TRANSACTIONS, `A report carries at most ${GOAML_MAX_TRANSACTIONS} transactions`),
  RentityID: text(GOAML_FIELD_LABELS.RentityID, 40),
  RentityName: text(GOAML_FIELD_LABELS.RentityName, 255),
  RentityBranch: text(GOAML_FIELD_LABELS.RentityBranch, 255),
  SubmissionCode: z.enum(GOAML_SUBMISSION_CODES, 'The submission must be E or M').default('E'),
  EntityReference: text(GOAML_FIELD_LABELS.EntityReference, 500),
  ReportingFirstName: text(GOAML_FIELD_LABELS.ReportingFirstName, 255),
  ReportingLastName: text(GOAML_FIELD_LABELS.ReportingLastName, 255),
  ReportingEmail: text(GOAML_FIELD_LABELS.ReportingEmail, 255),
  ReportingOccupation: text(GOAML_FIELD_LABELS.ReportingOccupation, 255),
  LocationAddress: text(GOAML_FIELD_LABELS.LocationAddress, 255),
  LocationCity: text(GOAML_FIELD_LABELS.LocationCity, 255),
  LocationCountry: text(GOAML_FIELD_LABELS.LocationCountry, 20),
  Reason: text(GOAML_FIELD_LABELS.Reason, 8000),
  Action: text(GOAML_FIELD_LABELS.Action, 8000),
  Indicators: z
    .array(z.string().trim().max(40, 'An indicator code is at most 40 characters'), {
      error: 'The indicators must be a list of codes',
    })
    .max(20, 'At most 20 indicators')
    .default([]),
});
export type GoamlReportInput = z.input<typeof goamlReportInputSchema>;
export type GoamlReportFields = z.output<typeof goamlReportInputSchema>;

/** One message of the XSD validation: the form field it comes from (null: the report as a whole) and the raw text. */
export const goamlValidationErrorSchema = z.object({
  Field: z.enum(Object.keys(GOAML_FIELD_LABELS) as [GoamlField, ...GoamlField[]]).nullable(),
  /** The field's label, or 'Report' when no field of the form produced the element. */
  Label: z.string(),
  /** The XSD's message without its file and position, for staff. */
  Message: z.string(),
  /** The element's path in the XML (report/transaction[2]/amount_local). */
  Element: z.string().nullable(),
  Line: z.number().int().nullable(),
  /** xmllint's own line, verbatim. */
  Raw: z.string(),
});
export type GoamlValidationError = z.infer<typeof goamlValidationErrorSchema>;

export const goamlValidationSchema = z.object({
  Valid: z.boolean(),
  /** The XML as it would be filed: the preview. */
  Xml: z.string(),
  Errors: z.array(goamlValidationErrorSchema),
  /** Which schema judged it: the built-in structural subset or the FIU's file an operator set. */
  Schema: z.string(),
});
export type GoamlValidation = z.infer<typeof goamlValidationSchema>;

/** A row of the reports list. */
export const goamlReportRowSchema = z.object({
  ID: z.number().int(),
  ReportCode: z.enum(GOAML_REPORT_CODES),
  Status: z.enum(GOAML_REPORT_STATUSES),
  MerchantID: z.number().int(),
  ShopTitle: z.string(),
  TransactionCount: z.number().int(),
  CreatedBy: z.string(),
  CreatedOn: z.string(),
  GeneratedBy: z.string().nullable(),
  GeneratedOn: z.string().nullable(),
  /** sha256 of the generated XML, hex; null for a draft. */
  Sha256: z.string().nullable(),
});
export type GoamlReportRow = z.infer<typeof goamlReportRowSchema>;

/** A transaction of a merchant as the report builder lists it for selection. */
export const goamlCandidateSchema = z.object({
  Ref: z.string(),
  Prefix: transactionPrefixSchema,
  TransactionID: z.number().int(),
  Status: transactionStatusSchema,
  Amount: decimalString,
  Coin: z.string(),
  /** Its value in EUR at creation: goAML's amount_local. */
  VolumeEur: decimalString,
  CoinAddress: z.string(),
  CreatedOn: z.string(),
});
export type GoamlCandidate = z.infer<typeof goamlCandidateSchema>;

/** One report: its row, the input it was made from, its transactions, and for a final one its XML. */
export const goamlReportDetailSchema = goamlReportRowSchema.extend({
  Input: goamlReportInputSchema.omit({ ID: true }),
  Transactions: z.array(goamlCandidateSchema),
  /** The stored XML of a final report; null for a draft. */
  Xml: z.string().nullable(),
  /** The draft's last validation, so a saved draft shows what is still wrong. */
  Errors: z.array(goamlValidationErrorSchema),
});
export type GoamlReportDetail = z.infer<typeof goamlReportDetailSchema>;

/** What a new report starts from: the server's reporting entity settings and the last report's entity fields. */
export const goamlSettingsSchema = z.object({
  Defaults: goamlReportInputSchema
    .pick({
      RentityID: true,
      RentityName: true,
      RentityBranch: true,
      ReportingFirstName: true,
      ReportingLastName: true,
      ReportingEmail: true,
      ReportingOccupation: true,
      LocationAddress: true,
      LocationCity: true,
      LocationCountry: true,
    })
    .required(),
  CurrencyCodeLocal: z.string(),
  /** Which XSD validates: 'built-in' (a structural subset of goAML) or the operator's file (GOAML_XSD_PATH). */
  Schema: z.object({ Source: z.enum(['built-in', 'operator']), Name: z.string(), Sha256: z.string() }),
});
export type GoamlSettings = z.infer<typeof goamlSettingsSchema>;

/**
 * The file of a generated report: `GET /api/admin/goaml-report?ID=n` with the bearer token answers it as an
 * attachment, `application/xml`, named goaml-<type>-<id>.xml. Drafts have no file.
 */
export const GOAML_DOWNLOAD_PATH = '/goaml-report';
export const goamlFileName = (code: GoamlReportCode, id: number) => `goaml-${code.toLowerCase()}-${id}.xml`;
