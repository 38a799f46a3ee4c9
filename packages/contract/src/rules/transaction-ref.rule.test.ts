import { describe, expect, it } from 'vitest';
import { formatTransactionRef, parseTransactionRef } from './transaction-ref.rule';

describe('formatTransactionRef', () => {
  it('pads the id to 9 digits after the prefix', () => {
    expect(formatTransactionRef('T', 1234)).toBe('T000001234');
    expect(formatTransactionRef('P', 1)).toBe('P000000001');
  });

  it('leaves a 9-digit id unchanged', () => {
    expect(formatTransactionRef('T', 123456789)).toBe('T123456789');
  });

  it('does not truncate ids longer than 9 digits', () => {
    expect(formatTransactionRef('P', 12345678901)).toBe('P12345678901');
  });

  it('rejects ids that are not positive safe integers', () => {
    for (const id of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => formatTransactionRef('T', id)).toThrow(RangeError);
    }
  });
});

describe('parseTransactionRef', () => {
  it('reads a padded reference', () => {
    expect(parseTransactionRef('T000001234')).toEqual({ prefix: 'T', id: 1234 });
    expect(parseTransactionRef('P000000001')).toEqual({ prefix: 'P', id: 1 });
  });

  it('accepts a lower-case prefix and normalises it', () => {
    expect(parseTransactionRef('t000001234')).toEqual({ prefix: 'T', id: 1234 });
    expect(parseTransactionRef('p42')).toEqual({ prefix: 'P', id: 42 });
  });

  it('accepts ids longer than 9 digits', () => {
    expect(parseTransactionRef('P12345678901')).toEqual({ prefix: 'P', id: 12345678901 });
  });

  it('ignores surrounding whitespace', () => {
    expect(parseTransactionRef('  T000001234 ')).toEqual({ prefix: 'T', id: 1234 });
  });

  it('round-trips with formatTransactionRef', () => {
    expect(parseTransactionRef(formatTransactionRef('P', 987))).toEqual({ prefix: 'P', id: 987 });
  });

  it('rejects an unknown prefix, a missing prefix or a missing id', () => {
    for (const ref of ['X000001234', '000001234', 'T', 'P', '', 'TT1234']) {
      expect(parseTransactionRef(ref)).toBeNull();
    }
  });

  it('rejects non-digit ids', () => {
    for (const ref of ['T12a4', 'T-1234', 'T12.5', 'T 1234', 'T1e5', 'T１２３']) {
      expect(parseTransactionRef(ref)).toBeNull();
    }
  });

  it('rejects a zero id', () => {
    expect(parseTransactionRef('T000000000')).toBeNull();
  });

  it('rejects an id beyond the safe integer range', () => {
    expect(parseTransactionRef('T99999999999999999999')).toBeNull();
  });
});
