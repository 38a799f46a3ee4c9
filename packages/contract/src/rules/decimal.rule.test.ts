import { describe, expect, it } from 'vitest';
import { DECIMAL_MESSAGE_TEMPLATE, decimalMessage, isDecimal } from './decimal.rule';

describe('isDecimal', () => {
  it('accepts integers and fractions', () => {
    for (const value of ['0', '42', '3.14', '0.00000001', '007']) expect(isDecimal(value), value).toBe(true);
  });

  it('accepts an optional sign', () => {
    expect(isDecimal('-1.5')).toBe(true);
    expect(isDecimal('+1.5')).toBe(true);
  });

  it('accepts a fraction without integer digits', () => {
    expect(isDecimal('.5')).toBe(true);
    expect(isDecimal('-.5')).toBe(true);
  });

  it('accepts an optional exponent with or without sign', () => {
    for (const value of ['1e5', '1E5', '1.5e-3', '2e+10', '.5e2']) expect(isDecimal(value), value).toBe(true);
  });

  it('rejects empty input', () => {
    expect(isDecimal('')).toBe(false);
  });

  it('rejects a lone sign, a lone dot or a trailing dot', () => {
    for (const value of ['-', '+', '.', '5.', '-.']) expect(isDecimal(value), value).toBe(false);
  });

  it('rejects malformed numbers', () => {
    for (const value of ['1,5', '1.2.3', 'abc', '1e', 'e5', '1e1.5', '--1', '0x10', 'Infinity', 'NaN']) {
      expect(isDecimal(value), value).toBe(false);
    }
  });

  it('rejects surrounding whitespace', () => {
    expect(isDecimal(' 1')).toBe(false);
    expect(isDecimal('1 ')).toBe(false);
  });

  it('limits fraction digits when a limit is given', () => {
    expect(isDecimal('1.12', 2)).toBe(true);
    expect(isDecimal('1.1', 2)).toBe(true);
    expect(isDecimal('1.123', 2)).toBe(false);
    expect(isDecimal('.123', 2)).toBe(false);
    expect(isDecimal('1.12345678', 8)).toBe(true);
    expect(isDecimal('1.123456789', 8)).toBe(false);
  });

  it('forbids a fraction when the limit is zero', () => {
    expect(isDecimal('12', 0)).toBe(true);
    expect(isDecimal('12.5', 0)).toBe(false);
    expect(isDecimal('.5', 0)).toBe(false);
    expect(isDecimal('12e3', 0)).toBe(true);
  });

  it('throws on an invalid limit', () => {
    expect(() => isDecimal('1', -1)).toThrow(RangeError);
    expect(() => isDecimal('1', 1.5)).toThrow(RangeError);
  });
});

describe('decimalMessage', () => {
  it('substitutes the field name into the spec message', () => {
    expect(decimalMessage('Amount')).toBe('The Amount field must contain only decimal values');
  });

  it('keeps the spec template with its placeholder', () => {
    expect(DECIMAL_MESSAGE_TEMPLATE).toBe('The {_field_} field must contain only decimal values');
  });

  it('inserts a field name containing replacement patterns literally', () => {
    expect(decimalMessage('$&')).toBe('The $& field must contain only decimal values');
  });
});
