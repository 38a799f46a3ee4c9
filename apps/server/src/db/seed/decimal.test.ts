import { describe, expect, it } from 'vitest';
import { formatUnits, MONEY_SCALE, mulDiv, RATE_SCALE, rescale, toUnits } from './decimal';

describe('decimal helpers', () => {
  it('reads and writes decimals exactly at a scale', () => {
    expect(toUnits('12.5', MONEY_SCALE)).toBe(1_250_000_000n);
    expect(formatUnits(1_250_000_000n, MONEY_SCALE)).toBe('12.50000000');
    expect(formatUnits(5n, MONEY_SCALE)).toBe('0.00000005');
    expect(formatUnits(-5n, 2)).toBe('-0.05');
    expect(toUnits('0.123456789', MONEY_SCALE)).toBe(12_345_679n);
  });

  it('rounds half away from zero like PostgreSQL', () => {
    expect(mulDiv(5n, 1n, 10n)).toBe(1n);
    expect(mulDiv(-5n, 1n, 10n)).toBe(-1n);
    expect(mulDiv(4n, 1n, 10n)).toBe(0n);
    expect(rescale(toUnits('1.000000005', RATE_SCALE), RATE_SCALE, MONEY_SCALE)).toBe(100_000_001n);
  });

  it('converts 90 EUR to BTC at 90000 without floats', () => {
    const original = toUnits('90', MONEY_SCALE);
    const amount = mulDiv(original, toUnits('1', RATE_SCALE), toUnits('90000', RATE_SCALE));
    expect(formatUnits(amount, MONEY_SCALE)).toBe('0.00100000');
  });

  it('refuses what is not a decimal', () => {
    expect(() => toUnits('1e5', MONEY_SCALE)).toThrow(RangeError);
    expect(() => toUnits('', MONEY_SCALE)).toThrow(RangeError);
  });
});
