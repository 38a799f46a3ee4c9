import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two signatures as text: a fake or a webhook check must not leak by timing. */
export function sameSignature(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
