import { Tooltip } from '@mantine/core';
import { type FocusEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';

/** As Mantine's own tooltips on buttons: a short pause on hover, at once on keyboard focus. */
const HOVER_DELAY_MS = 300;

interface Shown {
  target: HTMLElement;
  label: string;
}

const labelledTarget = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? node.closest<HTMLElement>('[data-tooltip]') : null;

export interface HoverTooltips {
  /** Spread on the element holding the labelled buttons. */
  handlers: {
    onPointerOver: (event: PointerEvent) => void;
    onPointerLeave: () => void;
    onFocus: (event: FocusEvent) => void;
    onBlur: () => void;
  };
  /** Render inside that element: the one tooltip, while one is shown. */
  tooltip: ReactNode;
}

/**
 * Tooltips for every element with a `data-tooltip` label inside one container, with one Mantine Tooltip
 * mounted only while one is shown. A table row's buttons each had a Tooltip of their own; mounting forty-five
 * of them (floating positioning, ids) was most of what drawing a new page of rows cost (ADR 0012).
 */
export function useHoverTooltips(): HoverTooltips {
  const [shown, setShown] = useState<Shown | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const showLater = (target: HTMLElement, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown({ target, label: target.dataset.tooltip ?? '' }), delayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setShown(null);
  };

  return {
    handlers: {
      onPointerOver: (event) => {
        const target = labelledTarget(event.target);
        if (!target) hide();
        else if (target !== shown?.target) showLater(target, HOVER_DELAY_MS);
      },
      onPointerLeave: hide,
      onFocus: (event) => {
        const target = labelledTarget(event.target);
        if (target?.matches(':focus-visible')) showLater(target, 0);
      },
      onBlur: hide,
    },
    tooltip: shown ? <Tooltip label={shown.label} opened target={shown.target} withArrow /> : null,
  };
}
