import { z } from 'zod';
import { chatMessageSchema } from '../entities/catalog.schema';
import { KYC_STATUSES } from '../entities/kyc.schema';
import { PAYOUT_STATES } from '../entities/payout.schema';
import { transactionSchema } from '../entities/transaction.schema';

/**
 * The live feeds of SPEC §7.3, one WebSocket each. The upgrade authenticates with the session cookie and
 * checks Origin; every socket reconnects on close.
 */
export const SOCKET_PATHS = {
  notifications: '/ws/notifications',
  transactions: '/ws/transactions',
  chat: '/ws/chat',
  /** KYC cases decided, held or released (our addition): the Pending KYC box and the KYC screen refresh. */
  kyc: '/ws/kyc',
  /** Payouts requested, approved, sent, completed, failed or cancelled (ADR 0016): Pending Payouts moves rows between tabs. */
  payouts: '/ws/payouts',
} as const;
export type SocketName = keyof typeof SOCKET_PATHS;

/** What happened to a transaction: 'waiting' is a new one (SPEC §4); the others change an existing row. */
export const TRANSACTION_EVENT_KINDS = [
  'waiting',
  'paid',
  'underpaid',
  'expired',
  'payout-pending',
  'payout-completed',
  'payout-cancelled',
  'status-changed',
  'log-added',
] as const;
export const transactionEventKindSchema = z.enum(TRANSACTION_EVENT_KINDS);
export type TransactionEventKind = z.infer<typeof transactionEventKindSchema>;

/**
 * A message of the transactions socket: the row as it is now, in the list's shape. `seq` numbers every
 * live event across all server instances; a browser that reconnects sends the last one it saw as `?after=`
 * and is sent what it missed.
 */
export const transactionEventSchema = z.object({
  type: z.literal('transaction'),
  seq: z.number().int().nonnegative(),
  kind: transactionEventKindSchema,
  transaction: transactionSchema,
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

/**
 * The transactions socket's messages: an event; `sync`, sent once a connection has caught up, with the
 * newest number; `reset`, when more was missed than is replayed, telling the page to load its list again.
 */
export const transactionFeedMessageSchema = z.discriminatedUnion('type', [
  transactionEventSchema,
  z.object({ type: z.literal('sync'), seq: z.number().int().nonnegative() }),
  z.object({ type: z.literal('reset'), seq: z.number().int().nonnegative() }),
]);
export type TransactionFeedMessage = z.infer<typeof transactionFeedMessageSchema>;

/**
 * A message of the chat socket: a support-chat message just written, by a merchant (IN) or by a staff
 * member (OUT), with the contact (merchant) id its conversation belongs to. Numbered like every live event.
 */
export const chatEventSchema = z.object({
  type: z.literal('chat'),
  seq: z.number().int().nonnegative(),
  contactId: z.number().int().positive(),
  message: chatMessageSchema,
});
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** The chat socket's messages: an event, or the same `sync` / `reset` controls as the transactions feed. */
export const chatFeedMessageSchema = z.discriminatedUnion('type', [
  chatEventSchema,
  z.object({ type: z.literal('sync'), seq: z.number().int().nonnegative() }),
  z.object({ type: z.literal('reset'), seq: z.number().int().nonnegative() }),
]);
export type ChatFeedMessage = z.infer<typeof chatFeedMessageSchema>;

/** What happened to a KYC case: an officer decided it, claimed (or refreshed) its hold, or released it. */
export const KYC_EVENT_KINDS = ['decided', 'held', 'released'] as const;
export type KycEventKind = (typeof KYC_EVENT_KINDS)[number];

/**
 * A message of the kyc socket: a case changed. It carries the case's state, its holder while held, and the
 * merchant; a page refreshes what shows the case (LatestKYC, KycQueue, KycCase) rather than patching it.
 */
export const kycEventSchema = z.object({
  type: z.literal('kyc'),
  seq: z.number().int().nonnegative(),
  kind: z.enum(KYC_EVENT_KINDS),
  ID: z.number().int().positive(),
  MerchantID: z.number().int().positive(),
  Status: z.enum(KYC_STATUSES),
  HeldBy: z.string().nullable(),
  HeldUntil: z.string().nullable(),
});
export type KycEvent = z.infer<typeof kycEventSchema>;

/** The kyc socket's messages: an event, or the same `sync` / `reset` controls as the other JSON feeds. */
export const kycFeedMessageSchema = z.discriminatedUnion('type', [
  kycEventSchema,
  z.object({ type: z.literal('sync'), seq: z.number().int().nonnegative() }),
  z.object({ type: z.literal('reset'), seq: z.number().int().nonnegative() }),
]);
export type KycFeedMessage = z.infer<typeof kycFeedMessageSchema>;

/** The query parameter a reconnecting socket sends: the last event number it saw. */
export const SOCKET_AFTER_PARAM = 'after';

/** The notification kinds of SPEC §7.3. */
export const NOTIFICATION_KINDS = ['PAID', 'EXPIRED', 'PAYOUT'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What happened to a payout (ADR 0016). */
export const PAYOUT_EVENT_KINDS = [
  'requested',
  'approved',
  'sent',
  'completed',
  'failed',
  'cancelled',
] as const;
export type PayoutEventKind = (typeof PAYOUT_EVENT_KINDS)[number];

/**
 * A message of the payouts socket: a payout changed state. Small and complete; a page reads again what shows
 * payouts (the tab, the counts, the open drawer) rather than patching it.
 */
export const payoutEventSchema = z.object({
  type: z.literal('payout'),
  seq: z.number().int().nonnegative(),
  kind: z.enum(PAYOUT_EVENT_KINDS),
  ID: z.number().int().positive(),
  State: z.enum(PAYOUT_STATES),
});
export type PayoutEvent = z.infer<typeof payoutEventSchema>;

export const payoutFeedMessageSchema = z.discriminatedUnion('type', [
  payoutEventSchema,
  z.object({ type: z.literal('sync'), seq: z.number().int().nonnegative() }),
  z.object({ type: z.literal('reset'), seq: z.number().int().nonnegative() }),
]);
export type PayoutFeedMessage = z.infer<typeof payoutFeedMessageSchema>;
