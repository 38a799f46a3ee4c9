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

/**
 * A calendar day as 'YYYY-MM-DD' that exists: '2023-02-31' is refused ('Date.parse' alone would roll it into
 * March). Messages name the field: `${label} must be a date as YYYY-MM-DD`, `${label} is not a real date`.
 */
export const dayParam = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date as YYYY-MM-DD`, abort: true })
    .refine((v) => {
      const at = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
    }, `${label} is not a real date`);

/** An optional id filter from a query string or form: empty or null means none. */
export const optionalIdParam = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a positive number`)
      .max(PG_INTEGER_MAX, `${label} is too large`)
      .optional(),
  );
