import { type Ref, useImperativeHandle, useState } from 'react';
import type { BotCheckProps } from '../components/ui/bot-check/bot-check';

export type { BotCheckHandle, BotCheckProps } from '../components/ui/bot-check/bot-check';

export const FAKE_BOT_PAYLOAD = 'fake-altcha-payload';

/** Stands in for the ALTCHA widget: a button that solves it, and a reset the test can observe. */
export function BotCheck({ onChange, error, ref }: BotCheckProps) {
  const [isSolved, setIsSolved] = useState(false);
  useImperativeHandle(ref as Ref<{ reset: () => void }> | undefined, () => ({
    reset: () => {
      setIsSolved(false);
      onChange(null);
    },
  }));
  return (
    <div>
      <button
        type="button"
        onClick={() => {
          setIsSolved(true);
          onChange(FAKE_BOT_PAYLOAD);
        }}
      >
        {isSolved ? 'Bot check solved' : 'Solve bot check'}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
