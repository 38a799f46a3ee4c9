/**
 * Suite `vtokens` (issue 15): the VTokens list's and XChange Search's first pages at production volume on
 * PostgreSQL, budget 50 ms p95 each. 5,000,000 transactions (15,000 a day, as the `db` suite) of which about
 * 5% are vToken sales, whose vTokens the database makes as they are inserted (migration 0017's trigger). Server
 * time: each call's service (page and capped count). Makes its own scratch database and drops it
 * (BENCH_KEEP=1 keeps it, BENCH_REUSE=<name> measures a kept one again).
 */
import { ADMIN_CALLS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { createVTokenService } from '../../apps/server/src/modules/vtokens/vtokens.service';
import { benchSettings, daysForRows, out, runSeededSuite } from '../lib/seeded-suite';
import type { Case } from './measure';

const DAYS = daysForRows(5_000_000);
/** Issue 15's budget: a first page, p95. */
const BUDGET_MS = 50;

await runSeededSuite('vtokens', DAYS, async ({ db, seeded, pick, measure }) => {
  if (seeded) {
    // The seed makes vTokens active or claimed; staff cancel a few (one in forty of the active ones), as
    // the demo seed does, and the claimed ones get a holder.
    await db.execute(sql`update vtokens set status = 'cancelled', cancelled_on = created_on + interval '1 day',
      cancel_reason = 'Bench cancellation' where status = 'active' and id % 40 = 0`);
    await db.execute(
      sql`update vtokens set claimed_by = 'wallet:holder' || (id % 5000) where status = 'claimed'`,
    );
    await db.execute(sql`vacuum analyze vtokens`);
    await db.execute(sql`vacuum analyze transactions`);
  }
  const counted = (await db.execute(sql`select
      (select count(*)::int from vtokens) as vtokens,
      (select count(*)::int from transactions where xchange_id is not null) as exchange`)) as unknown as {
    rows: Array<{ vtokens: number; exchange: number }>;
  };
  out(
    `${counted.rows[0]?.vtokens.toLocaleString('en')} vTokens, ${counted.rows[0]?.exchange.toLocaleString('en')} exchange transactions`,
  );

  // Samples: a recent and an old vToken and exchange transaction, the busiest merchant, a coin with vTokens.
  const vtoken = await pick<{
    code: string;
    transaction_id: number;
    alt_coin_id: number;
    merchant_id: number;
  }>(
    sql`select v.code, t.transaction_id, v.alt_coin_id, v.merchant_id from vtokens v
        join transactions t on t.id = v.transaction_row_id order by v.id desc limit 1
        offset (select count(*) / 20 from vtokens)`,
  );
  const exchange = await pick<{ xchange_id: number; security: string; coin_address: string }>(
    sql`select xchange_id, security, coin_address from transactions where xchange_id is not null
        order by id desc limit 1
        offset (select count(*) / 10 from transactions where xchange_id is not null)`,
  );
  const busiest = await pick<{ merchant_id: number; shop_title: string }>(
    sql`select t.merchant_id, m.shop_title from transactions t join merchants m on m.id = t.merchant_id
        where t.created_on > now() - interval '7 days' group by 1, 2 order by count(*) desc limit 1`,
  );
  const smallest = await pick<{ merchant_id: number }>(
    sql`select merchant_id from vtokens group by 1 order by count(*) asc limit 1`,
  );
  const service = createVTokenService({ db, now: () => new Date() });
  const vtokens = (query: Record<string, string>) => async () =>
    (await service.list(ADMIN_CALLS.ListVTokens.params.parse(query))).records.length;
  const xchange = (query: Record<string, string>) => async () =>
    (await service.search(ADMIN_CALLS.XChangeSearch.params.parse(query))).records.length;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const titleWord = busiest.shop_title.split(/\s+/).find((w) => w.length >= 4) ?? busiest.shop_title;

  const cases: Case[] = [
    { name: 'vtokens: first page, newest first', run: vtokens({}) },
    { name: 'vtokens: status active', run: vtokens({ status: 'active' }) },
    { name: 'vtokens: status cancelled', run: vtokens({ status: 'cancelled' }) },
    { name: 'vtokens: coin filter', run: vtokens({ coin: String(vtoken.alt_coin_id) }) },
    { name: 'vtokens: busiest merchant', run: vtokens({ merchantId: String(busiest.merchant_id) }) },
    { name: 'vtokens: quietest merchant', run: vtokens({ merchantId: String(smallest.merchant_id) }) },
    { name: 'vtokens: last 30 days, active', run: vtokens({ from: day(30), to: day(0), status: 'active' }) },
    { name: 'vtokens: a week 200 days back', run: vtokens({ from: day(207), to: day(200) }) },
    { name: 'vtokens: sorted by amount, largest first', run: vtokens({ sort: 'Amount' }) },
    {
      name: 'vtokens: sorted by amount, active, smallest first',
      run: vtokens({ sort: 'Amount', order: 'asc', status: 'active' }),
    },
    { name: 'vtokens: oldest first', run: vtokens({ order: 'asc' }) },
    { name: 'vtokens: keyword claim code', run: vtokens({ keyword: vtoken.code }) },
    { name: 'vtokens: keyword claim code start', run: vtokens({ keyword: vtoken.code.slice(0, 8) }) },
    {
      name: 'vtokens: keyword transaction reference',
      run: vtokens({ keyword: `T${vtoken.transaction_id}` }),
    },
    { name: 'vtokens: keyword shop-title word', run: vtokens({ keyword: titleWord }) },
    { name: 'vtokens: keyword holder', run: vtokens({ keyword: 'wallet:holder42' }) },
    { name: 'xchange: xc id', run: xchange({ q: `xc${exchange.xchange_id}` }) },
    { name: 'xchange: bare xChange id', run: xchange({ q: String(exchange.xchange_id) }) },
    { name: 'xchange: transaction hash', run: xchange({ q: exchange.security }) },
    { name: 'xchange: coin address', run: xchange({ q: exchange.coin_address, field: 'address' }) },
    {
      name: 'xchange: busiest merchant by id',
      run: xchange({ q: String(busiest.merchant_id), field: 'merchant' }),
    },
    {
      name: 'xchange: busiest merchant by id, oldest first',
      run: xchange({ q: String(busiest.merchant_id), field: 'merchant', order: 'asc' }),
    },
    { name: 'xchange: shop-title word', run: xchange({ q: titleWord }) },
    { name: 'xchange: nothing matches', run: xchange({ q: 'no shop is called this' }) },
  ].map((c) => ({ ...c, budget: BUDGET_MS }));
  await measure(cases, `${(DAYS * benchSettings.perDay).toLocaleString('en')} transactions, PostgreSQL`);
});
