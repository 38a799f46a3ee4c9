import type { TransactionPrefix } from '../entities/transaction.schema';
import type { NotificationKind } from '../events/events.schema';
import { formatTransactionRef } from './transaction-ref.rule';

/**
 * The text of a notification (SPEC §7.3: '{id} paid successfully'), with the reference as staff type it:
 * the prefix and the id padded to 9 digits, e.g. 'T000123456 paid successfully'.
 */
export function notificationMessage(
  kind: NotificationKind,
  prefix: TransactionPrefix,
  transactionId: number,
): string {
  const ref = formatTransactionRef(prefix, transactionId);
  if (kind === 'PAID') return `${ref} paid successfully`;
  if (kind === 'EXPIRED') return `${ref} expired`;
  return `${ref} payout completed`;
}
