import type { AltCoin } from '@bo/contract';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { altCoins } from '../../db/schema';

/** Alt coins sorted by Name, as the side menu wants them (SPEC §2.4); case-blind, whatever the collation. */
export async function listAltCoins(db: DbOrTx): Promise<AltCoin[]> {
  const rows = await db.select().from(altCoins).orderBy(sql`lower(${altCoins.name})`, asc(altCoins.id));
  return rows.map((r) => ({
    ID: r.id,
    Name: r.name,
    ShortName: r.shortName,
    LongName: r.longName,
    isOnline: r.isOnline,
    Priority: r.priority,
    vFiat: r.vFiat,
    BuyEnabled: r.buyEnabled,
  }));
}
