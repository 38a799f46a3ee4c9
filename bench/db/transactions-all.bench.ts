/**
 * Suite `transactions-all` (issue 16): the Transactions screen's list (`ListAllTransactions`) at production
 * volume on PostgreSQL: 5,000,000 transactions, 15,000 a day (as the `db` suite). Server time: each call's
 * service, page and total together (the screen asks one call). Budget 50 ms p95 for first and last pages and
 * every filter; the deep middle page of an unfiltered all-time list is measured against 500 ms, the cost ADR
 * 0021 accepts for numbered pages. Makes its own scratch database and drops it (BENCH_KEEP=1 keeps it,
 * BENCH_REUSE=<name> measures a kept one again).
 */
import { ADMIN_CALLS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { createAllTransactionsService } from '../../apps/server/src/modules/all-transactions/all-transactions.service';
import { benchSettings, daysForRows, runSeededSuite } from '../lib/seeded-suite';
import type { Case } from './measure';

const DAYS = daysForRows(5_000_000);
const BUDGET_MS = 50;
const DEEP_BUDGET_MS = 500;

await runSeededSuite('transactions-all', DAYS, async ({ db, seeded, pick, measure }) => {
  if (seeded) await db.execute(sql`vacuum analyze transactions`);

  // Samples: the busiest merchant, the rarest coin, a rare type, and a transaction from long ago.
  const busiest = await pick<{ merchant_id: number; shop_title: string }>(
    sql`select t.merchant_id, m.shop_title from transactions t join merchants m on m.id = t.merchant_id
        where t.created_on > now() - interval '7 days' group by 1, 2 order by count(*) desc limit 1`,
  );
  const rareCoin = await pick<{ alt_coin_id: number }>(
    sql`select alt_coin_id from transactions where created_on > now() - interval '30 days'
        group by 1 order by count(*) asc limit 1`,
  );
  const old = await pick<{ prefix: string; transaction_id: number }>(
    sql`select prefix, transaction_id from transactions order by id asc limit 1 offset 1000`,
  );
  const service = createAllTransactionsService({ db, now: () => new Date() });
  const list = (query: Record<string, string>) => async () =>
    (await service.list(ADMIN_CALLS.ListAllTransactions.params.parse(query))).records.length;
  const all = await service.list(ADMIN_CALLS.ListAllTransactions.params.parse({}));
  const lastPage = Math.max(1, Math.ceil(all.meta.total / 15));
  const titleWord = busiest.shop_title.split(/\s+/).find((w) => w.length >= 4) ?? busiest.shop_title;

  const cases: Case[] = [
    { name: 'all: all time, first page', run: list({}), budget: BUDGET_MS },
    { name: 'all: all time, last page', run: list({ page: String(lastPage) }), budget: BUDGET_MS },
    { name: 'all: all time, page 1,000', run: list({ page: '1000' }), budget: BUDGET_MS },
    {
      name: 'all: all time, the middle page',
      run: list({ page: String(Math.ceil(lastPage / 2)) }),
      budget: DEEP_BUDGET_MS,
    },
    { name: 'all: all time, sorted by amount', run: list({ sort: 'Amount' }), budget: BUDGET_MS },
    { name: 'all: all time, oldest first', run: list({ order: 'asc' }), budget: BUDGET_MS },
    { name: 'all: last 7 days, expired', run: list({ range: '7d', statuses: 'expired' }), budget: BUDGET_MS },
    { name: 'all: last 365 days, paid', run: list({ range: '365d', statuses: 'paid' }), budget: BUDGET_MS },
    {
      name: 'all: busiest merchant, all time',
      run: list({ merchantId: String(busiest.merchant_id) }),
      budget: BUDGET_MS,
    },
    {
      name: 'all: rarest coin, all time',
      run: list({ coin: String(rareCoin.alt_coin_id) }),
      budget: BUDGET_MS,
    },
    { name: 'all: type LTR, all time', run: list({ types: 'LTR' }), budget: BUDGET_MS },
    {
      name: 'all: type POS and coin, last 90 days',
      run: list({ range: '90d', types: 'POS', coin: String(rareCoin.alt_coin_id) }),
      budget: BUDGET_MS,
    },
    {
      name: 'all: keyword old transaction id',
      run: list({ keyword: `${old.prefix}${old.transaction_id}` }),
      budget: BUDGET_MS,
    },
    { name: 'all: keyword shop-title word, all time', run: list({ keyword: titleWord }), budget: BUDGET_MS },
  ];
  await measure(cases, `${(DAYS * benchSettings.perDay).toLocaleString('en')} transactions, PostgreSQL`);
});
