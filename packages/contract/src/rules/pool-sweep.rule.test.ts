import { describe, expect, it } from 'vitest';
import {
  decimalToUnits,
  gasTopUpWei,
  planSweep,
  shortAmount,
  unitsToDecimal,
  WEI_PER_GWEI,
  xrpReserveDrops,
  xrpSpendableDrops,
} from './pool-sweep.rule';

const ETH = 10n ** 18n;
const gwei = (n: number) => BigInt(n) * WEI_PER_GWEI;
const base = { gasBalance: 0n, gasPriceWei: gwei(20), maxGasPriceWei: gwei(60), keeperWei: ETH };

describe('units', () => {
  it('reads and writes base units exactly, never through a float', () => {
    expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001');
    expect(unitsToDecimal(123_450_000n, 6)).toBe('123.450000');
    expect(decimalToUnits('0.1', 18)).toBe(100_000_000_000_000_000n);
    // Cut, never rounded up: a sweep must not send more than is there.
    expect(decimalToUnits('1.9999999', 6)).toBe(1_999_999n);
    expect(() => decimalToUnits('1e5', 6)).toThrow(RangeError);
  });

  it('shortens amounts for messages', () => {
    expect(shortAmount(3_200_000n, 6)).toBe('3.20');
    expect(shortAmount(gwei(84), 9, 0, 2)).toBe('84');
    expect(shortAmount(ETH / 4n, 18)).toBe('0.25');
  });
});

describe('planSweep', () => {
  it('postpones while gas is above the maximum, before anything else', () => {
    expect(planSweep({ ...base, token: 'USDT', balance: 1n, gasPriceWei: gwei(84) })).toEqual({
      ok: false,
      reason: 'gas-price',
      message: 'Gas price 84 gwei is above the maximum 60 gwei in Automation Config; sweep postponed',
    });
  });

  it('leaves a balance below the token minimum', () => {
    expect(planSweep({ ...base, token: 'USDT', balance: 3_200_000n })).toMatchObject({
      ok: false,
      message: 'Balance 3.20 USDT is below the minimum 10.00 USDT to accumulate',
    });
    expect(planSweep({ ...base, token: 'ETH', balance: ETH / 1000n })).toMatchObject({
      reason: 'below-minimum',
    });
  });

  it('sweeps ETH less its own transfer gas, with no top-up', () => {
    expect(planSweep({ ...base, token: 'ETH', balance: ETH })).toEqual({
      ok: true,
      topUpWei: 0n,
      amount: ETH - 21_000n * gwei(20),
    });
  });

  it('tops up an ERC-20 address without gas first, and sweeps the whole token balance', () => {
    expect(planSweep({ ...base, token: 'USDT', balance: 50_000_000n })).toEqual({
      ok: true,
      topUpWei: gasTopUpWei(gwei(20)),
      amount: 50_000_000n,
    });
    expect(gasTopUpWei(gwei(20))).toBe(1_950_000_000_000_000n);
    // Enough gas already: no top-up.
    expect(planSweep({ ...base, token: 'USDT', balance: 50_000_000n, gasBalance: ETH / 100n })).toMatchObject(
      {
        topUpWei: 0n,
      },
    );
  });

  it('refuses when the keeper cannot pay the top-up and its own transfer', () => {
    expect(planSweep({ ...base, token: 'USDT', balance: 50_000_000n, keeperWei: ETH / 1000n })).toEqual({
      ok: false,
      reason: 'keeper-low',
      message: 'Gas keeper has 0.001 ETH; it needs 0.00237 ETH to top up 1 address',
    });
  });
});

describe('XRP reserve', () => {
  it('keeps the base reserve plus one owner reserve per object, and the fee', () => {
    const reserve = xrpReserveDrops(1_000_000n, 200_000n, 2);
    expect(reserve).toBe(1_400_000n);
    expect(xrpSpendableDrops(5_000_000n, reserve)).toBe(3_599_988n);
    expect(xrpSpendableDrops(1_400_005n, reserve)).toBe(0n);
  });
});
