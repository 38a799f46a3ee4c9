import {
  type ADMIN_CALLS,
  formatLogEntry,
  parseTransactionRef,
  VTOKEN_COUNT_CAP,
  type VTokenDetail,
  type VTokenRow,
  XCHANGE_SEARCH_COUNT_CAP,
  type XChangeSearchRow,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import { listAudit } from '../audit/audit.repository';
import { type Actor, recordChange } from '../audit/audit.service';
import {
  lockTransactionRow,
  markTransactionClaimed,
  updateTransactionComments,
} from './vtoken-transactions.repository';
import {
  cancelVTokenRow,
  claimVTokenRow,
  countVTokens,
  findVToken,
  listVTokens,
  lockVToken,
  type VTokenDetailData,
  type VTokenKeyword,
  type VTokenRowData,
} from './vtokens.repository';
import { countXChange, searchXChange } from './xchange-search.repository';
import { xchangeLookupOf } from './xchange-search.rule';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

interface CappedPage<R> {
  records: R[];
  meta: { total: number; offset: number; limit: number; page: number; isCapped: boolean };
}

export const AUDIT_ENTITY = 'vtoken';
const noVToken = () => new ApiError(404, 'No vToken with that id');
const DAY_MS = 86_400_000;

/**
 * The VTokens keyword (ADR 0018): a claim code whole or from its start ('VT-3F2A'), a transaction
 * reference ('T000123456'), or text: a holder exactly or a part of a shop title.
 */
export function vtokenKeywordOf(raw: string): VTokenKeyword {
  const value = raw.trim();
  if (value === '') return { kind: 'none' };
  const upper = value.toUpperCase();
  if (/^VT-[0-9A-F-]*$/.test(upper)) return { kind: 'code', prefix: upper };
  const ref = parseTransactionRef(value);
  if (ref && /^[TtPp]/.test(value)) return { kind: 'transaction', prefix: ref.prefix, id: ref.id };
  return { kind: 'text', value };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const rowOf = (r: VTokenRowData): VTokenRow => ({
  ID: r.id,
  Code: r.code,
  Status: r.status,
  Amount: r.amount,
  Coin: r.coinName,
  AltCoinID: r.altCoinId,
  OriginalAmount: r.originalAmount,
  InputCurrency: r.inputCurrency,
  MerchantID: r.merchantId,
  ShopTitle: r.shopTitle,
  Prefix: r.prefix,
  TransactionID: r.transactionId,
  CreatedOn: r.createdOn.toISOString(),
  ClaimedOn: iso(r.claimedOn),
  ClaimedBy: r.claimedBy,
  CancelledOn: iso(r.cancelledOn),
});

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

const capped = <R>(params: { page: number; limit: number }, n: number, cap: number, records: R[]) => ({
  records,
  meta: {
    total: Math.min(n, cap),
    offset: pageOffset(params),
    limit: params.limit,
    page: params.page,
    isCapped: n > cap,
  },
});

/** VTokens (list, detail, cancel) and XChange Search: ADR 0018. */
export function createVTokenService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  const detailOf = async (row: VTokenDetailData): Promise<VTokenDetail> => {
    const trail = await listAudit(db, [AUDIT_ENTITY], String(row.id));
    return {
      ...rowOf(row),
      CancelledBy: row.cancelledBy,
      CancelReason: row.cancelReason,
      Transaction: {
        Status: row.transactionStatus as VTokenDetail['Transaction']['Status'],
        XChangeID: row.xchangeId,
        Comments: row.comments,
      },
      Audit: trail.map((entry) => ({
        ID: entry.id,
        At: entry.at.toISOString(),
        Actor: entry.actorUsername,
        Action: entry.action,
        Before: asRecord(entry.before),
        After: asRecord(entry.after),
      })),
    };
  };

  const detail = async (id: number): Promise<VTokenDetail> => {
    const row = await findVToken(db, id);
    if (!row) throw noVToken();
    return detailOf(row);
  };

  return {
    async list(params: Params<'ListVTokens'>): Promise<CappedPage<VTokenRow>> {
      const filter = {
        status: params.status,
        coin: params.coin,
        merchantId: params.merchantId,
        from: params.from ? new Date(`${params.from}T00:00:00Z`) : undefined,
        to: params.to ? new Date(Date.parse(`${params.to}T00:00:00Z`) + DAY_MS) : undefined,
        keyword: vtokenKeywordOf(params.keyword),
      };
      const [rows, n] = await Promise.all([
        listVTokens(db, filter, {
          sort: params.sort,
          order: params.order,
          offset: pageOffset(params),
          limit: params.limit,
        }),
        countVTokens(db, filter, VTOKEN_COUNT_CAP),
      ]);
      return capped(params, n, VTOKEN_COUNT_CAP, rows.map(rowOf));
    },

    detail,

    /**
     * Cancels an active vToken: the vToken is locked, then its transaction (the order a claim takes too, so the
     * two cannot deadlock). A vToken no longer active is refused (409) and nothing is written, so a second
     * click, or a claim that came first, leaves one change. The transaction's log gets a line, so the
     * dashboard shows why a vtoken-active sale no longer has a voucher.
     */
    async cancel(params: Params<'CancelVToken'>, actor: Actor): Promise<VTokenDetail> {
      const at = deps.now();
      await db.transaction(async (tx) => {
        const token = await lockVToken(tx, { id: params.ID });
        if (!token) throw noVToken();
        if (token.status !== 'active')
          throw new ApiError(409, `This vToken is ${token.status}: only an active vToken can be cancelled`);
        const transaction = await lockTransactionRow(tx, token.transactionRowId);
        await cancelVTokenRow(tx, token.id, { staffId: actor.staffId, at, reason: params.Reason });
        if (transaction) {
          const comments = formatLogEntry({
            timestamp: at,
            username: actor.username,
            text: `vToken ${token.code} cancelled: ${params.Reason}`,
            oldComments: transaction.comments,
          });
          await updateTransactionComments(tx, transaction.id, comments, at);
        }
        await recordChange(tx, actor, {
          action: 'vtoken.cancel',
          entity: AUDIT_ENTITY,
          id: token.id,
          before: { Status: token.status },
          after: { Status: 'cancelled', Reason: params.Reason },
        });
      });
      return detail(params.ID);
    },

    async search(params: Params<'XChangeSearch'>): Promise<CappedPage<XChangeSearchRow>> {
      const lookup = xchangeLookupOf(params.q, params.field);
      const [rows, n] = await Promise.all([
        searchXChange(db, lookup, { order: params.order, offset: pageOffset(params), limit: params.limit }),
        countXChange(db, lookup, XCHANGE_SEARCH_COUNT_CAP),
      ]);
      return capped(params, n, XCHANGE_SEARCH_COUNT_CAP, rows);
    },
  };
}

/**
 * The platform's claim of a sale's vToken (the ingest path): the vToken, then its transaction, locked in
 * the order a cancel takes. Answers what stopped it, or null once claimed; nothing is written unless the
 * vToken was still active, so a cancelled voucher can no longer be redeemed.
 */
export async function claimVTokenOfTransaction(
  db: Db,
  transactionRowId: number,
  claim: { holder: string; at: Date },
): Promise<'no-vtoken' | 'claimed' | 'cancelled' | null> {
  return db.transaction(async (tx) => {
    const token = await lockVToken(tx, { transactionRowId });
    if (!token) return 'no-vtoken';
    if (token.status !== 'active') return token.status;
    await lockTransactionRow(tx, transactionRowId);
    await claimVTokenRow(tx, token.id, claim);
    await markTransactionClaimed(tx, transactionRowId, claim.at);
    return null;
  });
}
