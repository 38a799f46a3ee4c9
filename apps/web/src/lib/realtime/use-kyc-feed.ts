import { kycFeedMessageSchema } from '@bo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '../api/query-keys';
import { type LiveState, useLiveSocket } from './live-socket';

const parse = (text: string) => {
  try {
    const parsed = kycFeedMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** Everything that shows a KYC case: the dashboard's Pending KYC box, the queue and the open case. */
const KYC_VIEWS = [
  queryKey('admin', 'LatestKYC').slice(0, 2),
  queryKey('admin', 'KycQueue').slice(0, 2),
  queryKey('admin', 'KycCase').slice(0, 2),
];

/**
 * The kyc socket (kyc-commander only): a case decided, held or released by any officer on any instance
 * reads the KYC views again, so the queue, an open case's holder and the dashboard box stay true without a
 * reload. A `reset` (more missed than the server replays) reads them again too.
 */
export function useKycFeed(enabled: boolean): LiveState {
  const client = useQueryClient();
  return useLiveSocket(
    'kyc',
    (text) => {
      const message = parse(text);
      if (!message || message.type === 'sync') return;
      for (const key of KYC_VIEWS) void client.invalidateQueries({ queryKey: key });
    },
    enabled,
    (text) => parse(text)?.seq ?? null,
  );
}
