import { describe, expect, it } from 'vitest';
import { addDecimals, formatAskedAmount, formatCount, formatDecimal } from './decimal';

describe('formatDecimal', () => {
  it('rounds to two decimals with thousands separators', () => {
    expect(formatDecimal('1234567.125', 2)).toBe('1,234,567.13');
    expect(formatDecimal('0.004', 2)).toBe('0.00');
    expect(formatDecimal('12', 2)).toBe('12.00');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatDecimal('-1500.5', 2)).toBe('-1,500.50');
  });

  it('shows text that is not a decimal unchanged', () => {
    expect(formatDecimal('n/a', 2)).toBe('n/a');
  });
});

describe('addDecimals', () => {
  it('adds without floating-point drift', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('100.005', '-0.005')).toBe('100.000');
  });

  it('refuses non-decimal input', () => {
    expect(addDecimals('1', 'x')).toBeNull();
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1204)).toBe('1,204');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });

  it('rounds to a whole number, halves away from zero, and keeps the sign', () => {
    expect(formatCount(1204.5)).toBe('1,205');
    expect(formatCount(-1204.5)).toBe('-1,205');
    expect(formatCount(-0.2)).toBe('0');
  });
});

describe('formatAskedAmount', () => {
  it('drops the trailing zeros of storage but keeps cents and real precision', () => {
    expect(formatAskedAmount('355.07000000')).toBe('355.07');
    expect(formatAskedAmount('1200')).toBe('1,200.00');
    expect(formatAskedAmount('0.00012300')).toBe('0.000123');
    expect(formatAskedAmount('not a number')).toBe('not a number');
  });

  it('shows a whole amount without a dangling point when no decimals are asked for', () => {
    expect(formatAskedAmount('1300000.00000000', 0)).toBe('1,300,000');
    expect(formatAskedAmount('32000.50000000', 0)).toBe('32,000.5');
  });
});
