const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const MS_PER_MINUTE = 60_000;

const offsetMinutes = (designator: string | undefined): number => {
  if (designator === undefined || designator.toUpperCase() === 'Z') return 0;
  const sign = designator.startsWith('-') ? -1 : 1;
  const digits = designator.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return Number.NaN;
  return sign * (hours * 60 + minutes);
};

/**
 * Reads an ISO 8601 timestamp (or a `Date`) as an instant; `null` when it is not a real moment.
 * A timestamp without an offset is read as UTC, because the wire carries UTC (envelope `isoDate`) and the
 * browser's local zone must not shift it. Only ISO forms are accepted, and impossible calendar values such
 * as 2024-02-30 are rejected instead of being rolled over as `Date.parse` would.
 */
export const parseUtcDate = (value: string | Date): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  const match = ISO_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', designator] = match;
  const parts = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hour, minute, second] = parts;
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto the 1900s.
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, millis);
  // The setters roll 2024-02-30 over to March; a round trip exposes such impossible values.
  const isReal =
    utc.getUTCFullYear() === year &&
    utc.getUTCMonth() === month - 1 &&
    utc.getUTCDate() === day &&
    utc.getUTCHours() === hour &&
    utc.getUTCMinutes() === minute &&
    utc.getUTCSeconds() === second;
  const offset = offsetMinutes(designator);
  if (!isReal || Number.isNaN(offset)) return null;
  return new Date(utc.getTime() - offset * MS_PER_MINUTE);
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Formats a timestamp in UTC as DATE_DISPLAY_FORMAT, 'YYYY-MM-DD hh:mm:ss A' (SPEC §9: 12-hour clock with
 * AM/PM); '' when the input is not a valid date, so a bad row renders blank instead of "Invalid Date".
 */
export const formatUtcDate = (value: string | Date): string => {
  const date = parseUtcDate(value);
  if (!date) return '';
  const hours = date.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'AM' : 'PM';
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(hour12)}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${day} ${time} ${meridiem}`;
};
