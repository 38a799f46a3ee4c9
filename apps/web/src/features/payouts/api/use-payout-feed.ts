import { payoutFeedMessageSchema } from '@bo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '../../../lib/api/query-keys';
import { type LiveState, useLiveSocket } from '../../../lib/realtime/live-socket';

const parse = (text: string) => {
  try {
    const parsed = payoutFeedMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Everything that shows payouts: the tab's page, the tabs' counts and totals, an open drawer. */
const PAYOUT_VIEWS = [
  queryKey('admin', 'ListPayouts').slice(0, 2),
  queryKey('admin', 'PayoutSummary').slice(0, 2),
  queryKey('admin', 'PayoutDetail').slice(0, 2),
];

/**
 * The payouts socket (admin-commander, ADR 0016): a payout requested, approved, sent, settled or cancelled by
 * anyone on any instance (or by the rail) reads the payout views again, so rows move between the tabs
 * without a reload. A `reset` (more missed than the server replays) reads them again too.
 */
export function usePayoutFeed(enabled: boolean): LiveState {
  const client = useQueryClient();
  return useLiveSocket(
    'payouts',
    (text) => {
      const message = parse(text);
      if (!message || message.type === 'sync') return;
      for (const key of PAYOUT_VIEWS) void client.invalidateQueries({ queryKey: key });
    },
    enabled,
    (text) => parse(text)?.seq ?? null,
  );
}
