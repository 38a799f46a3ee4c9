import { describe, expect, it } from 'vitest';
import { isNewFailure } from './failure-new.rule';

const now = new Date('2024-03-10T12:00:00.000Z');

describe('isNewFailure', () => {
  it('is new when created moments ago', () => {
    expect(isNewFailure('2024-03-10T11:59:00Z', now)).toBe(true);
  });

  it('is new at exactly 48 hours old', () => {
    expect(isNewFailure('2024-03-08T12:00:00.000Z', now)).toBe(true);
  });

  it('is not new one millisecond past 48 hours', () => {
    expect(isNewFailure('2024-03-08T11:59:59.999Z', now)).toBe(false);
  });

  it('is not new when days old', () => {
    expect(isNewFailure('2024-03-01T12:00:00Z', now)).toBe(false);
  });

  it('counts a future date as new', () => {
    expect(isNewFailure('2024-03-11T12:00:00Z', now)).toBe(true);
  });

  it('reads an offset-less timestamp as UTC', () => {
    expect(isNewFailure('2024-03-08 12:00:00', now)).toBe(true);
    expect(isNewFailure('2024-03-08 11:59:59', now)).toBe(false);
  });

  it('is not new when either date is invalid', () => {
    expect(isNewFailure('', now)).toBe(false);
    expect(isNewFailure('yesterday', now)).toBe(false);
    expect(isNewFailure('2024-03-10T12:00:00Z', new Date(Number.NaN))).toBe(false);
  });
});
