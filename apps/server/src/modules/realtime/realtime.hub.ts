import {
  formatNotificationFrame,
  formatTransactionRef,
  type SocketName,
  type Transaction,
  type TransactionEvent,
} from '@bo/contract';
import type { BusEvent } from './realtime.bus';

/** The part of a WebSocket the hub uses; `ws` sockets fit it, and tests can pass a fake. */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface HubClient {
  socket: HubSocket;
  channel: SocketName;
  sessionId: string;
}

export interface HubLogger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * The sockets connected to this instance and the fan-out of bus events to them. The hub reads each changed
 * row once per event, however many browsers watch it.
 */
export function createRealtimeHub(deps: {
  loadTransaction: (ref: string) => Promise<Transaction | null>;
  logger: HubLogger;
}) {
  const clients = new Set<HubClient>();

  const sendTo = (channel: SocketName, text: string) => {
    for (const client of clients) {
      if (client.channel !== channel || client.socket.readyState !== OPEN) continue;
      try {
        client.socket.send(text);
      } catch (error) {
        deps.logger.warn({ err: error }, 'realtime send failed');
      }
    }
  };

  const count = (channel: SocketName) => [...clients].filter((c) => c.channel === channel).length;

  return {
    add(client: HubClient): () => void {
      clients.add(client);
      return () => clients.delete(client);
    },

    /** Closes every socket of a session (a logout or an expiry must end its live feeds at once). */
    closeSession(sessionId: string, code = 4401, reason = 'Session ended') {
      for (const client of clients) {
        if (client.sessionId !== sessionId) continue;
        clients.delete(client);
        client.socket.close(code, reason);
      }
    },

    sessions(): Set<string> {
      return new Set([...clients].map((c) => c.sessionId));
    },

    size: () => clients.size,

    async dispatch(event: BusEvent): Promise<void> {
      const ref = formatTransactionRef(event.prefix, event.id);
      if (event.notification && count('notifications') > 0) {
        sendTo(
          'notifications',
          formatNotificationFrame({
            kind: event.notification.kind,
            ref,
            id: event.notification.id,
            at: event.notification.at,
          }),
        );
      }
      if (count('transactions') === 0) return;
      const transaction = await deps.loadTransaction(ref);
      if (!transaction) return;
      const message: TransactionEvent = { type: 'transaction', kind: event.kind, transaction };
      sendTo('transactions', JSON.stringify(message));
    },

    closeAll(code = 1001, reason = 'Server shutting down') {
      for (const client of clients) client.socket.close(code, reason);
      clients.clear();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
