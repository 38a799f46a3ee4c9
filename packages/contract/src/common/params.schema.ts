import { z } from 'zod';
import { PG_INTEGER_MAX } from './id.schema';

/** A call that takes no params. */
export const noParams = z.object({});

/** A transaction reference as staff type it: T or P and the id, padded or not ('T000001234', 't1234'). */
export const transactionRefParam = z
  .string()
  .trim()
  .regex(/^[TPtp]\d{1,18}$/, 'Use T or P followed by the transaction id');

/**
 * A positive whole-number id from a query string (an alt coin, a failure record), refused with a message
 * that names it. Bounded to PostgreSQL's integer, so an oversized number is a 400, not a database error.
 */
export const idParam = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.union([z.number(), z.string()], { error: `${label} is missing` }).pipe(
      z.coerce
        .number<string | number>({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .positive(`${label} must be a positive number`)
        .max(PG_INTEGER_MAX, `${label} is too large`),
    ),
  );
