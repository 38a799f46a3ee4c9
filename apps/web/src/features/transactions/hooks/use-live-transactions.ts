import { type LiveInsertFilter, type TransactionEvent, transactionEventSchema } from '@bo/contract';
import { useCallback, useRef } from 'react';
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
export function useLiveTransactions(enabled: boolean) {
  const handlers = useRef(new Set<LiveTransactionHandler>());
  const state = useLiveSocket(
    'transactions',
    (text) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return;
      }
      const parsed = transactionEventSchema.safeParse(json);
      if (!parsed.success) return;
      for (const handler of handlers.current) handler(parsed.data);
    },
    enabled,
  );
  const subscribe = useCallback((handler: LiveTransactionHandler) => {
    handlers.current.add(handler);
    return () => {
      handlers.current.delete(handler);
    };
  }, []);
  return { state, subscribe };
}
