import type { GoamlReportCode, GoamlReportStatus, GoamlValidationError } from '@bo/contract';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import {
  altCoins,
  goamlReports,
  goamlReportTransactions,
  merchants,
  staff,
  transactions,
} from '../../db/schema';

const r = goamlReports;

export interface GoamlReportFilter {
  reportCode?: GoamlReportCode | undefined;
  status?: GoamlReportStatus | undefined;
  merchantId?: number | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

export interface GoamlReportRowData {
  id: number;
  reportCode: GoamlReportCode;
  status: GoamlReportStatus;
  merchantId: number;
  shopTitle: string;
  transactionCount: number;
  createdBy: string;
  createdOn: Date;
  generatedBy: string | null;
  generatedOn: Date | null;
  sha256: string | null;
}

export interface GoamlReportData extends GoamlReportRowData {
  input: unknown;
  errors: GoamlValidationError[];
  xml: string | null;
}

/** A transaction as the builder lists it and the XML carries it. */
export interface GoamlTransactionData {
  id: number;
  prefix: 'T' | 'P';
  transactionId: number;
  status: string;
  amount: string;
  coinShortName: string;
  coinName: string;
  volumeEur: string;
  coinAddress: string;
  createdOn: Date;
}

const conditionsOf = (f: GoamlReportFilter): SQL[] => {
  const where: SQL[] = [];
  if (f.reportCode) where.push(eq(r.reportCode, f.reportCode));
  if (f.status) where.push(eq(r.status, f.status));
  if (f.merchantId !== undefined) where.push(eq(r.merchantId, f.merchantId));
  if (f.from) where.push(gte(r.createdOn, f.from));
  if (f.to) where.push(lt(r.createdOn, f.to));
  return where;
};

const creator = alias(staff, 'creator');
const generator = alias(staff, 'generator');

const rowColumns = {
  id: r.id,
  reportCode: r.reportCode,
  status: r.status,
  merchantId: r.merchantId,
  shopTitle: merchants.shopTitle,
  transactionCount: r.transactionCount,
  createdBy: creator.username,
  createdOn: r.createdOn,
  generatedBy: generator.username,
  generatedOn: r.generatedOn,
  sha256: r.sha256,
};

/** One page of reports, newest first by default; the filters each have an index led by their column. */
export function listGoamlReports(
  db: DbOrTx,
  filter: GoamlReportFilter,
  page: { sort: 'CreatedOn' | 'ID'; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<GoamlReportRowData[]> {
  const dir = page.order === 'asc' ? asc : desc;
  const where = and(...conditionsOf(filter));
  return db
    .select(rowColumns)
    .from(r)
    .innerJoin(merchants, eq(merchants.id, r.merchantId))
    .innerJoin(creator, eq(creator.id, r.createdByStaffId))
    .leftJoin(generator, eq(generator.id, r.generatedByStaffId))
    .where(where)
    .orderBy(...(page.sort === 'ID' ? [dir(r.id)] : [dir(r.createdOn), dir(r.id)]))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countGoamlReports(db: DbOrTx, filter: GoamlReportFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .where(and(...conditionsOf(filter)));
  return row?.n ?? 0;
}

export async function findGoamlReport(db: DbOrTx, id: number): Promise<GoamlReportData | null> {
  const [row] = await db
    .select({ ...rowColumns, input: r.input, errors: r.errors, xml: r.xml })
    .from(r)
    .innerJoin(merchants, eq(merchants.id, r.merchantId))
    .innerJoin(creator, eq(creator.id, r.createdByStaffId))
    .leftJoin(generator, eq(generator.id, r.generatedByStaffId))
    .where(eq(r.id, id));
  return row ? { ...row, errors: row.errors as GoamlValidationError[] } : null;
}

/** The draft, locked for the change; null when there is none with that id. */
export async function lockGoamlReport(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; status: GoamlReportStatus; input: unknown; createdOn: Date } | null> {
  const [row] = await db
    .select({ id: r.id, status: r.status, input: r.input, createdOn: r.createdOn })
    .from(r)
    .where(eq(r.id, id))
    .for('update');
  return row ?? null;
}

/** Deletes a draft row; its transactions go by the foreign key's cascade. The status guard backs the trigger up. */
export async function deleteGoamlDraft(db: DbOrTx, id: number): Promise<void> {
  await db.delete(r).where(and(eq(r.id, id), eq(r.status, 'draft')));
}

const txColumns = {
  id: transactions.id,
  prefix: transactions.prefix,
  transactionId: transactions.transactionId,
  status: transactions.status,
  amount: transactions.amount,
  coinShortName: altCoins.shortName,
  coinName: altCoins.name,
  volumeEur: transactions.volumeEur,
  coinAddress: transactions.coinAddress,
  createdOn: transactions.createdOn,
};

/** A report's transactions in the order they were selected. */
export function reportTransactions(db: DbOrTx, reportId: number): Promise<GoamlTransactionData[]> {
  return db
    .select(txColumns)
    .from(goamlReportTransactions)
    .innerJoin(transactions, eq(transactions.id, goamlReportTransactions.transactionRowId))
    .innerJoin(altCoins, eq(altCoins.id, transactions.altCoinId))
    .where(eq(goamlReportTransactions.reportId, reportId))
    .orderBy(asc(goamlReportTransactions.position));
}

/**
 * The merchant's transactions with these references (transactions_ref_idx), in one query; a reference of
 * another merchant or of none is simply absent, and the caller names it.
 */
export function merchantTransactionsByRef(
  db: DbOrTx,
  merchantId: number,
  refs: ReadonlyArray<{ prefix: 'T' | 'P'; id: number }>,
): Promise<GoamlTransactionData[]> {
  if (refs.length === 0) return Promise.resolve([]);
  const pairs = sql.join(
    refs.map((ref) => sql`(${ref.prefix}, ${ref.id}::bigint)`),
    sql`, `,
  );
  return db
    .select(txColumns)
    .from(transactions)
    .innerJoin(altCoins, eq(altCoins.id, transactions.altCoinId))
    .where(
      and(
        eq(transactions.merchantId, merchantId),
        sql`(${transactions.prefix}, ${transactions.transactionId}) in (${pairs})`,
      ),
    );
}

export interface CandidateFilter {
  merchantId: number;
  from?: Date | undefined;
  to?: Date | undefined;
  /** A reference typed from its start: the prefix and the digits' range. */
  ref?: { prefix: 'T' | 'P'; low: number; high: number } | undefined;
}

/**
 * Payments (T) only: a report files money the merchant's customers paid to the merchant (goaml-xml.ts writes
 * each transaction as customer → our client), and a payout moves the other way.
 */
const candidateWhere = (f: CandidateFilter) =>
  and(
    eq(transactions.merchantId, f.merchantId),
    eq(transactions.prefix, 'T'),
    f.from ? gte(transactions.createdOn, f.from) : undefined,
    f.to ? lt(transactions.createdOn, f.to) : undefined,
    f.ref ? eq(transactions.prefix, f.ref.prefix) : undefined,
    f.ref ? gte(transactions.transactionId, f.ref.low) : undefined,
    f.ref ? lt(transactions.transactionId, f.ref.high) : undefined,
  );

/** A merchant's transactions newest first, by transactions_merchant_created_idx (merchant, created, id). */
export function listCandidates(
  db: DbOrTx,
  filter: CandidateFilter,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<GoamlTransactionData[]> {
  const dir = page.order === 'asc' ? asc : desc;
  return db
    .select(txColumns)
    .from(transactions)
    .innerJoin(altCoins, eq(altCoins.id, transactions.altCoinId))
    .where(candidateWhere(filter))
    .orderBy(dir(transactions.createdOn), dir(transactions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The candidates' total, stopped at `cap` so a merchant with a million payments counts no further. */
export async function countCandidates(db: DbOrTx, filter: CandidateFilter, cap: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(
      db.select({ one: sql`1` }).from(transactions).where(candidateWhere(filter)).limit(cap).as('capped'),
    );
  return row?.n ?? 0;
}

export async function findMerchant(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      shopTitle: merchants.shopTitle,
      email: merchants.email,
      country: merchants.country,
    })
    .from(merchants)
    .where(eq(merchants.id, id));
  return row ?? null;
}

export interface GoamlReportWrite {
  reportCode: GoamlReportCode;
  status: GoamlReportStatus;
  merchantId: number;
  input: unknown;
  errors: GoamlValidationError[];
  transactionRowIds: readonly number[];
  xml: string | null;
  sha256: string | null;
  schemaName: string | null;
  staffId: number;
  now: Date;
}

/** Writes a report (a new one, or over the draft `id`) and its transactions in their order. */
/**
 * Writes a draft or a final report with its transactions. The rows are written while the report is still a
 * draft and it turns final last: from then on the triggers of migrations 0023 and 0026 refuse any change to
 * the report and its transaction list, so what the detail shows is what the stored XML says.
 */
export async function writeGoamlReport(db: DbOrTx, w: GoamlReportWrite, id?: number): Promise<number> {
  const values = {
    reportCode: w.reportCode,
    status: 'draft' as const,
    merchantId: w.merchantId,
    input: w.input,
    errors: w.errors,
    transactionCount: w.transactionRowIds.length,
    // The file comes with the final status (the table's check: a draft has no file).
    xml: null,
    sha256: null,
    schemaName: w.schemaName,
    updatedOn: w.now,
    generatedByStaffId: null,
    generatedOn: null,
  };
  let reportId: number;
  if (id === undefined) {
    const [row] = await db
      .insert(r)
      .values({ ...values, createdByStaffId: w.staffId, createdOn: w.now })
      .returning({ id: r.id });
    if (!row) throw new Error('goaml report not inserted');
    reportId = row.id;
  } else {
    await db.update(r).set(values).where(eq(r.id, id));
    await db.delete(goamlReportTransactions).where(eq(goamlReportTransactions.reportId, id));
    reportId = id;
  }
  if (w.transactionRowIds.length > 0)
    await db
      .insert(goamlReportTransactions)
      .values(
        w.transactionRowIds.map((transactionRowId, position) => ({ reportId, position, transactionRowId })),
      );
  if (w.status === 'final')
    await db
      .update(r)
      .set({
        status: 'final',
        xml: w.xml,
        sha256: w.sha256,
        generatedByStaffId: w.staffId,
        generatedOn: w.now,
      })
      .where(eq(r.id, reportId));
  return reportId;
}

/** The entity fields of the newest generated report: a new report's defaults after the first one is filed. */
export async function latestFinalInput(db: DbOrTx): Promise<unknown> {
  const [row] = await db
    .select({ input: r.input })
    .from(r)
    .where(eq(r.status, 'final'))
    .orderBy(desc(r.createdOn), desc(r.id))
    .limit(1);
  return row?.input ?? null;
}
