import { createHash } from 'node:crypto';
import {
  type ADMIN_CALLS,
  formatTransactionRef,
  type GoamlCandidate,
  type GoamlReportDetail,
  type GoamlReportFields,
  type GoamlReportRow,
  type GoamlSettings,
  type GoamlValidation,
  type GoamlValidationError,
  goamlFileName,
  goamlReportInputSchema,
  parseTransactionRef,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import type { GoamlSchema } from './goaml/goaml-schema';
import { validateGoaml } from './goaml/goaml-validate';
import { buildGoamlXml } from './goaml/goaml-xml';
import {
  countCandidates,
  countGoamlReports,
  deleteGoamlDraft,
  findGoamlReport,
  findMerchant,
  type GoamlReportData,
  type GoamlReportRowData,
  type GoamlTransactionData,
  latestFinalInput,
  listCandidates,
  listGoamlReports,
  lockGoamlReport,
  merchantTransactionsByRef,
  reportTransactions,
  writeGoamlReport,
} from './reports.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const AUDIT_ENTITY = 'goaml-report';
const DAY_MS = 86_400_000;
/** The builder's count stops here: nobody pages through more of one merchant's payments to pick some. */
export const CANDIDATE_COUNT_CAP = 10_000;
export const NOT_VALID_MESSAGE = 'The report does not validate against the goAML schema';

export interface GoamlEntityDefaults {
  rentityId: string;
  rentityName: string;
  rentityBranch: string;
  country: string;
  currencyCodeLocal: string;
}

const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00:00Z`) : undefined);
const dayAfter = (day: string | undefined) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS) : undefined;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const rowOf = (row: GoamlReportRowData): GoamlReportRow => ({
  ID: row.id,
  ReportCode: row.reportCode,
  Status: row.status,
  MerchantID: row.merchantId,
  ShopTitle: row.shopTitle,
  TransactionCount: row.transactionCount,
  CreatedBy: row.createdBy,
  CreatedOn: row.createdOn.toISOString(),
  GeneratedBy: row.generatedBy,
  GeneratedOn: iso(row.generatedOn),
  Sha256: row.sha256,
});

const candidateOf = (t: GoamlTransactionData): GoamlCandidate => ({
  Ref: formatTransactionRef(t.prefix, t.transactionId),
  Prefix: t.prefix,
  TransactionID: t.transactionId,
  Status: t.status as GoamlCandidate['Status'],
  Amount: t.amount,
  Coin: t.coinShortName,
  VolumeEur: t.volumeEur,
  CoinAddress: t.coinAddress,
  CreatedOn: t.createdOn.toISOString(),
});

/** The stored input as the contract reads it (a record written by an older version keeps its defaults). */
const storedInput = (input: unknown) => goamlReportInputSchema.omit({ ID: true }).parse(input);

/** The XSD errors as field issues for the form (`data.issues`), each field's first message. */
const issuesOf = (errors: readonly GoamlValidationError[]) =>
  errors.map((e) => ({ path: e.Field ?? '', message: e.Field ? e.Message : `${e.Label}: ${e.Message}` }));

/** FIU goAML reports (ADR 0022): build, validate against the XSD, keep drafts, store final reports. */
export function createReportService(deps: {
  db: Db;
  now: () => Date;
  schema: GoamlSchema;
  defaults: GoamlEntityDefaults;
}) {
  const { db, schema, defaults } = deps;

  const detailOf = async (row: GoamlReportData, tx: DbOrTx = db): Promise<GoamlReportDetail> => ({
    ...rowOf(row),
    Input: storedInput(row.input),
    Transactions: (await reportTransactions(tx, row.id)).map(candidateOf),
    Xml: row.xml,
    Errors: row.errors,
  });

  const detail = async (id: number, tx: DbOrTx = db): Promise<GoamlReportDetail> => {
    const row = await findGoamlReport(tx, id);
    if (!row) throw new ApiError(404, 'No report with that id');
    return detailOf(row, tx);
  };

  /**
   * The merchant and its transactions of the input, in the order selected. A reference that is not the
   * merchant's (or nobody's) is refused by name: a report never carries another merchant's payment.
   */
  const resolve = async (fields: GoamlReportFields, tx: DbOrTx = db) => {
    const merchant = await findMerchant(tx, fields.MerchantID);
    if (!merchant)
      throw badRequest('No merchant with that id', {
        issues: [{ path: 'MerchantID', message: 'No merchant with that id' }],
      });
    const refs = [...new Set(fields.TransactionRefs)];
    const parsed = refs.map((ref) => ({ ref, parsed: parseTransactionRef(ref) }));
    // The XML files each transaction as money received from a customer; a payout would be filed backwards.
    const payouts = parsed.filter((p) => p.parsed?.prefix === 'P').map((p) => p.ref);
    if (payouts.length > 0) {
      const message = `Only payments can be reported; these are payouts: ${payouts.slice(0, 5).join(', ')}${
        payouts.length > 5 ? ` and ${payouts.length - 5} more` : ''
      }`;
      throw badRequest(message, { issues: [{ path: 'TransactionRefs', message }] });
    }
    const found = await merchantTransactionsByRef(
      tx,
      merchant.id,
      parsed.flatMap((p) => (p.parsed ? [p.parsed] : [])),
    );
    const byRef = new Map(found.map((t) => [formatTransactionRef(t.prefix, t.transactionId), t]));
    const ordered: GoamlTransactionData[] = [];
    const missing: string[] = [];
    for (const { parsed: p, ref } of parsed) {
      const t = p ? byRef.get(formatTransactionRef(p.prefix, p.id)) : undefined;
      if (t) ordered.push(t);
      else missing.push(ref);
    }
    if (missing.length > 0) {
      const message = `Not a transaction of ${merchant.shopTitle}: ${missing.slice(0, 5).join(', ')}${
        missing.length > 5 ? ` and ${missing.length - 5} more` : ''
      }`;
      throw badRequest(message, { issues: [{ path: 'TransactionRefs', message }] });
    }
    return { merchant, transactions: ordered };
  };

  const build = async (fields: GoamlReportFields, tx: DbOrTx = db) => {
    const { merchant, transactions } = await resolve(fields, tx);
    const xml = buildGoamlXml({
      fields,
      merchant,
      transactions: transactions.map((t) => ({
        ref: formatTransactionRef(t.prefix, t.transactionId),
        status: t.status,
        amount: t.amount,
        coinShortName: t.coinShortName,
        coinName: t.coinName,
        volumeEur: t.volumeEur,
        coinAddress: t.coinAddress,
        createdOn: t.createdOn,
      })),
      currencyCodeLocal: defaults.currencyCodeLocal,
      submittedOn: deps.now(),
    });
    const check = await validateGoaml(xml, schema);
    return { xml, check, transactions };
  };

  /** The draft to write over, when the input names one; a final report is never written over. */
  const draftOf = async (tx: DbOrTx, id: number | undefined) => {
    if (id === undefined) return undefined;
    const row = await lockGoamlReport(tx, id);
    if (!row) throw new ApiError(404, 'No report with that id');
    if (row.status === 'final')
      throw new ApiError(409, 'This report is generated and final; start a new report to change it');
    return row;
  };

  const inputOf = ({ ID: _id, ...fields }: GoamlReportFields) => fields;

  return {
    async list(params: Params<'ListGoamlReports'>) {
      const filter = {
        reportCode: params.type,
        status: params.status,
        merchantId: params.merchantId,
        from: dayStart(params.from),
        to: dayAfter(params.to),
      };
      const [rows, total] = await Promise.all([
        listGoamlReports(db, filter, {
          sort: params.sort,
          order: params.order,
          limit: params.limit,
          offset: pageOffset(params),
        }),
        countGoamlReports(db, filter),
      ]);
      return pageAnswer(params, total, rows.map(rowOf));
    },

    detail: (id: number) => detail(id),

    async settings(): Promise<GoamlSettings> {
      const last = await latestFinalInput(db);
      const previous = last ? storedInput(last) : null;
      return {
        Defaults: {
          RentityID: previous?.RentityID || defaults.rentityId,
          RentityName: previous?.RentityName || defaults.rentityName,
          RentityBranch: previous?.RentityBranch || defaults.rentityBranch,
          ReportingFirstName: previous?.ReportingFirstName ?? '',
          ReportingLastName: previous?.ReportingLastName ?? '',
          ReportingEmail: previous?.ReportingEmail ?? '',
          ReportingOccupation: previous?.ReportingOccupation ?? '',
          LocationAddress: previous?.LocationAddress ?? '',
          LocationCity: previous?.LocationCity ?? '',
          LocationCountry: previous?.LocationCountry || defaults.country,
        },
        CurrencyCodeLocal: defaults.currencyCodeLocal,
        Schema: { Source: schema.source, Name: schema.name, Sha256: schema.sha256 },
      };
    },

    async candidates(params: Params<'GoamlCandidates'>) {
      const merchant = await findMerchant(db, params.merchantId);
      if (!merchant) throw new ApiError(404, 'No merchant with that id');
      const ref = params.keyword ? refRange(params.keyword) : undefined;
      const filter = {
        merchantId: params.merchantId,
        from: dayStart(params.from),
        to: dayAfter(params.to),
        ref,
      };
      const [rows, total] = await Promise.all([
        listCandidates(db, filter, { order: params.order, limit: params.limit, offset: pageOffset(params) }),
        countCandidates(db, filter, CANDIDATE_COUNT_CAP),
      ]);
      return pageAnswer(params, total, rows.map(candidateOf));
    },

    async validate(fields: GoamlReportFields): Promise<GoamlValidation> {
      const { xml, check } = await build(fields);
      return { Valid: check.valid, Xml: xml, Errors: check.errors, Schema: schema.name };
    },

    /** Saves what was typed, valid or not, with the validation's errors (ADR 0022: a draft loses nothing). */
    async saveDraft(fields: GoamlReportFields, actor: Actor): Promise<GoamlReportDetail> {
      return db.transaction(async (tx) => {
        const draft = await draftOf(tx, fields.ID);
        const { check, transactions } = await build(fields, tx);
        const input = inputOf(fields);
        const id = await writeGoamlReport(
          tx,
          {
            reportCode: fields.ReportCode,
            status: 'draft',
            merchantId: fields.MerchantID,
            input,
            errors: check.errors,
            transactionRowIds: transactions.map((t) => t.id),
            xml: null,
            sha256: null,
            schemaName: null,
            staffId: actor.staffId,
            now: deps.now(),
          },
          draft?.id,
        );
        await recordChange(tx, actor, {
          action: draft ? 'goaml.draft.update' : 'goaml.draft.create',
          entity: AUDIT_ENTITY,
          id,
          before: draft ? draft.input : undefined,
          after: { ...input, Valid: check.valid, Errors: check.errors.length },
        });
        return detail(id, tx);
      });
    },

    /**
     * Stores the report as final only when it validates; otherwise 400 with the XSD's errors by field and
     * nothing is written (the draft, if any, stays as it was saved).
     */
    async generate(fields: GoamlReportFields, actor: Actor): Promise<GoamlReportDetail> {
      return db.transaction(async (tx) => {
        const draft = await draftOf(tx, fields.ID);
        const { xml, check, transactions } = await build(fields, tx);
        if (!check.valid)
          throw badRequest(NOT_VALID_MESSAGE, { issues: issuesOf(check.errors), Errors: check.errors });
        const sha256 = createHash('sha256').update(xml, 'utf8').digest('hex');
        const input = inputOf(fields);
        const id = await writeGoamlReport(
          tx,
          {
            reportCode: fields.ReportCode,
            status: 'final',
            merchantId: fields.MerchantID,
            input,
            errors: [],
            transactionRowIds: transactions.map((t) => t.id),
            xml,
            sha256,
            schemaName: schema.name,
            staffId: actor.staffId,
            now: deps.now(),
          },
          draft?.id,
        );
        await recordChange(tx, actor, {
          action: 'goaml.generate',
          entity: AUDIT_ENTITY,
          id,
          before: draft ? { Status: 'draft' } : undefined,
          after: {
            Status: 'final',
            ReportCode: fields.ReportCode,
            MerchantID: fields.MerchantID,
            Transactions: transactions.map((t) => formatTransactionRef(t.prefix, t.transactionId)),
            Sha256: sha256,
            Schema: schema.name,
          },
        });
        return detail(id, tx);
      });
    },

    /**
     * Deletes a draft (its chosen transactions go with it). A generated report is what was filed with the FIU,
     * kept forever with who generated it (ADR 0022): refused here, and by the database's trigger as well.
     */
    async deleteDraft(id: number, actor: Actor): Promise<{ ID: number }> {
      return db.transaction(async (tx) => {
        const row = await lockGoamlReport(tx, id);
        if (!row) throw new ApiError(404, 'No report with that id');
        if (row.status === 'final')
          throw new ApiError(
            409,
            'This report is generated and final: it is kept with who generated it and cannot be deleted',
          );
        await deleteGoamlDraft(tx, id);
        await recordChange(tx, actor, {
          action: 'goaml.draft.delete',
          entity: AUDIT_ENTITY,
          id,
          before: row.input,
        });
        return { ID: id };
      });
    },
  };
}

/** The stored file of a final report: never rebuilt, so what is downloaded is what validated. */
export async function goamlFile(db: DbOrTx, id: number) {
  const row = await findGoamlReport(db, id);
  if (!row) throw new ApiError(404, 'No report with that id');
  if (row.status !== 'final' || row.xml === null)
    throw new ApiError(409, 'A draft has no file: validate and generate it first');
  return { xml: row.xml, fileName: goamlFileName(row.reportCode, row.id) };
}

/** A reference typed from its start ('T00000012') as the range of transaction ids it covers. */
export function refRange(keyword: string): { prefix: 'T' | 'P'; low: number; high: number } | undefined {
  const match = /^([TPtp])(\d*)$/.exec(keyword.trim());
  if (!match) return undefined;
  const prefix = match[1]?.toUpperCase() === 'P' ? 'P' : 'T';
  const digits = match[2] ?? '';
  // Staff see 9 digits (T000000123): typed digits are the start of that, so T0000001 is T000000100–199.
  const width = Math.max(9, digits.length);
  const pad = width - digits.length;
  const base = digits === '' ? 0 : Number(digits);
  const low = base * 10 ** pad;
  const high = (base + 1) * 10 ** pad;
  return { prefix, low, high };
}
