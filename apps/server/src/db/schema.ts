import {
  BALANCE_SHEET_STATUSES,
  EVM_SWEEPABLE_STATES,
  OPEN_XCHANGE_STATUSES,
  XRP_ATTENTION_STATUSES,
} from '@bo/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money is exact: numeric(30, 8), read as strings, never JS floats (DESIGN §3). */
const money = (name: string) => numeric(name, { precision: 30, scale: 8 });
/** Raw bytes (an uploaded file); PGlite hands back a Uint8Array and node-postgres a Buffer, both read as one. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

// ---------- staff, roles, sessions ----------

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased (SPEC §3: Username lower-cased). */
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret'),
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  roleId: integer('role_id')
    .notNull()
    .references(() => roles.id),
  apiKey: text('api_key').notNull().unique(),
  disabled: boolean('disabled').notNull().default(false),
  createdOn: ts('created_on').notNull().defaultNow(),
  lastLoginOn: ts('last_login_on'),
  passwordChangedOn: ts('password_changed_on').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** Public id, shown as SessionID; the cookie carries a separate secret whose hash is stored. */
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_staff_idx').on(t.staffId)],
);

/** Failure counters for login throttling, keyed per account and per address. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockouts: integer('lockouts').notNull().default(0),
  lastFailureAt: ts('last_failure_at'),
  lockedUntil: ts('locked_until'),
});

/** Bot-check challenges already redeemed; a solution is accepted once. */
export const usedBotChallenges = pgTable('used_bot_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

// ---------- catalogue ----------

export const altCoins = pgTable('alt_coins', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  longName: text('long_name').notNull(),
  isOnline: boolean('is_online').notNull().default(true),
  priority: smallint('priority').notNull().default(5),
  vFiat: smallint('v_fiat').notNull().default(0),
  buyEnabled: boolean('buy_enabled').notNull().default(true),
  blockExplorer: text('block_explorer'),
  /** The smallest payout of this coin (migration 0033): a payout schedule's threshold is at least this. */
  minPayout: money('min_payout').notNull().default('0'),
});

/** Price of one unit of a coin in EUR; moved by the simulator in demo mode, by a market feed in production. */
export const rates = pgTable('rates', {
  altCoinId: integer('alt_coin_id')
    .primaryKey()
    .references(() => altCoins.id),
  eur: numeric('eur', { precision: 30, scale: 12 }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const exchanges = pgTable('exchanges', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  hidden: boolean('hidden').notNull().default(false),
});

export const paymentProviders = pgTable('payment_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['provider', 'payout_type'] }).notNull(),
  isFiat: boolean('is_fiat').notNull().default(false),
  activatedLabel: text('activated_label').notNull().default('Activated'),
});

// ---------- merchants, KYC ----------

export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    shopTitle: text('shop_title').notNull(),
    ownerNickName: text('owner_nick_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    apiKey: text('api_key').notNull(),
    country: text('country'),
    locale: text('locale').notNull().default('en'),
    payoutSchema: text('payout_schema').notNull().default('wallet'),
    riskProfileId: smallint('risk_profile_id').notNull().default(1),
    referral: text('referral'),
    disableCheckout: boolean('disable_checkout').notNull().default(false),
    disablePayout: boolean('disable_payout').notNull().default(false),
    /** A column, not a detail: the Users list filters on it (SPEC §3 LifetimeMember). */
    lifetimeMember: boolean('lifetime_member').notNull().default(false),
    /**
     * The state of the merchant's latest KYC submission ('none' before any), kept by the KYC service in the
     * same transaction as the submission, so the Users list filters on it without a join.
     */
    kycStatus: text('kyc_status', { enum: ['none', 'pending', 'more-info', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    /** The many remaining fields of SPEC §3's merchant record (bank, identity, notification settings…). */
    details: jsonb('details').notNull().default({}),
    registeredOn: ts('registered_on').notNull(),
    /** Counts the record's staff changes: UpdateMerchant refuses one made against an older version (409). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // The Users list's default order (newest registrations first, id breaking ties), and the 24H counters.
    index('merchants_registered_id_idx').on(t.registeredOn, t.id),
    // The Users list: an e-mail or an API key typed whole or from its start is a range of these B-trees
    // (text_pattern_ops, whatever the collation); any part of an e-mail goes through the trigram index.
    index('merchants_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('merchants_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('merchants_api_key_prefix_idx').on(sql`${t.apiKey} text_pattern_ops`),
    // Shop titles and owner nicknames typed from their start, whatever their case (the Users search box).
    index('merchants_shop_title_prefix_idx').on(sql`lower(${t.shopTitle}) text_pattern_ops`),
    index('merchants_owner_nick_name_prefix_idx').on(sql`lower(${t.ownerNickName}) text_pattern_ops`),
    // The Users list sorted by e-mail.
    index('merchants_email_id_idx').on(t.email, t.id),
    // The Users list's yes/no filters pick a few percent of merchants: a partial index each, newest first, so
    // a page and its count read only those (a filter on the full table read 30,000 rows for 25: 80 ms).
    index('merchants_disabled_checkout_idx').on(t.registeredOn, t.id).where(sql`${t.disableCheckout}`),
    index('merchants_disabled_payout_idx').on(t.registeredOn, t.id).where(sql`${t.disablePayout}`),
    index('merchants_lifetime_member_idx').on(t.registeredOn, t.id).where(sql`${t.lifetimeMember}`),
    // The Users list's filters that pick a small share of 200,000 merchants, newest first.
    index('merchants_kyc_registered_idx').on(t.kycStatus, t.registeredOn, t.id),
    index('merchants_country_registered_idx').on(t.country, t.registeredOn, t.id),
    // The Merchant sort walks merchants in title order and each one's transactions (ADR 0005).
    index('merchants_shop_title_idx').on(t.shopTitle, t.id),
    // Free-text keyword search (DESIGN §3): ILIKE '%…%' on trigram indexes.
    index('merchants_shop_title_trgm_idx').using('gin', t.shopTitle.op('gin_trgm_ops')),
    index('merchants_owner_nick_name_trgm_idx').using('gin', t.ownerNickName.op('gin_trgm_ops')),
    // Payout Schemas filtered by schema, newest merchants first (migration 0019).
    index('merchants_payout_schema_registered_idx').on(t.payoutSchema, t.registeredOn, t.id),
  ],
);

export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** pending: waits for an officer; more-info: waits for the merchant; approved and rejected are final. */
    status: text('status', { enum: ['pending', 'more-info', 'approved', 'rejected'] }).notNull(),
    level: smallint('level').notNull().default(1),
    /** The submitted identity fields as the merchant gave them (name, birth date, document, address…). */
    identity: jsonb('identity').notNull().default({}),
    documents: jsonb('documents').notNull().default([]),
    submittedOn: ts('submitted_on').notNull(),
    lastUpdatedOn: ts('last_updated_on').notNull(),
    decidedByStaffId: integer('decided_by_staff_id').references(() => staff.id),
    decidedOn: ts('decided_on'),
    /** The officer's reason: required to reject or to ask for more information. */
    decisionReason: text('decision_reason'),
    /** The officer who has the case open; others see it held until `held_until` passes or they release it. */
    heldByStaffId: integer('held_by_staff_id').references(() => staff.id),
    heldUntil: ts('held_until'),
  },
  (t) => [
    index('kyc_status_updated_idx').on(t.status, t.lastUpdatedOn),
    index('kyc_merchant_idx').on(t.merchantId, t.submittedOn),
  ],
);

/** The files of a KYC submission (passport scans, proof of address…), as the merchant uploaded them. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => kycSubmissions.id),
    type: text('type').notNull(),
    fileName: text('file_name').notNull(),
    /** Sniffed from the bytes when stored, never taken from the upload's own claim. */
    mime: text('mime').notNull(),
    content: bytea('content').notNull(),
    uploadedOn: ts('uploaded_on').notNull(),
  },
  (t) => [index('kyc_documents_submission_idx').on(t.submissionId)],
);

// ---------- transactions (T) and payouts (P) ----------

/**
 * The date SPEC §4 shows for a row: expiry when expired, confirmation when paid or underpaid, else creation.
 * The Date sort orders by it and its index is built on this very expression, so the two cannot drift.
 */
export const shownDateOf = (c: {
  status: AnyColumn;
  expiredOn: AnyColumn;
  confirmedOn: AnyColumn;
  createdOn: AnyColumn;
}): SQL => sql`(case
  when ${c.status} = 'expired' then coalesce(${c.expiredOn}, ${c.createdOn})
  when ${c.status} in ('paid', 'underpaid') then coalesce(${c.confirmedOn}, ${c.createdOn})
  else ${c.createdOn} end)`;

/** Constant statuses as SQL literals, for the predicates of partial indexes (never user input). */
const statusLiterals = (statuses: readonly string[]): SQL =>
  sql.raw(statuses.map((s) => `'${s.replaceAll("'", "''")}'`).join(', '));

/**
 * An open xChange transaction (docs/adr/0008): converted through xChange (an XChangeID) and not settled.
 * The statuses are written into the SQL as constants, not parameters: transactions_open_xchange_idx is a
 * partial index on this very predicate, and the planner uses it only for a query that repeats it.
 */
export const openXChangeOf = (c: { xchangeId: AnyColumn; status: AnyColumn }): SQL =>
  sql`(${c.xchangeId} is not null and ${c.status} in (${statusLiterals(OPEN_XCHANGE_STATUSES)}))`;

/**
 * A row the balance sheet counts (docs/adr/0008): received, paid out or pending. The predicate of the
 * partial index transactions_balance_sheet_idx, repeated by the balance sheet's query.
 */
export const balanceSheetRowOf = (c: { status: AnyColumn }): SQL =>
  sql`${c.status} in (${statusLiterals([
    ...BALANCE_SHEET_STATUSES.received,
    ...BALANCE_SHEET_STATUSES.paidOut,
    ...BALANCE_SHEET_STATUSES.pendingPayouts,
  ])})`;

export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    prefix: char('prefix', { length: 1 }).notNull().$type<'T' | 'P'>(),
    /** The number staff see (T or P plus 9 digits); unique per prefix. */
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    originalAmount: money('original_amount').notNull(),
    inputCurrency: text('input_currency').notNull(),
    amount: money('amount').notNull(),
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    status: text('status').notNull(),
    notEnough: smallint('not_enough').notNull().default(0),
    transactionType: text('transaction_type').notNull(),
    externalProvider: text('external_provider'),
    createdOn: ts('created_on').notNull(),
    expiredOn: ts('expired_on'),
    confirmedOn: ts('confirmed_on'),
    updatedOn: ts('updated_on').notNull(),
    security: text('security').notNull(),
    customerReference: text('customer_reference'),
    coinAddress: text('coin_address').notNull(),
    xchangeId: bigint('xchange_id', { mode: 'number' }),
    masterTransactionId: bigint('master_transaction_id', { mode: 'number' }),
    comments: text('comments'),
    revolutId: text('revolut_id'),
    email: text('email'),
    confirmUrl: text('confirm_url'),
    failUrl: text('fail_url'),
    invoiceCc: text('invoice_cc'),
    tag: text('tag'),
    fiatConfirmedAmount: money('fiat_confirmed_amount'),
    originalAmountFee: money('original_amount_fee'),
    /** Platform revenue in EUR, for the 24H boxes. */
    revenueEur: money('revenue_eur').notNull().default('0'),
    /** Value in EUR at creation, for volume figures. */
    volumeEur: money('volume_eur').notNull().default('0'),
    /** The Merchant Fees Custom rule that priced the fee (ADR 0027); null: the platform default did. */
    feeRuleId: integer('fee_rule_id').references((): AnyPgColumn => feeOverrides.id),
  },
  (t) => [
    uniqueIndex('transactions_ref_idx').on(t.prefix, t.transactionId),
    // Keyset pagination at volume (ADR 0005): one index per sortable column, in the list's order (column,
    // id), then the columns every list filters on (range, status, prefix, merchant) so a page's ids are
    // found by an index-only scan, however far the filter's first match lies along the sort order.
    index('transactions_created_idx').on(t.createdOn, t.id, t.status, t.prefix, t.merchantId),
    index('transactions_sort_txid_idx').on(
      t.transactionId,
      t.id,
      t.createdOn,
      t.status,
      t.prefix,
      t.merchantId,
    ),
    index('transactions_sort_original_amount_idx').on(
      t.originalAmount,
      t.id,
      t.createdOn,
      t.status,
      t.prefix,
      t.merchantId,
    ),
    index('transactions_sort_amount_idx').on(t.amount, t.id, t.createdOn, t.status, t.prefix, t.merchantId),
    index('transactions_sort_type_idx').on(
      t.transactionType,
      t.id,
      t.createdOn,
      t.status,
      t.prefix,
      t.merchantId,
    ),
    index('transactions_sort_status_idx').on(t.status, t.id, t.createdOn, t.prefix, t.merchantId),
    index('transactions_sort_date_idx').on(
      shownDateOf(t),
      t.id,
      t.createdOn,
      t.status,
      t.prefix,
      t.merchantId,
    ),
    // Merchant filter, and the Merchant sort's per-merchant step. The free-text columns at its end let a
    // merchant's capped free-text count (ADR 0010) walk it newest first without reading the table: a common
    // word within a busy merchant's year was a bitmap of 300,000 rows and a second; the walk is ~20 ms.
    index('transactions_merchant_created_idx').on(
      t.merchantId,
      t.createdOn,
      t.id,
      t.status,
      t.prefix,
      t.email,
      t.customerReference,
      t.tag,
    ),
    // The total count of a range and status selection, read from the index alone.
    index('transactions_status_created_idx').on(t.status, t.createdOn),
    // The Transactions screen's coin and type filters (ADR 0021), newest first over any range: without them
    // a rare coin over all time walked the whole creation index reading each row's coin from the table.
    index('transactions_coin_created_idx').on(
      t.altCoinId,
      t.createdOn,
      t.id,
      t.status,
      t.prefix,
      t.merchantId,
    ),
    index('transactions_type_created_idx').on(
      t.transactionType,
      t.createdOn,
      t.id,
      t.status,
      t.prefix,
      t.merchantId,
    ),
    index('transactions_security_idx').on(t.security),
    index('transactions_address_idx').on(t.coinAddress),
    // Exact keyword lookups (issue #3): each id- or hash-shaped input hits one of these (a bare number
    // uses transactions_sort_txid_idx).
    index('transactions_customer_ref_idx').on(t.customerReference),
    index('transactions_xchange_idx').on(t.xchangeId),
    index('transactions_revolut_idx').on(t.revolutId),
    // A whole e-mail address typed as the keyword (ADR 0010); case-insensitive, as the free-text search is.
    // Not partial: the planner reads an expression's statistics only from an index over every row.
    index('transactions_email_lower_idx').on(sql`lower(${t.email})`),
    // A reference typed whole or from its start (ADR 0010): text_pattern_ops, so LIKE 'ord-47%' is a range
    // of the B-tree whatever the database's collation.
    index('transactions_customer_ref_prefix_idx').on(sql`lower(${t.customerReference}) text_pattern_ops`),
    // Free-text keyword search: ILIKE '%…%' on trigram indexes (pg_trgm, migration 0003).
    index('transactions_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('transactions_customer_ref_trgm_idx').using('gin', t.customerReference.op('gin_trgm_ops')),
    index('transactions_tag_trgm_idx').using('gin', t.tag.op('gin_trgm_ops')),
    // The XChange Offline Pool: a coin's open xChange transactions by creation, and each coin's count for
    // the balance sheet. Partial: it holds only those rows, a small share of the table (ADR 0008).
    index('transactions_open_xchange_idx').on(t.altCoinId, t.createdOn, t.id).where(openXChangeOf(t)),
    // The balance sheet sums each coin's rows by prefix and status from this index alone (index-only scan,
    // grouped in the index's order), instead of reading the table (ADR 0008).
    index('transactions_balance_sheet_idx')
      .on(t.altCoinId, t.prefix, t.status, t.amount)
      .where(balanceSheetRowOf(t)),
    // XChange Search by merchant: only the exchange rows, newest first per merchant (ADR 0018).
    index('transactions_xchange_merchant_idx')
      .on(t.merchantId, t.createdOn, t.id)
      .where(sql`${t.xchangeId} is not null`),
  ],
);

/**
 * A vToken (ADR 0018): the voucher a vToken sale (a transaction in vtoken-active or vtoken-claimed) created.
 * Made by a trigger on every insert into `transactions` (migration 0017); claimed by the platform feed,
 * cancelled by staff. Merchant, coin, amounts and creation are the transaction's, copied so the list needs
 * no join with the transactions table.
 */
export const vtokens = pgTable(
  'vtokens',
  {
    id: serial('id').primaryKey(),
    transactionRowId: bigint('transaction_row_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status').notNull().$type<'active' | 'claimed' | 'cancelled'>(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    amount: money('amount').notNull(),
    originalAmount: money('original_amount').notNull(),
    inputCurrency: text('input_currency').notNull(),
    createdOn: ts('created_on').notNull(),
    claimedOn: ts('claimed_on'),
    claimedBy: text('claimed_by'),
    cancelledOn: ts('cancelled_on'),
    cancelledByStaffId: integer('cancelled_by_staff_id').references(() => staff.id),
    cancelReason: text('cancel_reason'),
    updatedOn: ts('updated_on').notNull(),
  },
  (t) => [
    uniqueIndex('vtokens_transaction_idx').on(t.transactionRowId),
    uniqueIndex('vtokens_code_idx').on(t.code.op('text_pattern_ops')),
    index('vtokens_created_idx').on(t.createdOn, t.id, t.status, t.merchantId, t.altCoinId),
    index('vtokens_amount_idx').on(t.amount, t.id, t.status, t.merchantId, t.altCoinId, t.createdOn),
    index('vtokens_status_created_idx').on(t.status, t.createdOn, t.id),
    index('vtokens_merchant_created_idx').on(t.merchantId, t.createdOn, t.id, t.status),
    index('vtokens_coin_created_idx').on(t.altCoinId, t.createdOn, t.id, t.status),
    index('vtokens_holder_idx').on(sql`lower(${t.claimedBy})`),
  ],
);

/**
 * Transactions per UTC day, status and prefix (ADR 0010): the dashboard's total for a range and status
 * selection is a sum over at most a few thousand of these rows instead of a count over millions of
 * transactions. Kept exact by statement-level triggers on `transactions` (migration 0007), in the same
 * database transaction as the change, so a count never sees a row the list does not. Each key is spread over
 * 8 slots, the writer's connection picking one, so that concurrent writes of the current day do not queue on
 * one counter row until their commits (ADR 0010); a count sums every slot.
 */
export const transactionDayCounts = pgTable(
  'transaction_day_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    prefix: char('prefix', { length: 1 }).notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.prefix, t.slot] })],
);

/** The same per merchant, for a merchant or referral filter (ADR 0010); merchant first, then the days. */
export const transactionMerchantDayCounts = pgTable(
  'transaction_merchant_day_counts',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    prefix: char('prefix', { length: 1 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.status, t.prefix] })],
);

/**
 * Infolytics' and Charts' daily roll-ups (ADR 0020, migration 0021), one per dimension, kept by triggers on
 * every write to transactions: per UTC day of `created_on`, prefix and the dimension, the count, the paid
 * count (paid, underpaid, payout-completed), the paid rows' EUR volume and every row's EUR revenue. The coin
 * and provider tables spread a key over 8 slot rows (hot keys of the current day, as ADR 0010); reads sum them.
 */
const rollUpFigures = {
  n: bigint('n', { mode: 'number' }).notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  paidVolumeEur: money('paid_volume_eur').notNull(),
  revenueEur: money('revenue_eur').notNull(),
};

export const analyticsMerchantDays = pgTable(
  'analytics_merchant_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    prefix: char('prefix', { length: 1 }).notNull(),
    ...rollUpFigures,
  },
  (t) => [primaryKey({ name: 'analytics_merchant_days_pk', columns: [t.day, t.merchantId, t.prefix] })],
);

export const analyticsCoinDays = pgTable(
  'analytics_coin_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    altCoinId: integer('alt_coin_id').notNull(),
    prefix: char('prefix', { length: 1 }).notNull(),
    slot: smallint('slot').notNull(),
    ...rollUpFigures,
  },
  (t) => [primaryKey({ name: 'analytics_coin_days_pk', columns: [t.day, t.altCoinId, t.prefix, t.slot] })],
);

export const analyticsProviderDays = pgTable(
  'analytics_provider_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** The transaction's external provider; '' for none (paid on-chain). */
    provider: text('provider').notNull(),
    prefix: char('prefix', { length: 1 }).notNull(),
    slot: smallint('slot').notNull(),
    ...rollUpFigures,
  },
  (t) => [primaryKey({ name: 'analytics_provider_days_pk', columns: [t.day, t.provider, t.prefix, t.slot] })],
);

/**
 * For each UTC day of `created_on`, status and prefix (the keys of the counts above), values no such row goes
 * below: its smallest TransactionID and its earliest shown date (SPEC §4's Date, `shownDateOf`). An
 * ascending sort by either column walks its index from the least bound of the range's days and chosen
 * statuses instead of from the oldest row of the table (ADR 0010: 110–160 ms at 5M rows for a week's first
 * page). Per status too, because payouts are numbered apart (their P numbers are far below the T numbers of
 * the same days): a day's bound over every status would be a payout's. Kept by triggers (migration 0011):
 * an insert or an update can only lower a bound, a delete leaves it, so a bound may be lower than its rows,
 * never higher.
 */
export const transactionDayBounds = pgTable(
  'transaction_day_bounds',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    prefix: char('prefix', { length: 1 }).notNull(),
    minTransactionId: bigint('min_transaction_id', { mode: 'number' }).notNull(),
    minShownOn: ts('min_shown_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.prefix] })],
);

export const failureCauses = pgTable(
  'failure_causes',
  {
    id: serial('id').primaryKey(),
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    failure: text('failure').notNull(),
    address: text('address').notNull(),
    notes: text('notes'),
    sticky: smallint('sticky').notNull().default(0),
    createdOn: ts('created_on').notNull(),
    updatedOn: ts('updated_on').notNull(),
    /**
     * What the box's search looks in, lower-cased once when the row is written (ADR 0010): one LIKE on
     * this column instead of three ILIKEs, which case-fold every value again on every search. The unit
     * separator between the fields keeps a keyword from matching across two of them.
     */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(sql`lower("failure" || chr(31) || "address" || chr(31) || coalesce("notes", ''))`),
  },
  (t) => [
    // The box's sorts (ADR 0010): a page's ids are read from the sort column's index alone, with the
    // Sticky Only filter checked in it; ID sorts use the primary key.
    index('failure_causes_created_idx').on(t.createdOn, t.id, t.sticky),
    index('failure_causes_updated_idx').on(t.updatedOn, t.id, t.sticky),
    // Sticky Only with a keyword: the few sticky rows, intersected with the search's bitmap.
    index('failure_causes_sticky_idx').on(t.id).where(sql`${t.sticky} = 1`),
    // The search: LIKE '%…%' through a trigram index (pg_trgm, migration 0003); a coin-name match by coin.
    index('failure_causes_search_trgm_idx').using('gin', t.search.op('gin_trgm_ops')),
    index('failure_causes_coin_idx').on(t.altCoinId),
  ],
);

/**
 * Failure causes per Sticky flag (ADR 0010): the box's total without a keyword is one or two of these rows,
 * kept exact by statement-level triggers on `failure_causes` (migration 0008) like the transaction counts.
 */
export const failureCauseCounts = pgTable('failure_cause_counts', {
  sticky: smallint('sticky').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * The acquirers' records of fiat payments (SPEC §3 provider detail fields), one per transaction and provider.
 * Written by the platform feed (the simulator in demo mode); `details` holds the provider's own fields and
 * is validated by the contract's providerDetailSchema when read.
 */
export const providerPayments = pgTable(
  'provider_payments',
  {
    id: serial('id').primaryKey(),
    prefix: char('prefix', { length: 1 }).notNull().$type<'T' | 'P'>(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    /** The bank lookup falls back to it (SPEC §7.3). */
    customerReference: text('customer_reference'),
    details: jsonb('details').notNull(),
    createdOn: ts('created_on').notNull(),
  },
  (t) => [
    uniqueIndex('provider_payments_tx_idx').on(t.prefix, t.transactionId, t.provider),
    index('provider_payments_reference_idx').on(t.provider, t.customerReference),
  ],
);

/**
 * The live feed's journal (issue #4): every event published to the bus, numbered. A browser that lost its
 * socket reconnects with the last number it saw and is sent what it missed. Kept for a day.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payload: jsonb('payload').notNull(),
    createdOn: ts('created_on').notNull().default(sql`now()`),
  },
  (t) => [index('live_events_created_idx').on(t.createdOn)],
);

// ---------- support chat, notifications ----------

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The staff member who wrote an OUT message; null for merchant messages (IN). */
    staffId: integer('staff_id').references(() => staff.id),
    direction: text('direction', { enum: ['IN', 'OUT'] }).notNull(),
    message: text('message').notNull(),
    createdOn: ts('created_on').notNull(),
  },
  (t) => [index('chat_messages_merchant_idx').on(t.merchantId, t.id)],
);

export const chatReads = pgTable(
  'chat_reads',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.merchantId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['PAID', 'EXPIRED', 'PAYOUT'] }).notNull(),
    prefix: char('prefix', { length: 1 }).notNull().$type<'T' | 'P'>(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    message: text('message').notNull(),
    createdOn: ts('created_on').notNull(),
  },
  (t) => [index('notifications_created_idx').on(t.createdOn)],
);

// ---------- audit ----------

/** Append-only: a trigger (migration 0001) makes the database refuse UPDATE, DELETE and TRUNCATE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().default(sql`now()`),
    actorStaffId: integer('actor_staff_id'),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId, t.at)],
);

// ---------- pools (XRP and Ether, ADR 0019) ----------

/** Whole base units of a chain (wei, token units): numeric(78, 0) holds any uint256, read as strings. */
const units = (name: string) => numeric(name, { precision: 78, scale: 0 });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The sandbox chains' state (INTEGRATIONS_MODE=fake): one JSON document per chain, changed under a row lock,
 * so every server instance sees one ledger and a restart keeps it. Never read in real mode.
 */
export const sandboxLedgers = pgTable('sandbox_ledgers', {
  chain: text('chain').primaryKey(),
  state: jsonb('state').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Every manual pool action (a sweep, a gas top-up): `key` names the address and the state it was taken in,
 * so a second click or a second staff member finds the first action instead of starting another.
 */
export const poolActions = pgTable(
  'pool_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    chain: text('chain').notNull().$type<'xrp' | 'eth'>(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    params: jsonb('params').notNull().default({}),
    state: text('state').notNull().$type<'running' | 'done' | 'failed'>(),
    txHash: text('tx_hash'),
    error: text('error'),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('pool_actions_subject_idx').on(t.chain, t.subject, t.createdAt),
    index('pool_actions_running_idx').on(t.chain, t.createdAt).where(sql`${t.state} = 'running'`),
  ],
);

export const xrpPoolAccounts = pgTable(
  'xrp_pool_accounts',
  {
    address: text('address').primaryKey(),
    role: text('role').notNull().$type<'pool' | 'deposit' | 'hot'>(),
    balanceDrops: bigint('balance_drops', { mode: 'bigint' }).notNull().default(sql`0`),
    reserveDrops: bigint('reserve_drops', { mode: 'bigint' }).notNull().default(sql`0`),
    sequence: integer('sequence').notNull().default(1),
    requireDest: boolean('require_dest').notNull().default(false),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('xrp_pool_accounts_role_idx').on(t.role)],
);

export const xrpInboundPayments = pgTable(
  'xrp_inbound_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txHash: text('tx_hash').notNull().unique(),
    ledgerIndex: bigint('ledger_index', { mode: 'number' }).notNull(),
    account: text('account')
      .notNull()
      .references(() => xrpPoolAccounts.address),
    fromAddress: text('from_address').notNull(),
    destTag: bigint('dest_tag', { mode: 'number' }),
    amountDrops: bigint('amount_drops', { mode: 'bigint' }).notNull(),
    matchedTransactionId: bigint('matched_transaction_id', { mode: 'number' }).references(
      () => transactions.id,
    ),
    status: text('status').notNull(),
    note: text('note'),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    index('xrp_inbound_payments_received_idx').on(t.receivedAt, t.id),
    index('xrp_inbound_payments_status_idx').on(t.status, t.receivedAt, t.id),
    // The default view (what needs staff) pages through this small index and sums its amounts from it.
    index('xrp_inbound_payments_attention_idx')
      .on(t.receivedAt, t.id, t.amountDrops)
      .where(sql`${t.status} IN (${inList(XRP_ATTENTION_STATUSES)})`),
    index('xrp_inbound_payments_matched_idx').on(t.matchedTransactionId),
  ],
);

export const evmDepositAddresses = pgTable(
  'evm_deposit_addresses',
  {
    id: serial('id').primaryKey(),
    address: text('address').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    token: text('token').notNull(),
    balanceUnits: units('balance_units').notNull().default('0'),
    gasWei: units('gas_wei').notNull().default('0'),
    state: text('state').notNull(),
    lastTxHash: text('last_tx_hash'),
    lastError: text('last_error'),
    /** Rises with every state change: a sweep claims the address at the version it saw. */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('evm_deposit_addresses_address_token_idx').on(t.address, t.token),
    index('evm_deposit_addresses_updated_idx').on(t.updatedAt, t.id),
    index('evm_deposit_addresses_state_idx').on(t.state, t.updatedAt, t.id),
    index('evm_deposit_addresses_token_idx').on(t.token, t.updatedAt, t.id),
    index('evm_deposit_addresses_to_sweep_idx')
      .on(t.updatedAt, t.id, t.token, t.balanceUnits)
      .where(sql`${t.state} IN (${inList(EVM_SWEEPABLE_STATES)})`),
  ],
);

/** The chain transactions a sweep sent: the gas top-up from the keeper, then the sweep itself. */
export const evmSweeps = pgTable(
  'evm_sweeps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actionId: bigint('action_id', { mode: 'number' })
      .notNull()
      .references(() => poolActions.id),
    depositId: integer('deposit_id')
      .notNull()
      .references(() => evmDepositAddresses.id),
    type: text('type').notNull().$type<'gas_topup' | 'sweep'>(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    token: text('token').notNull(),
    amount: units('amount').notNull(),
    txHash: text('tx_hash').notNull().unique(),
    nonce: integer('nonce').notNull(),
    state: text('state').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('evm_sweeps_deposit_idx').on(t.depositId, t.createdAt)],
);

// ---------- coin health and altcoin stats (ADR 0017) ----------

/** What an administrator allows per coin (migration 0020); judged against when a sample is read. */
export const coinHealthThresholds = pgTable('coin_health_thresholds', {
  altCoinId: integer('alt_coin_id')
    .primaryKey()
    .references(() => altCoins.id),
  maxLagBlocks: integer('max_lag_blocks').notNull(),
  confirmations: integer('confirmations').notNull(),
  maxBlockAgeMinutes: integer('max_block_age_minutes').notNull(),
  hotWalletMin: money('hot_wallet_min').notNull(),
  hotWalletMax: money('hot_wallet_max').notNull(),
  updatedAt: ts('updated_at'),
  updatedBy: text('updated_by'),
});

/** One probe of a coin's node and hot wallet; kept for the retention window. */
export const coinHealthSamples = pgTable(
  'coin_health_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    sampledAt: ts('sampled_at').notNull(),
    reachable: boolean('reachable').notNull(),
    nodeHeight: bigint('node_height', { mode: 'number' }).notNull(),
    referenceHeight: bigint('reference_height', { mode: 'number' }).notNull(),
    lastBlockAt: ts('last_block_at').notNull(),
    hotWallet: money('hot_wallet').notNull(),
    pendingDeposits: integer('pending_deposits').notNull(),
    pendingWithdrawals: integer('pending_withdrawals').notNull(),
    status: text('status').notNull().$type<'red' | 'amber' | 'green'>(),
    reason: text('reason').notNull(),
  },
  (t) => [index('coin_health_samples_coin_at_idx').on(t.altCoinId, t.sampledAt.desc(), t.id.desc())],
);

/** Per coin and UTC day of creation: the AltCoin Stats screen reads only this (never transactions). */
export const coinStatsDaily = pgTable(
  'coin_stats_daily',
  {
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    day: date('day', { mode: 'string' }).notNull(),
    incoming: integer('incoming').notNull(),
    paid: integer('paid').notNull(),
    expired: integer('expired').notNull(),
    underpaid: integer('underpaid').notNull(),
    volume: numeric('volume', { precision: 38, scale: 8 }).notNull(),
    volumeEur: numeric('volume_eur', { precision: 24, scale: 2 }).notNull(),
    confirmed: integer('confirmed').notNull(),
    confirmSeconds: bigint('confirm_seconds', { mode: 'number' }).notNull(),
    avgConfirmSeconds: integer('avg_confirm_seconds'),
    p95ConfirmSeconds: integer('p95_confirm_seconds'),
    payouts: integer('payouts').notNull(),
    payoutVolume: numeric('payout_volume', { precision: 38, scale: 8 }).notNull(),
    failures: integer('failures').notNull(),
    final: boolean('final').notNull().default(false),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'coin_stats_daily_pk', columns: [t.altCoinId, t.day] }),
    index('coin_stats_daily_day_idx').on(t.day, t.altCoinId),
  ],
);

/** Samples per coin and hour (worst of each), kept by the probe: the detail's long windows read these. */
export const coinHealthHourly = pgTable(
  'coin_health_hourly',
  {
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    hour: ts('hour').notNull(),
    minNodeHeight: bigint('min_node_height', { mode: 'number' }).notNull(),
    maxReferenceHeight: bigint('max_reference_height', { mode: 'number' }).notNull(),
    maxLag: bigint('max_lag', { mode: 'number' }).notNull(),
    minHotWallet: money('min_hot_wallet').notNull(),
    maxPending: integer('max_pending').notNull(),
    /** 0 red, 1 amber, 2 green: the least is the worst. */
    worst: smallint('worst').notNull(),
    samples: integer('samples').notNull(),
  },
  (t) => [primaryKey({ name: 'coin_health_hourly_pk', columns: [t.altCoinId, t.hour] })],
);

// ---------- payouts with four-eyes approval (ADR 0016, migration 0019) ----------

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    amount: money('amount').notNull(),
    /** Its EUR value when requested: what the four-eyes amount is compared with. */
    eurValue: numeric('eur_value', { precision: 30, scale: 2 }).notNull(),
    destination: text('destination').notNull(),
    payoutSchema: text('payout_schema').notNull(),
    state: text('state', {
      enum: ['awaiting-approval', 'approved', 'sent', 'completed', 'cancelled', 'failed'],
    }).notNull(),
    needsSecondApproval: boolean('needs_second_approval').notNull(),
    source: text('source', { enum: ['staff', 'platform'] }).notNull(),
    requestedByStaffId: integer('requested_by_staff_id').references(() => staff.id),
    requestedOn: ts('requested_on').notNull(),
    note: text('note'),
    approvedByStaffId: integer('approved_by_staff_id').references(() => staff.id),
    approvedOn: ts('approved_on'),
    sentOn: ts('sent_on'),
    railReference: text('rail_reference'),
    completedOn: ts('completed_on'),
    failedOn: ts('failed_on'),
    failureReason: text('failure_reason'),
    cancelledByStaffId: integer('cancelled_by_staff_id').references(() => staff.id),
    cancelledOn: ts('cancelled_on'),
    cancelReason: text('cancel_reason'),
    updatedOn: ts('updated_on').notNull(),
  },
  (t) => [
    index('payouts_state_requested_idx').on(t.state, t.requestedOn, t.id),
    index('payouts_state_coin_requested_idx').on(t.state, t.altCoinId, t.requestedOn, t.id),
    index('payouts_state_merchant_requested_idx').on(t.state, t.merchantId, t.requestedOn, t.id),
    // INCLUDE (alt_coin_id, amount) in migration 0019: an amount range is summed from the index alone.
    index('payouts_state_eur_idx').on(t.state, t.eurValue, t.id),
  ],
);

/** Per state and coin: how many payouts and their sums, kept by triggers on payouts (migration 0019). */
export const payoutTotals = pgTable(
  'payout_totals',
  {
    state: text('state').notNull(),
    altCoinId: integer('alt_coin_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 8 }).notNull(),
    eurValue: numeric('eur_value', { precision: 38, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ name: 'payout_totals_pk', columns: [t.state, t.altCoinId] })],
);

/** Per state, day of request (UTC) and coin: the same, for a tab narrowed to whole days (migration 0019). */
export const payoutDayTotals = pgTable(
  'payout_day_totals',
  {
    state: text('state').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    altCoinId: integer('alt_coin_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 8 }).notNull(),
    eurValue: numeric('eur_value', { precision: 38, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ name: 'payout_day_totals_pk', columns: [t.state, t.day, t.altCoinId] })],
);

/**
 * Uploaded files (ADR 0024): the Market and POS apps' files and the email editor's images. The bytes live in
 * the file store (DATA_DIR/files/<store>/<id>.<ext>); the name is the uploader's, cleaned, for display only.
 * A delete is soft: the row keeps who uploaded and deleted it, and the public address answers 404.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    store: text('store').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedByStaffId: integer('uploaded_by_staff_id').references(() => staff.id),
    uploadedAt: ts('uploaded_at').notNull(),
    deletedAt: ts('deleted_at'),
    deletedByStaffId: integer('deleted_by_staff_id').references(() => staff.id),
  },
  (t) => [
    // Partial (deleted_at IS NULL) in migration 0025: a store's live files in each of the list's orders.
    index('stored_files_store_uploaded_idx').on(t.store, t.uploadedAt, t.id),
    index('stored_files_store_name_idx').on(t.store, t.originalName, t.id),
    index('stored_files_store_size_idx').on(t.store, t.size, t.id),
    index('stored_files_store_mime_idx').on(t.store, t.mime, t.uploadedAt, t.id),
    // A GIN trigram index per store on original_name (the name search), in migration 0025 only: drizzle-kit cannot
    // state an operator class on a partial GIN index.
  ],
);

/**
 * FIU goAML reports (ADR 0022): a draft keeps whatever staff typed (`input`) and its last validation errors;
 * a final report is frozen with the XML that validated, its sha256 and who generated it. A check keeps a
 * final report from ever lacking its file.
 */
export const goamlReports = pgTable(
  'goaml_reports',
  {
    id: serial('id').primaryKey(),
    reportCode: text('report_code').notNull().$type<'STR' | 'UTR' | 'CTR'>(),
    status: text('status').notNull().$type<'draft' | 'final'>(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The form as typed (contract `goamlReportInputSchema` without ID). */
    input: jsonb('input').notNull(),
    /** The last validation's errors (contract `goamlValidationErrorSchema[]`); empty once final. */
    errors: jsonb('errors').notNull().default([]),
    transactionCount: integer('transaction_count').notNull(),
    xml: text('xml'),
    sha256: text('sha256'),
    /** Which XSD validated the final XML: 'built-in' or the operator file's name. */
    schemaName: text('schema_name'),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdOn: ts('created_on').notNull(),
    updatedOn: ts('updated_on').notNull(),
    generatedByStaffId: integer('generated_by_staff_id').references(() => staff.id),
    generatedOn: ts('generated_on'),
  },
  (t) => [
    index('goaml_reports_created_idx').on(t.createdOn, t.id),
    index('goaml_reports_merchant_created_idx').on(t.merchantId, t.createdOn, t.id),
    index('goaml_reports_code_created_idx').on(t.reportCode, t.createdOn, t.id),
  ],
);

/** The transactions a report carries, in the order staff selected them. */
export const goamlReportTransactions = pgTable(
  'goaml_report_transactions',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => goamlReports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    transactionRowId: bigint('transaction_row_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
  },
  (t) => [
    primaryKey({ name: 'goaml_report_transactions_pk', columns: [t.reportId, t.position] }),
    // Which reports name a transaction (the transaction's side of the link).
    index('goaml_report_transactions_tx_idx').on(t.transactionRowId),
  ],
);

// ---------- email marketing and news (ADR 0023) ----------

/** A saved audience: its definition is the contract's segment fields, checked on save. */
export const marketingSegments = pgTable(
  'marketing_segments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    definition: jsonb('definition').notNull().default({}),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdOn: ts('created_on').notNull(),
    updatedOn: ts('updated_on').notNull(),
  },
  (t) => [uniqueIndex('marketing_segments_name_idx').on(sql`lower(${t.name})`)],
);

export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull().default(''),
    /** Sanitised before it is written (sanitize-html.ts), and again when sent. */
    bodyHtml: text('body_html').notNull(),
    segmentId: integer('segment_id').references(() => marketingSegments.id),
    status: text('status', { enum: ['draft', 'sending', 'sent', 'cancelled'] })
      .notNull()
      .default('draft'),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdOn: ts('created_on').notNull(),
    updatedOn: ts('updated_on').notNull(),
    startedOn: ts('started_on'),
    finishedOn: ts('finished_on'),
  },
  (t) => [
    index('marketing_campaigns_updated_idx').on(t.updatedOn, t.id),
    // The runner's question every second: which campaigns are sending.
    index('marketing_campaigns_sending_idx').on(t.id).where(sql`${t.status} = 'sending'`),
  ],
);

/**
 * One row per campaign and merchant, made when the send starts: the unique pair is what makes the send
 * idempotent per recipient, and its state is what a restart resumes from.
 */
export const marketingRecipients = pgTable(
  'marketing_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    email: text('email').notNull(),
    state: text('state', { enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    /** 32 random bytes (base64url): the unsubscribe link's key, unguessable and unique. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    updatedOn: ts('updated_on').notNull(),
    sentOn: ts('sent_on'),
  },
  (t) => [
    uniqueIndex('marketing_recipients_campaign_merchant_idx').on(t.campaignId, t.merchantId),
    index('marketing_recipients_campaign_state_idx').on(t.campaignId, t.state, t.id),
    uniqueIndex('marketing_recipients_token_idx').on(t.unsubscribeToken),
  ],
);

/** Merchants who unsubscribed: never sent marketing mail again. */
export const marketingUnsubscribes = pgTable('marketing_unsubscribes', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  unsubscribedOn: ts('unsubscribed_on').notNull(),
  /** The campaign whose link was followed. */
  campaignId: integer('campaign_id').references(() => marketingCampaigns.id, { onDelete: 'set null' }),
});

export const newsPosts = pgTable(
  'news_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised before it is written. */
    bodyHtml: text('body_html').notNull(),
    youtubeUrl: text('youtube_url'),
    published: boolean('published').notNull().default(false),
    publishedOn: ts('published_on'),
    publishedByStaffId: integer('published_by_staff_id').references(() => staff.id),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdOn: ts('created_on').notNull(),
    updatedOn: ts('updated_on').notNull(),
  },
  (t) => [
    index('news_posts_created_idx').on(t.createdOn, t.id),
    index('news_posts_published_idx').on(t.published, t.createdOn, t.id),
  ],
);

/**
 * Saved views of the Transactions screen (ADR 0021): named filters, private to their author or shared with
 * every holder of view-transactions. Filters only, never results; the name is the view's address.
 */
export const transactionViews = pgTable(
  'transaction_views',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** The contract's transactionViewFiltersSchema, checked on every write and read. */
    filters: jsonb('filters').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdOn: ts('created_on').notNull().defaultNow(),
    updatedOn: ts('updated_on').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transaction_views_name_idx').on(t.name),
    index('transaction_views_author_idx').on(t.authorId, t.name),
    index('transaction_views_shared_idx').on(t.name).where(sql`${t.shared}`),
  ],
);

/** A config secret (ADR 0025): AES-256-GCM ciphertext (with its tag) under CONFIG_MASTER_KEY; never read back. */
export const configSecrets = pgTable('config_secrets', {
  id: serial('id').primaryKey(),
  ns: text('ns').notNull(),
  field: text('field').notNull(),
  /** base64 of the ciphertext followed by the 16-byte GCM tag. */
  ciphertext: text('ciphertext').notNull(),
  iv: text('iv').notNull(),
  /** Which master key sealed it (the first hex digits of the key's SHA-256), for rotation. */
  keyId: text('key_id').notNull(),
  last4: text('last4').notNull(),
  fingerprint: text('fingerprint').notNull(),
  setByStaffId: integer('set_by_staff_id')
    .notNull()
    .references(() => staff.id),
  setBy: text('set_by').notNull(),
  setAt: ts('set_at').notNull(),
});

/** One immutable version of a config namespace (ADR 0025); only its status and decision move. */
export const configVersions = pgTable(
  'config_versions',
  {
    id: serial('id').primaryKey(),
    ns: text('ns').notNull(),
    version: integer('version').notNull(),
    /** The namespace's values without secrets (contract CONFIG_NAMESPACES[ns].schema). */
    values: jsonb('values').notNull(),
    /** Secret field → config_secrets.id; a restore copies the references, never the values. */
    secretRefs: jsonb('secret_refs').notNull().default({}).$type<Record<string, number>>(),
    status: text('status')
      .notNull()
      .$type<'draft' | 'pending_approval' | 'active' | 'superseded' | 'rejected'>(),
    authorStaffId: integer('author_staff_id')
      .notNull()
      .references(() => staff.id),
    author: text('author').notNull(),
    comment: text('comment'),
    approverStaffId: integer('approver_staff_id').references(() => staff.id),
    approver: text('approver'),
    decisionNote: text('decision_note'),
    createdAt: ts('created_at').notNull(),
    submittedAt: ts('submitted_at'),
    decidedAt: ts('decided_at'),
    activatedAt: ts('activated_at'),
  },
  (t) => [
    uniqueIndex('config_versions_ns_version_idx').on(t.ns, t.version),
    uniqueIndex('config_versions_one_active_idx').on(t.ns).where(sql`${t.status} = 'active'`),
  ],
);

// ---------- job runner (ADR 0026) ----------

/** The platform's scheduled jobs: a row per catalogue handler, made at start; staff edit schedule and policy. */
export const jobs = pgTable('jobs', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  handler: text('handler').notNull(),
  cron: text('cron').notNull(),
  timezone: text('timezone').notNull().default('Europe/Amsterdam'),
  enabled: boolean('enabled').notNull().default(true),
  /** forbid | replace | allow (Kubernetes CronJob's concurrencyPolicy). */
  concurrency: text('concurrency').notNull().default('forbid'),
  startingDeadlineS: integer('starting_deadline_s').notNull().default(300),
  timeoutS: integer('timeout_s').notNull().default(300),
  maxAttempts: integer('max_attempts').notNull().default(1),
  retryBackoffS: integer('retry_backoff_s').notNull().default(60),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  /** The next slot to enqueue; moved by a conditional update so one instance enqueues it. */
  nextRunAt: ts('next_run_at'),
  pausedReason: text('paused_reason'),
  pausedByStaffId: integer('paused_by_staff_id').references(() => staff.id),
  updatedAt: ts('updated_at').notNull(),
});

/** One run of a job: queued, claimed (SKIP LOCKED) by one instance, heartbeating while it runs. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobKey: text('job_key')
      .notNull()
      .references(() => jobs.key, { onDelete: 'cascade' }),
    /** schedule | manual | retry */
    trigger: text('trigger').notNull(),
    triggeredByStaffId: integer('triggered_by_staff_id').references(() => staff.id),
    scheduledFor: ts('scheduled_for').notNull(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    heartbeatAt: ts('heartbeat_at'),
    leaseUntil: ts('lease_until'),
    /** The instance that claimed the run. */
    claimedBy: text('claimed_by'),
    /** queued | running | succeeded | failed | timed_out | cancelled | skipped */
    status: text('status').notNull().default('queued'),
    attempt: integer('attempt').notNull().default(1),
    itemsProcessed: integer('items_processed'),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    error: text('error'),
    /** Capped at 64 kB. */
    log: text('log').notNull().default(''),
  },
  (t) => [
    uniqueIndex('job_runs_schedule_slot_idx')
      .on(t.jobKey, t.scheduledFor)
      .where(sql`${t.trigger} = 'schedule'`),
    index('job_runs_queued_idx').on(t.scheduledFor, t.id).where(sql`${t.status} = 'queued'`),
    index('job_runs_job_idx').on(t.jobKey, t.id),
  ],
);

/**
 * Merchant Fees Custom (ADR 0027): negotiated fee rules overriding the platform default per merchant, flow,
 * coin and provider / payout type (null = any). Check constraints are in migration 0029; the service refuses
 * overlapping active rules of one key under a per-merchant advisory lock.
 */
export const feeOverrides = pgTable(
  'fee_overrides',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    flow: text('flow', { enum: ['incoming', 'payout', 'conversion', 'card'] }).notNull(),
    altCoinId: integer('alt_coin_id').references(() => altCoins.id),
    providerId: integer('provider_id').references(() => paymentProviders.id),
    feePercent: numeric('fee_percent', { precision: 7, scale: 4 }).notNull(),
    fixedFee: money('fixed_fee').notNull().default('0'),
    /** The currency of the fixed fee and of min / max (an alt coin, the euro is 625). */
    feeCurrencyId: integer('fee_currency_id')
      .notNull()
      .references(() => altCoins.id),
    minFee: money('min_fee'),
    maxFee: money('max_fee'),
    paidBy: text('paid_by', { enum: ['merchant', 'customer', 'shared'] }).notNull(),
    /** The merchant's share of a shared fee in percent; null unless paid_by is shared. */
    merchantSharePercent: numeric('merchant_share_percent', { precision: 5, scale: 2 }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** The first day the rule no longer applies (a half-open range); null = open-ended. */
    validTo: date('valid_to', { mode: 'string' }),
    status: text('status', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    note: text('note').notNull().default(''),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdOn: ts('created_on').notNull(),
    endedByStaffId: integer('ended_by_staff_id').references(() => staff.id),
    endedOn: ts('ended_on'),
    endReason: text('end_reason'),
  },
  (t) => [index('fee_overrides_merchant_idx').on(t.merchantId, t.flow, t.status)],
);

// ---------- Platform Scheduling SQL (ADR 0030) ----------

/** A saved SQL report; what it runs lives in its versions, the approved one in `approvedVersionId`. */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ownerStaffId: integer('owner_staff_id')
      .notNull()
      .references(() => staff.id),
    /** The version scheduled runs, Run now and Download CSV use (FK in migration 0032). */
    approvedVersionId: integer('approved_version_id'),
    disabled: boolean('disabled').notNull().default(false),
    /** The approved schedule's next slot; moved by a conditional update so one instance takes a slot. */
    nextRunAt: ts('next_run_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('saved_reports_name_idx').on(sql`lower(${t.name})`)],
);

/** An immutable-once-submitted version: SQL (and its SHA-256), parameters, schedule, output, recipients. */
export const savedReportVersions = pgTable(
  'saved_report_versions',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => savedReports.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: ['draft', 'pending_approval', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    sql: text('sql').notNull(),
    sqlHash: text('sql_hash').notNull(),
    /** [{ Name, Type, Required, Default }] (contract reportParamSchema). */
    params: jsonb('params').notNull().default([]),
    schedule: text('schedule'),
    output: text('output', { enum: ['table', 'csv', 'email'] })
      .notNull()
      .default('table'),
    /** Staff e-mail addresses (checked against staff on save). */
    recipients: jsonb('recipients').notNull().default([]),
    authorStaffId: integer('author_staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: ts('created_at').notNull(),
    approverStaffId: integer('approver_staff_id').references(() => staff.id),
    decidedAt: ts('decided_at'),
    rejectReason: text('reject_reason'),
  },
  (t) => [uniqueIndex('saved_report_versions_report_version_idx').on(t.reportId, t.version)],
);

/** Every run of a report or a preview: who, which SQL (hash), the parameters, rows, duration, error. */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: integer('report_id').references(() => savedReports.id, { onDelete: 'cascade' }),
    versionId: integer('version_id').references(() => savedReportVersions.id),
    trigger: text('trigger', { enum: ['preview', 'manual', 'schedule', 'download'] }).notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    /** The schedule slot of a scheduled run (unique per report). */
    slot: ts('slot'),
    sqlHash: text('sql_hash').notNull(),
    params: jsonb('params').notNull().default({}),
    rows: integer('rows'),
    ms: integer('ms'),
    error: text('error'),
    startedAt: ts('started_at').notNull(),
  },
  (t) => [
    uniqueIndex('report_runs_schedule_slot_idx').on(t.reportId, t.slot).where(sql`${t.trigger} = 'schedule'`),
    index('report_runs_report_idx').on(t.reportId, t.id),
  ],
);

// ---------- config test runs (ADR 0028) ----------

/** One "Test connection" of a config version: its result line (never a secret), latency and who ran it. */
export const configTestRuns = pgTable(
  'config_test_runs',
  {
    id: serial('id').primaryKey(),
    ns: text('ns').notNull(),
    version: integer('version').notNull(),
    ok: boolean('ok').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    message: text('message').notNull(),
    byStaffId: integer('by_staff_id')
      .notNull()
      .references(() => staff.id),
    by: text('by').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('config_test_runs_ns_version_idx').on(t.ns, t.version, t.at)],
);

/**
 * Transaction Scheduling (ADR 0031, migration 0033): per-merchant rules that move money on a schedule. The row
 * holds the current version; each save also writes its values to transaction_schedule_versions.
 */
export const transactionSchedules = pgTable(
  'transaction_schedules',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind', { enum: ['payout', 'conversion', 'ltr-consolidation', 'recheck'] }).notNull(),
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly', 'cron'] }).notNull(),
    timeOfDay: text('time_of_day'),
    weekday: smallint('weekday'),
    monthDay: smallint('month_day'),
    /** The cron pattern the frequency stands for (croner, in `timezone`). */
    cron: text('cron').notNull(),
    timezone: text('timezone').notNull(),
    threshold: money('threshold').notNull(),
    maxPerRun: money('max_per_run'),
    /** Null: the merchant's payout schema default at run time. */
    destination: text('destination'),
    approvalAboveEur: numeric('approval_above_eur', { precision: 30, scale: 2 }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    status: text('status', { enum: ['active', 'paused', 'error'] })
      .notNull()
      .default('active'),
    statusReason: text('status_reason'),
    skipNext: boolean('skip_next').notNull().default(false),
    /** The slot the runner executes next; advanced by a conditional update, so each slot runs once. */
    nextRunAt: ts('next_run_at'),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    createdOn: ts('created_on').notNull(),
    updatedByStaffId: integer('updated_by_staff_id')
      .notNull()
      .references(() => staff.id),
    updatedOn: ts('updated_on').notNull(),
  },
  (t) => [
    index('transaction_schedules_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'active'`),
    index('transaction_schedules_merchant_idx').on(t.merchantId, t.id),
  ],
);

export const transactionScheduleVersions = pgTable(
  'transaction_schedule_versions',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => transactionSchedules.id),
    version: integer('version').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    comment: text('comment').notNull().default(''),
    authorStaffId: integer('author_staff_id')
      .notNull()
      .references(() => staff.id),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ name: 'transaction_schedule_versions_pk', columns: [t.scheduleId, t.version] })],
);

/** The Tasks Audit (ADR 0031): one row per execution of a schedule; the idempotency key runs a slot once. */
export const transactionTasks = pgTable(
  'transaction_tasks',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => transactionSchedules.id),
    scheduleVersion: integer('schedule_version').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind', { enum: ['payout', 'conversion', 'ltr-consolidation', 'recheck'] }).notNull(),
    trigger: text('trigger', { enum: ['schedule', 'manual', 'retry'] }).notNull(),
    scheduledFor: ts('scheduled_for'),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    status: text('status', {
      enum: ['running', 'succeeded', 'failed', 'skipped', 'pending_approval', 'cancelled'],
    }).notNull(),
    amount: money('amount'),
    altCoinId: integer('alt_coin_id')
      .notNull()
      .references(() => altCoins.id),
    payoutId: integer('payout_id').references(() => payouts.id),
    actor: text('actor').notNull(),
    actorStaffId: integer('actor_staff_id'),
    error: text('error'),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    decision: text('decision').notNull().default(''),
    retryOf: integer('retry_of'),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    uniqueIndex('transaction_tasks_idempotency_key_idx').on(t.idempotencyKey),
    index('transaction_tasks_merchant_started_idx').on(t.merchantId, t.startedAt, t.id),
    index('transaction_tasks_started_idx').on(t.startedAt, t.id),
    index('transaction_tasks_schedule_idx').on(t.scheduleId, t.id),
  ],
);

// ---------- merchant bank accounts and payout holds (ADR 0033) ----------

/** One saved version of a merchant's payout bank account; the current one has is_current (migration 0035). */
export const merchantBankAccounts = pgTable(
  'merchant_bank_accounts',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    version: integer('version').notNull(),
    isCurrent: boolean('is_current').notNull(),
    payoutCurrency: text('payout_currency', { enum: ['EUR', 'USD', 'GBP'] }).notNull(),
    rail: text('rail', { enum: ['SEPA', 'SWIFT', 'local'] }).notNull(),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban'),
    accountNumber: text('account_number'),
    routingCode: text('routing_code'),
    bic: text('bic'),
    bankName: text('bank_name').notNull().default(''),
    bankStreet: text('bank_street').notNull().default(''),
    bankPostalCode: text('bank_postal_code').notNull().default(''),
    bankCity: text('bank_city').notNull().default(''),
    bankCountry: text('bank_country'),
    businessAccount: boolean('business_account').notNull().default(false),
    verificationStatus: text('verification_status', {
      enum: ['unverified', 'name-match', 'micro-deposit-pending', 'verified'],
    }).notNull(),
    /** 0–1: how well the holder matched the KYC name when saved (legal forms stripped). */
    nameMatchScore: numeric('name_match_score', { precision: 4, scale: 3 }).notNull(),
    /** The KYC name the holder was compared with. */
    kycName: text('kyc_name'),
    /** Staff confirmed ownership despite a name that differs from the KYC name. */
    ownershipConfirmed: boolean('ownership_confirmed').notNull().default(false),
    note: text('note').notNull().default(''),
    setByStaffId: integer('set_by_staff_id')
      .notNull()
      .references(() => staff.id),
    setAt: ts('set_at').notNull(),
    supersededAt: ts('superseded_at'),
  },
  (t) => [
    uniqueIndex('merchant_bank_accounts_version_idx').on(t.merchantId, t.version),
    uniqueIndex('merchant_bank_accounts_current_idx').on(t.merchantId).where(sql`${t.isCurrent}`),
  ],
);

/** A stop on a merchant's bank payouts, e.g. the 48 h after new bank details (migration 0035). */
export const payoutHolds = pgTable(
  'payout_holds',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    reason: text('reason').notNull(),
    bankAccountId: integer('bank_account_id').references(() => merchantBankAccounts.id),
    heldFrom: ts('held_from').notNull(),
    heldUntil: ts('held_until').notNull(),
    createdByStaffId: integer('created_by_staff_id')
      .notNull()
      .references(() => staff.id),
    releasedByStaffId: integer('released_by_staff_id').references(() => staff.id),
    releasedAt: ts('released_at'),
    releaseReason: text('release_reason'),
  },
  (t) => [index('payout_holds_merchant_idx').on(t.merchantId, t.heldUntil)],
);

/** A merchant's card acceptance as it stands (migration 0035); every change is a version row below. */
export const merchantCardAccounts = pgTable(
  'merchant_card_accounts',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    version: integer('version').notNull(),
    status: text('status', {
      enum: ['not applied', 'applying', 'active', 'suspended', 'terminated'],
    }).notNull(),
    statusReason: text('status_reason'),
    providerId: integer('provider_id').references(() => paymentProviders.id),
    mid: text('mid').notNull().default(''),
    mcc: text('mcc').notNull(),
    descriptor: text('descriptor').notNull(),
    threeDs: text('three_ds', { enum: ['always', 'risk-based', 'off'] }).notNull(),
    brands: jsonb('brands').notNull().$type<Array<'Visa' | 'Mastercard' | 'Amex'>>(),
    internationalCards: boolean('international_cards').notNull().default(false),
    currencies: jsonb('currencies').notNull().$type<Array<'EUR' | 'USD' | 'GBP'>>(),
    minTxEur: money('min_tx_eur').notNull(),
    maxTxEur: money('max_tx_eur').notNull(),
    dailyCapEur: money('daily_cap_eur').notNull(),
    monthlyCapEur: money('monthly_cap_eur').notNull(),
    rollingReservePct: numeric('rolling_reserve_pct', { precision: 5, scale: 2 }).notNull(),
    reserveHoldDays: integer('reserve_hold_days').notNull(),
    updatedByStaffId: integer('updated_by_staff_id')
      .notNull()
      .references(() => staff.id),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('merchant_card_accounts_status_idx').on(t.status, t.updatedAt)],
);

/** Every change of a card account: its settings then (no secrets), which secrets changed, status and reason. */
export const merchantCardAccountVersions = pgTable(
  'merchant_card_account_versions',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    change: text('change').notNull(),
    reason: text('reason'),
    settings: jsonb('settings').notNull(),
    secrets: jsonb('secrets').notNull().default({}).$type<Record<string, 'changed' | 'unchanged'>>(),
    byStaffId: integer('by_staff_id')
      .notNull()
      .references(() => staff.id),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('merchant_card_account_versions_version_idx').on(t.merchantId, t.version)],
);

/** A card account's sealed secrets (config vault); the newest row per merchant and field is the one in use. */
export const merchantCardSecrets = pgTable(
  'merchant_card_secrets',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    field: text('field').notNull(),
    ciphertext: text('ciphertext').notNull(),
    iv: text('iv').notNull(),
    keyId: text('key_id').notNull(),
    last4: text('last4').notNull(),
    fingerprint: text('fingerprint').notNull(),
    setByStaffId: integer('set_by_staff_id')
      .notNull()
      .references(() => staff.id),
    setAt: ts('set_at').notNull(),
  },
  (t) => [index('merchant_card_secrets_field_idx').on(t.merchantId, t.field, t.id)],
);

/**
 * Licensing (ADR 0032): the licence server's products, policies, licences, device activations and log.
 * Check constraints and the seeded products and policies are in migration 0034.
 */
export const licenseProducts = pgTable('license_products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const licensePolicies = pgTable('license_policies', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => licenseProducts.id),
  name: text('name').notNull(),
  durationDays: integer('duration_days').notNull(),
  maxMachines: integer('max_machines').notNull(),
});

export const licenses = pgTable(
  'licenses',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 (hex) of the whole key: the key itself is shown once, when issued, and never stored. */
    keyHash: text('key_hash').notNull().unique(),
    /** `LL-7K2Q` and `9F3A`: what the screens show of a key. */
    keyPrefix: text('key_prefix').notNull(),
    keyLast4: text('key_last4').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    productId: integer('product_id')
      .notNull()
      .references(() => licenseProducts.id),
    policyId: integer('policy_id')
      .notNull()
      .references(() => licensePolicies.id),
    maxActivations: integer('max_activations').notNull(),
    entitlements: jsonb('entitlements').$type<string[]>().notNull().default([]),
    /** The last day the licence is valid (UTC). */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** The stored state; expiring and expired are computed from expires_on. */
    status: text('status', { enum: ['active', 'suspended', 'revoked'] })
      .notNull()
      .default('active'),
    statusReason: text('status_reason'),
    note: text('note').notNull().default(''),
    issuedByStaffId: integer('issued_by_staff_id')
      .notNull()
      .references(() => staff.id),
    issuedOn: ts('issued_on').notNull(),
    updatedOn: ts('updated_on').notNull(),
  },
  (t) => [index('licenses_merchant_idx').on(t.merchantId)],
);

export const licenseActivations = pgTable(
  'license_activations',
  {
    id: serial('id').primaryKey(),
    licenseId: integer('license_id')
      .notNull()
      .references(() => licenses.id),
    fingerprint: text('fingerprint').notNull(),
    hostname: text('hostname').notNull().default(''),
    firstSeen: ts('first_seen').notNull(),
    lastSeen: ts('last_seen').notNull(),
  },
  (t) => [uniqueIndex('license_activations_device_idx').on(t.licenseId, t.fingerprint)],
);

export const licenseEvents = pgTable(
  'license_events',
  {
    id: serial('id').primaryKey(),
    /** Null for a validation of a key that names no licence. */
    licenseId: integer('license_id').references(() => licenses.id),
    kind: text('kind', {
      enum: ['issued', 'renewed', 'suspended', 'reinstated', 'revoked', 'activations_reset', 'validation'],
    }).notNull(),
    outcome: text('outcome', {
      enum: ['valid', 'suspended', 'expired', 'revoked', 'unknown', 'too_many_activations'],
    }),
    fingerprint: text('fingerprint'),
    hostname: text('hostname'),
    /** The caller's address of a device validation, 'simulated' for the Simulate client tool. */
    source: text('source'),
    staffId: integer('staff_id').references(() => staff.id),
    detail: text('detail').notNull().default(''),
    at: ts('at').notNull(),
  },
  (t) => [index('license_events_license_idx').on(t.licenseId, t.at)],
);

/**
 * Merchant Autonomy (ADR 0032): what a merchant may do without staff review; no row = level 0. A time-boxed
 * elevation keeps the level to return to in previous_level until expires_on; the autonomy.revert job reverts it.
 */
export const merchantAutonomy = pgTable(
  'merchant_autonomy',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    level: smallint('level').notNull(),
    dailyAutoPayoutEur: money('daily_auto_payout_eur').notNull().default('0'),
    perPayoutEur: money('per_payout_eur').notNull().default('0'),
    addressChangeCooldownH: smallint('address_change_cooldown_h').notNull().default(0),
    /** The last day of a time-boxed elevation; null = permanent. */
    expiresOn: date('expires_on', { mode: 'string' }),
    previousLevel: smallint('previous_level'),
    /** Null when the autonomy.revert job made the change. */
    updatedByStaffId: integer('updated_by_staff_id').references(() => staff.id),
    updatedOn: ts('updated_on').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('merchant_autonomy_expires_idx').on(t.expiresOn).where(sql`${t.expiresOn} is not null`)],
);
