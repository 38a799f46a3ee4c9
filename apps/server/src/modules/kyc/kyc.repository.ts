import type { KycQueueScope, KycStatus, MerchantKycStatus } from '@bo/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { kycDocuments, kycSubmissions, merchants, staff } from '../../db/schema';
import { escapeLike } from '../transactions/keyword.rule';

/** A queue keyword: a merchant id (all digits) or a part of a shop title. */
export type KycKeyword = { kind: 'merchant'; id: number } | { kind: 'title'; text: string } | null;

export interface KycQueueFilter {
  scope: KycQueueScope;
  status: KycStatus | undefined;
  keyword: KycKeyword;
}

export type KycSortColumn = 'LastUpdatedOn' | 'SubmittedOn' | 'ID';

export interface KycQueueRowData {
  id: number;
  merchantId: number;
  shopTitle: string;
  status: KycStatus;
  level: number;
  submittedOn: Date;
  lastUpdatedOn: Date;
  heldBy: string | null;
  heldUntil: Date | null;
}

const holder = alias(staff, 'holder');
const decider = alias(staff, 'decider');
const k = kycSubmissions;

/** A hold counts while it has not lapsed; a lapsed one is as good as none. */
const activeHold = (at: Date) => sql`${k.heldByStaffId} is not null and ${k.heldUntil} > ${at}`;

function whereOf(filter: KycQueueFilter): SQL | undefined {
  const keyword = filter.keyword;
  return and(
    filter.scope === 'pending' ? eq(k.status, 'pending') : undefined,
    filter.status ? eq(k.status, filter.status) : undefined,
    keyword?.kind === 'merchant' ? eq(k.merchantId, keyword.id) : undefined,
    // Trigram index on shop titles (DESIGN §3).
    keyword?.kind === 'title'
      ? sql`${merchants.shopTitle} ilike ${`%${escapeLike(keyword.text)}%`}`
      : undefined,
  );
}

const SORT_COLUMNS = { LastUpdatedOn: k.lastUpdatedOn, SubmittedOn: k.submittedOn, ID: k.id } as const;

/**
 * A page of KYC submissions with their shop and the username of a live hold. The pending queue walks
 * kyc_status_updated_idx; the id breaks ties so pages never overlap.
 */
export async function listKycQueue(
  db: DbOrTx,
  filter: KycQueueFilter,
  page: { sort: KycSortColumn; order: 'asc' | 'desc'; offset: number; limit: number; at: Date },
): Promise<KycQueueRowData[]> {
  const direction = page.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      id: k.id,
      merchantId: k.merchantId,
      shopTitle: merchants.shopTitle,
      status: k.status,
      level: k.level,
      submittedOn: k.submittedOn,
      lastUpdatedOn: k.lastUpdatedOn,
      heldBy: sql<string | null>`case when ${activeHold(page.at)} then ${holder.username} end`,
      heldUntil: sql<Date | null>`case when ${activeHold(page.at)} then ${k.heldUntil} end`,
    })
    .from(k)
    .innerJoin(merchants, eq(merchants.id, k.merchantId))
    .leftJoin(holder, eq(holder.id, k.heldByStaffId))
    .where(whereOf(filter))
    .orderBy(direction(SORT_COLUMNS[page.sort]), direction(k.id))
    .limit(page.limit)
    .offset(page.offset);
  // A timestamp inside a CASE comes back as text from one driver and a Date from the other.
  return rows.map((row) => ({ ...row, heldUntil: row.heldUntil === null ? null : new Date(row.heldUntil) }));
}

export async function countKycQueue(db: DbOrTx, filter: KycQueueFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(k)
    .innerJoin(merchants, eq(merchants.id, k.merchantId))
    .where(whereOf(filter));
  return row?.n ?? 0;
}

export interface KycCaseRow {
  id: number;
  status: KycStatus;
  level: number;
  identity: unknown;
  submittedOn: Date;
  lastUpdatedOn: Date;
  decidedBy: string | null;
  decidedOn: Date | null;
  decisionReason: string | null;
  heldByStaffId: number | null;
  heldBy: string | null;
  heldUntil: Date | null;
  merchantId: number;
  shopTitle: string;
  email: string;
  country: string | null;
  merchantKycStatus: MerchantKycStatus;
}

export async function findKycCase(db: DbOrTx, id: number): Promise<KycCaseRow | undefined> {
  const [row] = await db
    .select({
      id: k.id,
      status: k.status,
      level: k.level,
      identity: k.identity,
      submittedOn: k.submittedOn,
      lastUpdatedOn: k.lastUpdatedOn,
      decidedBy: decider.username,
      decidedOn: k.decidedOn,
      decisionReason: k.decisionReason,
      heldByStaffId: k.heldByStaffId,
      heldBy: holder.username,
      heldUntil: k.heldUntil,
      merchantId: merchants.id,
      shopTitle: merchants.shopTitle,
      email: merchants.email,
      country: merchants.country,
      merchantKycStatus: merchants.kycStatus,
    })
    .from(k)
    .innerJoin(merchants, eq(merchants.id, k.merchantId))
    .leftJoin(holder, eq(holder.id, k.heldByStaffId))
    .leftJoin(decider, eq(decider.id, k.decidedByStaffId))
    .where(eq(k.id, id))
    .limit(1);
  return row;
}

export async function listKycDocumentInfos(db: DbOrTx, submissionId: number) {
  return db
    .select({
      id: kycDocuments.id,
      type: kycDocuments.type,
      fileName: kycDocuments.fileName,
      mime: kycDocuments.mime,
      uploadedOn: kycDocuments.uploadedOn,
    })
    .from(kycDocuments)
    .where(eq(kycDocuments.submissionId, submissionId))
    .orderBy(asc(kycDocuments.id));
}

export async function findKycDocument(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: kycDocuments.id,
      fileName: kycDocuments.fileName,
      mime: kycDocuments.mime,
      content: kycDocuments.content,
    })
    .from(kycDocuments)
    .where(eq(kycDocuments.id, id))
    .limit(1);
  return row;
}

/** The merchant a submission belongs to (it never changes), read before the rows are locked in order. */
export async function merchantOfSubmission(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ merchantId: k.merchantId }).from(k).where(eq(k.id, id)).limit(1);
  return row?.merchantId;
}

/**
 * Locks the merchant row: every decision on a merchant's submissions goes through it, so two of them
 * cannot both read the merchant's KYC state before the other has set it.
 */
export async function lockMerchantKycStatus(
  db: DbOrTx,
  merchantId: number,
): Promise<MerchantKycStatus | undefined> {
  const [row] = await db
    .select({ kycStatus: merchants.kycStatus })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .for('update');
  return row?.kycStatus;
}

export interface LockedSubmission {
  id: number;
  merchantId: number;
  status: KycStatus;
  heldByStaffId: number | null;
  heldBy: string | null;
  heldUntil: Date | null;
}

/** Locks one submission for a hold or a decision, with its holder's username. */
export async function lockSubmission(db: DbOrTx, id: number): Promise<LockedSubmission | undefined> {
  const [row] = await db
    .select({
      id: k.id,
      merchantId: k.merchantId,
      status: k.status,
      heldByStaffId: k.heldByStaffId,
      heldBy: holder.username,
      heldUntil: k.heldUntil,
    })
    .from(k)
    .leftJoin(holder, eq(holder.id, k.heldByStaffId))
    .where(eq(k.id, id))
    .for('update', { of: k });
  return row;
}

export async function setHold(
  db: DbOrTx,
  id: number,
  hold: { staffId: number; until: Date } | null,
): Promise<void> {
  await db
    .update(k)
    .set({ heldByStaffId: hold?.staffId ?? null, heldUntil: hold?.until ?? null })
    .where(eq(k.id, id));
}

/** Records a decision; the case is released and counts as updated now. */
export async function decideSubmission(
  db: DbOrTx,
  id: number,
  decision: { status: KycStatus; staffId: number; at: Date; reason: string | null },
): Promise<void> {
  await db
    .update(k)
    .set({
      status: decision.status,
      decidedByStaffId: decision.staffId,
      decidedOn: decision.at,
      decisionReason: decision.reason,
      heldByStaffId: null,
      heldUntil: null,
      lastUpdatedOn: decision.at,
    })
    .where(eq(k.id, id));
}

/** Sets the merchant's KYC state to its latest submission's (merchants.kyc_status) and answers it. */
export async function syncMerchantKycStatus(db: DbOrTx, merchantId: number): Promise<MerchantKycStatus> {
  const [row] = await db
    .update(merchants)
    .set({
      kycStatus: sql`coalesce((select ${k.status} from ${k} where ${k.merchantId} = ${merchantId}
        order by ${k.submittedOn} desc, ${k.id} desc limit 1), 'none')`,
    })
    .where(eq(merchants.id, merchantId))
    .returning({ kycStatus: merchants.kycStatus });
  if (!row) throw new Error(`merchant ${merchantId} not found`);
  return row.kycStatus;
}
