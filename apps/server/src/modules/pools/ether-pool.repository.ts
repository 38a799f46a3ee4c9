import {
  EVM_SWEEPABLE_STATES,
  EVM_TOKENS,
  type EvmDepositState,
  type EvmToken,
  minimumUnits,
} from '@bo/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { evmDepositAddresses, evmSweeps, poolActions, rates, staff, transactions } from '../../db/schema';

const d = evmDepositAddresses;

const tokenCase = (pick: (token: EvmToken) => string | number) =>
  sql.raw(
    `CASE "evm_deposit_addresses"."token" ${Object.keys(EVM_TOKENS)
      .map((token) => `WHEN '${token}' THEN ${pick(token as EvmToken)}`)
      .join(' ')} END`,
  );
const coinOf = tokenCase((token) => EVM_TOKENS[token].altCoinId);
/** At or above the token's minimum to accumulate, in its units. */
const aboveMinimum = sql`${d.balanceUnits} >= ${tokenCase((token) => minimumUnits(token).toString())}`;

export type EtherView = 'to-sweep' | 'all' | EvmDepositState;

export const etherFilter = (view: EtherView, token: EvmToken | undefined): SQL | undefined =>
  and(
    view === 'all'
      ? undefined
      : view === 'to-sweep'
        ? inArray(d.state, [...EVM_SWEEPABLE_STATES])
        : eq(d.state, view),
    token ? eq(d.token, token) : undefined,
  );

export interface DepositRow {
  id: number;
  address: string;
  derivationIndex: number;
  token: EvmToken;
  balanceUnits: string;
  gasWei: string;
  state: EvmDepositState;
  isAboveMinimum: boolean;
  linked: number;
  lastTransactionId: string | null;
  lastTxHash: string | null;
  lastError: string | null;
  valueEur: string | null;
  version: number;
  updatedAt: Date;
}

const depositColumns = {
  id: d.id,
  address: d.address,
  derivationIndex: d.derivationIndex,
  token: sql<EvmToken>`${d.token}`,
  balanceUnits: sql<string>`${d.balanceUnits}::text`,
  gasWei: sql<string>`${d.gasWei}::text`,
  state: sql<EvmDepositState>`${d.state}`,
  isAboveMinimum: sql<boolean>`(${aboveMinimum})`,
  linked: sql<number>`(select count(*)::int from ${transactions} t where t.coin_address = ${d.address} and t.prefix = 'T' and t.alt_coin_id = ${coinOf})`,
  lastTransactionId: sql<
    string | null
  >`(select max(t.transaction_id)::text from ${transactions} t where t.coin_address = ${d.address} and t.prefix = 'T' and t.alt_coin_id = ${coinOf})`,
  lastTxHash: d.lastTxHash,
  lastError: d.lastError,
  valueEur: sql<
    string | null
  >`(select round(${d.balanceUnits} / power(10::numeric, ${tokenCase((token) => EVM_TOKENS[token].decimals)}) * r.eur, 2)::text from ${rates} r where r.alt_coin_id = ${coinOf})`,
  version: d.version,
  updatedAt: d.updatedAt,
};

/** One page of deposit addresses, most recently changed first (ties by id), from the filter's index. */
export async function listDeposits(
  db: DbOrTx,
  filter: SQL | undefined,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<DepositRow[]> {
  const dir = page.order === 'asc' ? sql`asc` : sql`desc`;
  return (await db
    .select(depositColumns)
    .from(d)
    .where(filter)
    .orderBy(sql`${d.updatedAt} ${dir}`, sql`${d.id} ${dir}`)
    .limit(page.limit)
    .offset(page.offset)) as DepositRow[];
}

export async function countDeposits(db: DbOrTx, filter: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(d).where(filter);
  return row?.n ?? 0;
}

export async function findDeposit(db: DbOrTx, id: number): Promise<DepositRow | undefined> {
  const [row] = (await db.select(depositColumns).from(d).where(eq(d.id, id)).limit(1)) as DepositRow[];
  return row;
}

/**
 * What waits to be swept, per token (count and value at today's rate) and in all: one pass over the
 * to-sweep partial index, grouped by token before any rate is applied. The list's count of the to-sweep
 * view is taken from here rather than counted again.
 */
export async function waitingTotals(
  db: DbOrTx,
): Promise<{ count: number; byToken: Partial<Record<EvmToken, number>>; valueEur: string }> {
  const sweepable = sql.raw(EVM_SWEEPABLE_STATES.map((state) => `'${state}'`).join(', '));
  const decimalsOf = sql.raw(
    `CASE s.token ${Object.keys(EVM_TOKENS)
      .map((token) => `WHEN '${token}' THEN ${EVM_TOKENS[token as EvmToken].decimals}`)
      .join(' ')} END`,
  );
  const coinOfS = sql.raw(
    `CASE s.token ${Object.keys(EVM_TOKENS)
      .map((token) => `WHEN '${token}' THEN ${EVM_TOKENS[token as EvmToken].altCoinId}`)
      .join(' ')} END`,
  );
  const result = (await db.execute(sql`
    with s as (
      select token, count(*)::int as n, sum(balance_units) as units
      from ${d} where state in (${sweepable}) group by token
    )
    select s.token, s.n,
      (sum(round(s.units / power(10::numeric, ${decimalsOf}) * coalesce(${rates.eur}, 0), 2)) over ())::text as value
    from s left join ${rates} on ${rates.altCoinId} = ${coinOfS}`)) as unknown as {
    rows: Array<{ token: EvmToken; n: number; value: string }>;
  };
  const byToken: Partial<Record<EvmToken, number>> = {};
  let count = 0;
  for (const row of result.rows) {
    byToken[row.token] = Number(row.n);
    count += Number(row.n);
  }
  return { count, byToken, valueEur: result.rows[0]?.value ?? '0' };
}

/** Sweepable addresses at or above their token's minimum, oldest change first, for a bulk sweep. */
export async function sweepCandidates(
  db: DbOrTx,
  token: EvmToken | undefined,
  limit: number,
): Promise<{ ids: number[]; total: number; needGas: number }> {
  const where = and(etherFilter('to-sweep', token), aboveMinimum);
  const rows = await db.select({ id: d.id }).from(d).where(where).orderBy(d.updatedAt, d.id).limit(limit);
  const [totals] = await db
    .select({
      n: sql<number>`count(*)::int`,
      needGas: sql<number>`(count(*) filter (where ${d.token} <> 'ETH' and ${d.gasWei} = 0))::int`,
    })
    .from(d)
    .where(where);
  return { ids: rows.map((r) => r.id), total: totals?.n ?? 0, needGas: totals?.needGas ?? 0 };
}

/** Moves an address to a new state if it is still at the version the caller saw; false when it moved on. */
export async function setDepositState(
  tx: DbOrTx,
  id: number,
  fromVersion: number,
  values: {
    state: EvmDepositState;
    balanceUnits?: string;
    gasWei?: string;
    lastTxHash?: string | null;
    lastError?: string | null;
  },
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(d)
    .set({ ...values, version: sql`${d.version} + 1`, updatedAt: at })
    .where(and(eq(d.id, id), eq(d.version, fromVersion)))
    .returning({ id: d.id });
  return rows.length === 1;
}

/** A customer's deposit seen on chain: the address is created, or its balance and state follow the chain. */
export async function recordDeposit(
  tx: DbOrTx,
  values: {
    address: string;
    /** A number, or SQL that picks the next one. */
    derivationIndex: number | SQL;
    token: EvmToken;
    balanceUnits: string;
    gasWei: string;
    state: EvmDepositState;
    lastTxHash: string;
  },
  at: Date,
): Promise<void> {
  await tx
    .insert(d)
    .values({ ...values, updatedAt: at })
    .onConflictDoUpdate({
      target: [d.address, d.token],
      set: {
        balanceUnits: values.balanceUnits,
        gasWei: values.gasWei,
        state: values.state,
        lastTxHash: values.lastTxHash,
        lastError: null,
        version: sql`${d.version} + 1`,
        updatedAt: at,
      },
      // A sweep that is running keeps its state; the watcher sees the new balance after it.
      setWhere: sql`${d.state} <> 'accumulation_in_progress'`,
    });
}

// ---------- actions ----------

export type PoolActionRow = typeof poolActions.$inferSelect & { username: string | null };

/** Claims an action: false when an action with this key exists (a second click, a second staff member). */
export async function claimAction(
  tx: DbOrTx,
  values: {
    key: string;
    chain: 'xrp' | 'eth';
    kind: string;
    subject: string;
    params: Record<string, unknown>;
    staffId: number;
  },
  at: Date,
): Promise<number | null> {
  const rows = await tx
    .insert(poolActions)
    .values({ ...values, state: 'running', createdAt: at })
    .onConflictDoNothing({ target: poolActions.key })
    .returning({ id: poolActions.id });
  return rows[0]?.id ?? null;
}

export async function finishAction(
  tx: DbOrTx,
  id: number,
  values: { state: 'done' | 'failed'; txHash?: string | null; error?: string | null },
  at: Date,
): Promise<void> {
  await tx
    .update(poolActions)
    .set({ ...values, finishedAt: at })
    .where(eq(poolActions.id, id));
}

/** The latest action on a subject (of a kind, when given), with who took it. */
export async function latestAction(
  db: DbOrTx,
  chain: 'xrp' | 'eth',
  subject: string,
  kinds?: readonly string[],
): Promise<PoolActionRow | undefined> {
  const [row] = await db
    .select({ action: poolActions, username: staff.username })
    .from(poolActions)
    .leftJoin(staff, eq(staff.id, poolActions.staffId))
    .where(
      and(
        eq(poolActions.chain, chain),
        eq(poolActions.subject, subject),
        kinds ? inArray(poolActions.kind, [...kinds]) : undefined,
      ),
    )
    .orderBy(desc(poolActions.createdAt), desc(poolActions.id))
    .limit(1);
  return row ? { ...row.action, username: row.username } : undefined;
}

export async function runningActions(db: DbOrTx, chain: 'xrp' | 'eth'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(poolActions)
    .where(and(eq(poolActions.chain, chain), eq(poolActions.state, 'running')));
  return row?.n ?? 0;
}

export async function insertSweepTx(tx: DbOrTx, values: typeof evmSweeps.$inferInsert): Promise<void> {
  await tx.insert(evmSweeps).values(values).onConflictDoNothing({ target: evmSweeps.txHash });
}
