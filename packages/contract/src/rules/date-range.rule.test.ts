import { describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGES, validateDateRange } from './date-range.rule';

const today = '2024-03-10';

describe('validateDateRange', () => {
  it('accepts a range ending before today', () => {
    expect(validateDateRange('2024-03-01', '2024-03-07', today)).toBeNull();
  });

  it('accepts a single day and a range ending today', () => {
    expect(validateDateRange('2024-03-10', '2024-03-10', today)).toBeNull();
    expect(validateDateRange('2024-03-03', '2024-03-10', today)).toBeNull();
  });

  it('rejects From after To', () => {
    expect(validateDateRange('2024-03-08', '2024-03-07', today)).toBe(
      'From date can not be greater than To date',
    );
  });

  it('compares across months and years in calendar order', () => {
    expect(validateDateRange('2023-12-31', '2024-01-01', today)).toBeNull();
    expect(validateDateRange('2024-01-01', '2023-12-31', today)).toBe(DATE_RANGE_MESSAGES.fromAfterTo);
  });

  it('rejects To after today', () => {
    expect(validateDateRange('2024-03-01', '2024-03-11', today)).toBe(
      'To date can not be greater than today',
    );
  });

  it('reports From after To first when both rules are broken', () => {
    expect(validateDateRange('2024-03-20', '2024-03-15', today)).toBe(DATE_RANGE_MESSAGES.fromAfterTo);
  });

  it('reports To after today when only From is malformed', () => {
    expect(validateDateRange('', '2024-03-11', today)).toBe(DATE_RANGE_MESSAGES.toAfterToday);
  });

  it('skips comparisons with malformed or impossible days', () => {
    expect(validateDateRange('2024-3-20', '2024-03-05', today)).toBeNull();
    expect(validateDateRange('2024-03-20', '2024-02-30', today)).toBeNull();
    expect(validateDateRange('2024-03-01', '2024-03-11', 'today')).toBeNull();
  });
});
