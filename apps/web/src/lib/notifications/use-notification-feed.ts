import { notificationText, parseFeedControl, parseNotificationFrame } from '@bo/contract';
import { useLiveSocket } from '../realtime/live-socket';
import { useHasPermission } from '../session/use-permission';
import { useNotificationCenter } from './notification-center.store';

/**
 * Feeds the bell from the notifications socket (SPEC §7.3) while the signed-in user may see transactions.
 * Frames that do not parse are dropped: a feed must never put unchecked text on the page.
 */
export function useNotificationFeed(): void {
  const canSee = useHasPermission('view-transactions');
  useLiveSocket(
    'notifications',
    (text) => {
      const frame = parseNotificationFrame(text);
      if (!frame) return;
      useNotificationCenter.getState().add({
        id: `n-${frame.id}`,
        message: notificationText(frame),
        date: new Date(frame.at).toISOString(),
        transactionRef: frame.ref,
      });
    },
    canSee,
    // Frames carry their event number as their id; SYNC and RESET lines carry it too.
    (text) => parseNotificationFrame(text)?.id ?? parseFeedControl(text)?.seq ?? null,
  );
}
