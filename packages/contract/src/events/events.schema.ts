import { z } from 'zod';
import { transactionSchema } from '../entities/transaction.schema';

/**
 * The live feeds of SPEC §7.3, one WebSocket each. The upgrade authenticates with the session cookie and
 * checks Origin; every socket reconnects on close.
 */
export const SOCKET_PATHS = {
  notifications: '/ws/notifications',
  transactions: '/ws/transactions',
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

/** A message of the transactions socket: the row as it is now, in the list's shape. */
export const transactionEventSchema = z.object({
  type: z.literal('transaction'),
  kind: transactionEventKindSchema,
  transaction: transactionSchema,
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

/** The notification kinds of SPEC §7.3. */
export const NOTIFICATION_KINDS = ['PAID', 'EXPIRED', 'PAYOUT'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
