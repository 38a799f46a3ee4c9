import type { AdminConfig, ConfigNamespace } from '@bo/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins } from '../../db/schema';

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

/** Each namespace's rules beyond its schema (those that read the database); none for most. */
export async function namespaceIssues(
  db: DbOrTx,
  ns: ConfigNamespace,
  values: Record<string, unknown>,
): Promise<ConfigIssue[]> {
  switch (ns) {
    case 'admin':
      return adminRules(db, values as AdminConfig);
    default:
      return [];
  }
}
