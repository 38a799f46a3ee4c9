import 'altcha';
import { BOT_CHALLENGE_PATH, MAIN_SERVICE_PREFIX } from '@bo/contract';
import { Stack, Text } from '@mantine/core';
import type { AltchaWidgetElement } from 'altcha';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { env } from '../../../lib/env';

export interface BotCheckHandle {
  /** Clears the solution so the user solves a fresh, single-use challenge. */
  reset: () => void;
}

export interface BotCheckProps {
  /** The payload once solved, null when unsolved, expired or reset. */
  onChange: (payload: string | null) => void;
  error?: string | null;
  ref?: Ref<BotCheckHandle>;
}

// The challenge answers the widget's own JSON (not the envelope), so the widget fetches it itself.
const CHALLENGE_URL = BOT_CHALLENGE_PATH.replace(MAIN_SERVICE_PREFIX, env.mainApiBase);

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

/** The self-hosted proof-of-work bot check (ALTCHA), the `g-recaptcha-response` of Login. */
export function BotCheck({ onChange, error, ref }: BotCheckProps) {
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        widgetRef.current?.reset();
        onChangeRef.current(null);
      },
    }),
    [],
  );

  return (
    <Stack gap={4}>
      <altcha-widget ref={widgetRef} challenge={CHALLENGE_URL} name="altcha" />
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
