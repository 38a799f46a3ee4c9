/**
 * Suite `vtokens` (issue 15): the VTokens list's and XChange Search's first pages at production volume on
 * PostgreSQL, budget 50 ms p95 each. 5,000,000 transactions (15,000 a day, as the `db` suite) of which about
 * 5% are vToken sales, whose vTokens the database makes as they are inserted (migration 0017's trigger). Server
 * time: each call's service (page and capped count). Makes its own scratch database and drops it
 * (BENCH_KEEP=1 keeps it, BENCH_REUSE=<name> measures a kept one again).
 */
import { ADMIN_CALLS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { createVTokenService } from '../../apps/server/src/modules/vtokens/vtokens.service';
import {
  createScratchDatabase,
  reuseScratchDatabase,
  type ScratchDatabase,
  seedScratchDatabase,
} from '../lib/scratch-database';
import { type Case, measureAll } from './measure';

const SUITE = 'vtokens';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const PER_DAY = Number(process.env.BENCH_TX_PER_DAY ?? 15_000);
const DAYS = Math.max(1, Math.round(ROWS / PER_DAY));
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 600);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const KEEP = process.env.BENCH_KEEP === '1';
const REUSE = process.env.BENCH_REUSE ?? '';
/** Issue 15's budget: a first page, p95. */
const BUDGET_MS = 50;

const out = (line = '') => process.stdout.write(`${line}\n`);

if (REUSE && !/^bo_bench_vtokens_[a-z0-9]+$/.test(REUSE))
  throw new Error('BENCH_REUSE names a bo_bench_vtokens_… database');
const scratch: ScratchDatabase = REUSE
  ? reuseScratchDatabase(SERVER_URL, REUSE)
  : await createScratchDatabase(SERVER_URL, SUITE);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.on('uncaughtException', () => undefined);
    out(`\n${signal}: dropping ${scratch.name}…`);
    (KEEP || REUSE ? Promise.resolve() : scratch.drop())
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(130));
  });
}

let database: Database | undefined;
try {
  if (!REUSE) {
    const began = performance.now();
    await seedScratchDatabase(scratch.url, {
      days: DAYS,
      perDay: PER_DAY,
      merchants: MERCHANTS,
      staffPassword: 'bench-password-2026',
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      log: out,
    });
    out(
      `Seeded ${(DAYS * PER_DAY).toLocaleString('en')} transactions in ${((performance.now() - began) / 1000).toFixed(0)} s`,
    );
  }
  database = await openDatabase({ url: scratch.url, dataDir: '' });
  const db = database.db;
  if (!REUSE) {
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
  const pick = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    const [row] = result.rows;
    if (!row) throw new Error('no sample row');
    return row;
  };
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
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget (${BUDGET_MS} ms).\n`);
  const results = await measureAll(cases, {
    suite: SUITE,
    runs: RUNS,
    volume: `${(DAYS * PER_DAY).toLocaleString('en')} transactions, PostgreSQL`,
    only: ONLY,
  });
  for (const r of results)
    out(
      `${r.name.padEnd(60)} p95 ${r.p95.toFixed(1).padStart(6)} ms  p50 ${r.p50.toFixed(1).padStart(6)} ms  ${r.rows} rows`,
    );
} finally {
  await database?.close();
  if (KEEP || REUSE) out(`\nKept ${scratch.name}`);
  else {
    await scratch.drop();
    out(`\nDropped ${scratch.name}`);
  }
}
