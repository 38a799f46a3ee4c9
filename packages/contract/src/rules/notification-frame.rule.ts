import { NOTIFICATION_KINDS, type NotificationKind } from '../events/events.schema';
import { parseTransactionRef } from './transaction-ref.rule';

/** One notification of the notifications socket (SPEC §3 Notification: message, id, date). */
export interface NotificationFrame {
  kind: NotificationKind;
  /** 'T000123456': prefix plus the 9-digit id. */
  ref: string;
  /** The notification's id: its number among all live events, so a reconnecting bell can ask from it. */
  id: number;
  /** When it happened, in epoch milliseconds (ISO dates would add colons to a colon-separated frame). */
  at: number;
}

/** The frame as sent (SPEC §7.3: four colon-separated parts), e.g. 'PAID:T000123456:42:1732350000000'. */
export const formatNotificationFrame = (frame: NotificationFrame): string =>
  `${frame.kind}:${frame.ref}:${frame.id}:${frame.at}`;

/** Reads a frame; anything that is not exactly four well-formed parts is `null` and is ignored. */
export const parseNotificationFrame = (text: string): NotificationFrame | null => {
  const parts = text.trim().split(':');
  if (parts.length !== 4) return null;
  const [kind, ref, id, at] = parts as [string, string, string, string];
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const parsedRef = parseTransactionRef(ref);
  if (!parsedRef || !/^[TP]\d+$/.test(ref)) return null;
  if (!/^\d{1,15}$/.test(id) || !/^\d{1,15}$/.test(at)) return null;
  return { kind: kind as NotificationKind, ref, id: Number(id), at: Number(at) };
};

/** The text shown for a frame (SPEC §7.3: '{id} paid successfully' and its siblings). */
export const notificationText = (frame: Pick<NotificationFrame, 'kind' | 'ref'>): string => {
  if (frame.kind === 'PAID') return `${frame.ref} paid successfully`;
  if (frame.kind === 'EXPIRED') return `${frame.ref} expired`;
  return `${frame.ref} payout completed`;
};

/**
 * The notifications socket's other lines (not notifications, so two or three parts): 'SYNC:{seq}' once a
 * connection has caught up, 'RESET:{seq}' when more was missed than is replayed.
 */
export const formatFeedControl = (kind: 'SYNC' | 'RESET', seq: number): string => `${kind}:${seq}`;

export const parseFeedControl = (text: string): { kind: 'SYNC' | 'RESET'; seq: number } | null => {
  const match = /^(SYNC|RESET):(\d{1,15})$/.exec(text.trim());
  return match ? { kind: match[1] as 'SYNC' | 'RESET', seq: Number(match[2]) } : null;
};
