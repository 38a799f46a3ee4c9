import { describe, expect, it } from 'vitest';
import {
  cleanConverterInput,
  convertAmount,
  divideAmount,
  floorDecimals,
  limitConverterInput,
} from './converter.rule';

describe('cleanConverterInput', () => {
  it('replaces a comma with a dot', () => {
    expect(cleanConverterInput('1,5')).toBe('1.5');
  });

  it('strips non-numeric characters', () => {
    expect(cleanConverterInput('€ 1 234abc')).toBe('1234');
    expect(cleanConverterInput('-12')).toBe('12');
    expect(cleanConverterInput('1e-9')).toBe('19');
  });

  it('keeps only the first dot', () => {
    expect(cleanConverterInput('abc12.3.4')).toBe('12.34');
    expect(cleanConverterInput('1,2,3')).toBe('1.23');
    expect(cleanConverterInput('1.000,50')).toBe('1.00050');
  });

  it('keeps a leading or trailing dot so typing is not interrupted', () => {
    expect(cleanConverterInput('0.')).toBe('0.');
    expect(cleanConverterInput('.5')).toBe('.5');
  });

  it('returns an empty string when nothing numeric is left', () => {
    expect(cleanConverterInput('')).toBe('');
    expect(cleanConverterInput('abc')).toBe('');
  });

  it('leaves clean input untouched', () => {
    expect(cleanConverterInput('123.45678901')).toBe('123.45678901');
  });
});

describe('floorDecimals', () => {
  it('cuts to 8 decimals by default without rounding up', () => {
    expect(floorDecimals('0.123456789')).toBe('0.12345678');
    expect(floorDecimals('0.999999999')).toBe('0.99999999');
  });

  it('keeps values with 8 or fewer decimals exact', () => {
    expect(floorDecimals('0.12345678')).toBe('0.12345678');
    expect(floorDecimals('42')).toBe('42');
  });

  it('avoids float artefacts', () => {
    expect(floorDecimals('0.3')).toBe('0.3');
    expect(floorDecimals('1.005', 2)).toBe('1');
    expect(floorDecimals('4.35', 2)).toBe('4.35');
  });

  it('writes the shortest plain form without trailing zeros', () => {
    expect(floorDecimals('1.50000000')).toBe('1.5');
    expect(floorDecimals('2.000000009')).toBe('2');
    expect(floorDecimals('007.10')).toBe('7.1');
  });

  it('honours a custom number of decimals, including zero', () => {
    expect(floorDecimals('12.3456', 2)).toBe('12.34');
    expect(floorDecimals('12.999', 0)).toBe('12');
  });

  it('understands exponent notation', () => {
    expect(floorDecimals('1e-9')).toBe('0');
    expect(floorDecimals('1e-8')).toBe('0.00000001');
    expect(floorDecimals('1.5E3')).toBe('1500');
    expect(floorDecimals('12345e-4')).toBe('1.2345');
  });

  it('accepts a leading or trailing dot', () => {
    expect(floorDecimals('.5')).toBe('0.5');
    expect(floorDecimals('5.')).toBe('5');
  });

  it('truncates negative values toward zero and never yields -0', () => {
    expect(floorDecimals('-1.999999999')).toBe('-1.99999999');
    expect(floorDecimals('-0.000000001')).toBe('0');
    expect(floorDecimals('-0')).toBe('0');
  });

  it('keeps precision on numbers beyond float range', () => {
    expect(floorDecimals('123456789012345678901234567890.123456789')).toBe(
      '123456789012345678901234567890.12345678',
    );
  });

  it('returns an empty string for text that is not a number', () => {
    for (const value of ['', ' ', '.', '-', 'abc', '1,5', '1.2.3', 'NaN', 'Infinity', '1e', '0x10']) {
      expect(floorDecimals(value), value).toBe('');
    }
  });

  it('rejects absurd exponents instead of building huge strings', () => {
    expect(floorDecimals('1e999999999')).toBe('');
    expect(floorDecimals('1e-1001')).toBe('');
  });

  it('throws on an invalid number of decimals', () => {
    expect(() => floorDecimals('1', -1)).toThrow(RangeError);
    expect(() => floorDecimals('1', 1.5)).toThrow(RangeError);
  });
});

describe('convertAmount', () => {
  it('multiplies exactly and cuts to 8 decimals', () => {
    expect(convertAmount('1', '0.000016789123')).toBe('0.00001678');
    expect(convertAmount('0.1', '0.2')).toBe('0.02');
    expect(convertAmount('3', '0.333333333')).toBe('0.99999999');
  });

  it('handles large amounts without precision loss', () => {
    expect(convertAmount('123456789.12345678', '98765.4321')).toBe('12193263123456.78912237');
  });

  it('returns zero when either side is zero', () => {
    expect(convertAmount('0', '12345.678')).toBe('0');
    expect(convertAmount('5', '0')).toBe('0');
  });

  it('honours a custom number of decimals', () => {
    expect(convertAmount('2', '1.23456', 2)).toBe('2.46');
  });

  it('gives a negative result for one negative factor', () => {
    expect(convertAmount('-2', '1.5')).toBe('-3');
    expect(convertAmount('-2', '-1.5')).toBe('3');
  });

  it('returns an empty string when either input is not a number', () => {
    expect(convertAmount('', '1')).toBe('');
    expect(convertAmount('1', 'abc')).toBe('');
  });
});

describe('limitConverterInput', () => {
  it('cleans like cleanConverterInput', () => {
    expect(limitConverterInput('1,5')).toBe('1.5');
    expect(limitConverterInput('€ 12abc')).toBe('12');
  });

  it('floors what is typed to 8 decimals by cutting the extra digits', () => {
    expect(limitConverterInput('0.123456789')).toBe('0.12345678');
    expect(limitConverterInput('0,999999999')).toBe('0.99999999');
  });

  it('keeps the text as typed otherwise, so typing is not fought', () => {
    expect(limitConverterInput('0.')).toBe('0.');
    expect(limitConverterInput('1.000')).toBe('1.000');
    expect(limitConverterInput('.5')).toBe('.5');
  });

  it('honours a custom number of decimals', () => {
    expect(limitConverterInput('12.3456', 2)).toBe('12.34');
    expect(limitConverterInput('12.3456', 0)).toBe('12.');
  });
});

describe('divideAmount', () => {
  it('divides exactly and cuts to 8 decimals without rounding up', () => {
    expect(divideAmount('1', '3')).toBe('0.33333333');
    expect(divideAmount('2', '3')).toBe('0.66666666');
    expect(divideAmount('1', '90000')).toBe('0.00001111');
  });

  it('inverts a rate written with any number of decimals', () => {
    expect(divideAmount('1', '0.00001111')).toBe('90009.00090009');
    expect(divideAmount('0.5', '0.25')).toBe('2');
    expect(divideAmount('123456789.12345678', '0.1')).toBe('1234567891.2345678');
  });

  it('keeps precision on numbers beyond float range', () => {
    expect(divideAmount('123456789012345678901234567890', '2')).toBe('61728394506172839450617283945');
  });

  it('honours a custom number of decimals', () => {
    expect(divideAmount('10', '3', 2)).toBe('3.33');
  });

  it('returns an empty string for a zero rate or text that is not a number', () => {
    expect(divideAmount('1', '0')).toBe('');
    expect(divideAmount('1', '0.000')).toBe('');
    expect(divideAmount('', '1')).toBe('');
    expect(divideAmount('1', 'abc')).toBe('');
  });
});
