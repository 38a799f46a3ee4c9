import type { AdminConfig, AutomationConfig, ConfigNamespace } from '@bo/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins } from '../../db/schema';
import { scheduleRefusal } from '../jobs/job-schedule';

export interface ConfigIssue {
  path: string;
  message: string;
}

/** Lightning is a payment rail, not a chain: a coin of that name settles without block confirmations. */
const LIGHTNING = /lightning|\bLN\b/i;

/**
 * The confirmations table's rules that need the coin catalogue: a coin once, named as staff know it; a coin
 * that exists; 0 confirmations only for Lightning or a virtual-fiat instrument (nothing to confirm on chain).
 */
async function adminRules(db: DbOrTx, values: AdminConfig): Promise<ConfigIssue[]> {
  const ids = [...new Set(values.confirmations.map((row) => row.coin))];
  const coins = ids.length
    ? await db
        .select({
          id: altCoins.id,
          longName: altCoins.longName,
          shortName: altCoins.shortName,
          vFiat: altCoins.vFiat,
        })
        .from(altCoins)
        .where(inArray(altCoins.id, ids))
    : [];
  const byId = new Map(coins.map((c) => [c.id, c]));
  const issues: ConfigIssue[] = [];
  const seen = new Set<number>();
  values.confirmations.forEach((row, i) => {
    const coin = byId.get(row.coin);
    if (!coin) {
      issues.push({ path: `confirmations.${i}.coin`, message: `No coin found with ID ${row.coin}` });
      return;
    }
    if (seen.has(row.coin))
      issues.push({ path: `confirmations.${i}.coin`, message: `${coin.longName} is listed twice` });
    seen.add(row.coin);
    const offChain = coin.vFiat !== 0 || LIGHTNING.test(coin.longName) || LIGHTNING.test(coin.shortName);
    if (row.minConfirmations === 0 && !offChain)
      issues.push({
        path: `confirmations.${i}.minConfirmations`,
        message: '0 confirmations is only allowed for Lightning',
      });
  });
  return issues;
}

type CoinRow = { id: number; longName: string; shortName: string; vFiat: number };

async function coinsById(db: DbOrTx, ids: number[]): Promise<Map<number, CoinRow>> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({
          id: altCoins.id,
          longName: altCoins.longName,
          shortName: altCoins.shortName,
          vFiat: altCoins.vFiat,
        })
        .from(altCoins)
        .where(inArray(altCoins.id, unique))
    : [];
  return new Map(rows.map((c) => [c.id, c]));
}

/** Each row's coin exists and is listed once: `No coin found with ID 4242`, `Bitcoin is listed twice`. */
function coinRowIssues(
  table: string,
  rows: Array<{ coin: number }>,
  coins: Map<number, CoinRow>,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    const coin = coins.get(row.coin);
    if (!coin) issues.push({ path: `${table}.${i}.coin`, message: `No coin found with ID ${row.coin}` });
    else if (seen.has(row.coin))
      issues.push({ path: `${table}.${i}.coin`, message: `${coin.longName} is listed twice` });
    seen.add(row.coin);
  });
  return issues;
}

const EVM = /^0x[0-9a-fA-F]{40}$/;
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
/**
 * Address formats by coin (short name): the chains the demo catalogue holds. A coin not listed here (and not
 * an EVM token) gets a loose check only: one word of 20 to 128 characters.
 */
const ADDRESS_FORMATS: Record<string, { chain: string; pattern: RegExp }> = {
  BTC: { chain: 'Bitcoin', pattern: new RegExp(`^(bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`) },
  LTC: { chain: 'Litecoin', pattern: new RegExp(`^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3]${BASE58}{25,34})$`) },
  DOGE: { chain: 'Dogecoin', pattern: new RegExp(`^[DA9]${BASE58}{25,34}$`) },
  XRP: { chain: 'XRP', pattern: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/ },
  TRX: { chain: 'Tron', pattern: new RegExp(`^T${BASE58}{33}$`) },
  'USDT-TRC20': { chain: 'Tron', pattern: new RegExp(`^T${BASE58}{33}$`) },
  BCH: { chain: 'Bitcoin Cash', pattern: /^(bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$/ },
  SOL: { chain: 'Solana', pattern: new RegExp(`^${BASE58}{32,44}$`) },
};
const EVM_COINS = new Set(['ETH', 'ETC', 'BNB', 'POL', 'AVAX', 'ARB', 'OP']);

/** Why an address is not one of the coin's chain, e.g. "Not a valid Ethereum address"; null when it is. */
export function addressRefusal(coin: CoinRow, address: string): string | null {
  const isEvm = EVM_COINS.has(coin.shortName) || /\((ERC20|BEP20)\)/.test(coin.longName);
  if (isEvm) return EVM.test(address) ? null : 'Not a valid Ethereum address';
  const format = ADDRESS_FORMATS[coin.shortName.toUpperCase()];
  if (format) return format.pattern.test(address) ? null : `Not a valid ${format.chain} address`;
  return /^\S{20,128}$/.test(address) ? null : `Not a valid ${coin.longName} address`;
}

/** Automation's rules beyond its schema: croner's verdict on the schedule, the coins, the cold addresses. */
async function automationRules(db: DbOrTx, values: AutomationConfig): Promise<ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  const refusal = scheduleRefusal(values.payoutCron, 'Europe/Amsterdam', new Date());
  if (refusal) issues.push({ path: 'payoutCron', message: refusal });
  const coins = await coinsById(db, [
    ...values.minPayoutPerCoin.map((r) => r.coin),
    ...values.hotWallets.map((r) => r.coin),
  ]);
  issues.push(...coinRowIssues('minPayoutPerCoin', values.minPayoutPerCoin, coins));
  issues.push(...coinRowIssues('hotWallets', values.hotWallets, coins));
  values.hotWallets.forEach((row, i) => {
    const coin = coins.get(row.coin);
    const why = coin ? addressRefusal(coin, row.coldAddress) : null;
    if (why) issues.push({ path: `hotWallets.${i}.coldAddress`, message: why });
  });
  return issues;
}

/** Each namespace's rules beyond its schema (those that read the database or a library); none for most. */
export async function namespaceIssues(
  db: DbOrTx,
  ns: ConfigNamespace,
  values: Record<string, unknown>,
): Promise<ConfigIssue[]> {
  switch (ns) {
    case 'admin':
      return adminRules(db, values as AdminConfig);
    case 'automation':
      return automationRules(db, values as AutomationConfig);
    case 'trading':
    case 'opennode':
    case 'kucoin':
    case 'kucoin-broker':
    case 'airwallex':
    case 'coinpress':
      return [];
  }
}
