import { createHash } from 'node:crypto';
import type { IntegrationMode } from '@bo/contract';

/** A payout as the rail is given it. */
export interface RailPayout {
  id: number;
  destination: string;
  coin: string;
  amount: string;
}

export type RailStatus = { state: 'pending' } | { state: 'completed' } | { state: 'failed'; reason: string };

/**
 * Where payouts leave the platform: banks, PayPal, Payeer and the chains behind one adapter (ADR 0016). Only
 * the sandbox is built; it is chosen by INTEGRATIONS_MODE (PAYOUT_RAIL_MODE), as the pools' chains are.
 */
export interface PayoutRail {
  readonly mode: IntegrationMode;
  /**
   * Sends a payout. The payout's id is the idempotency key: sending the same id again answers the first
   * transfer's reference and moves nothing, so a retry after a crash cannot pay twice.
   */
  send(payout: RailPayout): Promise<{ reference: string }>;
  /** What became of a transfer sent at `sentOn`. */
  status(reference: string, sentOn: Date, now: Date): Promise<RailStatus>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Why a sandbox transfer fails, as a bank or a node would say it. */
const SANDBOX_FAILURES = [
  'The beneficiary bank rejected the transfer: the account is closed',
  'The destination address was rejected by the network',
  'The receiving account does not accept this currency',
] as const;

/**
 * The local payout rail: no network. A transfer settles 8 to 20 seconds after it was sent (from its
 * reference), and about one in twenty fails with a reason; what it answers is derived from the reference,
 * so every server instance (and a restart) sees the same outcome.
 */
export function createSandboxPayoutRail(options: { settleMs?: [number, number]; failShare?: number } = {}) {
  const [minMs, maxMs] = options.settleMs ?? [8_000, 20_000];
  const failShare = options.failShare ?? 0.05;
  const sent = new Map<number, string>();
  const rail: PayoutRail = {
    mode: 'fake',
    async send(payout) {
      const known = sent.get(payout.id);
      if (known) return { reference: known };
      const reference = `SBX-${String(payout.id).padStart(8, '0')}-${digest(`payout:${payout.id}`).toString('hex').slice(0, 8).toUpperCase()}`;
      sent.set(payout.id, reference);
      return { reference };
    },
    async status(reference, sentOn, now) {
      const bytes = digest(`settle:${reference}`);
      const wait = minMs + (bytes.readUInt32BE(0) / 0xffffffff) * (maxMs - minMs);
      if (now.getTime() - sentOn.getTime() < wait) return { state: 'pending' };
      if (bytes.readUInt32BE(4) / 0xffffffff < failShare)
        return {
          state: 'failed',
          reason: SANDBOX_FAILURES[(bytes[8] ?? 0) % SANDBOX_FAILURES.length] ?? SANDBOX_FAILURES[0],
        };
      return { state: 'completed' };
    },
  };
  return rail;
}

/** The rail INTEGRATIONS_MODE (PAYOUT_RAIL_MODE) asks for; `real` refuses to start rather than pay into nothing. */
export function createPayoutRail(mode: IntegrationMode): PayoutRail {
  if (mode === 'real')
    throw new Error(
      'PAYOUT_RAIL_MODE (or INTEGRATIONS_MODE) is real, but no bank or chain payout client is built yet: only the sandbox exists. Start with INTEGRATIONS_MODE=fake.',
    );
  return createSandboxPayoutRail();
}
