import { describe, expect, it } from 'vitest';
import { formatUtcDate, parseUtcDate } from './date-format.rule';

describe('parseUtcDate', () => {
  it('reads a timestamp without an offset as UTC, not local time', () => {
    expect(parseUtcDate('2024-03-05T14:07:09')?.toISOString()).toBe('2024-03-05T14:07:09.000Z');
    expect(parseUtcDate('2024-03-05 14:07:09')?.toISOString()).toBe('2024-03-05T14:07:09.000Z');
  });

  it('honours an explicit offset', () => {
    expect(parseUtcDate('2024-03-05T14:07:09+02:00')?.toISOString()).toBe('2024-03-05T12:07:09.000Z');
    expect(parseUtcDate('2024-03-05T14:07:09-0130')?.toISOString()).toBe('2024-03-05T15:37:09.000Z');
    expect(parseUtcDate('2024-03-05T14:07:09.123Z')?.toISOString()).toBe('2024-03-05T14:07:09.123Z');
  });

  it('reads a date-only value as UTC midnight', () => {
    expect(parseUtcDate('2024-03-05')?.toISOString()).toBe('2024-03-05T00:00:00.000Z');
  });

  it('rejects impossible calendar values instead of rolling them over', () => {
    expect(parseUtcDate('2023-02-29')).toBeNull();
    expect(parseUtcDate('2024-02-30T00:00:00Z')).toBeNull();
    expect(parseUtcDate('2024-13-01')).toBeNull();
    expect(parseUtcDate('2024-01-01T24:00:00Z')).toBeNull();
    expect(parseUtcDate('2024-01-01T10:00:00+25:00')).toBeNull();
  });

  it('accepts a leap day in a leap year', () => {
    expect(parseUtcDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('rejects non-ISO text', () => {
    expect(parseUtcDate('')).toBeNull();
    expect(parseUtcDate('March 5, 2024')).toBeNull();
    expect(parseUtcDate('1')).toBeNull();
    expect(parseUtcDate('not a date')).toBeNull();
  });

  it('copies a valid Date and rejects an invalid one', () => {
    const source = new Date('2024-03-05T14:07:09Z');
    const parsed = parseUtcDate(source);
    expect(parsed?.getTime()).toBe(source.getTime());
    expect(parsed).not.toBe(source);
    expect(parseUtcDate(new Date(Number.NaN))).toBeNull();
  });
});

describe('formatUtcDate', () => {
  it('formats an afternoon time on the 12-hour clock with PM', () => {
    expect(formatUtcDate('2024-03-05T14:07:09Z')).toBe('2024-03-05 02:07:09 PM');
  });

  it('formats a morning time with AM and zero padding', () => {
    expect(formatUtcDate('2024-03-05T09:07:09Z')).toBe('2024-03-05 09:07:09 AM');
  });

  it('shows midnight as 12 AM and noon as 12 PM', () => {
    expect(formatUtcDate('2024-03-05T00:00:00Z')).toBe('2024-03-05 12:00:00 AM');
    expect(formatUtcDate('2024-03-05T12:00:00Z')).toBe('2024-03-05 12:00:00 PM');
    expect(formatUtcDate('2024-03-05T23:59:59Z')).toBe('2024-03-05 11:59:59 PM');
  });

  it('converts an offset timestamp to the UTC day and time', () => {
    expect(formatUtcDate('2024-03-06T01:30:00+02:00')).toBe('2024-03-05 11:30:00 PM');
  });

  it('accepts a Date', () => {
    expect(formatUtcDate(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02 03:04:05 AM');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatUtcDate('')).toBe('');
    expect(formatUtcDate('garbage')).toBe('');
    expect(formatUtcDate(new Date(Number.NaN))).toBe('');
  });
});
