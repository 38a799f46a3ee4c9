import { z } from 'zod';
import { accountCredentialsSchema, permissionSchema, tokenSchema } from '../auth/auth.schema';
import { FAILURE_CAUSES_PAGE_SIZE } from '../common/constants';
import { PG_INTEGER_MAX } from '../common/id.schema';
import {
  BALANCE_SHEET_BUY_FILTERS,
  BALANCE_SHEET_LISTS,
  balanceSheetSchema,
} from '../entities/balance-sheet.schema';
import {
  altCoinSchema,
  failureCauseSchema,
  merchantListItemSchema,
  overview24hSchema,
  pendingKycSchema,
  recentRegistrationSchema,
  roleSchema,
  syncStatusSchema,
} from '../entities/catalog.schema';
import { OFFLINE_POOL_PAGE_SIZE, offlinePoolSchema } from '../entities/offline-pool.schema';
import { providerDetailSchema } from '../entities/provider.schema';
import { staffMemberSchema, staffRoleOptionSchema, staffSessionSchema } from '../entities/staff.schema';
import { transactionSchema } from '../entities/transaction.schema';
import {
  transactionCountParamsSchema,
  transactionCountSchema,
  transactionListParamsSchema,
  transactionListSchema,
  transactionSyncPageSchema,
  transactionSyncParamsSchema,
} from '../entities/transaction-list.schema';
import { sidebarLinksSchema } from '../routes/sidebar';
import { defineCall } from './call';

/**
 * A failure-box keyword's total stops here (ADR 0010): the box searches as staff type, and a word such as
 * 'fee' matches a sixth of 100,000 failures, each match a row read. 125 pages of 8 are more than anyone pages.
 */
export const FAILURE_COUNT_CAP = 1000;

/** One staff change as the audit log keeps it: who, what, when, the fields before and after. */
export const auditEntrySchema = z.object({
  ID: z.number().int(),
  At: z.string(),
  Actor: z.string(),
  Action: z.string(),
  Before: z.record(z.string(), z.unknown()).nullable(),
  After: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

import { syncSourceSchema } from './service-status';

const none = z.object({});

/** A transaction reference as staff type it: T or P and the id, padded or not ('T000001234', 't1234'). */
const transactionRefParam = z
  .string()
  .trim()
  .regex(/^[TPtp]\d{1,18}$/, 'Use T or P followed by the transaction id');

/**
 * A positive whole-number id from a query string (an alt coin, a failure record), refused with a message
 * that names it. Bounded to PostgreSQL's integer, so an oversized number is a 400, not a database error.
 */
const idParam = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.union([z.number(), z.string()], { error: `${label} is missing` }).pipe(
      z.coerce
        .number<string | number>({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .positive(`${label} must be a positive number`)
        .max(PG_INTEGER_MAX, `${label} is too large`),
    ),
  );

/**
 * The admin service (SPEC §7.2), served under /api/admin as `?Call=X` with a Bearer JWT.
 * Answer shapes keep SPEC's nesting: some calls answer a list in `data`, others in `data.data`.
 */
export const ADMIN_CALLS = {
  GenerateJWTToken: defineCall({
    method: 'POST',
    path: '/',
    call: 'GenerateJWTToken',
    access: 'login',
    params: accountCredentialsSchema,
    data: tokenSchema,
  }),
  ListAltCoins: defineCall({
    method: 'GET',
    path: '/',
    call: 'ListAltCoins',
    access: 'login',
    params: none,
    data: z.array(altCoinSchema),
  }),
  ListPermissions: defineCall({
    method: 'GET',
    path: '/',
    call: 'ListPermissions',
    access: 'view-roles',
    params: none,
    data: z.object({ data: z.array(permissionSchema.extend({ Description: z.string() })) }),
  }),
  ListRoles: defineCall({
    method: 'GET',
    path: '/',
    call: 'ListRoles',
    access: 'view-roles',
    params: none,
    data: z.object({ data: z.array(roleSchema) }),
  }),
  Last24HData: defineCall({
    method: 'GET',
    path: '/',
    call: 'Last24HData',
    access: 'admin-commander',
    params: none,
    data: overview24hSchema,
  }),
  LatestKYC: defineCall({
    method: 'GET',
    path: '/',
    call: 'LatestKYC',
    access: 'kyc-commander',
    params: none,
    data: z.array(pendingKycSchema),
  }),
  RecentRegistrations: defineCall({
    method: 'GET',
    path: '/',
    call: 'RecentRegistrations',
    access: 'view-users',
    params: none,
    data: z.array(recentRegistrationSchema),
  }),
  TotalRegistrations24H: defineCall({
    method: 'GET',
    path: '/',
    call: 'TotalRegistrations24H',
    access: 'admin-commander',
    params: none,
    data: z.object({ TotalRegistrations: z.number().int() }),
  }),
  /** The dashboard's transaction list (the worker endpoint SPEC §7.3 leaves unnamed). */
  ListTransactions: defineCall({
    method: 'GET',
    path: '/',
    call: 'ListTransactions',
    access: 'view-transactions',
    params: transactionListParamsSchema,
    data: transactionListSchema,
  }),
  /**
   * Local mode's sync (SPEC §7.3): ListTransactions' rows in its default order (newest first, by keyset),
   * answered as columns; ListTransactions keeps its rows as objects for every other caller.
   */
  SyncTransactions: defineCall({
    method: 'GET',
    path: '/',
    call: 'SyncTransactions',
    access: 'view-transactions',
    params: transactionSyncParamsSchema,
    data: transactionSyncPageSchema,
  }),
  /** The total for the list's 'Showing a - b of n', asked beside the page so the rows never wait (ADR 0010). */
  CountTransactions: defineCall({
    method: 'GET',
    path: '/',
    call: 'CountTransactions',
    access: 'view-transactions',
    params: transactionCountParamsSchema,
    data: transactionCountSchema,
  }),
  /** Merchants with transactions in the range, for the dashboard's merchant picker (SPEC §7.2). */
  MerchantsListDash: defineCall({
    method: 'GET',
    path: '/',
    call: 'MerchantsListDash',
    access: 'view-transactions',
    params: z.object({
      startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    }),
    data: z.array(merchantListItemSchema),
  }),
  /** One transaction by its reference, T or P plus the 9-digit id (SPEC §2.1). */
  TransactionDetail: defineCall({
    method: 'GET',
    path: '/',
    call: 'TransactionDetail',
    access: 'view-transactions',
    params: z.object({ ID: transactionRefParam }),
    data: transactionSchema,
  }),
  /**
   * The status dialog's change (SPEC §4, §7.1). POST, not SPEC's GET: it changes state (DESIGN §2). Not Enough
   * arrives as statusID 1 with notenough 1.
   */
  TransactionStatusUpdate: defineCall({
    method: 'POST',
    path: '/',
    call: 'TransactionStatusUpdate',
    access: 'admin-commander',
    params: z.object({
      TransactionID: z
        .string()
        .trim()
        .regex(/^[Tt]\d{1,18}$/, 'Only payments (T) have a status to change here'),
      targetMerchant: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
      statusID: z.coerce.number().pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)])),
      notenough: z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .default(0),
    }),
    data: transactionSchema,
  }),
  /**
   * The acquirer's record of a fiat payment (SPEC §7.1 PaymentProvider, §7.3): the provider dialog of a row.
   * `null` data means the provider has no record ('No record found!'). Admin service, not main: it needs the
   * view-transactions slug, which the admin service checks on every call.
   */
  PaymentProvider: defineCall({
    method: 'GET',
    path: '/',
    call: 'PaymentProvider',
    access: 'view-transactions',
    params: z.object({
      ID: z.coerce.number().int().positive(),
      Payout: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
      ProviderID: z.string().trim().min(1).max(60),
    }),
    data: providerDetailSchema.nullable(),
  }),
  /** The audit trail of staff changes to one transaction (issue #3: the detail screen shows it), oldest first. */
  TransactionAudit: defineCall({
    method: 'GET',
    path: '/',
    call: 'TransactionAudit',
    access: 'view-transactions',
    params: z.object({ ID: transactionRefParam }),
    data: z.array(auditEntrySchema),
  }),
  /**
   * Appends a log line to a transaction's or payout's comments (SPEC §7.1 KYCLOG): `transactionlog` with
   * TransactionID, or `payoutlog` with PayoutID. The server writes the stamp and the username.
   */
  KYCLOG: defineCall({
    method: 'POST',
    path: '/',
    call: 'KYCLOG',
    access: 'view-transactions',
    params: z.union([
      z.object({
        transactionlog: z.string().trim().min(1, 'A log text is needed').max(2000),
        TransactionID: z.coerce.number().int().positive(),
      }),
      z.object({
        payoutlog: z.string().trim().min(1, 'A log text is needed').max(2000),
        PayoutID: z.coerce.number().int().positive(),
      }),
    ]),
    data: z.object({ result: z.string() }),
  }),
  /** The Transaction Failure box (SPEC §2.6 item 4, §7.2): search, Sticky Only, sort, pages of 8. */
  TransactionFailure: defineCall({
    method: 'GET',
    path: '/',
    call: 'TransactionFailure',
    access: 'view-transactions',
    params: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      keyword: z.string().trim().max(200).default(''),
      sticky: z
        .enum(['0', '1', 'true', 'false'])
        .default('0')
        .transform((v) => v === '1' || v === 'true'),
      orderBy: z.enum(['ID', 'CreatedOn', 'UpdatedOn']).default('CreatedOn'),
      order: z.enum(['asc', 'desc']).default('desc'),
      limit: z.coerce.number().int().min(1).max(100).default(FAILURE_CAUSES_PAGE_SIZE),
    }),
    data: z.object({
      data: z.object({
        records: z.array(failureCauseSchema),
        meta: z.object({
          total: z.number().int(),
          offset: z.number().int(),
          limit: z.number().int(),
          page: z.number().int(),
          /**
           * A keyword's total stopped at FAILURE_COUNT_CAP: there are more matches than `total` (ADR 0010).
           * Absent from older answers, which were always exact.
           */
          isCapped: z.boolean().default(false),
        }),
      }),
    }),
  }),
  /** Edits one field of a failure record (SPEC §7.1 UpdateTable): the sticky flag or the notes. */
  UpdateTable: defineCall({
    method: 'POST',
    path: '/',
    call: 'UpdateTable',
    access: 'view-transactions',
    params: z.discriminatedUnion('field', [
      z.object({
        table: z.literal('Transaction_Failure'),
        ID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
        field: z.literal('Sticky'),
        value: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
      }),
      z.object({
        table: z.literal('Transaction_Failure'),
        ID: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
        field: z.literal('Notes'),
        value: z.string().trim().min(1, 'Notes are required').max(2000),
      }),
    ]),
    data: failureCauseSchema,
  }),
  /**
   * Replica lag for the dashboard's Sync Status box (SPEC §2.6, §7.2), in MySQL's SHOW SLAVE STATUS names.
   * `view-transactions`, not `admin-commander`: the badge tells whoever reads the transaction list
   * whether that list may be stale, and support staff read it all day (ADR 0006). `Source` (our addition)
   * says what the figures describe, so 'Synced' without any replica is not mistaken for a healthy replica.
   */
  SlaveStatus: defineCall({
    method: 'GET',
    path: '/',
    call: 'SlaveStatus',
    access: 'view-transactions',
    params: none,
    data: syncStatusSchema.extend({ Source: syncSourceSchema }),
  }),
  /** The external links of the sidebar's Tools and Tomcat Servers groups (SPEC §2.4). */
  SidebarLinks: defineCall({
    method: 'GET',
    path: '/',
    call: 'SidebarLinks',
    access: 'admin-commander',
    params: none,
    data: sidebarLinksSchema,
  }),
  /**
   * One of the six balance-sheet lists of SPEC §3 (online or offline coins; buying enabled, disabled or
   * both): per coin, received, paid out, pending payouts, balance and its EUR value (docs/adr/0008).
   */
  BalanceSheet: defineCall({
    method: 'GET',
    path: '/',
    call: 'BalanceSheet',
    access: 'admin-commander',
    params: z.object({
      online: z.enum(BALANCE_SHEET_LISTS, 'The list must be online or offline').default('online'),
      buy: z.enum(BALANCE_SHEET_BUY_FILTERS, 'Buy must be enabled, disabled or both').default('both'),
    }),
    data: balanceSheetSchema,
  }),
  /**
   * The XChange Offline Pool (SPEC §2.1: query coin and id): a coin's open xChange transactions, newest
   * first by default, with totals, and the failure record `id` when given (docs/adr/0008).
   */
  XChangeOfflinePool: defineCall({
    method: 'GET',
    path: '/',
    call: 'XChangeOfflinePool',
    access: 'admin-commander',
    params: z.object({
      coin: idParam('The coin'),
      id: idParam('The failure id').optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      order: z.enum(['asc', 'desc']).default('desc'),
      limit: z.coerce.number().int().min(1).max(100).default(OFFLINE_POOL_PAGE_SIZE),
    }),
    data: offlinePoolSchema,
  }),
  /**
   * Staff accounts with their role and state, and the roles one can be given (issue #5). admin-commander:
   * whoever can change an account's access must see them all, ListRoles' view-roles is not enough.
   */
  ListStaff: defineCall({
    method: 'GET',
    path: '/',
    call: 'ListStaff',
    access: 'admin-commander',
    params: none,
    data: z.object({ data: z.array(staffMemberSchema), roles: z.array(staffRoleOptionSchema) }),
  }),
  /** Changes a staff member's role, or disables or re-enables the account; takes effect on their next call. */
  UpdateStaff: defineCall({
    method: 'POST',
    path: '/',
    call: 'UpdateStaff',
    access: 'admin-commander',
    params: z
      .object({
        ID: idParam('The staff id'),
        RoleID: idParam('The role').optional(),
        Disabled: z.boolean({ error: 'Disabled must be true or false' }).optional(),
      })
      .refine((p) => p.RoleID !== undefined || p.Disabled !== undefined, {
        message: 'Give a role or a disabled state to change',
      }),
    data: staffMemberSchema,
  }),
  /** The live sessions of every staff member, or of one (`StaffID`), most recently seen first. */
  StaffSessions: defineCall({
    method: 'GET',
    path: '/',
    call: 'StaffSessions',
    access: 'admin-commander',
    params: z.object({ StaffID: idParam('The staff id').optional() }),
    data: z.array(staffSessionSchema),
  }),
  /** Ends one staff session at once: its next call is refused and its live feeds close (issue #5). */
  EndStaffSession: defineCall({
    method: 'POST',
    path: '/',
    call: 'EndStaffSession',
    access: 'admin-commander',
    params: z.object({ SessionID: z.uuid({ error: 'SessionID must be a session id' }) }),
    data: z.object({ SessionID: z.string(), EndedAt: z.string() }),
  }),
} as const;

export type AdminCallName = keyof typeof ADMIN_CALLS;
