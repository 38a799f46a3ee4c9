/**
 * Suite `payouts` (issue 15, ADR 0016): Payout Schemas' and Pending Payouts' first pages at volume on
 * PostgreSQL, budget 50 ms p95 each: 200,000 merchants and 500,000 payouts over two years (most completed, a
 * few percent in each other state). Server time: each call's service (page and capped count; the tabs'
 * summary). Makes its own scratch database on BENCH_DATABASE_URL's server and drops it.
 */
import { ADMIN_CALLS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { seedCatalog } from '../../apps/server/src/db/seed/catalog.seed';
import { buildMerchants, seedMerchants } from '../../apps/server/src/db/seed/merchants.seed';
import { createRandom } from '../../apps/server/src/db/seed/random';
import { createSandboxPayoutRail } from '../../apps/server/src/modules/payouts/payout-rail';
import { createPayoutSchemaService } from '../../apps/server/src/modules/payouts/payout-schemas.service';
import { createPayoutService } from '../../apps/server/src/modules/payouts/payouts.service';
import { checkpoint, createScratchDatabase, dropOnInterrupt } from '../lib/scratch-database';
import { type Case, measureAll } from './measure';

const SUITE = 'payouts';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MERCHANTS = Number(process.env.BENCH_PAYOUTS_MERCHANTS ?? 200_000);
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 500_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** Issue 15's budget: a first page, p95. */
const BUDGET_MS = 50;
const BATCH = 1000;
const TEMPLATES = 5000;

const out = (line = '') => process.stdout.write(`${line}\n`);

const scratch = await createScratchDatabase(SERVER_URL, SUITE);
dropOnInterrupt(scratch, out);

let database: Database | undefined;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '' });
  const began = performance.now();
  await seedCatalog(database.db, new Date());
  // Merchants as the `users` suite makes them: a few thousand full records, the rest derived in SQL.
  const templates = buildMerchants(createRandom(20260115), TEMPLATES, new Date(), 365);
  for (let i = 0; i < templates.length; i += BATCH)
    await seedMerchants(database.db, templates.slice(i, i + BATCH));
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await client.query(`insert into merchants (shop_title, owner_nick_name, name, email, api_key, country, locale,
        payout_schema, risk_profile_id, referral, disable_checkout, disable_payout, lifetime_member, details,
        registered_on)
      select t.shop_title || ' ' || g, t.owner_nick_name || g, t.name,
        split_part(t.email, '@', 1) || g || '@' || split_part(t.email, '@', 2),
        md5('key' || g) || substr(md5('more' || g), 1, 8), t.country, t.locale, t.payout_schema,
        t.risk_profile_id, t.referral, (g * 7) % 100 < 3, (g * 13) % 100 < 4, (g * 17) % 100 < 5, t.details,
        now() - ((g::bigint * 7919) % (730 * 24)) * interval '1 hour' - (g % 3600) * interval '1 second'
      from generate_series(1, ${MERCHANTS - TEMPLATES}) g
      join merchants t on t.id = 1 + g % ${TEMPLATES}`);
    // Payouts over two years, newest the most: 88% completed, 5% cancelled, 2% failed, 2% sent, 1% approved
    // and 2% awaiting a second approval; coins as the platform pays out (BTC, ETH, USDT and the fiat coins).
    await client.query(`insert into payouts (merchant_id, alt_coin_id, amount, eur_value, destination,
        payout_schema, state, needs_second_approval, source, requested_on, approved_on, sent_on, rail_reference,
        completed_on, failed_on, failure_reason, cancelled_on, cancel_reason, updated_on)
      select m, c.id, round((value_eur / greatest(r.eur, 0.000001))::numeric, 8), value_eur, 'bc1qbench' || g,
        'wallet', st, value_eur > 1000, 'platform', at,
        case when st <> 'awaiting-approval' and st <> 'cancelled' then at + interval '20 minutes' end,
        case when st in ('sent', 'completed', 'failed') then at + interval '25 minutes' end,
        case when st in ('sent', 'completed', 'failed') then 'SBX-' || g end,
        case when st = 'completed' then at + interval '40 minutes' end,
        case when st = 'failed' then at + interval '40 minutes' end,
        case when st = 'failed' then 'Bench failure' end,
        case when st = 'cancelled' then at + interval '10 minutes' end,
        case when st = 'cancelled' then 'Bench cancellation' end,
        at + interval '40 minutes'
      from (
        select g, 1 + (g::bigint * 104729) % ${MERCHANTS} as m,
          (array[1, 1, 1, 5, 5, 13, 13, 2])[1 + g % 8] as coin,
          round((50 + ((g::bigint * 7919) % 500000) / 100.0)::numeric, 2) as value_eur,
          case when g % 100 < 88 then 'completed' when g % 100 < 93 then 'cancelled'
            when g % 100 < 95 then 'failed' when g % 100 < 97 then 'sent'
            when g % 100 < 98 then 'approved' else 'awaiting-approval' end as st,
          now() - (power(((g::bigint * 2654435761) % 1000000) / 1000000.0, 2) * 730) * interval '1 day' as at
        from generate_series(1, ${PAYOUTS}) g
      ) p
      join alt_coins c on c.id = p.coin join rates r on r.alt_coin_id = c.id`);
    await client.query('vacuum analyze merchants');
    await client.query('vacuum analyze payouts');
    await client.query('vacuum analyze payout_totals');
    await client.query('vacuum analyze payout_day_totals');
  } finally {
    await client.end();
  }
  await checkpoint(scratch.url, out);
  const counted = (await database.db.execute(
    sql`select (select count(*)::int from merchants) as merchants, (select count(*)::int from payouts) as payouts`,
  )) as unknown as { rows: Array<{ merchants: number; payouts: number }> };
  out(
    `Seeded ${counted.rows[0]?.merchants.toLocaleString('en')} merchants and ${counted.rows[0]?.payouts.toLocaleString('en')} payouts in ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );

  const db = database.db;
  const payouts = createPayoutService({
    db,
    now: () => new Date(),
    rail: createSandboxPayoutRail(),
    fourEyesEur: '1000',
  });
  const schemas = createPayoutSchemaService({ db });
  const busiest = (
    (await db.execute(
      sql`select merchant_id from payouts group by 1 order by count(*) desc limit 1`,
    )) as unknown as { rows: Array<{ merchant_id: number }> }
  ).rows[0]?.merchant_id;
  if (busiest === undefined) throw new Error('no payouts seeded');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const list = (query: Record<string, string>) => async () =>
    (await payouts.list(ADMIN_CALLS.ListPayouts.params.parse(query))).records.length;
  const summary = (query: Record<string, string>) => async () =>
    (await payouts.summary(ADMIN_CALLS.PayoutSummary.params.parse(query))).Counts.length;
  const schemaPage = (query: Record<string, string>) => async () =>
    (await schemas.list(ADMIN_CALLS.ListPayoutSchemas.params.parse(query))).records.length;

  const cases: Case[] = [
    { name: 'payouts: awaiting approval, first page', run: list({}) },
    { name: 'payouts: completed, first page', run: list({ state: 'completed' }) },
    { name: 'payouts: completed, largest EUR first', run: list({ state: 'completed', sort: 'EurValue' }) },
    { name: 'payouts: completed, oldest first', run: list({ state: 'completed', order: 'asc' }) },
    { name: 'payouts: completed, coin filter', run: list({ state: 'completed', coin: '13' }) },
    {
      name: 'payouts: completed, busiest merchant',
      run: list({ state: 'completed', merchantId: String(busiest) }),
    },
    { name: 'payouts: completed, from 4000 EUR', run: list({ state: 'completed', minEur: '4000' }) },
    {
      name: 'payouts: completed, last 7 days',
      run: list({ state: 'completed', from: day(7), to: day(0) }),
    },
    {
      name: 'payouts: cancelled, a week 300 days back',
      run: list({ state: 'cancelled', from: day(307), to: day(300) }),
    },
    { name: 'payouts summary: tabs and totals, no filter', run: summary({ state: 'completed' }) },
    { name: 'payouts summary: coin filter', run: summary({ state: 'completed', coin: '1' }) },
    {
      name: 'payouts summary: busiest merchant',
      run: summary({ state: 'completed', merchantId: String(busiest) }),
    },
    { name: 'payouts summary: last 7 days', run: summary({ state: 'completed', from: day(7), to: day(0) }) },
    { name: 'payouts summary: a year', run: summary({ state: 'completed', from: day(365), to: day(0) }) },
    { name: 'payouts summary: from 4000 EUR', run: summary({ state: 'completed', minEur: '4000' }) },
    {
      name: 'payouts summary: 100 to 200 EUR',
      run: summary({ state: 'completed', minEur: '100', maxEur: '200' }),
    },
    { name: 'schemas: first page, newest merchants first', run: schemaPage({}) },
    { name: 'schemas: schema PayPal', run: schemaPage({ schema: 'paypal' }) },
    { name: 'schemas: schema crypto address book', run: schemaPage({ schema: 'crypto-address-book' }) },
    { name: 'schemas: payouts disabled', run: schemaPage({ disabledPayout: '1' }) },
    { name: 'schemas: merchant search "golden f" (trigram)', run: schemaPage({ q: 'golden f' }) },
    { name: 'schemas: merchant id', run: schemaPage({ q: String(Math.floor(MERCHANTS / 2)) }) },
  ].map((c) => ({ ...c, budget: BUDGET_MS }));
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget (${BUDGET_MS} ms).\n`);
  const results = await measureAll(cases, {
    suite: SUITE,
    runs: RUNS,
    volume: `${MERCHANTS.toLocaleString('en')} merchants, ${PAYOUTS.toLocaleString('en')} payouts, PostgreSQL`,
    only: ONLY,
    explain: EXPLAIN,
  });
  for (const r of results)
    out(
      `${r.name.padEnd(60)} p95 ${r.p95.toFixed(1).padStart(6)} ms  p50 ${r.p50.toFixed(1).padStart(6)} ms  ${r.rows} rows`,
    );
} finally {
  await database?.close();
  await scratch.drop();
  out(`\nDropped ${scratch.name}`);
}
