/** The dashboard date-range messages (SPEC §5). */
export const DATE_RANGE_MESSAGES = {
  fromAfterTo: 'From date can not be greater than To date',
  toAfterToday: 'To date can not be greater than today',
} as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const isCalendarDay = (value: string): boolean => {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/**
 * The dashboard search's date check (SPEC §5) on calendar days 'YYYY-MM-DD': `null` when fine, else the
 * first broken rule, From after To before To after today. Equal days pass. `today` must be the day in the
 * same zone as the picker. A malformed or impossible day skips the comparisons it takes part in: this rule
 * orders days, and reporting a typo as "greater than" would mislead; the picker cannot produce one anyway.
 */
export const validateDateRange = (from: string, to: string, today: string): string | null => {
  // Zero-padded ISO days sort as strings in calendar order.
  const [fromOk, toOk, todayOk] = [from, to, today].map(isCalendarDay);
  if (fromOk && toOk && from > to) return DATE_RANGE_MESSAGES.fromAfterTo;
  if (toOk && todayOk && to > today) return DATE_RANGE_MESSAGES.toAfterToday;
  return null;
};
