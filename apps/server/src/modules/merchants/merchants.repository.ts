import type { MerchantKycStatus } from '@bo/contract';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import {
  altCoins,
  auditLog,
  kycSubmissions,
  merchants,
  transactionMerchantDayCounts,
  transactions,
} from '../../db/schema';
import { escapeLike } from '../transactions/keyword.rule';

const m = merchants;

/** What the Users search box was read as (see the service's searchOf). */
export interface MerchantSearch {
  /** All digits within an integer: that merchant id, exactly. */
  id: number | null;
  /** Lower-cased: shop title, owner nickname or e-mail from its start. */
  prefix: string;
  /** 3 characters or more: anywhere in the shop title, owner nickname or e-mail (trigram indexes). */
  contains: string | null;
  /** 4 hex characters or more, lower-cased: an API key from its start. */
  apiKeyPrefix: string | null;
}

export interface MerchantFilter {
  search: MerchantSearch | null;
  kycStatus?: MerchantKycStatus;
  country?: string;
  riskProfile?: number;
  disabledCheckout?: boolean;
  disabledPayout?: boolean;
  lifetimeMember?: boolean;
  /** Registered on or after this instant, and before `registeredBefore`. */
  registeredFrom?: Date;
  registeredBefore?: Date;
}

export type MerchantSortColumn = 'RegisteredOn' | 'ID' | 'ShopTitle' | 'Email';

export function merchantSearchCondition(search: MerchantSearch): SQL {
  const anyOf: SQL[] = [];
  if (search.contains !== null) {
    // A part anywhere covers a start too; the trigram indexes answer it.
    const part = `%${escapeLike(search.contains)}%`;
    anyOf.push(
      sql`${m.shopTitle} ilike ${part}`,
      sql`${m.ownerNickName} ilike ${part}`,
      sql`${m.email} ilike ${part}`,
    );
  } else {
    const like = `${escapeLike(search.prefix)}%`;
    anyOf.push(
      sql`lower(${m.shopTitle}) like ${like}`,
      sql`lower(${m.ownerNickName}) like ${like}`,
      sql`lower(${m.email}) like ${like}`,
    );
  }
  if (search.id !== null) anyOf.push(eq(m.id, search.id));
  if (search.apiKeyPrefix !== null)
    anyOf.push(sql`${m.apiKey} like ${`${escapeLike(search.apiKeyPrefix)}%`}`);
  return sql`(${sql.join(anyOf, sql` or `)})`;
}

/**
 * A yes/no filter written as the column itself (or its negation), not `= $1`: the partial indexes of the
 * rare flags (migration 0014) match only a predicate the planner sees whole.
 */
const flagIs = (column: AnyPgColumn, value: boolean | undefined): SQL | undefined =>
  value === undefined ? undefined : value ? sql`${column}` : sql`not ${column}`;

function whereOf(filter: MerchantFilter): SQL | undefined {
  return and(
    filter.search ? merchantSearchCondition(filter.search) : undefined,
    filter.kycStatus ? eq(m.kycStatus, filter.kycStatus) : undefined,
    filter.country ? eq(m.country, filter.country) : undefined,
    filter.riskProfile !== undefined ? eq(m.riskProfileId, filter.riskProfile) : undefined,
    flagIs(m.disableCheckout, filter.disabledCheckout),
    flagIs(m.disablePayout, filter.disabledPayout),
    flagIs(m.lifetimeMember, filter.lifetimeMember),
    filter.registeredFrom ? gte(m.registeredOn, filter.registeredFrom) : undefined,
    filter.registeredBefore ? lt(m.registeredOn, filter.registeredBefore) : undefined,
  );
}

const SORT_COLUMNS = {
  RegisteredOn: m.registeredOn,
  ID: m.id,
  ShopTitle: m.shopTitle,
  Email: m.email,
} as const;

export interface MerchantListRow {
  id: number;
  shopTitle: string;
  ownerNickName: string;
  name: string;
  email: string;
  apiKey: string;
  country: string | null;
  kycStatus: MerchantKycStatus;
  riskProfileId: number;
  disableCheckout: boolean;
  disablePayout: boolean;
  lifetimeMember: boolean;
  registeredOn: Date;
}

/** A page of merchants: each sort walks its (column, id) index, the id breaking ties so pages never overlap. */
export async function listMerchants(
  db: DbOrTx,
  filter: MerchantFilter,
  page: { sort: MerchantSortColumn; order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<MerchantListRow[]> {
  const direction = page.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[page.sort];
  return db
    .select({
      id: m.id,
      shopTitle: m.shopTitle,
      ownerNickName: m.ownerNickName,
      name: m.name,
      email: m.email,
      apiKey: m.apiKey,
      country: m.country,
      kycStatus: m.kycStatus,
      riskProfileId: m.riskProfileId,
      disableCheckout: m.disableCheckout,
      disablePayout: m.disablePayout,
      lifetimeMember: m.lifetimeMember,
      registeredOn: m.registeredOn,
    })
    .from(m)
    .where(whereOf(filter))
    .orderBy(...(page.sort === 'ID' ? [direction(m.id)] : [direction(column), direction(m.id)]))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The matches, counted up to `cap` + 1: an unfiltered count would read all 200,000 merchants for every
 * page; past the cap the list says "more than".
 */
export async function countMerchants(db: DbOrTx, filter: MerchantFilter, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(m)
    .where(whereOf(filter))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

export interface MerchantRecordRow {
  id: number;
  shopTitle: string;
  ownerNickName: string;
  name: string;
  email: string;
  apiKey: string;
  country: string | null;
  locale: string;
  payoutSchema: string;
  riskProfileId: number;
  referral: string | null;
  disableCheckout: boolean;
  disablePayout: boolean;
  lifetimeMember: boolean;
  kycStatus: MerchantKycStatus;
  details: unknown;
  registeredOn: Date;
  version: number;
}

const recordColumns = {
  id: m.id,
  shopTitle: m.shopTitle,
  ownerNickName: m.ownerNickName,
  name: m.name,
  email: m.email,
  apiKey: m.apiKey,
  country: m.country,
  locale: m.locale,
  payoutSchema: m.payoutSchema,
  riskProfileId: m.riskProfileId,
  referral: m.referral,
  disableCheckout: m.disableCheckout,
  disablePayout: m.disablePayout,
  lifetimeMember: m.lifetimeMember,
  kycStatus: m.kycStatus,
  details: m.details,
  registeredOn: m.registeredOn,
  version: m.version,
};

export async function findMerchant(db: DbOrTx, id: number): Promise<MerchantRecordRow | undefined> {
  const [row] = await db.select(recordColumns).from(m).where(eq(m.id, id)).limit(1);
  return row;
}

/** The record, locked for a change (the KYC service locks the same row for its decisions). */
export async function lockMerchant(db: DbOrTx, id: number): Promise<MerchantRecordRow | undefined> {
  const [row] = await db.select(recordColumns).from(m).where(eq(m.id, id)).for('update');
  return row;
}

export type MerchantColumnValues = Partial<
  Pick<
    typeof merchants.$inferInsert,
    | 'shopTitle'
    | 'ownerNickName'
    | 'name'
    | 'email'
    | 'country'
    | 'locale'
    | 'payoutSchema'
    | 'riskProfileId'
    | 'referral'
    | 'disableCheckout'
    | 'disablePayout'
    | 'lifetimeMember'
  >
>;

/** Writes a change and moves the version on by one. */
export async function updateMerchant(
  db: DbOrTx,
  id: number,
  change: { columns: MerchantColumnValues; details: Record<string, unknown> },
): Promise<void> {
  await db
    .update(m)
    .set({ ...change.columns, details: change.details, version: sql`${m.version} + 1` })
    .where(eq(m.id, id));
}

/** Transactions and payouts of a merchant, from the per-merchant day counts (ADR 0010), not the rows. */
export async function merchantTransactionCounts(
  db: DbOrTx,
  id: number,
): Promise<{ transactions: number; payouts: number }> {
  const c = transactionMerchantDayCounts;
  const rows = await db
    .select({ prefix: c.prefix, n: sql<number>`coalesce(sum(${c.n}), 0)::bigint` })
    .from(c)
    .where(eq(c.merchantId, id))
    .groupBy(c.prefix);
  const of = (prefix: string) => Number(rows.find((r) => r.prefix === prefix)?.n ?? 0);
  return { transactions: of('T'), payouts: of('P') };
}

export async function merchantKyc(db: DbOrTx, id: number) {
  const k = kycSubmissions;
  const [latest] = await db
    .select({ id: k.id, status: k.status, lastUpdatedOn: k.lastUpdatedOn })
    .from(k)
    .where(eq(k.merchantId, id))
    .orderBy(desc(k.submittedOn), desc(k.id))
    .limit(1);
  const [total] = await db.select({ n: count() }).from(k).where(eq(k.merchantId, id));
  return { latest, submissions: total?.n ?? 0 };
}

export const MERCHANT_AUDIT_ENTITY = 'merchant';

const merchantAudit = (id: number) =>
  and(eq(auditLog.entity, MERCHANT_AUDIT_ENTITY), eq(auditLog.entityId, String(id)));

/** The merchant's audit entries in time order (audit_entity_idx), a page of them. */
export async function listMerchantAudit(
  db: DbOrTx,
  id: number,
  page: { order: 'asc' | 'desc'; offset: number; limit: number },
) {
  const direction = page.order === 'asc' ? asc : desc;
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorUsername: auditLog.actorUsername,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(merchantAudit(id))
    .orderBy(direction(auditLog.at), direction(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMerchantAudit(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(merchantAudit(id));
  return row?.n ?? 0;
}

/** A page of the merchant's payouts (P), walking transactions_merchant_created_idx newest first. */
export async function listMerchantPayouts(
  db: DbOrTx,
  id: number,
  page: { order: 'asc' | 'desc'; offset: number; limit: number },
) {
  const t = transactions;
  const direction = page.order === 'asc' ? asc : desc;
  return db
    .select({
      id: t.id,
      transactionId: t.transactionId,
      status: t.status,
      amount: t.amount,
      originalAmount: t.originalAmount,
      inputCurrency: t.inputCurrency,
      altCoinId: t.altCoinId,
      coinName: altCoins.name,
      coinAddress: t.coinAddress,
      createdOn: t.createdOn,
      confirmedOn: t.confirmedOn,
    })
    .from(t)
    .innerJoin(altCoins, eq(altCoins.id, t.altCoinId))
    .where(and(eq(t.merchantId, id), eq(t.prefix, 'P')))
    .orderBy(direction(t.createdOn), direction(t.id))
    .limit(page.limit)
    .offset(page.offset);
}
