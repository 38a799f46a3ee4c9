import { describe, expect, it } from 'vitest';
import { type ShownDateInput, shownDate } from './shown-date.rule';

const row = (overrides: Partial<ShownDateInput>): ShownDateInput => ({
  Status: 'waiting',
  CreatedOn: '2024-01-01T10:00:00Z',
  Expired: '2024-01-01T11:00:00Z',
  TransactionConfirmedOn: '2024-01-01T12:00:00Z',
  ...overrides,
});

describe('shownDate', () => {
  it('shows the expiry time of an expired transaction', () => {
    expect(shownDate(row({ Status: 'expired' }))).toBe('2024-01-01T11:00:00Z');
  });

  it('falls back to the creation time when an expired transaction has no expiry time', () => {
    expect(shownDate(row({ Status: 'expired', Expired: null }))).toBe('2024-01-01T10:00:00Z');
  });

  it('shows the confirmation time of a paid or underpaid transaction', () => {
    expect(shownDate(row({ Status: 'paid' }))).toBe('2024-01-01T12:00:00Z');
    expect(shownDate(row({ Status: 'underpaid' }))).toBe('2024-01-01T12:00:00Z');
  });

  it('falls back to the creation time when a paid transaction has no confirmation time', () => {
    expect(shownDate(row({ Status: 'paid', TransactionConfirmedOn: null }))).toBe('2024-01-01T10:00:00Z');
    expect(shownDate(row({ Status: 'underpaid', TransactionConfirmedOn: null }))).toBe(
      '2024-01-01T10:00:00Z',
    );
  });

  it('shows the creation time for every other status, even when other dates are set', () => {
    for (const Status of ['waiting', 'ltr-expired', 'payout-completed', 'swap', 'vtoken-claimed'] as const) {
      expect(shownDate(row({ Status }))).toBe('2024-01-01T10:00:00Z');
    }
  });
});
