import { EVM_TOKENS, type EvmToken } from '../entities/pools.schema';

/** Gas a plain ETH transfer uses. */
export const ETH_TRANSFER_GAS = 21_000n;
/** Gas an ERC-20 `transfer` uses at most (a fresh recipient balance slot); the sandbox charges exactly this. */
export const ERC20_TRANSFER_GAS = 65_000n;
/** A gas top-up funds the transfer at 1.5 × today's price, so a rise before it is mined does not strand it. */
const TOPUP_HEADROOM_NUM = 3n;
const TOPUP_HEADROOM_DEN = 2n;
export const WEI_PER_GWEI = 1_000_000_000n;
export const ETH_DECIMALS = 18;
/** The XRP Ledger's fee of a plain payment, in drops. */
export const XRP_PAYMENT_FEE_DROPS = 12n;

/** Whole base units (wei, drops, token units) as a decimal string with exactly `decimals` places. */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A decimal string in base units, the fraction cut at `decimals` (never rounded up: an amount to send must
 * not exceed what is there). Throws RangeError for text that is not a plain decimal.
 */
export function decimalToUnits(text: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return sign === '-' ? -units : units;
}

/**
 * An amount as a message shows it: at least `minDecimals` places, trailing zeros beyond them dropped, cut at
 * `maxDecimals` ('0.25 ETH', '3.20 USDT', '84 gwei').
 */
export function shortAmount(units: bigint, decimals: number, minDecimals = 2, maxDecimals = 6): string {
  const full = unitsToDecimal(units, decimals);
  const [whole = '0', fraction = ''] = full.split('.');
  let shown = fraction.slice(0, maxDecimals);
  while (shown.length > minDecimals && shown.endsWith('0')) shown = shown.slice(0, -1);
  return shown.length > 0 ? `${whole}.${shown}` : whole;
}

const gwei = (wei: bigint) => shortAmount(wei, 9, 0, 2);
const eth = (wei: bigint) => shortAmount(wei, ETH_DECIMALS, 2, 6);

/** The ETH a gas top-up sends to let an ERC-20 deposit address pay for its one transfer. */
export const gasTopUpWei = (gasPriceWei: bigint): bigint =>
  (ERC20_TRANSFER_GAS * gasPriceWei * TOPUP_HEADROOM_NUM) / TOPUP_HEADROOM_DEN;

/** The gas an address's sweep burns: a plain transfer for ETH, an ERC-20 transfer for tokens. */
export const sweepGasWei = (token: EvmToken, gasPriceWei: bigint): bigint =>
  (token === 'ETH' ? ETH_TRANSFER_GAS : ERC20_TRANSFER_GAS) * gasPriceWei;

export const minimumUnits = (token: EvmToken): bigint =>
  decimalToUnits(EVM_TOKENS[token].minimum, EVM_TOKENS[token].decimals);

export interface SweepCheckInput {
  token: EvmToken;
  /** The address's balance of the token (wei for ETH). */
  balance: bigint;
  /** The address's ETH, which pays its gas. */
  gasBalance: bigint;
  gasPriceWei: bigint;
  maxGasPriceWei: bigint;
  keeperWei: bigint;
}

export type SweepPlan =
  | { ok: true; topUpWei: bigint; amount: bigint }
  | { ok: false; reason: 'gas-price' | 'below-minimum' | 'keeper-low' | 'nothing'; message: string };

export const gasPriceTooHighMessage = (nowWei: bigint, maxWei: bigint): string =>
  `Gas price ${gwei(nowWei)} gwei is above the maximum ${gwei(maxWei)} gwei in Automation Config; sweep postponed`;

export const keeperTooLowMessage = (keeperWei: bigint, neededWei: bigint, addresses: number): string =>
  `Gas keeper has ${eth(keeperWei)} ETH; it needs ${eth(neededWei)} ETH to top up ${addresses} ${addresses === 1 ? 'address' : 'addresses'}`;

/**
 * Whether an address may be swept now, and how: the gas price cap first (nothing moves while gas is dear),
 * then the token's minimum, then for ERC-20 the gas the address lacks and whether the keeper can send it.
 * For ETH the amount is the balance less the transfer's own gas.
 */
export function planSweep(input: SweepCheckInput): SweepPlan {
  const { token, balance, gasBalance, gasPriceWei, maxGasPriceWei, keeperWei } = input;
  const { decimals } = EVM_TOKENS[token];
  if (balance <= 0n) return { ok: false, reason: 'nothing', message: `The address holds no ${token}` };
  if (gasPriceWei > maxGasPriceWei)
    return { ok: false, reason: 'gas-price', message: gasPriceTooHighMessage(gasPriceWei, maxGasPriceWei) };
  const minimum = minimumUnits(token);
  if (balance < minimum)
    return {
      ok: false,
      reason: 'below-minimum',
      message: `Balance ${shortAmount(balance, decimals)} ${token} is below the minimum ${shortAmount(minimum, decimals)} ${token} to accumulate`,
    };
  if (token === 'ETH') {
    const amount = balance - sweepGasWei('ETH', gasPriceWei);
    if (amount <= 0n)
      return {
        ok: false,
        reason: 'below-minimum',
        message: 'The balance does not cover the gas of its sweep',
      };
    return { ok: true, topUpWei: 0n, amount };
  }
  const needed = sweepGasWei(token, gasPriceWei);
  const topUpWei = gasBalance >= needed ? 0n : gasTopUpWei(gasPriceWei);
  // The keeper pays its own transfer's gas as well as the amount it sends.
  if (topUpWei > 0n && keeperWei < topUpWei + sweepGasWei('ETH', gasPriceWei))
    return {
      ok: false,
      reason: 'keeper-low',
      message: keeperTooLowMessage(keeperWei, topUpWei + sweepGasWei('ETH', gasPriceWei), 1),
    };
  return { ok: true, topUpWei, amount: balance };
}

/** The XRP an account must keep: the base reserve plus one owner reserve per object it owns. */
export const xrpReserveDrops = (baseDrops: bigint, ownerDrops: bigint, ownerCount: number): bigint =>
  baseDrops + ownerDrops * BigInt(ownerCount);

/** What a sweep of an XRP account moves: everything above its reserve and the payment's fee, never below 0. */
export const xrpSpendableDrops = (balanceDrops: bigint, reserveDrops: bigint): bigint => {
  const spendable = balanceDrops - reserveDrops - XRP_PAYMENT_FEE_DROPS;
  return spendable > 0n ? spendable : 0n;
};
