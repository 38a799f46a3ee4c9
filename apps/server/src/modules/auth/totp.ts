import { generate, verify } from 'otplib';

const PERIOD = 30;

/**
 * RFC 6238 check with ±1 step of drift. Returns the matched time step (so the caller can refuse its reuse),
 * or null.
 */
export async function matchTotp(secret: string, code: string, now: Date): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: PERIOD,
    });
    // otplib's result type also covers HOTP, which has no time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** For tests and tooling: the code a given secret shows at `now`. */
export function totpCode(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
}
