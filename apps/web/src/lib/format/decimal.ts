const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

interface Scaled {
  value: bigint;
  scale: number;
}

const toScaled = (text: string): Scaled | null => {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = '', int = '0', frac = ''] = match;
  const value = BigInt(`${int}${frac}`);
  return { value: sign === '-' ? -value : value, scale: frac.length };
};

const rescale = (n: Scaled, scale: number): bigint => n.value * 10n ** BigInt(scale - n.scale);

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Adds decimal strings exactly (money never passes through a float, DESIGN §3).
 * Returns null when any input is not a decimal.
 */
export const addDecimals = (...values: string[]): string | null => {
  const parsed = values.map(toScaled);
  if (parsed.some((p) => p === null)) return null;
  const scaled = parsed as Scaled[];
  const scale = Math.max(0, ...scaled.map((p) => p.scale));
  const sum = scaled.reduce((acc, p) => acc + rescale(p, scale), 0n);
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
};

/**
 * Formats a decimal string with thousands separators and a fixed number of decimals, rounding
 * half away from zero. Text that is not a decimal is shown as is.
 */
export const formatDecimal = (text: string, decimals: number): string => {
  const parsed = toScaled(text);
  if (!parsed) return text;
  const negative = parsed.value < 0n;
  const abs = negative ? -parsed.value : parsed.value;
  let rounded: bigint;
  if (parsed.scale <= decimals) {
    rounded = abs * 10n ** BigInt(decimals - parsed.scale);
  } else {
    const divisor = 10n ** BigInt(parsed.scale - decimals);
    rounded = abs / divisor + ((abs % divisor) * 2n >= divisor ? 1n : 0n);
  }
  const digits = rounded.toString().padStart(decimals + 1, '0');
  const int = groupThousands(digits.slice(0, digits.length - decimals));
  const frac = digits.slice(digits.length - decimals);
  const sign = negative && rounded !== 0n ? '-' : '';
  return `${sign}${int}${decimals > 0 ? `.${frac}` : ''}`;
};

/**
 * A count with thousands separators, e.g. 1,204, rounded to a whole number. Not Intl.NumberFormat: making
 * one costs the dashboard's first load 20–30 ms of ICU set-up.
 */
export const formatCount = (n: number): string => {
  const rounded = Math.round(Math.abs(n));
  const sign = n < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${groupThousands(String(rounded))}`;
};

/**
 * A price as it was asked (the Original Amount in its input currency): at least `minDecimals`, at most 8,
 * without the storage's trailing zeros, so '355.07000000' reads '355.07'. Text that is not a decimal is
 * shown as is.
 */
export const formatAskedAmount = (text: string, minDecimals = 2): string => {
  const full = formatDecimal(text, 8);
  const match = /^(-?[\d,]+)\.(\d{8})$/.exec(full);
  if (!match) return full;
  const [, whole = '', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
  return trimmed ? `${whole}.${trimmed}` : whole;
};
