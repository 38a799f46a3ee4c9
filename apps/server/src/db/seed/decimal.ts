/**
 * Exact decimal arithmetic on scaled BigInts for the demo data and the simulator: money never goes
 * through a JS float (DESIGN §3). A value at scale s is the integer value × 10^s.
 */

/** Scale of money columns, numeric(30, 8). */
export const MONEY_SCALE = 8;
/** Scale of the rates column, numeric(30, 12). */
export const RATE_SCALE = 12;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export const pow10 = (exponent: number): bigint => 10n ** BigInt(exponent);

/** Reads a decimal string at `scale`; extra fraction digits are rounded half away from zero, as PostgreSQL does. */
export function toUnits(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal: ${value}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let units = BigInt(whole) * pow10(scale) + BigInt(kept === '' ? '0' : kept);
  const firstDropped = fraction.charAt(scale);
  if (firstDropped !== '' && Number(firstDropped) >= 5) units += 1n;
  return sign === '-' ? -units : units;
}

/** Writes scaled units as a decimal string with exactly `scale` fraction digits, e.g. '12.50000000'. */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** a × b / c, rounded half away from zero (PostgreSQL's round() on numeric). */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new RangeError('Division by zero');
  const product = a * b;
  const negative = product < 0n !== c < 0n;
  const n = product < 0n ? -product : product;
  const d = c < 0n ? -c : c;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Converts scaled units from one scale to another, rounding when the scale shrinks. */
export const rescale = (units: bigint, from: number, to: number): bigint =>
  to >= from ? units * pow10(to - from) : mulDiv(units, 1n, pow10(from - to));
