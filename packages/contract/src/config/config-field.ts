import { z } from 'zod';

/**
 * What a config form shows for one field (ADR 0025). It rides on the field's zod schema as zod 4 metadata,
 * so `z.toJSONSchema()` carries it to the web's form renderer next to the type, bounds and choices.
 */
export interface ConfigFieldMeta {
  label: string;
  help?: string;
  /** The form section the field sits in; sections keep the order of their first field. */
  group: string;
  /** Write-only: encrypted at rest, never answered; the form offers Replace and Clear. */
  secret?: boolean;
  /** A choice the JSON schema cannot name: an IANA time zone, a coin of the catalogue, a long text. */
  widget?: 'timezone' | 'coin' | 'textarea';
  /** The labels of an enum's values, in the enum's order. */
  options?: readonly string[];
  /** Decimals shown for a decimal-as-text field (money and percentages travel as strings, never floats). */
  decimals?: number;
  restartRequired?: boolean;
  dangerous?: boolean;
}

export const configField = <T extends z.ZodType>(schema: T, meta: ConfigFieldMeta): T =>
  schema.meta({ ...meta });

/** What a kept secret reads as while a namespace is validated: set earlier, its value not at hand. */
export const KEPT_SECRET = '\u0000kept-secret';

/**
 * A secret field: the typed value when it is replaced, KEPT_SECRET when one is set and kept, absent when
 * none is set. Cross-field rules therefore see whether a secret is there without ever seeing it.
 */
export const secretField = <T extends z.ZodType<string>>(schema: T, meta: Omit<ConfigFieldMeta, 'secret'>) =>
  z
    .union([z.literal(KEPT_SECRET), schema])
    .optional()
    .meta({ ...meta, secret: true });

/** A decimal as text with at most `dp` decimals between min and max: money and rates never become floats. */
export const decimalText = (dp: number, min: number, max: number | null, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{1,12}(\\.\\d{1,${dp}})?$`), message)
    .refine((v) => Number(v) >= min && (max === null || Number(v) <= max), message);
