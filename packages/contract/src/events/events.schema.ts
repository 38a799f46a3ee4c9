import { z } from 'zod';
import { chatMessageSchema } from '../entities/catalog.schema';
import { transactionSchema } from '../entities/transaction.schema';

/**
 * The live feeds of SPEC §7.3, one WebSocket each. The upgrade authenticates with the session cookie and
 * checks Origin; every socket reconnects on close.
 */
export const SOCKET_PATHS = {
  notifications: '/ws/notifications',
  transactions: '/ws/transactions',
  chat: '/ws/chat',
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

/** The query parameter a reconnecting socket sends: the last event number it saw. */
export const SOCKET_AFTER_PARAM = 'after';

/** The notification kinds of SPEC §7.3. */
export const NOTIFICATION_KINDS = ['PAID', 'EXPIRED', 'PAYOUT'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
