import {
  type ADMIN_CALLS,
  type AuditEntry,
  formatLogEntry,
  formatTransactionRef,
  MERCHANT_LIST_FALLBACK_DAYS,
  type MerchantListItem,
  parseTransactionRef,
  TRANSACTION_COUNT_CAP,
  type Transaction,
  type TransactionCount,
  type TransactionList,
  type TransactionSortColumn,
  type TransactionSyncPage,
  toTransactionColumns,
  type transactionCountParamsSchema,
  type transactionListParamsSchema,
  type transactionSyncParamsSchema,
} from '@bo/contract';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError, badRequest } from '../../plugins/errors';
import { listAudit } from '../audit/audit.repository';
import { type Actor, recordChange } from '../audit/audit.service';
import { classifyKeyword } from './keyword.rule';
import {
  countTransactions,
  cursorValueFits,
  findTransaction,
  type Keyset,
  type ListFilter,
  listTransactionsPage,
  lockTransaction,
  merchantsWithTransactions,
  type TransactionRow,
  updateTransactionRow,
} from './transactions.repository';

/** Statuses the status dialog may move a payment between (SPEC §4). */
const DIALOG_STATUSES = new Set(['waiting', 'expired', 'paid', 'underpaid']);

const statusSnapshot = (r: TransactionRow) => ({
  Status: r.status,
  NotEnough: r.notEnough,
  Expired: r.expiredOn?.toISOString() ?? null,
  TransactionConfirmedOn: r.confirmedOn?.toISOString() ?? null,
});

/** What the dialog's choice means for the row (SPEC §4: Not Enough is Paid with notenough=1). */
function targetState(statusID: -1 | 0 | 1, notenough: 0 | 1, row: TransactionRow, now: Date) {
  if (statusID === -1)
    return { status: 'expired', notEnough: 0, expiredOn: row.expiredOn ?? now, confirmedOn: null };
  if (statusID === 0) return { status: 'waiting', notEnough: 0, expiredOn: null, confirmedOn: null };
  return {
    status: notenough === 1 ? 'underpaid' : 'paid',
    notEnough: notenough,
    expiredOn: null,
    confirmedOn: row.confirmedOn ?? now,
  };
}

const DAY_MS = 86_400_000;
const keysetSchema = z.tuple([z.string().max(100), z.number().int().positive()]);

/** Cursors are opaque to the client: the sort value and row id of a page's edge row. */
export const encodeCursor = (k: Keyset) => Buffer.from(JSON.stringify([k.value, k.id])).toString('base64url');

export function decodeCursor(cursor: string, sort: TransactionSortColumn): Keyset {
  let keyset: Keyset;
  try {
    const [value, id] = keysetSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    keyset = { value, id };
  } catch {
    throw badRequest('Invalid page cursor');
  }
  if (!cursorValueFits(sort, keyset.value)) throw badRequest('Invalid page cursor');
  return keyset;
}

/** A calendar day (UTC, as dates are shown) to the instant it starts. */
function dayStart(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
    throw badRequest(`Invalid date ${day}`);
  return date;
}

/** The filters the list and its count share, as the repository takes them. */
function filterOf(params: Omit<z.output<typeof transactionCountParamsSchema>, 'exact'>): ListFilter {
  return {
    from: dayStart(params.start),
    to: new Date(dayStart(params.end).getTime() + DAY_MS),
    statuses: params.statuses,
    merchantId: params.merchantId,
    referral: params.referral,
    keyword: classifyKeyword(params.keyword),
  };
}

export function createTransactionsService(db: Db, now: () => Date) {
  return {
    /** One page, without its total: the total is CountTransactions, asked beside it (ADR 0010). */
    async list(params: z.output<typeof transactionListParamsSchema>): Promise<TransactionList> {
      const after =
        params.cursor && (params.page === 'next' || params.page === 'prev')
          ? decodeCursor(params.cursor, params.sort)
          : undefined;
      const { records, keys } = await listTransactionsPage(db, filterOf(params), {
        sort: params.sort,
        order: params.order,
        after,
        backwards: params.page === 'prev' || params.page === 'last',
        limit: params.pageSize,
      });
      const first = keys[0];
      const last = keys.at(-1);
      return {
        records,
        firstCursor: first ? encodeCursor(first) : null,
        lastCursor: last ? encodeCursor(last) : null,
      };
    },

    /** Local mode's sync (SyncTransactions): the pages of the default order, newest first, as columns. */
    async syncPage(params: z.output<typeof transactionSyncParamsSchema>): Promise<TransactionSyncPage> {
      const page = await this.list({
        ...params,
        sort: 'CreatedOn',
        order: 'desc',
        page: params.cursor ? 'next' : 'first',
      });
      return { columns: toTransactionColumns(page.records), lastCursor: page.lastCursor };
    },

    /** 'Showing a - b of n': exact, except a free-text count past the cap unless `exact` is asked for. */
    count(params: z.output<typeof transactionCountParamsSchema>): Promise<TransactionCount> {
      return countTransactions(db, filterOf(params), params.exact ? undefined : TRANSACTION_COUNT_CAP);
    },

    /** The status dialog's change: one locked row, one audit entry with before and after. */
    async updateStatus(
      params: z.output<typeof ADMIN_CALLS.TransactionStatusUpdate.params>,
      actor: Actor,
    ): Promise<Transaction> {
      const ref = parseTransactionRef(params.TransactionID);
      if (!ref) throw badRequest('Use T or P followed by the transaction id');
      await db.transaction(async (tx) => {
        const row = await lockTransaction(tx, ref.prefix, ref.id);
        if (!row || row.merchantId !== params.targetMerchant) throw new ApiError(404, 'No record found!');
        if (!DIALOG_STATUSES.has(row.status))
          throw badRequest(`A ${row.status} transaction's status cannot be changed here`);
        const at = now();
        const next = targetState(params.statusID, params.notenough, row, at);
        await updateTransactionRow(tx, row.id, { ...next, updatedOn: at });
        await recordChange(tx, actor, {
          action: 'transaction.status',
          entity: 'transaction',
          id: formatTransactionRef(ref.prefix, ref.id),
          before: statusSnapshot(row),
          after: statusSnapshot({ ...row, ...next }),
        });
      });
      return this.detail(params.TransactionID);
    },

    /** KYCLOG: a stamped line on top of the old comments, written under a row lock so no line is lost. */
    async appendLog(
      params: z.output<typeof ADMIN_CALLS.KYCLOG.params>,
      actor: Actor,
    ): Promise<{ result: string }> {
      const [prefix, id, text] =
        'transactionlog' in params
          ? (['T', params.TransactionID, params.transactionlog] as const)
          : (['P', params.PayoutID, params.payoutlog] as const);
      return db.transaction(async (tx) => {
        const row = await lockTransaction(tx, prefix, id);
        if (!row) throw new ApiError(404, 'No record found!');
        const at = now();
        const comments = formatLogEntry({
          timestamp: at,
          username: actor.username,
          text,
          oldComments: row.comments,
        });
        await updateTransactionRow(tx, row.id, { comments, updatedOn: at });
        await recordChange(tx, actor, {
          action: 'transaction.log',
          entity: prefix === 'T' ? 'transaction' : 'payout',
          id: formatTransactionRef(prefix, id),
          before: { Comments: row.comments },
          after: { Comments: comments },
        });
        return { result: comments };
      });
    },

    async detail(ref: string): Promise<Transaction> {
      const parsed = parseTransactionRef(ref);
      if (!parsed) throw badRequest('Use T or P followed by the transaction id');
      const found = await findTransaction(db, parsed.prefix, parsed.id);
      if (!found) throw new ApiError(404, 'No record found!');
      return found;
    },

    /** Staff changes to one transaction, oldest first, in the contract's shape. */
    async auditTrail(ref: string): Promise<AuditEntry[]> {
      const parsed = parseTransactionRef(ref);
      if (!parsed) throw badRequest('Use T or P followed by the transaction id');
      const rows = await listAudit(
        db,
        ['transaction', 'payout'],
        formatTransactionRef(parsed.prefix, parsed.id),
      );
      const asRecord = (value: unknown): Record<string, unknown> | null =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : null;
      return rows.map((row) => ({
        ID: row.id,
        At: row.at.toISOString(),
        Actor: row.actorUsername,
        Action: row.action,
        Before: asRecord(row.before),
        After: asRecord(row.after),
      }));
    },

    /** SPEC §9: when the range has no merchants, the list falls back to the 60 days before its end. */
    async merchantsForRange(startDate: string, endDate: string): Promise<MerchantListItem[]> {
      const to = new Date(dayStart(endDate).getTime() + DAY_MS);
      const inRange = await merchantsWithTransactions(db, dayStart(startDate), to);
      if (inRange.length > 0) return inRange;
      return merchantsWithTransactions(db, new Date(to.getTime() - MERCHANT_LIST_FALLBACK_DAYS * DAY_MS), to);
    },
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
