import { SOCKET_AFTER_PARAM, SOCKET_PATHS, type SocketName } from '@bo/contract';
import { useEffect, useRef, useState } from 'react';

/** Close code the server uses when the session behind a socket ended; reconnecting cannot help then. */
export const SESSION_ENDED_CLOSE = 4401;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export type LiveState = 'connecting' | 'open' | 'closed';

const socketUrl = (name: SocketName, after: number | null): string => {
  const { protocol, host } = window.location;
  const query = after === null ? '' : `?${SOCKET_AFTER_PARAM}=${after}`;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${SOCKET_PATHS[name]}${query}`;
};

/**
 * Keeps one live feed open (SPEC §7.3: every socket reconnects on close), with a growing, jittered pause
 * between tries so a server restart is not met by a storm of reconnects. `seqOf` reads the event number of
 * a message; a reconnect asks for what came after the last one, so nothing is silently lost (issue #4).
 * Returns the stop function.
 */
export function connectLiveSocket(
  name: SocketName,
  handlers: {
    onMessage: (text: string) => void;
    onState?: (state: LiveState) => void;
    seqOf?: (text: string) => number | null;
  },
): () => void {
  let socket: WebSocket | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSeq: number | null = null;

  const open = () => {
    handlers.onState?.('connecting');
    const next = new WebSocket(socketUrl(name, lastSeq));
    socket = next;
    next.onopen = () => {
      retryMs = FIRST_RETRY_MS;
      handlers.onState?.('open');
    };
    next.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const seq = handlers.seqOf?.(event.data) ?? null;
      if (seq !== null && (lastSeq === null || seq > lastSeq)) lastSeq = seq;
      handlers.onMessage(event.data);
    };
    next.onclose = (event) => {
      handlers.onState?.('closed');
      if (stopped || event.code === SESSION_ENDED_CLOSE) return;
      // Half to one and a half times the pause, so browsers that lost the same server spread out.
      timer = setTimeout(open, retryMs * (0.5 + Math.random()));
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
  seqOf?: (text: string) => number | null,
): LiveState {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const seqReader = useRef(seqOf);
  seqReader.current = seqOf;
  const [state, setState] = useState<LiveState>('closed');
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    return connectLiveSocket(name, {
      onMessage: (text) => handler.current(text),
      onState: setState,
      seqOf: (text) => seqReader.current?.(text) ?? null,
    });
  }, [name, enabled]);
  return state;
}
