import { z } from 'zod';

/** The answer envelope every call of SPEC §7 returns: `{ status_code, message, data }`. */
export const envelopeSchema = <D extends z.ZodType>(data: D) =>
  z.object({ status_code: z.number().int(), message: z.string(), data });

export type Envelope<D> = { status_code: number; message: string; data: D };

/** Decimal amounts travel as strings so no float ever touches money (DESIGN §3). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');

/** Timestamps travel as ISO 8601 strings in UTC. */
export const isoDate = z.string();
