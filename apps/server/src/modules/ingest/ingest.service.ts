import { randomBytes } from 'node:crypto';
import {
  formatTransactionRef,
  type NotificationKind,
  notificationMessage,
  parseTransactionRef,
  type TransactionPrefix,
  validateChatMessage,
} from '@bo/contract';
import type { Db } from '../../db/database';
import { createConfigReader } from '../config/config-reader';
import { claimVTokenOfTransaction } from '../vtokens/vtokens.service';
import {
  altCoinExists,
  type ChatMessageRow,
  type FailureCauseRow,
  findTransaction,
  insertChatMessage,
  insertFailureCause,
  merchantExists,
  type NotificationRow,
  prepareChangeTransaction,
  prepareCreateTransaction,
  type RateRow,
  type TransactionChange,
  type TransactionChangeKind,
  type TransactionRow,
  upsertRate,
} from './ingest.repository';

export type { ChatMessageRow, FailureCauseRow, NotificationRow, RateRow, TransactionRow };

/** The platform's fee on a completed payout, in percent of its EUR value. */
export const PAYOUT_FEE_PERCENT = '0.25';
const MAX_CHAT_LENGTH = 4000;

export type TransactionEventKind =
  | 'waiting'
  | 'paid'
  | 'underpaid'
  | 'expired'
  | 'payout-pending'
  | 'payout-completed'
  | 'payout-cancelled';

/** What happened on the platform, after it is committed; realtime fan-out listens to these. */
export type IngestEvent =
  | {
      type: 'transaction';
      kind: TransactionEventKind;
      /** 'T000123456': prefix plus the 9-digit padded id. */
      ref: string;
      transaction: TransactionRow;
      /** The PAID / EXPIRED / PAYOUT notification written with the change, if any. */
      notification: NotificationRow | null;
    }
  | { type: 'failure'; failure: FailureCauseRow }
  | { type: 'chat'; message: ChatMessageRow }
  | { type: 'rate'; rate: RateRow };

export interface IngestLogger {
  error(obj: unknown, msg?: string): void;
}

export interface IngestOptions {
  now: () => Date;
  /** Called after each change is committed; a failing listener is logged and does not undo the change. */
  onEvent?: (event: IngestEvent) => void | Promise<void>;
  logger?: IngestLogger;
}

export type IngestErrorCode = 'invalid_input' | 'not_found' | 'invalid_state';

export class IngestError extends Error {
  override readonly name = 'IngestError';
  constructor(
    readonly code: IngestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface TransactionDetailsInput {
  merchantId: number;
  altCoinId: number;
  /** What the customer was asked for, in `inputCurrency`, as a decimal string. */
  originalAmount: string;
  /** Short name of a fiat coin (vFiat 1) with a rate: 'EUR', 'USD', 'GBP'… */
  inputCurrency: string;
  coinAddress: string;
  /** The amount in the coin; computed from the current rates when absent. */
  amount?: string;
  /** The security key; a random one when absent. */
  security?: string;
  externalProvider?: string | null;
  customerReference?: string | null;
  email?: string | null;
}

export interface WaitingTransactionInput extends TransactionDetailsInput {
  transactionType: string;
  confirmUrl?: string | null;
  failUrl?: string | null;
  invoiceCc?: string | null;
  tag?: string | null;
  xchangeId?: number | null;
  masterTransactionId?: number | null;
}

export interface PayoutInput extends TransactionDetailsInput {
  /** Defaults to 'Payout'. */
  transactionType?: string;
}

export interface FailureInput {
  altCoinId: number;
  failure: string;
  address: string;
  notes?: string | null;
  sticky?: boolean;
}

export interface IngestService {
  createWaitingTransaction(input: WaitingTransactionInput): Promise<TransactionRow>;
  markPaid(ref: string, options?: { underpaid?: boolean }): Promise<TransactionRow>;
  markExpired(ref: string): Promise<TransactionRow>;
  createPayout(input: PayoutInput): Promise<TransactionRow>;
  completePayout(ref: string): Promise<TransactionRow>;
  cancelPayout(ref: string): Promise<TransactionRow>;
  recordFailure(input: FailureInput): Promise<FailureCauseRow>;
  receiveChatMessage(merchantId: number, text: string): Promise<ChatMessageRow>;
  updateRate(altCoinId: number, eur: string): Promise<RateRow>;
  /** A vToken sale: a payment settled at once whose voucher the database makes with it (ADR 0018). */
  createVToken(input: TransactionDetailsInput): Promise<TransactionRow>;
  /** The holder redeemed the vToken of a sale; refused unless that vToken is still active. */
  claimVToken(ref: string, holder: string): Promise<void>;
}

const AMOUNT = /^\d{1,22}(\.\d{1,8})?$/;
const RATE = /^\d{1,18}(\.\d{1,12})?$/;
const isPositive = (value: string) => /[1-9]/.test(value);

function requireAmount(value: string, field: string): void {
  if (!AMOUNT.test(value) || !isPositive(value)) {
    throw new IngestError('invalid_input', `${field} must be a positive decimal with at most 8 decimals`);
  }
}

function requireText(value: string, field: string): string {
  const text = value.trim();
  if (text === '') throw new IngestError('invalid_input', `${field} is required`);
  return text;
}

function requireRef(ref: string, prefix: TransactionPrefix): number {
  const parsed = parseTransactionRef(ref);
  if (!parsed || parsed.prefix !== prefix) {
    throw new IngestError(
      'invalid_input',
      `${ref} is not a ${prefix === 'T' ? 'transaction' : 'payout'} reference`,
    );
  }
  return parsed.id;
}

/** The one path by which platform events enter the database (DESIGN §4): the simulator now, a real feed later. */
export function createIngestService(db: Db, options: IngestOptions): IngestService {
  const config = createConfigReader(db);
  const emit = async (event: IngestEvent): Promise<void> => {
    if (!options.onEvent) return;
    try {
      await options.onEvent(event);
    } catch (error) {
      options.logger?.error({ err: error, event: event.type }, 'ingest event listener failed');
    }
  };

  const transactionEvent = async (
    kind: TransactionEventKind,
    transaction: TransactionRow,
    notification: NotificationRow | null,
  ): Promise<TransactionRow> => {
    await emit({
      type: 'transaction',
      kind,
      ref: formatTransactionRef(transaction.prefix, transaction.transactionId),
      transaction,
      notification,
    });
    return transaction;
  };

  // The platform feed's writes are prepared once: each event is one statement (ADR 0011).
  const inserts = { T: prepareCreateTransaction(db, 'T'), P: prepareCreateTransaction(db, 'P') };
  /** A status change: the statuses it applies to, and its statement. */
  const transition = (kind: TransactionChangeKind, prefix: TransactionPrefix, from: readonly string[]) => ({
    prefix,
    from,
    apply: prepareChangeTransaction(db, kind, prefix, from),
  });
  const changes = {
    // A payment can arrive after its window closed; the platform still credits it.
    paid: transition('paid', 'T', ['waiting', 'expired']),
    expired: transition('expired', 'T', ['waiting']),
    payoutCompleted: transition('payout-completed', 'P', ['payout-pending']),
    payoutCancelled: transition('payout-cancelled', 'P', ['payout-pending']),
  };

  const create = async (
    prefix: TransactionPrefix,
    input: TransactionDetailsInput,
    extra: {
      status: string;
      transactionType: string;
      confirmUrl?: string | null;
      failUrl?: string | null;
      invoiceCc?: string | null;
      tag?: string | null;
      xchangeId?: number | null;
      masterTransactionId?: number | null;
    },
  ): Promise<TransactionRow> => {
    requireAmount(input.originalAmount, 'originalAmount');
    if (input.amount !== undefined) requireAmount(input.amount, 'amount');
    const coinAddress = requireText(input.coinAddress, 'coinAddress');
    const transactionType = requireText(extra.transactionType, 'transactionType');
    const at = options.now();
    // The merchant check, the quote and the insert are one statement: the platform feed is the hottest
    // write path, and each round trip more costs the server and PostgreSQL per event (ADR 0011).
    const result = await inserts[prefix]({
      merchantId: input.merchantId,
      altCoinId: input.altCoinId,
      originalAmount: input.originalAmount,
      inputCurrency: input.inputCurrency,
      amount: input.amount ?? null,
      status: extra.status,
      transactionType,
      externalProvider: input.externalProvider ?? null,
      createdOn: at,
      security: input.security ?? randomBytes(16).toString('hex'),
      customerReference: input.customerReference ?? null,
      coinAddress,
      xchangeId: extra.xchangeId ?? null,
      masterTransactionId: extra.masterTransactionId ?? null,
      email: input.email ?? null,
      confirmUrl: extra.confirmUrl ?? null,
      failUrl: extra.failUrl ?? null,
      invoiceCc: extra.invoiceCc ?? null,
      tag: extra.tag ?? null,
    });
    if (result.kind === 'no-merchant') {
      throw new IngestError('not_found', `merchant ${input.merchantId} not found`);
    }
    if (result.kind === 'no-rate') {
      throw new IngestError('invalid_input', `no rate for ${input.inputCurrency} or coin ${input.altCoinId}`);
    }
    return result.row;
  };

  const change = async (
    { prefix, from, apply }: ReturnType<typeof transition>,
    ref: string,
    build: (at: Date, id: number) => TransactionChange,
  ): Promise<{ row: TransactionRow; note: NotificationRow | null }> => {
    const id = requireRef(ref, prefix);
    const changed = await apply(id, build(options.now(), id));
    if (changed) return changed;
    // Only a refused change reads the row again, to say why.
    const current = await findTransaction(db, prefix, id);
    if (!current) throw new IngestError('not_found', `${ref} not found`);
    throw new IngestError('invalid_state', `${ref} is ${current.status}, expected ${from.join(' or ')}`);
  };

  /** The notification a change writes: its kind and the message of SPEC's notification feed. */
  const note = (kind: NotificationKind, prefix: TransactionPrefix, id: number) => ({
    kind,
    message: notificationMessage(kind, prefix, id),
  });

  return {
    async createWaitingTransaction(input) {
      const row = await create('T', input, {
        status: 'waiting',
        transactionType: input.transactionType,
        confirmUrl: input.confirmUrl,
        failUrl: input.failUrl,
        invoiceCc: input.invoiceCc,
        tag: input.tag,
        xchangeId: input.xchangeId,
        masterTransactionId: input.masterTransactionId,
      });
      return transactionEvent('waiting', row, null);
    },

    async markPaid(ref, paidOptions = {}) {
      const underpaid = paidOptions.underpaid === true;
      const { defaultFeePct } = await config.admin();
      const changed = await change(changes.paid, ref, (at, id) => ({
        defaultFeePercent: defaultFeePct,
        status: underpaid ? 'underpaid' : 'paid',
        underpaid,
        at,
        notification: note('PAID', 'T', id),
      }));
      return transactionEvent(underpaid ? 'underpaid' : 'paid', changed.row, changed.note);
    },

    async markExpired(ref) {
      const changed = await change(changes.expired, ref, (at, id) => ({
        status: 'expired',
        at,
        notification: note('EXPIRED', 'T', id),
      }));
      return transactionEvent('expired', changed.row, changed.note);
    },

    async createPayout(input) {
      const row = await create('P', input, {
        status: 'payout-pending',
        transactionType: input.transactionType ?? 'Payout',
      });
      return transactionEvent('payout-pending', row, null);
    },

    async completePayout(ref) {
      const changed = await change(changes.payoutCompleted, ref, (at, id) => ({
        status: 'payout-completed',
        at,
        feePercent: PAYOUT_FEE_PERCENT,
        notification: note('PAYOUT', 'P', id),
      }));
      return transactionEvent('payout-completed', changed.row, changed.note);
    },

    async cancelPayout(ref) {
      const changed = await change(changes.payoutCancelled, ref, (at) => ({
        status: 'payout-cancelled',
        at,
        notification: null,
      }));
      return transactionEvent('payout-cancelled', changed.row, changed.note);
    },

    async recordFailure(input) {
      const failure = requireText(input.failure, 'failure');
      const address = requireText(input.address, 'address');
      const at = options.now();
      const row = await db.transaction(async (tx) => {
        if (!(await altCoinExists(tx, input.altCoinId))) {
          throw new IngestError('not_found', `alt coin ${input.altCoinId} not found`);
        }
        return insertFailureCause(tx, {
          altCoinId: input.altCoinId,
          failure,
          address,
          notes: input.notes?.trim() || null,
          sticky: input.sticky ? 1 : 0,
          createdOn: at,
          updatedOn: at,
        });
      });
      await emit({ type: 'failure', failure: row });
      return row;
    },

    async receiveChatMessage(merchantId, text) {
      const problem = validateChatMessage(text);
      if (problem) throw new IngestError('invalid_input', problem);
      const message = text.trim();
      if (message.length > MAX_CHAT_LENGTH) {
        throw new IngestError('invalid_input', `message longer than ${MAX_CHAT_LENGTH} characters`);
      }
      const at = options.now();
      const row = await db.transaction(async (tx) => {
        if (!(await merchantExists(tx, merchantId)))
          throw new IngestError('not_found', `merchant ${merchantId} not found`);
        return insertChatMessage(tx, { merchantId, staffId: null, direction: 'IN', message, createdOn: at });
      });
      await emit({ type: 'chat', message: row });
      return row;
    },

    async updateRate(altCoinId, eur) {
      if (!RATE.test(eur) || !isPositive(eur)) {
        throw new IngestError('invalid_input', 'eur must be a positive decimal with at most 12 decimals');
      }
      const at = options.now();
      const row = await db.transaction(async (tx) => {
        if (!(await altCoinExists(tx, altCoinId)))
          throw new IngestError('not_found', `alt coin ${altCoinId} not found`);
        return upsertRate(tx, altCoinId, eur, at);
      });
      await emit({ type: 'rate', rate: row });
      return row;
    },

    async createVToken(input) {
      return create('T', input, { status: 'vtoken-active', transactionType: 'vToken' });
    },

    async claimVToken(ref, holder) {
      const id = requireRef(ref, 'T');
      const who = requireText(holder, 'holder');
      const row = await findTransaction(db, 'T', id);
      if (!row) throw new IngestError('not_found', `${ref} not found`);
      const refused = await claimVTokenOfTransaction(db, row.id, { holder: who, at: options.now() });
      if (refused === 'no-vtoken') throw new IngestError('invalid_state', `${ref} is not a vToken sale`);
      if (refused) throw new IngestError('invalid_state', `the vToken of ${ref} is ${refused}`);
    },
  };
}
