import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '../entities/transaction.schema';
import { badgeColor } from './badge-color.rule';

describe('badgeColor', () => {
  it('is green for settled statuses and Yes', () => {
    for (const s of [
      'paid',
      'payout-completed',
      'ltr-closed',
      'vtoken-claimed',
      'reflextrader',
      'swap',
      'Yes',
    ]) {
      expect(badgeColor(s)).toBe('green');
    }
  });

  it('is green for both reflextrader filter options', () => {
    expect(badgeColor('rt-t')).toBe('green');
    expect(badgeColor('rt-p')).toBe('green');
  });

  it('is yellow for open or partial statuses and No', () => {
    for (const s of ['ltr-open', 'payout-pending', 'underpaid', 'vtoken-active', 'No']) {
      expect(badgeColor(s)).toBe('yellow');
    }
  });

  it('is gray for waiting', () => {
    expect(badgeColor('waiting')).toBe('gray');
  });

  it('is red for expired and cancelled statuses', () => {
    for (const s of ['expired', 'ltr-expired', 'payout-cancelled']) {
      expect(badgeColor(s)).toBe('red');
    }
  });

  it('accepts the spaced payout forms the spec uses', () => {
    expect(badgeColor('payout completed')).toBe('green');
    expect(badgeColor('payout pending')).toBe('yellow');
    expect(badgeColor('payout cancelled')).toBe('red');
  });

  it('ignores case and surrounding whitespace', () => {
    expect(badgeColor('  PAID ')).toBe('green');
    expect(badgeColor('yes')).toBe('green');
    expect(badgeColor('NO')).toBe('yellow');
    expect(badgeColor('Payout_Cancelled')).toBe('red');
  });

  it('is gray for unknown values, including inherited object keys', () => {
    expect(badgeColor('')).toBe('gray');
    expect(badgeColor('refunded')).toBe('gray');
    expect(badgeColor('constructor')).toBe('gray');
    expect(badgeColor('toString')).toBe('gray');
  });

  it('gives every stored transaction status a deliberate colour', () => {
    const colours = TRANSACTION_STATUSES.map((s) => [s, badgeColor(s)]);
    expect(Object.fromEntries(colours)).toEqual({
      waiting: 'gray',
      expired: 'red',
      paid: 'green',
      underpaid: 'yellow',
      reflextrader: 'green',
      'vtoken-active': 'yellow',
      'vtoken-claimed': 'green',
      'ltr-open': 'yellow',
      'ltr-closed': 'green',
      'ltr-expired': 'red',
      'payout-completed': 'green',
      'payout-pending': 'yellow',
      'payout-cancelled': 'red',
      swap: 'green',
    });
  });
});
