import { z } from 'zod';

/** The answer envelope every call of SPEC §7 returns: `{ status_code, message, data }`. */
export const envelopeSchema = <D extends z.ZodType>(data: D) =>
  z.object({ status_code: z.number().int(), message: z.string(), data });

export type Envelope<D> = { status_code: number; message: string; data: D };

/** Messages the client reacts to by text (SPEC §8); the server must send them verbatim. */
export const MESSAGES = {
  ok: 'success',
  sessionExists: 'Session already exists',
  noPermission: 'no permission',
  unauthorized: 'unauthorized',
  /** The two-period JWT error of SPEC §8: a malformed or expired bearer token. */
  jwtError: 'jwt malformed',
  jwtExpired: 'jwt expired',
  invalidCredentials: 'Invalid username, password or 2 factor authentication code',
  botCheck: 'Verify you are not a robot',
  tooManyRequests: 'Too many requests, try again later',
  notFound: 'Not found',
  badRequest: 'Invalid request',
  serverError: 'Something went wrong',
  /** The database cannot be reached: nothing was changed, and asking again shortly may work. */
  unavailable: 'Service temporarily unavailable, try again shortly',
  resetRequested: 'If an account matches, a reset link has been sent to its e-mail address',
  resetInvalid: 'This reset link is invalid or has expired',
  resetDone: 'Your password has been changed; sign in with the new one',
} as const;

/** Decimal amounts travel as strings so no float ever touches money (DESIGN §3). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');

/** Timestamps travel as ISO 8601 strings in UTC. */
export const isoDate = z.string();
