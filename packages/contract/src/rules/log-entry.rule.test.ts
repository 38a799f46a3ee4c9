import { describe, expect, it } from 'vitest';
import { formatLogEntry, isLogTextValid } from './log-entry.rule';

const timestamp = new Date('2024-03-05T14:07:09Z');

describe('formatLogEntry', () => {
  it('writes the UTC timestamp, the username and the text on one line', () => {
    expect(formatLogEntry({ timestamp, username: 'jdoe', text: 'Refund' })).toBe(
      '2024-03-05 02:07:09 PM - jdoe: Refund',
    );
  });

  it('adds no trailing newline when there are no old comments', () => {
    for (const oldComments of [undefined, null, '', '  \n ']) {
      expect(formatLogEntry({ timestamp, username: 'jdoe', text: 'NA', oldComments })).toBe(
        '2024-03-05 02:07:09 PM - jdoe: NA',
      );
    }
  });

  it('puts the new line above the old comments', () => {
    const oldComments = '2024-03-01 09:00:00 AM - asmith: Wrong label\n2024-02-28 10:00:00 AM - asmith: NA';
    expect(formatLogEntry({ timestamp, username: 'jdoe', text: 'Refund', oldComments })).toBe(
      `2024-03-05 02:07:09 PM - jdoe: Refund\n${oldComments}`,
    );
  });

  it('does not leave blank lines from surrounding whitespace', () => {
    expect(formatLogEntry({ timestamp, username: 'jdoe', text: '  Refund \n', oldComments: '\nold\n' })).toBe(
      '2024-03-05 02:07:09 PM - jdoe: Refund\nold',
    );
  });

  it('uses midnight as 12 AM', () => {
    const midnight = new Date('2024-03-05T00:00:00Z');
    expect(formatLogEntry({ timestamp: midnight, username: 'jdoe', text: 'x' })).toBe(
      '2024-03-05 12:00:00 AM - jdoe: x',
    );
  });

  it('refuses an invalid timestamp', () => {
    expect(() => formatLogEntry({ timestamp: new Date(Number.NaN), username: 'jdoe', text: 'x' })).toThrow(
      RangeError,
    );
  });
});

describe('isLogTextValid', () => {
  it('accepts typed text', () => {
    expect(isLogTextValid('Missing label')).toBe(true);
  });

  it('rejects empty or blank text', () => {
    expect(isLogTextValid('')).toBe(false);
    expect(isLogTextValid(' \n\t')).toBe(false);
  });
});
