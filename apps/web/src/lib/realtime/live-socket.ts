import { SOCKET_PATHS, type SocketName } from '@bo/contract';
import { useEffect, useRef, useState } from 'react';

/** Close code the server uses when the session behind a socket ended; reconnecting cannot help then. */
export const SESSION_ENDED_CLOSE = 4401;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export type LiveState = 'connecting' | 'open' | 'closed';

const socketUrl = (name: SocketName): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${SOCKET_PATHS[name]}`;
};

/**
 * Keeps one live feed open (SPEC §7.3: every socket reconnects on close), with a growing pause between tries
 * so a server restart is not met by a storm of reconnects. Returns the stop function.
 */
export function connectLiveSocket(
  name: SocketName,
  handlers: { onMessage: (text: string) => void; onState?: (state: LiveState) => void },
): () => void {
  let socket: WebSocket | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    handlers.onState?.('connecting');
    const next = new WebSocket(socketUrl(name));
    socket = next;
    next.onopen = () => {
      retryMs = FIRST_RETRY_MS;
      handlers.onState?.('open');
    };
    next.onmessage = (event) => {
      if (typeof event.data === 'string') handlers.onMessage(event.data);
    };
    next.onclose = (event) => {
      handlers.onState?.('closed');
      if (stopped || event.code === SESSION_ENDED_CLOSE) return;
      timer = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  };
  open();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close(1000, 'Page left');
  };
}

/** A live feed for as long as the component is mounted and `enabled` holds; the latest handler is used. */
export function useLiveSocket(
  name: SocketName,
  onMessage: (text: string) => void,
  enabled: boolean,
): LiveState {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const [state, setState] = useState<LiveState>('closed');
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    return connectLiveSocket(name, { onMessage: (text) => handler.current(text), onState: setState });
  }, [name, enabled]);
  return state;
}
