import { AMOUNT_DECIMALS } from '../common/constants';

/**
 * Cleans what is typed into the converter (SPEC §5): commas become dots, every character other than a
 * digit or dot is dropped, and only the first dot survives ('abc12.3.4' → '12.34'). Signs and exponents
 * are dropped too, since converter amounts are plain non-negative numbers; a thousands separator is
 * therefore not understood ('1.000,50' → '1.00050'). A leading or trailing dot is kept so typing '0.'
 * or '.5' is not fought mid-keystroke.
 */
export const cleanConverterInput = (s: string): string => {
  const kept = s.replaceAll(',', '.').replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replaceAll('.', '')}`;
};

const assertDecimals = (decimals: number): void => {
  if (!Number.isSafeInteger(decimals) || decimals < 0) throw new RangeError(`Invalid decimals: ${decimals}`);
};

/**
 * What the converter's amount box keeps of a keystroke (SPEC §5): {@link cleanConverterInput}, then any
 * digits past `decimals` places cut off, which for these non-negative amounts is the floor
 * ('0.123456789' → '0.12345678'). Unlike {@link floorDecimals} it leaves the text as typed otherwise, so
 * '0.' or '1.000' survive mid-keystroke.
 */
export const limitConverterInput = (s: string, decimals: number = AMOUNT_DECIMALS): string => {
  assertDecimals(decimals);
  const cleaned = cleanConverterInput(s);
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1 + decimals);
};

/** An exact decimal: `negative` and `coefficient / 10^scale`, with scale never negative. */
interface Decimal {
  negative: boolean;
  coefficient: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Exponents beyond this are rejected so a typo like '1e999999999' cannot build a gigantic string. */
const MAX_EXPONENT = 1000;

const parseDecimal = (value: string): Decimal | null => {
  const match = DECIMAL_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let coefficient = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - exponent;
  if (scale < 0) {
    coefficient *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-', coefficient, scale };
};

/** Truncates to `decimals` places and writes the shortest plain form: no exponent, no trailing zeros. */
const formatTruncated = ({ negative, coefficient, scale }: Decimal, decimals: number): string => {
  let digits = coefficient;
  let places = scale;
  if (places > decimals) {
    digits /= 10n ** BigInt(places - decimals);
    places = decimals;
  }
  const text = digits.toString().padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places);
  const fraction = text.slice(text.length - places).replace(/0+$/, '');
  const sign = negative && digits !== 0n ? '-' : '';
  return fraction === '' ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
};

/**
 * Cuts a decimal string to `decimals` places (default AMOUNT_DECIMALS, 8) without rounding up (SPEC §5),
 * using BigInt so no float error creeps in: '0.123456789' → '0.12345678'. Truncation is toward zero, which
 * is the floor for the non-negative amounts the converter handles. Exponent notation is understood
 * ('1e-9' → '0'); the result is the shortest plain form ('1.50' → '1.5'), so pad it for display. Returns
 * '' for text that is not a number; throws RangeError for a negative or fractional `decimals`.
 */
export const floorDecimals = (value: string, decimals: number = AMOUNT_DECIMALS): string => {
  assertDecimals(decimals);
  const parsed = parseDecimal(value);
  return parsed ? formatTruncated(parsed, decimals) : '';
};

/**
 * Converts an amount at a rate (SPEC §5, §9): the exact product of the two decimals, then cut like
 * {@link floorDecimals}. Returns '' when either input is not a number.
 */
export const convertAmount = (amount: string, rate: string, decimals: number = AMOUNT_DECIMALS): string => {
  assertDecimals(decimals);
  const a = parseDecimal(amount);
  const r = parseDecimal(rate);
  if (!a || !r) return '';
  const product: Decimal = {
    negative: a.negative !== r.negative,
    coefficient: a.coefficient * r.coefficient,
    scale: a.scale + r.scale,
  };
  return formatTruncated(product, decimals);
};

/**
 * Divides an amount by a rate (the converter's reverse lookup, SPEC §7.1: a rate known only from the
 * target coin to the source coin is inverted). The exact quotient is cut to `decimals` places toward zero,
 * with BigInt only. Returns '' when either input is not a number or the rate is zero.
 */
export const divideAmount = (amount: string, rate: string, decimals: number = AMOUNT_DECIMALS): string => {
  assertDecimals(decimals);
  const a = parseDecimal(amount);
  const r = parseDecimal(rate);
  if (!a || !r || r.coefficient === 0n) return '';
  // a / r = (ca / 10^sa) / (cr / 10^sr); scaled by 10^decimals so one integer division truncates it.
  const numerator = a.coefficient * 10n ** BigInt(r.scale + decimals);
  const denominator = r.coefficient * 10n ** BigInt(a.scale);
  return formatTruncated(
    { negative: a.negative !== r.negative, coefficient: numerator / denominator, scale: decimals },
    decimals,
  );
};
