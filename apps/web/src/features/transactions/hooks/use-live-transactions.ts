import { type LiveInsertFilter, type TransactionEvent, transactionFeedMessageSchema } from '@bo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { queryKey } from '../../../lib/api/query-keys';
import { useLiveSocket } from '../../../lib/realtime/live-socket';
import type { TransactionFilters } from './use-transaction-filters';

export type LiveTransactionHandler = (event: TransactionEvent) => void;

export const liveInsertFilterOf = (filters: TransactionFilters): LiveInsertFilter => ({
  end: filters.to,
  merchantId: filters.merchantId,
  statuses: filters.statuses,
  keyword: filters.keyword,
});

/**
 * The transactions socket (SPEC §7.3) for the dashboard: one connection, handed to whichever table shows
 * (server pages or Local mode). Messages that fail the contract's schema are dropped.
 */
const readMessage = (text: string) => {
  try {
    const parsed = transactionFeedMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export function useLiveTransactions(enabled: boolean) {
  const handlers = useRef(new Set<LiveTransactionHandler>());
  const client = useQueryClient();
  const state = useLiveSocket(
    'transactions',
    (text) => {
      const message = readMessage(text);
      if (!message) return;
      // More was missed than the server replays: the list is read again instead.
      if (message.type === 'reset') {
        void client.invalidateQueries({ queryKey: queryKey('admin', 'ListTransactions').slice(0, 2) });
        void client.invalidateQueries({ queryKey: queryKey('admin', 'CountTransactions').slice(0, 2) });
        return;
      }
      if (message.type !== 'transaction') return;
      for (const handler of handlers.current) handler(message);
    },
    enabled,
    (text) => readMessage(text)?.seq ?? null,
  );
  const subscribe = useCallback((handler: LiveTransactionHandler) => {
    handlers.current.add(handler);
    return () => {
      handlers.current.delete(handler);
    };
  }, []);
  return { state, subscribe };
}
