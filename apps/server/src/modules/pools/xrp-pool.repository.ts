import { XRP_ATTENTION_STATUSES, type XrpAccountRole, type XrpPaymentStatus } from '@bo/contract';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { poolActions, xrpInboundPayments, xrpPoolAccounts } from '../../db/schema';

const p = xrpInboundPayments;
const a = xrpPoolAccounts;

export const xrpFilter = (
  view: 'attention' | 'all',
  status: XrpPaymentStatus | undefined,
): SQL | undefined =>
  status
    ? eq(p.status, status)
    : view === 'attention'
      ? inArray(p.status, [...XRP_ATTENTION_STATUSES])
      : undefined;

export interface XrpPaymentDbRow {
  id: number;
  ledgerIndex: string;
  txHash: string;
  fromAddress: string;
  destTag: string | null;
  amountDrops: string;
  matchedTransactionId: string | null;
  status: XrpPaymentStatus;
  note: string | null;
  receivedAt: Date;
  account: string;
  role: XrpAccountRole;
  balanceDrops: string;
  reserveDrops: string;
  sweepState: 'running' | 'done' | 'failed' | null;
  sweepTxHash: string | null;
  sweepOn: Date | null;
}

/** The latest sweep of the payment's account, if any (a lateral read of pool_actions_subject_idx). */
const lastSweep = sql`lateral (
  select ${poolActions.state} as state, ${poolActions.txHash} as tx_hash, ${poolActions.createdAt} as created_at
  from ${poolActions}
  where ${poolActions.chain} = 'xrp' and ${poolActions.subject} = ${a.address} and ${poolActions.kind} = 'sweep'
  order by ${poolActions.createdAt} desc
  limit 1
) s`;

const paymentColumns = {
  id: p.id,
  ledgerIndex: sql<string>`${p.ledgerIndex}::text`,
  txHash: p.txHash,
  fromAddress: p.fromAddress,
  destTag: sql<string | null>`${p.destTag}::text`,
  amountDrops: sql<string>`${p.amountDrops}::text`,
  matchedTransactionId: sql<
    string | null
  >`(select t.transaction_id::text from transactions t where t.id = ${p.matchedTransactionId})`,
  status: sql<XrpPaymentStatus>`${p.status}`,
  note: p.note,
  receivedAt: p.receivedAt,
  account: a.address,
  role: sql<XrpAccountRole>`${a.role}`,
  balanceDrops: sql<string>`${a.balanceDrops}::text`,
  reserveDrops: sql<string>`${a.reserveDrops}::text`,
  sweepState: sql<'running' | 'done' | 'failed' | null>`s.state`,
  sweepTxHash: sql<string | null>`s.tx_hash`,
  sweepOn: sql<Date | null>`s.created_at`,
};

/** One page of inbound payments, newest first (ties by id): ids from the filter's index, then their rows. */
export async function listPayments(
  db: DbOrTx,
  filter: SQL | undefined,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<XrpPaymentDbRow[]> {
  const dir = page.order === 'asc' ? sql`asc` : sql`desc`;
  const ids = db
    .select({ id: p.id })
    .from(p)
    .where(filter)
    .orderBy(sql`${p.receivedAt} ${dir}`, sql`${p.id} ${dir}`)
    .limit(page.limit)
    .offset(page.offset);
  const rows = (await db
    .select(paymentColumns)
    .from(p)
    .innerJoin(a, eq(a.address, p.account))
    .leftJoin(lastSweep, sql`true`)
    .where(inArray(p.id, ids))
    .orderBy(sql`${p.receivedAt} ${dir}`, sql`${p.id} ${dir}`)) as XrpPaymentDbRow[];
  return rows;
}

export async function countPayments(db: DbOrTx, filter: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(p).where(filter);
  return row?.n ?? 0;
}

export async function findPayment(db: DbOrTx, id: number): Promise<XrpPaymentDbRow | undefined> {
  const [row] = (await db
    .select(paymentColumns)
    .from(p)
    .innerJoin(a, eq(a.address, p.account))
    .leftJoin(lastSweep, sql`true`)
    .where(eq(p.id, id))
    .limit(1)) as XrpPaymentDbRow[];
  return row;
}

export async function lockPayment(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(p).where(eq(p.id, id)).for('update').limit(1);
  return row;
}

export async function setPaymentMatch(
  tx: DbOrTx,
  id: number,
  values: { matchedTransactionId: number; status: XrpPaymentStatus; note: string },
): Promise<void> {
  await tx.update(p).set(values).where(eq(p.id, id));
}

/** XRP already paid to a transaction by its matched payments. */
export async function paidToTransaction(tx: DbOrTx, transactionRowId: number): Promise<bigint> {
  const [row] = await tx
    .select({ drops: sql<string>`coalesce(sum(${p.amountDrops}), 0)::text` })
    .from(p)
    .where(and(eq(p.matchedTransactionId, transactionRowId), inArray(p.status, ['matched', 'underpaid'])));
  return BigInt(row?.drops ?? '0');
}

/** The pool's accounts in sum, and the unmatched payments' count and amount. */
export async function poolTotals(db: DbOrTx) {
  const [accounts] = await db
    .select({
      balance: sql<string>`coalesce(sum(${a.balanceDrops}), 0)::text`,
      reserve: sql<string>`coalesce(sum(${a.reserveDrops}), 0)::text`,
      spendable: sql<string>`coalesce(sum(greatest(${a.balanceDrops} - ${a.reserveDrops}, 0)), 0)::text`,
      requireDest: sql<boolean>`coalesce(bool_or(${a.requireDest}) filter (where ${a.role} = 'pool'), false)`,
    })
    .from(a)
    .where(inArray(a.role, ['pool', 'deposit']));
  // One pass over the attention partial index gives the unmatched figures and the counts of its statuses.
  const attention = await db
    .select({
      status: sql<XrpPaymentStatus>`${p.status}`,
      n: sql<number>`count(*)::int`,
      drops: sql<string>`sum(${p.amountDrops})::text`,
    })
    .from(p)
    .where(inArray(p.status, [...XRP_ATTENTION_STATUSES]))
    .groupBy(p.status);
  const byStatus: Partial<Record<XrpPaymentStatus, number>> = {};
  let unmatchedCount = 0;
  let unmatchedDrops = 0n;
  for (const row of attention) {
    byStatus[row.status] = Number(row.n);
    if (row.status !== 'underpaid') {
      unmatchedCount += Number(row.n);
      unmatchedDrops += BigInt(row.drops);
    }
  }
  return {
    balanceDrops: BigInt(accounts?.balance ?? '0'),
    reserveDrops: BigInt(accounts?.reserve ?? '0'),
    spendableDrops: BigInt(accounts?.spendable ?? '0'),
    requireDest: accounts?.requireDest ?? false,
    unmatchedCount,
    unmatchedDrops,
    /** Counts of the attention statuses, and of the attention view. */
    attentionByStatus: byStatus,
    attentionCount: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
  };
}

export async function findAccount(db: DbOrTx, address: string) {
  const [row] = await db.select().from(a).where(eq(a.address, address)).limit(1);
  return row;
}

/** Moves an account to what the ledger now says, if it is still at the version the caller saw. */
export async function setAccount(
  tx: DbOrTx,
  address: string,
  fromVersion: number | null,
  values: { balanceDrops: bigint; reserveDrops: bigint; sequence: number },
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(a)
    .set({ ...values, version: sql`${a.version} + 1`, updatedAt: at })
    .where(and(eq(a.address, address), fromVersion === null ? undefined : eq(a.version, fromVersion)))
    .returning({ address: a.address });
  return rows.length === 1;
}

export async function upsertAccount(tx: DbOrTx, values: typeof xrpPoolAccounts.$inferInsert): Promise<void> {
  await tx
    .insert(a)
    .values(values)
    .onConflictDoUpdate({
      target: a.address,
      set: {
        balanceDrops: values.balanceDrops,
        reserveDrops: values.reserveDrops,
        sequence: values.sequence,
        version: sql`${a.version} + 1`,
        updatedAt: values.updatedAt,
      },
    });
}

export async function insertPayment(tx: DbOrTx, values: typeof xrpInboundPayments.$inferInsert) {
  await tx.insert(p).values(values).onConflictDoNothing({ target: p.txHash });
}

/** The T transaction a destination tag names (XRP payments carry the tag the invoice gave). */
export async function transactionOfTag(db: DbOrTx, tag: number) {
  const rows = await db.execute(sql`
    select id, transaction_id::text as transaction_id, amount::text as amount, status
    from transactions where prefix = 'T' and alt_coin_id = 6 and tag = ${String(tag)}
    order by created_on desc limit 1`);
  const list = (
    rows as unknown as {
      rows: Array<{ id: number | string; transaction_id: string; amount: string; status: string }>;
    }
  ).rows;
  return list[0] ? { ...list[0], id: Number(list[0].id) } : undefined;
}
