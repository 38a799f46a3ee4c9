import {
  type ADMIN_CALLS,
  PAYOUT_CANCELLABLE_STATES,
  PAYOUT_COUNT_CAP,
  PAYOUT_STATE_LABELS,
  PAYOUT_STATES,
  type PayoutBulkResult,
  type PayoutDetail,
  type PayoutEventKind,
  type PayoutRow,
  type PayoutState,
  type PayoutSummary,
} from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { payouts } from '../../db/schema';
import { pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { listAudit } from '../audit/audit.repository';
import { type Actor, type Claimant, recordChange } from '../audit/audit.service';
import { checkStepUp } from '../auth/step-up';
import { activePayoutHold, HELD_PAYOUT_SCHEMAS, heldPayoutMessage } from '../merchant-accounts/payout-holds';
import { findMerchant } from '../merchants/merchants.repository';
import { editableOf } from '../merchants/merchants.service';
import { publishBusEvent } from '../realtime/realtime.bus';
import type { PayoutRail } from './payout-rail';
import { paysToOf } from './payout-schemas.service';
import {
  coinExists,
  countPayouts,
  eurValueOf,
  findPayout,
  insertPayout,
  keptDayTotals,
  keptTotals,
  keptTotalsFor,
  listPayouts,
  movePayout,
  type PayoutFilter,
  type PayoutRowData,
  payoutsInState,
  sumPayouts,
} from './payouts.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const PAYOUT_AUDIT_ENTITY = 'payout';
const DAY_MS = 86_400_000;

/** What the platform and the payout rail appear as in the audit log (they are no staff member). */
export const PLATFORM_ACTOR: Claimant = { staffId: null, username: 'platform', ip: '127.0.0.1' };
export const RAIL_ACTOR: Claimant = { staffId: null, username: 'payout-rail', ip: '127.0.0.1' };

export const PAYOUT_MESSAGES = {
  notFound: 'No payout with that id',
  ownRequest:
    'You requested this payout: another staff member must approve it (four-eyes). Ask a colleague to approve it.',
  noTotp:
    'Approving a payout needs an authenticator app (TOTP) on your account, and yours has none: ask an administrator to enrol one.',
  wrongCode: 'That authenticator code is not right: type the 6-digit code your app shows now',
  reusedCode:
    'That authenticator code was already used: wait for the next code your app shows, then try again',
  merchantDisabled:
    'Payouts are disabled for this merchant (DisablePayout): enable them on Payout Schemas first',
  noDestination: "The merchant's payout schema pays nowhere yet: type where to pay",
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const when = (d: Date | null) => (d ? ` on ${d.toISOString().replace('T', ' ').slice(0, 16)} UTC` : '');

/** What became of a payout, as a refusal tells it: who moved it and when. */
export function whatBecameOf(row: PayoutRowData): string {
  switch (row.state) {
    case 'awaiting-approval':
      return 'This payout is awaiting approval: it can be sent once a second staff member approves it';
    case 'approved':
      return `This payout was already approved${row.approvedBy ? ` by ${row.approvedBy}` : ''}${when(row.approvedOn)}`;
    case 'sent':
      return `This payout was already sent${row.railReference ? ` (${row.railReference})` : ''}${when(row.sentOn)}`;
    case 'completed':
      return `This payout was already completed${when(row.completedOn)}`;
    case 'cancelled':
      return `This payout was cancelled${row.cancelledBy ? ` by ${row.cancelledBy}` : ''}${when(row.cancelledOn)}${row.cancelReason ? `: ${row.cancelReason}` : ''}`;
    case 'failed':
      return `This payout failed${when(row.failedOn)}${row.failureReason ? `: ${row.failureReason}` : ''}`;
  }
}

const conflict = (row: PayoutRowData) =>
  new ApiError(409, whatBecameOf(row), { ID: row.id, State: row.state });

export const rowOf = (r: PayoutRowData): PayoutRow => ({
  ID: r.id,
  State: r.state,
  MerchantID: r.merchantId,
  ShopTitle: r.shopTitle,
  AltCoinID: r.altCoinId,
  Coin: r.coin,
  Amount: r.amount,
  EurValue: r.eurValue,
  Destination: r.destination,
  PayoutSchema: r.payoutSchema,
  NeedsSecondApproval: r.needsSecondApproval,
  Source: r.source,
  RequestedBy: r.requestedBy,
  RequestedOn: r.requestedOn.toISOString(),
  ApprovedBy: r.approvedBy,
  ApprovedOn: iso(r.approvedOn),
  SentOn: iso(r.sentOn),
  RailReference: r.railReference,
  CompletedOn: iso(r.completedOn),
  FailedOn: iso(r.failedOn),
  FailureReason: r.failureReason,
  CancelledOn: iso(r.cancelledOn),
  Note: r.note,
});

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

function filterOf(params: {
  coin?: number | undefined;
  merchantId?: number | undefined;
  minEur?: string | undefined;
  maxEur?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}): PayoutFilter {
  return {
    coin: params.coin,
    merchantId: params.merchantId,
    minEur: params.minEur,
    maxEur: params.maxEur,
    from: params.from ? new Date(`${params.from}T00:00:00Z`) : undefined,
    to: params.to ? new Date(Date.parse(`${params.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

/** Announces a payout's move to every instance's payouts feed, in the mover's transaction. */
const announce = (tx: DbOrTx, kind: PayoutEventKind, payoutId: number, state: PayoutState) =>
  publishBusEvent(tx, { type: 'payout', kind, payoutId, state });

export interface PayoutServiceDeps {
  db: Db;
  now: () => Date;
  rail: PayoutRail;
  /** PAYOUT_FOUR_EYES_EUR. */
  fourEyesEur: string;
}

/**
 * Pending Payouts (ADR 0016): the tabs, the four-eyes request and approval with a TOTP step-up, the send
 * through the payout rail, cancellation, and the runner's settling. Every move is a conditional UPDATE
 * (movePayout) with its audit entry and live event in the same transaction.
 */
export function createPayoutService(deps: PayoutServiceDeps) {
  const { db, now, rail } = deps;

  const load = async (id: number, tx: DbOrTx = db) => {
    const row = await findPayout(tx, id);
    if (!row) throw new ApiError(404, PAYOUT_MESSAGES.notFound);
    return row;
  };

  const detail = async (id: number): Promise<PayoutDetail> => {
    const row = await load(id);
    const trail = await listAudit(db, [PAYOUT_AUDIT_ENTITY], String(id));
    return {
      ...rowOf(row),
      CancelledBy: row.cancelledBy,
      CancelReason: row.cancelReason,
      History: trail.map((entry) => ({
        ID: entry.id,
        At: entry.at.toISOString(),
        Actor: entry.actorUsername,
        Action: entry.action,
        Before: asRecord(entry.before),
        After: asRecord(entry.after),
      })),
    };
  };

  /** The step-up: the approver's current TOTP code, taken once (payouts take no password instead). */
  const stepUp = (actor: Actor, code: string) =>
    checkStepUp(db, actor.staffId, { Code: code }, now(), PAYOUT_MESSAGES);

  /** Approves one payout after the step-up; throws the refusal (409) with what became of it. */
  const approveOne = async (id: number, actor: Actor) => {
    const at = now();
    await db.transaction(async (tx) => {
      const moved = await movePayout(
        tx,
        id,
        ['awaiting-approval'],
        { state: 'approved', approvedByStaffId: actor.staffId, approvedOn: at, updatedOn: at },
        // Four-eyes in the condition itself, not only in the check before it.
        sql`${payouts.requestedByStaffId} is distinct from ${actor.staffId}`,
      );
      const row = await load(id, tx);
      if (!moved) {
        if (row.state === 'awaiting-approval' && row.requestedByStaffId === actor.staffId)
          throw new ApiError(409, PAYOUT_MESSAGES.ownRequest, { ID: id, State: row.state });
        throw conflict(row);
      }
      await recordChange(tx, actor, {
        action: 'payout.approve',
        entity: PAYOUT_AUDIT_ENTITY,
        id,
        before: { State: 'awaiting-approval' },
        after: { State: 'approved', EurValue: row.eurValue, RequestedBy: row.requestedBy ?? 'platform' },
      });
      await announce(tx, 'approved', id, 'approved');
    });
  };

  /** The checks an approval can fail before the code is spent: gone, moved on, or the approver's own. */
  const refusalBeforeStepUp = (row: PayoutRowData, actor: Actor): ApiError | null => {
    if (row.state !== 'awaiting-approval') return conflict(row);
    if (row.requestedByStaffId === actor.staffId)
      return new ApiError(409, PAYOUT_MESSAGES.ownRequest, { ID: row.id, State: row.state });
    return null;
  };

  const cancelOne = async (id: number, reason: string, actor: Actor) => {
    const at = now();
    await db.transaction(async (tx) => {
      const before = await load(id, tx);
      const moved = await movePayout(tx, id, PAYOUT_CANCELLABLE_STATES, {
        state: 'cancelled',
        cancelledByStaffId: actor.staffId,
        cancelledOn: at,
        cancelReason: reason,
        updatedOn: at,
      });
      if (!moved) throw conflict(await load(id, tx));
      await recordChange(tx, actor, {
        action: 'payout.cancel',
        entity: PAYOUT_AUDIT_ENTITY,
        id,
        before: { State: before.state },
        after: { State: 'cancelled', Reason: reason },
      });
      await announce(tx, 'cancelled', id, 'cancelled');
    });
  };

  /**
   * Sends an approved payout: the move to sent and the rail's transfer in one transaction, the payout's id
   * the rail's idempotency key. A second sender waits for the first's row lock and is refused (409); a rail
   * that fails rolls the move back, so the payout stays approved and is tried again.
   */
  const send = async (id: number, actor: Actor | Claimant) => {
    const at = now();
    await db.transaction(async (tx) => {
      const moved = await movePayout(tx, id, ['approved'], { state: 'sent', sentOn: at, updatedOn: at });
      const row = await load(id, tx);
      if (!moved) throw conflict(row);
      // New bank details hold bank payouts (ADR 0033): the 409 rolls the move back, so the payout stays
      // approved and the runner sends it once the hold has passed.
      if ((HELD_PAYOUT_SCHEMAS as readonly string[]).includes(row.payoutSchema)) {
        const hold = await activePayoutHold(tx, row.merchantId, at);
        if (hold)
          throw new ApiError(409, heldPayoutMessage(hold.heldUntil, hold.reason), {
            ID: id,
            State: 'approved',
          });
      }
      let reference: string;
      try {
        ({ reference } = await rail.send({
          id,
          destination: row.destination,
          coin: row.coin,
          amount: row.amount,
        }));
      } catch (error) {
        throw new ApiError(
          502,
          `The payout rail did not take the payout (${error instanceof Error ? error.message : 'no answer'}): it stays approved`,
        );
      }
      await tx.update(payouts).set({ railReference: reference }).where(sql`${payouts.id} = ${id}`);
      await recordChange(tx, actor, {
        action: 'payout.send',
        entity: PAYOUT_AUDIT_ENTITY,
        id,
        before: { State: 'approved' },
        after: { State: 'sent', RailReference: reference },
      });
      await announce(tx, 'sent', id, 'sent');
    });
  };

  /** A request by a staff member or by the platform; answers the new payout's id. */
  const request = async (
    input: {
      merchantId: number;
      altCoinId: number;
      amount: string;
      destination?: string | undefined;
      note?: string | undefined;
    },
    actor: Actor | Claimant,
  ): Promise<number> => {
    const merchant = await findMerchant(db, input.merchantId);
    if (!merchant) throw new ApiError(404, 'No merchant with that id');
    if (merchant.disablePayout) throw new ApiError(409, PAYOUT_MESSAGES.merchantDisabled);
    if (!(await coinExists(db, input.altCoinId))) throw badRequest('No coin with that id');
    const editable = editableOf(merchant);
    const excluded = Array.isArray(editable.PayoutExcludes) ? (editable.PayoutExcludes as number[]) : [];
    const value = await eurValueOf(db, input.altCoinId, input.amount);
    if (!value) throw new ApiError(409, 'This coin has no EUR rate yet: its payout value cannot be checked');
    if (excluded.includes(input.altCoinId))
      throw new ApiError(409, `This merchant excludes ${value.coin} from payouts (payout excludes)`);
    const destination = input.destination ?? paysToOf(editable, merchant.payoutSchema);
    if (!destination) throw badRequest(PAYOUT_MESSAGES.noDestination);
    const needsSecond = Number(value.eur) > Number(deps.fourEyesEur);
    const at = now();
    const byStaff = actor.staffId !== null;
    return db.transaction(async (tx) => {
      const id = await insertPayout(tx, {
        merchantId: input.merchantId,
        altCoinId: input.altCoinId,
        amount: input.amount,
        eurValue: value.eur,
        destination,
        payoutSchema: merchant.payoutSchema,
        state: needsSecond ? 'awaiting-approval' : 'approved',
        needsSecondApproval: needsSecond,
        source: byStaff ? 'staff' : 'platform',
        requestedByStaffId: actor.staffId,
        requestedOn: at,
        note: input.note ?? null,
        // At or under the four-eyes amount the request is its own approval: one person's action.
        approvedByStaffId: needsSecond ? null : actor.staffId,
        approvedOn: needsSecond ? null : at,
        updatedOn: at,
      });
      await recordChange(tx, actor, {
        action: 'payout.request',
        entity: PAYOUT_AUDIT_ENTITY,
        id,
        after: {
          State: needsSecond ? 'awaiting-approval' : 'approved',
          MerchantID: input.merchantId,
          Coin: value.coin,
          Amount: input.amount,
          EurValue: value.eur,
          Destination: destination,
          FourEyes: needsSecond
            ? `above ${deps.fourEyesEur} EUR: a second staff member approves it`
            : `at or under ${deps.fourEyesEur} EUR: approved on request`,
        },
      });
      await announce(tx, 'requested', id, needsSecond ? 'awaiting-approval' : 'approved');
      return id;
    });
  };

  const bulk = async (
    ids: readonly number[],
    each: (id: number) => Promise<void>,
  ): Promise<PayoutBulkResult> => {
    const results: PayoutBulkResult['Results'] = [];
    for (const id of ids) {
      try {
        await each(id);
        results.push({ ID: id, Done: true, State: (await findPayout(db, id))?.state ?? null, Message: null });
      } catch (error) {
        if (!(error instanceof ApiError) || error.httpStatus >= 500) throw error;
        results.push({
          ID: id,
          Done: false,
          State: (await findPayout(db, id))?.state ?? null,
          Message: error.message,
        });
      }
    }
    return { Results: results };
  };

  return {
    detail,
    send,
    request,

    async list(params: Params<'ListPayouts'>) {
      const filter = filterOf(params);
      const [rows, n] = await Promise.all([
        listPayouts(db, params.state, filter, {
          sort: params.sort,
          order: params.order,
          offset: pageOffset(params),
          limit: params.limit,
        }),
        countPayouts(db, params.state, filter, PAYOUT_COUNT_CAP),
      ]);
      return {
        records: rows.map(rowOf),
        meta: {
          total: Math.min(n, PAYOUT_COUNT_CAP),
          offset: pageOffset(params),
          limit: params.limit,
          page: params.page,
          isCapped: n > PAYOUT_COUNT_CAP,
        },
      };
    },

    /**
     * The tabs' counts and the shown tab's totals per coin. Unnarrowed, or narrowed to a coin and whole days,
     * both come from the kept totals, exact; narrowed to a merchant or an amount range, each tab is counted
     * up to the cap and the tab summed from its rows.
     */
    async summary(params: Params<'PayoutSummary'>): Promise<PayoutSummary> {
      const filter = filterOf(params);
      const kept = keptTotalsFor(filter);
      if (kept) {
        const totals = kept === 'all' ? await keptTotals(db, filter.coin) : await keptDayTotals(db, filter);
        return {
          Counts: PAYOUT_STATES.map((state) => ({
            State: state,
            Count: totals.filter((k) => k.state === state).reduce((sum, k) => sum + Number(k.n), 0),
            IsCapped: false,
          })),
          Totals: totals
            .filter((k) => k.state === params.state)
            .map((k) => ({
              AltCoinID: k.altCoinId,
              Coin: k.coin,
              Count: Number(k.n),
              Amount: k.amount,
              EurValue: k.eurValue,
            })),
          FourEyesEur: deps.fourEyesEur,
        };
      }
      const [counts, totals] = await Promise.all([
        Promise.all(PAYOUT_STATES.map((state) => countPayouts(db, state, filter, PAYOUT_COUNT_CAP))),
        sumPayouts(db, params.state, filter),
      ]);
      return {
        Counts: PAYOUT_STATES.map((state, i) => ({
          State: state,
          Count: Math.min(counts[i] ?? 0, PAYOUT_COUNT_CAP),
          IsCapped: (counts[i] ?? 0) > PAYOUT_COUNT_CAP,
        })),
        Totals: totals.map((k) => ({
          AltCoinID: k.altCoinId,
          Coin: k.coin,
          Count: k.n,
          Amount: k.amount,
          EurValue: k.eurValue,
        })),
        FourEyesEur: deps.fourEyesEur,
      };
    },

    /** The platform's payout run (the feed, the simulator): the same rules, audited as `platform`. */
    async requestByPlatform(input: {
      merchantId: number;
      altCoinId: number;
      amount: string;
      destination?: string | undefined;
    }): Promise<{ id: number; state: PayoutState }> {
      const id = await request(input, PLATFORM_ACTOR);
      return { id, state: (await load(id)).state };
    },

    async requestByStaff(params: Params<'RequestPayout'>, actor: Actor): Promise<PayoutDetail> {
      const id = await request(
        {
          merchantId: params.MerchantID,
          altCoinId: params.AltCoinID,
          amount: params.Amount,
          destination: params.Destination,
          note: params.Note,
        },
        actor,
      );
      return detail(id);
    },

    async approve(params: Params<'ApprovePayout'>, actor: Actor): Promise<PayoutDetail> {
      const refusal = refusalBeforeStepUp(await load(params.ID), actor);
      if (refusal) throw refusal;
      await stepUp(actor, params.Code);
      await approveOne(params.ID, actor);
      return detail(params.ID);
    },

    /** One step-up for the selection; each payout then moves or is answered with why not. */
    async bulkApprove(params: Params<'BulkApprovePayouts'>, actor: Actor): Promise<PayoutBulkResult> {
      await stepUp(actor, params.Code);
      return bulk(params.IDs, async (id) => {
        const row = await findPayout(db, id);
        if (!row) throw new ApiError(404, PAYOUT_MESSAGES.notFound);
        const refusal = refusalBeforeStepUp(row, actor);
        if (refusal) throw refusal;
        await approveOne(id, actor);
      });
    },

    async sendNow(params: Params<'SendPayout'>, actor: Actor): Promise<PayoutDetail> {
      await load(params.ID);
      await send(params.ID, actor);
      return detail(params.ID);
    },

    async cancel(params: Params<'CancelPayout'>, actor: Actor): Promise<PayoutDetail> {
      await load(params.ID);
      await cancelOne(params.ID, params.Reason, actor);
      return detail(params.ID);
    },

    async bulkCancel(params: Params<'BulkCancelPayouts'>, actor: Actor): Promise<PayoutBulkResult> {
      return bulk(params.IDs, async (id) => {
        await load(id);
        await cancelOne(id, params.Reason, actor);
      });
    },

    /**
     * One step of the rail's runner: approved payouts at least `sendAfterMs` old are sent; sent ones are
     * asked how they ended and moved to completed or failed. Each move is conditional, so two runners (two
     * instances) never move a payout twice; the loser's 409 is expected and skipped.
     */
    async runRail(options: {
      sendAfterMs: number;
      limit: number;
    }): Promise<{ sent: number; settled: number }> {
      const at = now();
      let sent = 0;
      let settled = 0;
      for (const row of await payoutsInState(
        db,
        'approved',
        new Date(at.getTime() - options.sendAfterMs),
        options.limit,
      )) {
        try {
          await send(row.id, RAIL_ACTOR);
          sent++;
        } catch (error) {
          if (!(error instanceof ApiError && error.httpStatus === 409)) throw error;
        }
      }
      for (const row of await payoutsInState(db, 'sent', at, options.limit)) {
        if (!row.railReference || !row.sentOn) continue;
        const outcome = await rail.status(row.railReference, row.sentOn, at);
        if (outcome.state === 'pending') continue;
        await db.transaction(async (tx) => {
          const moved = await movePayout(
            tx,
            row.id,
            ['sent'],
            outcome.state === 'completed'
              ? { state: 'completed', completedOn: at, updatedOn: at }
              : { state: 'failed', failedOn: at, failureReason: outcome.reason, updatedOn: at },
          );
          if (!moved) return;
          await recordChange(tx, RAIL_ACTOR, {
            action: outcome.state === 'completed' ? 'payout.complete' : 'payout.fail',
            entity: PAYOUT_AUDIT_ENTITY,
            id: row.id,
            before: { State: 'sent' },
            after:
              outcome.state === 'completed'
                ? { State: 'completed' }
                : { State: 'failed', Reason: outcome.reason },
          });
          await announce(tx, outcome.state, row.id, outcome.state);
          settled++;
        });
      }
      return { sent, settled };
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;

/** The label of a state, for messages. */
export const stateLabel = (state: PayoutState) => PAYOUT_STATE_LABELS[state];
