import type { DbOrTx } from '../database';
import { altCoins, exchanges, paymentProviders, rates } from '../schema';
import type { Random } from './random';

/** How a coin's deposit addresses look, so demo addresses resemble the real ones per chain. */
export interface AddressShape {
  prefix: string;
  alphabet: string;
  length: number;
}

export interface DemoCoin {
  id: number;
  name: string;
  shortName: string;
  longName: string;
  isOnline: boolean;
  priority: 1 | 2 | 3 | 4 | 5;
  vFiat: 0 | 1 | 2 | 3 | 4 | 5;
  buyEnabled: boolean;
  blockExplorer: string | null;
  /** EUR price of one unit. */
  eur: string;
  /** null for coins without an on-chain address: fiat and the vFiat instruments use 'NA'. */
  address: AddressShape | null;
  /** Relative share of demo payments in this coin. */
  weight: number;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const bech32 = (prefix: string, length: number): AddressShape => ({ prefix, alphabet: BECH32, length });
const base58 = (prefix: string, length: number): AddressShape => ({ prefix, alphabet: BASE58, length });
const evm: AddressShape = { prefix: '0x', alphabet: HEX, length: 40 };
const tron = base58('T', 33);
const blockchair = (chain: string) => `https://blockchair.com/${chain}/address/{address}`;
const etherscan = 'https://etherscan.io/address/{address}';

type CoinInput = Omit<DemoCoin, 'isOnline' | 'buyEnabled'> & { isOnline?: boolean; buyEnabled?: boolean };
const coin = (c: CoinInput): DemoCoin => ({ isOnline: true, buyEnabled: true, ...c });
const onChain = (
  id: number,
  name: string,
  shortName: string,
  longName: string,
  eur: string,
  priority: DemoCoin['priority'],
  address: AddressShape,
  blockExplorer: string | null,
  weight: number,
  extra: Partial<DemoCoin> = {},
): DemoCoin =>
  coin({ id, name, shortName, longName, eur, priority, vFiat: 0, address, blockExplorer, weight, ...extra });
const instrument = (
  id: number,
  name: string,
  shortName: string,
  longName: string,
  eur: string,
  vFiat: DemoCoin['vFiat'],
  priority: DemoCoin['priority'],
  weight: number,
  extra: Partial<DemoCoin> = {},
): DemoCoin =>
  coin({
    id,
    name,
    shortName,
    longName,
    eur,
    priority,
    vFiat,
    address: null,
    blockExplorer: null,
    weight,
    ...extra,
  });

/** ID 1 is Bitcoin and ID 625 the euro: the converter's defaults (SPEC §9). Prices are late-2025 levels. */
// biome-ignore format: one coin per line reads as a table
export const DEMO_COINS: readonly DemoCoin[] = [
  onChain(1, 'Bitcoin', 'BTC', 'Bitcoin', '90000', 1, bech32('bc1q', 38), blockchair('bitcoin'), 30),
  onChain(2, 'Litecoin', 'LTC', 'Litecoin', '85.40', 2, bech32('ltc1q', 38), blockchair('litecoin'), 5),
  onChain(3, 'Dogecoin', 'DOGE', 'Dogecoin', '0.1580', 3, base58('D', 33), blockchair('dogecoin'), 3),
  onChain(4, 'Dash', 'DASH', 'Dash', '41.20', 4, base58('X', 33), blockchair('dash'), 1),
  onChain(5, 'Ethereum', 'ETH', 'Ethereum', '3000', 1, evm, etherscan, 15),
  onChain(6, 'XRP', 'XRP', 'XRP Ledger', '2.05', 2, base58('r', 33), 'https://xrpscan.com/account/{address}', 4),
  onChain(7, 'BitcoinCash', 'BCH', 'Bitcoin Cash', '455.10', 3, bech32('bitcoincash:q', 41), blockchair('bitcoin-cash'), 1.5),
  onChain(8, 'Monero', 'XMR', 'Monero', '352.70', 4, base58('4', 94), null, 1, { buyEnabled: false }),
  onChain(9, 'Stellar', 'XLM', 'Stellar Lumens', '0.2240', 3, { prefix: 'G', alphabet: BASE32, length: 55 }, 'https://stellar.expert/explorer/public/account/{address}', 1),
  onChain(10, 'EthereumClassic', 'ETC', 'Ethereum Classic', '12.35', 5, evm, 'https://etc.blockscout.com/address/{address}', 0.5),
  onChain(11, 'Zcash', 'ZEC', 'Zcash', '398.00', 4, base58('t1', 33), blockchair('zcash'), 0.4),
  onChain(12, 'Tron', 'TRX', 'Tron', '0.2480', 3, tron, 'https://tronscan.org/#/address/{address}', 1.5),
  onChain(13, 'Tether', 'USDT', 'Tether USD (ERC20)', '0.92', 1, evm, etherscan, 9),
  onChain(14, 'USDC', 'USDC', 'USD Coin (ERC20)', '0.92', 1, evm, etherscan, 5),
  onChain(15, 'BNB', 'BNB', 'BNB (BEP20)', '805.00', 2, evm, 'https://bscscan.com/address/{address}', 2),
  onChain(16, 'Cardano', 'ADA', 'Cardano', '0.4120', 3, bech32('addr1q', 98), 'https://cardanoscan.io/address/{address}', 1.5),
  onChain(17, 'Polkadot', 'DOT', 'Polkadot', '2.64', 5, base58('1', 47), 'https://polkadot.subscan.io/account/{address}', 0.6),
  onChain(18, 'Solana', 'SOL', 'Solana', '128.90', 2, base58('', 44), 'https://solscan.io/account/{address}', 4),
  onChain(19, 'Chainlink', 'LINK', 'Chainlink (ERC20)', '12.10', 5, evm, etherscan, 0.6),
  onChain(20, 'Polygon', 'POL', 'Polygon', '0.1310', 5, evm, 'https://polygonscan.com/address/{address}', 0.6),
  onChain(21, 'Avalanche', 'AVAX', 'Avalanche C-Chain', '13.20', 5, evm, 'https://snowtrace.io/address/{address}', 0.6),
  onChain(22, 'Uniswap', 'UNI', 'Uniswap (ERC20)', '5.40', 5, evm, etherscan, 0.3),
  onChain(23, 'Aave', 'AAVE', 'Aave (ERC20)', '162.00', 5, evm, etherscan, 0.3),
  onChain(24, 'ShibaInu', 'SHIB', 'Shiba Inu (ERC20)', '0.00000852', 5, evm, etherscan, 0.5),
  onChain(25, 'Dai', 'DAI', 'Dai Stablecoin (ERC20)', '0.92', 3, evm, etherscan, 0.8),
  onChain(26, 'EuroCoin', 'EURC', 'Euro Coin (ERC20)', '1.00', 3, evm, etherscan, 1),
  onChain(27, 'Toncoin', 'TON', 'Toncoin', '1.48', 5, { prefix: 'UQ', alphabet: BASE64URL, length: 46 }, 'https://tonviewer.com/{address}', 0.5),
  onChain(28, 'Cosmos', 'ATOM', 'Cosmos Hub', '2.47', 5, bech32('cosmos1', 38), 'https://www.mintscan.io/cosmos/address/{address}', 0.3),
  onChain(29, 'Algorand', 'ALGO', 'Algorand', '0.1290', 5, { prefix: '', alphabet: BASE32, length: 58 }, 'https://allo.info/account/{address}', 0.3),
  onChain(30, 'Near', 'NEAR', 'NEAR Protocol', '1.83', 5, { prefix: '', alphabet: HEX, length: 64 }, 'https://nearblocks.io/address/{address}', 0.3),
  onChain(31, 'Tezos', 'XTZ', 'Tezos', '0.5020', 5, base58('tz1', 33), 'https://tzkt.io/{address}', 0.2, { buyEnabled: false }),
  onChain(32, 'Pepe', 'PEPE', 'Pepe (ERC20)', '0.00000451', 5, evm, etherscan, 0.3),
  onChain(33, 'TetherTron', 'USDT-TRC20', 'Tether USD (TRC20)', '0.92', 2, tron, 'https://tronscan.org/#/address/{address}', 4),
  onChain(34, 'Arbitrum', 'ARB', 'Arbitrum One', '0.2710', 5, evm, 'https://arbiscan.io/address/{address}', 0.3),
  onChain(35, 'Optimism', 'OP', 'Optimism', '0.4050', 5, evm, 'https://optimistic.etherscan.io/address/{address}', 0.2),
  // Delisted coins keep their rows (old transactions point at them), renamed with the '_disabled' suffix.
  onChain(50, 'BitcoinGold_disabled', 'BTG', 'Bitcoin Gold', '0.6100', 5, base58('G', 33), 'https://btgexplorer.com/address/{address}', 0, { isOnline: false, buyEnabled: false }),
  onChain(51, 'Verge_disabled', 'XVG', 'Verge', '0.0052', 5, base58('D', 33), 'https://verge-blockchain.info/address/{address}', 0, { isOnline: false, buyEnabled: false }),
  onChain(52, 'Peercoin_disabled', 'PPC', 'Peercoin', '0.3150', 5, base58('P', 33), 'https://chainz.cryptoid.info/ppc/address.dws?{address}.htm', 0, { isOnline: false, buyEnabled: false }),
  onChain(53, 'Namecoin_disabled', 'NMC', 'Namecoin', '0.8700', 5, base58('N', 33), 'https://chainz.cryptoid.info/nmc/address.dws?{address}.htm', 0, { isOnline: false, buyEnabled: false }),
  instrument(625, 'Euro', 'EUR', 'Euro', '1', 1, 1, 14),
  instrument(626, 'US Dollar', 'USD', 'US Dollar', '0.92', 1, 2, 3),
  instrument(627, 'British Pound', 'GBP', 'British Pound Sterling', '1.17', 1, 2, 2),
  instrument(628, 'Swiss Franc', 'CHF', 'Swiss Franc', '1.07', 1, 3, 0.4),
  instrument(700, 'Apple', 'AAPL', 'Apple Inc. (tokenised share)', '231.40', 2, 5, 0.1),
  instrument(701, 'Tesla', 'TSLA', 'Tesla Inc. (tokenised share)', '378.90', 2, 5, 0.1),
  instrument(702, 'Nvidia', 'NVDA', 'NVIDIA Corp. (tokenised share)', '161.20', 2, 5, 0.1),
  instrument(710, 'Gold', 'XAU', 'Gold (troy ounce)', '3520.00', 3, 3, 0.2),
  instrument(711, 'Silver', 'XAG', 'Silver (troy ounce)', '43.10', 3, 4, 0.1),
  instrument(712, 'BrentOil', 'BRENT', 'Brent Crude Oil (barrel)', '54.80', 3, 5, 0.05, { isOnline: false }),
  instrument(720, 'SP500', 'SPX', 'S&P 500 Index', '5810.00', 4, 5, 0.05),
  instrument(721, 'DAX', 'DAX', 'DAX 40 Index', '23950.00', 4, 5, 0.05),
  instrument(722, 'Nasdaq100', 'NDX', 'Nasdaq 100 Index', '21480.00', 4, 5, 0.05),
  instrument(730, 'USTreasury10Y', 'US10Y', 'US Treasury Note 10Y', '91.80', 5, 5, 0.03, { buyEnabled: false }),
  instrument(731, 'Bund10Y', 'BUND10Y', 'German Bund 10Y', '127.60', 5, 5, 0.03, { buyEnabled: false }),
];

export const DEMO_EXCHANGES: ReadonlyArray<{ name: string; hidden: boolean }> = [
  { name: 'Kraken', hidden: false },
  { name: 'Bitstamp', hidden: false },
  { name: 'Binance', hidden: false },
  { name: 'KuCoin', hidden: false },
  { name: 'Coinbase Exchange', hidden: false },
  // Retired venue; its old trades still reference it, so the row stays but the lists hide it (SPEC §7.2).
  { name: 'LegacyX', hidden: true },
];

/** Fiat acquirers behind T payments; the names select the provider detail dialog (SPEC §3). */
export const DEMO_PROVIDERS = [
  'CardPay',
  'BankLink',
  'Bunq',
  'Square',
  'Stripe',
  'Rapyd',
  'Payrexx',
] as const;

const PROVIDER_ROWS: ReadonlyArray<{
  name: string;
  kind: 'provider' | 'payout_type';
  isFiat: boolean;
  activatedLabel: string;
}> = [
  { name: 'CardPay', kind: 'provider', isFiat: true, activatedLabel: 'Activated' },
  { name: 'BankLink', kind: 'provider', isFiat: true, activatedLabel: 'Activated' },
  { name: 'Bunq', kind: 'provider', isFiat: true, activatedLabel: 'Linked' },
  { name: 'Square', kind: 'provider', isFiat: true, activatedLabel: 'Activated' },
  { name: 'Stripe', kind: 'provider', isFiat: true, activatedLabel: 'Connected' },
  { name: 'Rapyd', kind: 'provider', isFiat: true, activatedLabel: 'Activated' },
  { name: 'Payrexx', kind: 'provider', isFiat: true, activatedLabel: 'Activated' },
  { name: 'EUR Bank', kind: 'payout_type', isFiat: true, activatedLabel: 'Activated' },
  { name: 'USD Bank', kind: 'payout_type', isFiat: true, activatedLabel: 'Activated' },
  { name: 'GBP Bank', kind: 'payout_type', isFiat: true, activatedLabel: 'Activated' },
  { name: 'Wallet', kind: 'payout_type', isFiat: false, activatedLabel: 'Enabled' },
  { name: 'PayPal', kind: 'payout_type', isFiat: true, activatedLabel: 'Verified' },
  { name: 'Payeer', kind: 'payout_type', isFiat: true, activatedLabel: 'Verified' },
];

const COINS_BY_ID = new Map(DEMO_COINS.map((c) => [c.id, c]));
export const demoCoin = (id: number): DemoCoin | undefined => COINS_BY_ID.get(id);

/** A deposit address shaped like the coin's real ones, or 'NA' for coins without one. */
export function demoAddress(rng: Random, shape: AddressShape | null): string {
  return shape === null ? 'NA' : shape.prefix + rng.chars(shape.alphabet, shape.length);
}

/** XRP and Stellar payments carry a destination tag or memo; other chains do not. */
export function demoTag(rng: Random, coinId: number): string | null {
  return coinId === 6 || coinId === 9 ? String(rng.int(100_000, 4_294_967_295)) : null;
}

/** Minimum payouts of the main coins (Transaction Scheduling's threshold floor); others have none (0). */
export const DEMO_MIN_PAYOUTS: Readonly<Record<number, string>> = {
  1: '0.00050000',
  2: '0.01000000',
  5: '0.00500000',
};

export async function seedCatalog(
  db: DbOrTx,
  now: Date,
): Promise<{ altCoins: number; rates: number; exchanges: number; paymentProviders: number }> {
  await db.insert(altCoins).values(
    DEMO_COINS.map((c) => ({
      id: c.id,
      name: c.name,
      shortName: c.shortName,
      longName: c.longName,
      isOnline: c.isOnline,
      priority: c.priority,
      vFiat: c.vFiat,
      buyEnabled: c.buyEnabled,
      blockExplorer: c.blockExplorer,
      minPayout: DEMO_MIN_PAYOUTS[c.id] ?? '0',
    })),
  );
  await db.insert(rates).values(DEMO_COINS.map((c) => ({ altCoinId: c.id, eur: c.eur, updatedAt: now })));
  await db.insert(exchanges).values([...DEMO_EXCHANGES]);
  await db.insert(paymentProviders).values([...PROVIDER_ROWS]);
  return {
    altCoins: DEMO_COINS.length,
    rates: DEMO_COINS.length,
    exchanges: DEMO_EXCHANGES.length,
    paymentProviders: PROVIDER_ROWS.length,
  };
}

/** How customers pay: fiat payments mostly come by invoice or API, crypto ones often at a point of sale. */
export function paymentTypeWeights(isFiat: boolean): ReadonlyArray<readonly [string, number]> {
  return isFiat
    ? [
        ['Invoice', 40],
        ['API', 55],
        ['POS', 5],
      ]
    : [
        ['POS', 35],
        ['Invoice', 25],
        ['API', 40],
      ];
}
