import {
  type ADMIN_CALLS,
  KYC_DECISION_STATUS,
  KYC_DECISIONS,
  KYC_HOLD_MS,
  KYC_IDENTITY_FIELDS,
  type KycCase,
  type KycDocument,
  type KycHold,
  type KycIdentity,
  type KycQueueRow,
  type KycStatus,
  type Page,
  PG_INTEGER_MAX,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError } from '../../plugins/errors';
import { listAudit } from '../audit/audit.repository';
import { type Actor, recordChange } from '../audit/audit.service';
import { publishBusEvent } from '../realtime/realtime.bus';
import {
  countKycQueue,
  decideSubmission,
  findKycCase,
  findKycDocument,
  type KycKeyword,
  type LockedSubmission,
  listKycDocumentInfos,
  listKycQueue,
  lockMerchantKycStatus,
  lockSubmission,
  merchantOfSubmission,
  setHold,
  syncMerchantKycStatus,
} from './kyc.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

const AUDIT_ENTITY = 'kyc_submission';
const noCase = () => new ApiError(404, 'No KYC case with that id');

const keywordOf = (text: string): KycKeyword => {
  if (text === '') return null;
  // Digits name a merchant; beyond an integer id none can match, so they are read as title text instead.
  if (/^\d{1,10}$/.test(text) && Number(text) <= PG_INTEGER_MAX)
    return { kind: 'merchant', id: Number(text) };
  return { kind: 'title', text };
};

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** The stored identity as the contract names it; a field an older submission lacks is null. */
const identityOf = (stored: unknown): KycIdentity => {
  const record = asRecord(stored) ?? {};
  return Object.fromEntries(
    KYC_IDENTITY_FIELDS.map((field) => {
      const value = record[field];
      return [field, typeof value === 'string' ? value : null];
    }),
  ) as KycIdentity;
};

const decisionOf = (status: KycStatus) => KYC_DECISIONS.find((d) => KYC_DECISION_STATUS[d] === status);

const isHeld = (row: { heldByStaffId: number | null; heldUntil: Date | null }, at: Date) =>
  row.heldByStaffId !== null && row.heldUntil !== null && row.heldUntil.getTime() > at.getTime();

const holdOf = (
  row: { heldByStaffId: number | null; heldBy: string | null; heldUntil: Date | null },
  at: Date,
  actor: Actor,
): KycHold | null => {
  if (row.heldByStaffId === null || row.heldUntil === null || !isHeld(row, at)) return null;
  return {
    StaffID: row.heldByStaffId,
    Username: row.heldBy ?? '',
    // No column keeps when a hold began: a hold lasts KYC_HOLD_MS from its last claim or refresh.
    Since: new Date(row.heldUntil.getTime() - KYC_HOLD_MS).toISOString(),
    Until: row.heldUntil.toISOString(),
    IsMine: row.heldByStaffId === actor.staffId,
  };
};

/**
 * KYC Users (SPEC §2.1): the queue and the full list, a case with its identity, files and trail, holds so two
 * officers do not work one case, and decisions, each audited on the case and on the merchant and announced
 * on the kyc feed in the same transaction.
 */
export function createKycService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  const announce = (
    tx: DbOrTx,
    kind: 'decided' | 'held' | 'released',
    row: { id: number; merchantId: number; status: KycStatus },
    hold: { username: string; until: Date } | null,
  ) =>
    publishBusEvent(tx, {
      type: 'kyc',
      kind,
      submissionId: row.id,
      merchantId: row.merchantId,
      status: row.status,
      heldBy: hold?.username ?? null,
      heldUntil: hold?.until.getTime() ?? null,
    });

  const caseOf = async (id: number, actor: Actor): Promise<KycCase> => {
    const row = await findKycCase(db, id);
    if (!row) throw noCase();
    const [documents, trail] = await Promise.all([
      listKycDocumentInfos(db, id),
      listAudit(db, [AUDIT_ENTITY], String(id)),
    ]);
    const decision = row.status === 'pending' ? undefined : decisionOf(row.status);
    return {
      ID: row.id,
      Status: row.status,
      Level: row.level,
      SubmittedOn: row.submittedOn.toISOString(),
      LastUpdatedOn: row.lastUpdatedOn.toISOString(),
      Identity: identityOf(row.identity),
      Documents: documents.map((d) => ({
        ID: d.id,
        Type: d.type,
        FileName: d.fileName,
        Mime: d.mime,
        UploadedOn: d.uploadedOn.toISOString(),
      })),
      Merchant: {
        ID: row.merchantId,
        ShopTitle: row.shopTitle,
        Email: row.email,
        Country: row.country,
        KYCStatus: row.merchantKycStatus,
      },
      Decision: decision
        ? {
            Decision: decision,
            By: row.decidedBy,
            On: row.decidedOn?.toISOString() ?? null,
            Reason: row.decisionReason,
          }
        : null,
      Hold: holdOf(row, deps.now(), actor),
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

  /** The locked case, or 404. */
  const locked = async (tx: DbOrTx, id: number): Promise<LockedSubmission> => {
    const row = await lockSubmission(tx, id);
    if (!row) throw noCase();
    return row;
  };

  return {
    async queue(params: Params<'KycQueue'>): Promise<Page<KycQueueRow>> {
      const filter = { scope: params.scope, status: params.status, keyword: keywordOf(params.keyword) };
      // The queue is worked oldest first; the full list reads newest first.
      const order = params.order ?? (params.scope === 'pending' ? 'asc' : 'desc');
      const [rows, total] = await Promise.all([
        listKycQueue(db, filter, {
          sort: params.sort,
          order,
          offset: pageOffset(params),
          limit: params.limit,
          at: deps.now(),
        }),
        countKycQueue(db, filter),
      ]);
      return pageAnswer(
        params,
        total,
        rows.map((row) => ({
          ID: row.id,
          MerchantID: row.merchantId,
          ShopTitle: row.shopTitle,
          Status: row.status,
          Level: row.level,
          SubmittedOn: row.submittedOn.toISOString(),
          LastUpdatedOn: row.lastUpdatedOn.toISOString(),
          HeldBy: row.heldBy,
          HeldUntil: row.heldUntil?.toISOString() ?? null,
        })),
      );
    },

    caseOf,

    async document(id: number): Promise<KycDocument> {
      const row = await findKycDocument(db, id);
      if (!row) throw new ApiError(404, 'No KYC document with that id');
      return {
        ID: row.id,
        FileName: row.fileName,
        Mime: row.mime,
        Base64: Buffer.from(row.content).toString('base64'),
      };
    },

    async hold(params: Params<'HoldKycCase'>, actor: Actor): Promise<{ ID: number; Hold: KycHold | null }> {
      const at = deps.now();
      const hold = await db.transaction(async (tx) => {
        const row = await locked(tx, params.ID);
        const current = holdOf(row, at, actor);
        if (params.release) {
          // Only one's own hold is released; another officer's stays as it is.
          if (!current?.IsMine) return current;
          await setHold(tx, row.id, null);
          await announce(tx, 'released', row, null);
          return null;
        }
        if (current && !current.IsMine) return current;
        if (row.status !== 'pending')
          throw new ApiError(409, `Only a pending case can be held; this one is ${row.status}`);
        const until = new Date(at.getTime() + KYC_HOLD_MS);
        await setHold(tx, row.id, { staffId: actor.staffId, until });
        await announce(tx, 'held', row, { username: actor.username, until });
        return holdOf({ heldByStaffId: actor.staffId, heldBy: actor.username, heldUntil: until }, at, actor);
      });
      return { ID: params.ID, Hold: hold };
    },

    async decide(params: Params<'DecideKyc'>, actor: Actor): Promise<KycCase> {
      const merchantId = await merchantOfSubmission(db, params.ID);
      if (merchantId === undefined) throw noCase();
      const at = deps.now();
      const status = KYC_DECISION_STATUS[params.Decision];
      const reason = params.Reason || null;
      await db.transaction(async (tx) => {
        // Merchant first, then the case: the order every decision takes, so two cannot deadlock.
        const merchantBefore = await lockMerchantKycStatus(tx, merchantId);
        const row = await locked(tx, params.ID);
        if (row.status !== 'pending')
          throw new ApiError(409, `Only a pending case can be decided; this one is ${row.status}`);
        const hold = holdOf(row, at, actor);
        if (hold && !hold.IsMine)
          throw new ApiError(409, `${hold.Username} holds this case until ${hold.Until}`, { Hold: hold });
        await decideSubmission(tx, row.id, { status, staffId: actor.staffId, at, reason });
        const merchantAfter = await syncMerchantKycStatus(tx, merchantId);
        await recordChange(tx, actor, {
          action: `kyc.${params.Decision}`,
          entity: AUDIT_ENTITY,
          id: row.id,
          before: { Status: row.status },
          after: { Status: status, Reason: reason },
        });
        // The merchant's own history shows the decision too, whether or not it changed the merchant's state
        // (a decision on an older submission leaves the latest one's).
        await recordChange(tx, actor, {
          action: 'merchant.kyc',
          entity: 'merchant',
          id: merchantId,
          before: { KYCStatus: merchantBefore ?? 'none' },
          after: {
            KYCStatus: merchantAfter,
            KycSubmissionID: row.id,
            Decision: params.Decision,
            Reason: reason,
          },
        });
        await announce(tx, 'decided', { ...row, status }, null);
      });
      return caseOf(params.ID, actor);
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
