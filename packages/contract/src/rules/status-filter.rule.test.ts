import { describe, expect, it } from 'vitest';
import { STATUS_FILTER_OPTIONS } from '../entities/transaction.schema';
import { ALL_STATUS_FILTER, DEFAULT_STATUS_FILTER } from './status-filter.rule';

describe('ALL_STATUS_FILTER', () => {
  it('holds every filter option value in option order', () => {
    expect(ALL_STATUS_FILTER).toEqual(STATUS_FILTER_OPTIONS.map((o) => o.value));
  });
});

describe('DEFAULT_STATUS_FILTER', () => {
  it('selects everything except the reflextrader and payout options', () => {
    expect(DEFAULT_STATUS_FILTER).toEqual([
      'waiting',
      'expired',
      'paid',
      'underpaid',
      'vtoken-active',
      'vtoken-claimed',
      'ltr-open',
      'ltr-closed',
      'ltr-expired',
      'swap',
    ]);
  });

  it('excludes both reflextrader options and all payout options', () => {
    for (const excluded of [
      'rt-t',
      'rt-p',
      'payout-completed',
      'payout-pending',
      'payout-cancelled',
    ] as const) {
      expect(DEFAULT_STATUS_FILTER).not.toContain(excluded);
    }
  });

  it('is a subset of all values', () => {
    for (const value of DEFAULT_STATUS_FILTER) expect(ALL_STATUS_FILTER).toContain(value);
  });
});
