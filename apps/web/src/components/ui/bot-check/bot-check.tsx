import { BOT_CHALLENGE_PATH, MAIN_SERVICE_PREFIX } from '@bo/contract';
import { Box, Checkbox, Group, Loader, Text } from '@mantine/core';
import { type Challenge, solveChallengeWorkers } from 'altcha/lib';
import pbkdf2WorkerUrl from 'altcha/workers/pbkdf2?url';
import { type Ref, useCallback, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
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

export type BotCheckState = 'unverified' | 'verifying' | 'verified' | 'expired' | 'error';

// The challenge answers ALTCHA's own JSON (not the envelope), so it is fetched here rather than through a call.
const CHALLENGE_URL = BOT_CHALLENGE_PATH.replace(MAIN_SERVICE_PREFIX, env.mainApiBase);
// Each worker tries every n-th counter; more than a few only competes with the page for a laptop's cores.
const MAX_WORKERS = 4;
const SOLVE_TIMEOUT_MS = 90_000;

const STATE_TEXT: Record<BotCheckState, string> = {
  unverified: "I'm not a robot",
  verifying: 'Verifying...',
  verified: 'Verified',
  expired: 'Verification expired. Try again.',
  error: 'Verification failed. Try again later.',
};

/** Fetches a challenge and solves it in ALTCHA's PBKDF2 workers; the payload is what the widget would send. */
async function solveBotChallenge(
  controller: AbortController,
): Promise<{ payload: string; expiresAt?: number } | null> {
  const response = await fetch(CHALLENGE_URL, { credentials: 'same-origin', signal: controller.signal });
  if (!response.ok) throw new Error(`Challenge refused (${response.status})`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
    controller,
    createWorker: () => new Worker(pbkdf2WorkerUrl),
    counterMode: 'uint32',
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) return null;
  const payload = btoa(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  );
  const { expiresAt } = challenge.parameters;
  return expiresAt === undefined ? { payload } : { payload, expiresAt };
}

/**
 * The self-hosted proof-of-work bot check (ALTCHA), the `g-recaptcha-response` of Login. ALTCHA's library
 * and worker do the work; the checkbox is Mantine's, so the login page does not carry the widget's own
 * Svelte runtime and styles (ADR 0012).
 */
export function BotCheck({ onChange, error, ref }: BotCheckProps) {
  const [state, setState] = useState<BotCheckState>('unverified');
  const onChangeRef = useRef(onChange);
  const controllerRef = useRef<AbortController | null>(null);
  const expiryRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errorId = useId();

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // Only refs: the same function for the component's whole life.
  const stop = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    clearTimeout(expiryRef.current);
  }, []);

  useEffect(() => stop, [stop]);

  const verify = async () => {
    stop();
    const controller = new AbortController();
    controllerRef.current = controller;
    setState('verifying');
    onChangeRef.current(null);
    try {
      const solved = await solveBotChallenge(controller);
      if (controller.signal.aborted) return;
      if (!solved) throw new Error('No solution within the time limit');
      setState('verified');
      onChangeRef.current(solved.payload);
      if (solved.expiresAt !== undefined) {
        expiryRef.current = setTimeout(
          () => {
            setState('expired');
            onChangeRef.current(null);
          },
          Math.max(0, solved.expiresAt * 1000 - Date.now()),
        );
      }
    } catch {
      if (controller.signal.aborted) return;
      setState('error');
      onChangeRef.current(null);
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
    }
  };

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        stop();
        setState('unverified');
        onChangeRef.current(null);
      },
    }),
    [stop],
  );

  const isVerifying = state === 'verifying';
  const isFailed = state === 'expired' || state === 'error';

  return (
    <div>
      <Box
        data-bot-check-state={state}
        aria-busy={isVerifying}
        p="sm"
        maw={320}
        bd={`1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`}
        bdrs="sm"
      >
        <Group gap="sm" wrap="nowrap" mih={24}>
          {isVerifying ? (
            <>
              <Loader size={20} />
              <Text size="md">{STATE_TEXT.verifying}</Text>
            </>
          ) : (
            <Checkbox
              size="md"
              color="green"
              checked={state === 'verified'}
              onChange={() => {
                // Once solved the payload stays until it is used, reset or expires; unticking would waste it.
                if (state !== 'verified') void verify();
              }}
              label={state === 'verified' ? STATE_TEXT.verified : STATE_TEXT.unverified}
              aria-describedby={error ? errorId : undefined}
            />
          )}
        </Group>
        {isFailed ? (
          <Text size="sm" c="red" mt={6}>
            {STATE_TEXT[state]}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" ta="right" mt={4}>
          Protected by ALTCHA
        </Text>
      </Box>
      {error ? (
        <Text id={errorId} c="red" size="sm" role="alert" mt={4}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
