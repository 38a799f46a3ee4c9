import { type ReactNode, startTransition, useEffect, useState } from 'react';

export interface AfterFirstPaintProps {
  children: ReactNode;
  /** Shown until then: keep it light, and about the size of the children so nothing jumps. */
  fallback?: ReactNode;
}

/**
 * Draws its children only after the browser has painted the page as drawn so far: what is above it (a
 * screen's first figures) shows without waiting for what is below (tables, side boxes). The children are
 * drawn in a transition, which React interrupts for input and splits into short tasks.
 */
export function AfterFirstPaint({ children, fallback = null }: AfterFirstPaintProps) {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before a paint; the task after it runs once that paint is done.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setIsReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return isReady ? children : fallback;
}
