import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { prepareStatement, tableColumns } from '../../db/prepared';
import {
  altCoins,
  chatMessages,
  failureCauses,
  feeOverrides,
  merchants,
  notifications,
  paymentProviders,
  rates,
  transactions,
} from '../../db/schema';
import { applicableRules, feeAmount, rulePrecedence } from '../fees/fee-engine';

export type TransactionRow = typeof transactions.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type FailureCauseRow = typeof failureCauses.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type RateRow = typeof rates.$inferSelect;

const transactionColumns = tableColumns(transactions);
const notificationColumns = tableColumns(notifications);

/** What a new transaction is given; the amounts in EUR and, unless given, in the coin are quoted here. */
export interface NewTransactionInput {
  merchantId: number;
  altCoinId: number;
  originalAmount: string;
  inputCurrency: string;
  /** The amount in the coin; quoted from the current rates when null. */
  amount: string | null;
  status: string;
  transactionType: string;
  externalProvider: string | null;
  createdOn: Date;
  security: string;
  customerReference: string | null;
  coinAddress: string;
  xchangeId: number | null;
  masterTransactionId: number | null;
  email: string | null;
  confirmUrl: string | null;
  failUrl: string | null;
  invoiceCc: string | null;
  tag: string | null;
}

export type CreateTransactionResult =
  | { kind: 'created'; row: TransactionRow }
  | { kind: 'no-merchant' }
  | { kind: 'no-rate' };

/**
 * The platform feed's new payment or payout as one prepared statement (ADR 0011): it checks the merchant,
 * quotes the amounts in EUR and in the coin at the current rates (PostgreSQL's exact numeric arithmetic,
 * rounded to 8 decimals), numbers the row from its prefix's sequence (transaction_t_seq /
 * transaction_p_seq) and inserts it — or inserts nothing and says why. One round trip and one commit per
 * event, where the check and the insert were two; a statement is atomic, so nothing is half written.
 */
export function prepareCreateTransaction(
  db: Db,
  prefix: 'T' | 'P',
): (input: NewTransactionInput) => Promise<CreateTransactionResult> {
  // Every parameter is cast: in an INSERT … SELECT PostgreSQL would otherwise take them for text.
  const p = (name: keyof NewTransactionInput, type: string) =>
    sql`cast(${sql.placeholder(name)} as ${sql.raw(type)})`;
  const sequence = prefix === 'P' ? sql.raw(`'transaction_p_seq'`) : sql.raw(`'transaction_t_seq'`);
  const run = prepareStatement(
    db,
    `ingest_create_transaction_${prefix.toLowerCase()}`,
    sql`
      with quote as (
        select round(${p('originalAmount', 'numeric')} * input_rate.eur, 8) as volume_eur,
               round(${p('originalAmount', 'numeric')} * input_rate.eur / coin_rate.eur, 8) as amount
        from ${altCoins} input_coin
        join ${rates} input_rate on input_rate.alt_coin_id = input_coin.id
        join ${rates} coin_rate on coin_rate.alt_coin_id = ${p('altCoinId', 'integer')}
        where input_coin.short_name = ${p('inputCurrency', 'text')} and input_coin.v_fiat = 1
        limit 1
      ),
      checked as (
        select quote.volume_eur, quote.amount
        from ${merchants} left join quote on true
        where ${merchants.id} = ${p('merchantId', 'integer')}
      ),
      saved as (
        insert into ${transactions} (prefix, transaction_id, merchant_id, original_amount, input_currency,
          amount, alt_coin_id, status, not_enough, transaction_type, external_provider, created_on,
          updated_on, security, customer_reference, coin_address, xchange_id, master_transaction_id, email,
          confirm_url, fail_url, invoice_cc, tag, revenue_eur, volume_eur)
        select ${prefix}, nextval(${sequence}), ${p('merchantId', 'integer')},
          ${p('originalAmount', 'numeric')}, ${p('inputCurrency', 'text')},
          coalesce(${p('amount', 'numeric')}, checked.amount), ${p('altCoinId', 'integer')},
          ${p('status', 'text')}, 0, ${p('transactionType', 'text')}, ${p('externalProvider', 'text')},
          ${p('createdOn', 'timestamptz')}, ${p('createdOn', 'timestamptz')}, ${p('security', 'text')},
          ${p('customerReference', 'text')}, ${p('coinAddress', 'text')}, ${p('xchangeId', 'bigint')},
          ${p('masterTransactionId', 'bigint')}, ${p('email', 'text')}, ${p('confirmUrl', 'text')},
          ${p('failUrl', 'text')}, ${p('invoiceCc', 'text')}, ${p('tag', 'text')}, 0, checked.volume_eur
        from checked
        where checked.volume_eur is not null
        returning ${transactionColumns.list()}
      )
      select exists (select from checked), ${transactionColumns.list('saved')}
      from (select) one left join saved on true`,
    (values): CreateTransactionResult => {
      const row = transactionColumns.decode(values, 1);
      if (row) return { kind: 'created', row };
      return { kind: values[0] === true ? 'no-rate' : 'no-merchant' };
    },
  );
  return async (input) => {
    const [result] = await run({ ...input, createdOn: input.createdOn.toISOString() });
    if (!result) throw new Error('transaction not saved');
    return result;
  };
}

export async function merchantExists(db: DbOrTx, merchantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .limit(1);
  return row !== undefined;
}

export async function altCoinExists(db: DbOrTx, altCoinId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: altCoins.id })
    .from(altCoins)
    .where(eq(altCoins.id, altCoinId))
    .limit(1);
  return row !== undefined;
}

export async function findTransaction(
  db: DbOrTx,
  prefix: 'T' | 'P',
  transactionId: number,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.prefix, prefix), eq(transactions.transactionId, transactionId)))
    .limit(1);
  return row;
}

/**
 * The merchant's fee in percent, read from merchants.details; malformed or missing values fall back to the
 * platform's default fee (Admin Config, passed as `defaultFeePercent`).
 */
const feePercent = sql`coalesce((select case when ${merchants.details}->>'FeePercentage' ~ '^[0-9]+([.][0-9]+)?$' then (${merchants.details}->>'FeePercentage')::numeric end from ${merchants} where ${merchants.id} = ${transactions.merchantId}), cast(${sql.placeholder('defaultFeePercent')} as numeric))`;

export type TransactionChangeKind = 'paid' | 'expired' | 'payout-completed' | 'payout-cancelled';

/**
 * The Merchant Fees Custom flow (ADR 0027) a change is priced under: a paid payment through a fiat
 * provider is a card payment, any other paid payment is incoming money, a completed payout is a payout.
 * The other changes book no fee.
 */
const FEE_FLOW: Partial<Record<TransactionChangeKind, SQL>> = {
  paid: sql`case when exists (select 1 from ${paymentProviders} where ${paymentProviders.name} = ${transactions.externalProvider}
      and ${paymentProviders.kind} = 'provider' and ${paymentProviders.isFiat}) then 'card' else 'incoming' end`,
  'payout-completed': sql`'payout'`,
};

/**
 * The winning fee rule of the transaction being changed and its fee in the transaction's coin, as the CTE
 * `fee (tid, rule_id, fee_coin)`; `rule_id` is null when no rule applies and the platform default prices it.
 * The rule's fixed fee and limits are in its own currency, converted by the EUR rates; without a rate for
 * either coin they are left out and the percentage alone applies.
 */
function feeCte(prefix: 'T' | 'P', flow: SQL): SQL {
  const providerKind = prefix === 'P' ? 'payout_type' : 'provider';
  const subject = {
    merchantId: sql`${transactions.merchantId}`,
    flow,
    altCoinId: sql`${transactions.altCoinId}`,
    providerId: sql`(select ${paymentProviders.id} from ${paymentProviders} where ${paymentProviders.name} = ${transactions.externalProvider}
      and ${paymentProviders.kind} = ${providerKind} limit 1)`,
    day: sql`(cast(${sql.placeholder('at')} as timestamptz) at time zone 'UTC')::date`,
  };
  const k = sql`conv.k`;
  return sql`fee as (
    select ${transactions.id} as tid, rule.id as rule_id,
      ${feeAmount({
        amount: sql`${transactions.amount}`,
        percent: sql`rule.fee_percent`,
        fixed: sql`coalesce(rule.fixed_fee * ${k}, 0)`,
        minFee: sql`rule.min_fee * ${k}`,
        maxFee: sql`rule.max_fee * ${k}`,
      })} as fee_coin
    from ${transactions}
    left join lateral (
      select ${feeOverrides.id} as id, ${feeOverrides.feePercent} as fee_percent, ${feeOverrides.fixedFee} as fixed_fee,
        ${feeOverrides.minFee} as min_fee, ${feeOverrides.maxFee} as max_fee, ${feeOverrides.feeCurrencyId} as fee_currency_id
      from ${feeOverrides}
      where ${applicableRules(subject)}
      order by ${sql.join(rulePrecedence, sql`, `)}
      limit 1
    ) rule on true
    left join lateral (
      select case when rule.fee_currency_id = ${transactions.altCoinId} then 1::numeric
        else (select ${rates.eur} from ${rates} where ${rates.altCoinId} = rule.fee_currency_id)
          / nullif((select ${rates.eur} from ${rates} where ${rates.altCoinId} = ${transactions.altCoinId}), 0) end as k
    ) conv on true
    where ${transactions.prefix} = ${prefix} and ${transactions.transactionId} = cast(${sql.placeholder('transactionId')} as bigint)
  )`;
}

/** A fee in the coin (`fee.fee_coin`) carried over to another amount of the same transaction (EUR, input currency). */
const scaled = (column: AnyColumn) =>
  sql`coalesce(round(fee.fee_coin * ${column} / nullif(${transactions.amount}, 0), 8), 0)`;

/**
 * What each status change writes besides its status and `updated_on`. Parameters: `at` (the change's
 * time), `underpaid` (paid), `feePercent` (a completed payout).
 */
const CHANGE_SET: Record<TransactionChangeKind, SQL | null> = {
  paid: sql`
    not_enough = case when cast(${sql.placeholder('underpaid')} as boolean) then 1 else 0 end,
    confirmed_on = cast(${sql.placeholder('at')} as timestamptz),
    fee_rule_id = fee.rule_id,
    revenue_eur = case when fee.rule_id is null then round(${transactions.volumeEur} * ${feePercent} / 100, 8)
      else ${scaled(transactions.volumeEur)} end,
    original_amount_fee = case when fee.rule_id is null then round(${transactions.originalAmount} * ${feePercent} / 100, 8)
      else ${scaled(transactions.originalAmount)} end,
    -- A fiat provider confirms the amount it received; an underpaid amount is not known here.
    fiat_confirmed_amount = case
      when cast(${sql.placeholder('underpaid')} as boolean) or ${transactions.externalProvider} is null then null
      else ${transactions.originalAmount} end`,
  expired: sql`expired_on = cast(${sql.placeholder('at')} as timestamptz)`,
  'payout-completed': sql`
    confirmed_on = cast(${sql.placeholder('at')} as timestamptz),
    fee_rule_id = fee.rule_id,
    revenue_eur = case when fee.rule_id is null
      then round(${transactions.volumeEur} * cast(${sql.placeholder('feePercent')} as numeric) / 100, 8)
      else ${scaled(transactions.volumeEur)} end,
    original_amount_fee = case when fee.rule_id is null
      then round(${transactions.originalAmount} * cast(${sql.placeholder('feePercent')} as numeric) / 100, 8)
      else ${scaled(transactions.originalAmount)} end`,
  'payout-cancelled': null,
};

export interface TransactionChange {
  status: string;
  at: Date;
  /** A paid change: the customer paid less than asked. */
  underpaid?: boolean;
  /** A completed payout: the platform's fee in percent. */
  feePercent?: string;
  /** A paid change: the platform's default fee in percent (Admin Config), for a merchant without its own. */
  defaultFeePercent?: string;
  /** The notification written with the change, or none. */
  notification: { kind: string; message: string } | null;
}

/**
 * Moves a transaction to its next status only if it is still in one of `from`, and writes its
 * notification with it, in one prepared statement (ADR 0011): two feeds reporting the same event cannot
 * both win, a change that does not apply writes no notification, and the change's row locks (the day
 * counts, ADR 0010) are held only while PostgreSQL runs and commits it, never across a round trip to the
 * server. Undefined when the row is missing or has moved on.
 */
export function prepareChangeTransaction(
  db: Db,
  kind: TransactionChangeKind,
  prefix: 'T' | 'P',
  from: readonly string[],
): (
  transactionId: number,
  change: TransactionChange,
) => Promise<{ row: TransactionRow; note: NotificationRow | null } | undefined> {
  const statuses = sql.join(
    from.map((status) => sql`${status}`),
    sql`, `,
  );
  const set = CHANGE_SET[kind];
  const flow = FEE_FLOW[kind];
  const run = prepareStatement(
    db,
    `ingest_change_${kind.replace('-', '_')}_${prefix.toLowerCase()}`,
    sql`
      with ${flow ? sql`${feeCte(prefix, flow)},` : sql``} changed as (
        update ${transactions}
        set status = cast(${sql.placeholder('status')} as text),
          updated_on = cast(${sql.placeholder('at')} as timestamptz)${set ? sql`, ${set}` : sql``}
        ${flow ? sql`from fee` : sql``}
        where ${flow ? sql`${transactions.id} = fee.tid and ` : sql``}${transactions.prefix} = ${prefix} and ${transactions.transactionId} = cast(${sql.placeholder('transactionId')} as bigint)
          and ${transactions.status} in (${statuses})
        returning ${transactionColumns.list()}
      ),
      note as (
        insert into ${notifications} (kind, prefix, transaction_id, message, created_on)
        select cast(${sql.placeholder('noteKind')} as text), changed.prefix, changed.transaction_id,
          cast(${sql.placeholder('noteMessage')} as text), cast(${sql.placeholder('at')} as timestamptz)
        from changed
        where cast(${sql.placeholder('noteKind')} as text) is not null
        returning ${notificationColumns.list()}
      )
      select ${transactionColumns.list('changed')}, ${notificationColumns.list('note')}
      from changed left join note on true`,
    (values) => ({
      row: transactionColumns.decode(values) as TransactionRow,
      note: notificationColumns.decode(values, transactionColumns.count),
    }),
  );
  return async (transactionId, change) => {
    const [result] = await run({
      transactionId,
      status: change.status,
      at: change.at.toISOString(),
      underpaid: change.underpaid === true,
      feePercent: change.feePercent ?? null,
      defaultFeePercent: change.defaultFeePercent ?? null,
      noteKind: change.notification?.kind ?? null,
      noteMessage: change.notification?.message ?? null,
    });
    return result;
  };
}

export async function insertFailureCause(
  db: DbOrTx,
  values: typeof failureCauses.$inferInsert,
): Promise<FailureCauseRow> {
  const [row] = await db.insert(failureCauses).values(values).returning();
  if (!row) throw new Error('failure cause not saved');
  return row;
}

export async function insertChatMessage(
  db: DbOrTx,
  values: typeof chatMessages.$inferInsert,
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message not saved');
  return row;
}

export async function upsertRate(db: DbOrTx, altCoinId: number, eur: string, at: Date): Promise<RateRow> {
  const [row] = await db
    .insert(rates)
    .values({ altCoinId, eur, updatedAt: at })
    .onConflictDoUpdate({ target: rates.altCoinId, set: { eur, updatedAt: at } })
    .returning();
  if (!row) throw new Error('rate not saved');
  return row;
}
