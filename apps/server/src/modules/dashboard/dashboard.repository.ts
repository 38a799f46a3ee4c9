import type { Overview24h, PendingKyc, RecentRegistration } from '@bo/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { kycSubmissions, merchants, transactions } from '../../db/schema';

const DAY_MS = 86_400_000;
const LIST_LIMIT = 10;

/** SPEC §3's 24H overview. Sums are done in SQL numeric and leave as strings: no float touches money. */
export async function overview24h(db: DbOrTx, now: Date): Promise<Overview24h> {
  const since = new Date(now.getTime() - DAY_MS);
  const [t] = await db
    .select({
      total: sql<number>`count(*)::int`,
      paid: sql<number>`count(*) filter (where ${transactions.status} in ('paid', 'underpaid'))::int`,
      volume: sql<string>`coalesce(sum(${transactions.volumeEur}), 0)::numeric(30,2)::text`,
      paidVolume: sql<string>`coalesce(sum(${transactions.volumeEur}) filter (where ${transactions.status} in ('paid', 'underpaid')), 0)::numeric(30,2)::text`,
      revenue: sql<string>`coalesce(sum(${transactions.revenueEur}), 0)::numeric(30,2)::text`,
    })
    .from(transactions)
    .where(and(eq(transactions.prefix, 'T'), gte(transactions.createdOn, since)));
  const [p] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pendingVolume: sql<string>`coalesce(sum(${transactions.volumeEur}) filter (where ${transactions.status} = 'payout-pending'), 0)::numeric(30,2)::text`,
      volume: sql<string>`coalesce(sum(${transactions.volumeEur}), 0)::numeric(30,2)::text`,
      revenue: sql<string>`coalesce(sum(${transactions.revenueEur}), 0)::numeric(30,2)::text`,
    })
    .from(transactions)
    .where(and(eq(transactions.prefix, 'P'), gte(transactions.createdOn, since)));
  return {
    transactionsStats: {
      totalTransactions: t?.total ?? 0,
      totalPaidTransactions: t?.paid ?? 0,
      totalVolume: t?.volume ?? '0.00',
      totalPaidVolume: t?.paidVolume ?? '0.00',
      totalRevenueInEUR: t?.revenue ?? '0.00',
    },
    payoutsStats: {
      totalPayouts: p?.total ?? 0,
      totalPendingVolume: p?.pendingVolume ?? '0.00',
      totalVolume: p?.volume ?? '0.00',
      totalRevenueInEUR: p?.revenue ?? '0.00',
    },
    TotalRegistrations: await registrationsSince(db, since),
  };
}

export async function registrationsSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(merchants)
    .where(gte(merchants.registeredOn, since));
  return row?.n ?? 0;
}

export async function pendingKyc(db: DbOrTx): Promise<PendingKyc[]> {
  const rows = await db
    .select({
      ID: kycSubmissions.id,
      ShopTitle: merchants.shopTitle,
      LastUpdatedOn: kycSubmissions.lastUpdatedOn,
    })
    .from(kycSubmissions)
    .innerJoin(merchants, eq(merchants.id, kycSubmissions.merchantId))
    .where(eq(kycSubmissions.status, 'pending'))
    .orderBy(desc(kycSubmissions.lastUpdatedOn))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({ ...r, LastUpdatedOn: r.LastUpdatedOn.toISOString() }));
}

export async function recentRegistrations(db: DbOrTx): Promise<RecentRegistration[]> {
  const rows = await db
    .select({ ID: merchants.id, Name: merchants.name, RegisteredOn: merchants.registeredOn })
    .from(merchants)
    .orderBy(desc(merchants.registeredOn))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({ ...r, RegisteredOn: r.RegisteredOn.toISOString() }));
}

export const DASHBOARD_DAY_MS = DAY_MS;
