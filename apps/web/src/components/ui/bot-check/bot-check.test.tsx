import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Challenge, createChallenge, type Solution, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-app';

// The suite's setup replaces the bot check with a fake button; this file tests the real one.
vi.unmock('./bot-check');

// jsdom has no Web Workers: the same proof of work runs in-process, with the server's own PBKDF2 (altcha-lib).
vi.mock('altcha/lib', () => ({
  solveChallengeWorkers: (options: { challenge: Challenge; controller?: AbortController }) =>
    solveChallenge({ challenge: options.challenge, controller: options.controller, deriveKey }),
}));

const { BotCheck } = await import('./bot-check');

const SECRET = 'bot-check-test-secret';
const signing = { hmacSignatureSecret: `${SECRET}:altcha`, hmacKeySignatureSecret: `${SECRET}:altcha-key` };

const newChallenge = (expiresAt = Math.floor(Date.now() / 1000) + 600) =>
  createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 50, counter: 20, deriveKey, expiresAt, ...signing });

const serveChallenges = (next: () => Promise<Response>) => {
  const fetchMock = vi.fn(next);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const decode = (payload: string) => JSON.parse(atob(payload)) as { challenge: Challenge; solution: Solution };

describe('BotCheck', () => {
  it('solves the challenge when ticked and hands over a payload the server verifies', async () => {
    const fetchMock = serveChallenges(async () => Response.json(await newChallenge()));
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BotCheck onChange={onChange} />);

    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));

    expect(await screen.findByRole('checkbox', { name: 'Verified' })).toBeChecked();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/main/BotChallenge',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    const payload = onChange.mock.calls.at(-1)?.[0] as string;
    const { challenge, solution } = decode(payload);
    await expect(verifySolution({ challenge, solution, deriveKey, ...signing })).resolves.toMatchObject({
      verified: true,
    });
  });

  it('says the check failed when no challenge can be had, and solves on the next try', async () => {
    let attempt = 0;
    serveChallenges(async () => {
      attempt += 1;
      return attempt === 1 ? new Response('busy', { status: 503 }) : Response.json(await newChallenge());
    });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BotCheck onChange={onChange} />);

    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByText('Verification failed. Try again later.')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);

    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByRole('checkbox', { name: 'Verified' })).toBeChecked();
    expect(screen.queryByText('Verification failed. Try again later.')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(expect.any(String));
  });

  it('withdraws the payload when its challenge expires', async () => {
    // Expires two seconds from now: solved first, then withdrawn when the server would refuse it.
    serveChallenges(async () => Response.json(await newChallenge(Math.floor(Date.now() / 1000) + 2)));
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BotCheck onChange={onChange} />);

    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    expect(await screen.findByRole('checkbox', { name: 'Verified' })).toBeChecked();

    expect(
      await screen.findByText('Verification expired. Try again.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('asks for a fresh solution after a reset, as after a refused sign-in', async () => {
    serveChallenges(async () => Response.json(await newChallenge()));
    const onChange = vi.fn();
    const ref = createRef<{ reset: () => void }>();
    const user = userEvent.setup();
    renderWithProviders(<BotCheck ref={ref} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    await screen.findByRole('checkbox', { name: 'Verified' });

    act(() => ref.current?.reset());

    await waitFor(() => expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the form’s message beside the box', () => {
    serveChallenges(async () => Response.json(null));
    renderWithProviders(<BotCheck onChange={vi.fn()} error="Verify you are not a robot" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Verify you are not a robot');
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toHaveAccessibleDescription(
      'Verify you are not a robot',
    );
  });
});
