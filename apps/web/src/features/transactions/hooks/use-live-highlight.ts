import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a row that arrived or changed live stays highlighted. */
export const HIGHLIGHT_MS = 4_000;

/** A set of row keys that fade out of the highlight after HIGHLIGHT_MS each. */
export function useLiveHighlight() {
  const [keys, setKeys] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const highlight = useCallback((key: string) => {
    const previous = timers.current.get(key);
    if (previous) clearTimeout(previous);
    setKeys((current) => new Set(current).add(key));
    timers.current.set(
      key,
      setTimeout(() => {
        timers.current.delete(key);
        setKeys((current) => {
          const next = new Set(current);
          next.delete(key);
          return next;
        });
      }, HIGHLIGHT_MS),
    );
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return { keys, highlight };
}
