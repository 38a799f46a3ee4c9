/**
 * Suite `users` (issue #14): the Users list's first page at 200,000 merchants on PostgreSQL, budget 50 ms p95
 * each — the default order, a search by shop-title prefix (short: B-tree; 3+ characters: trigram), an e-mail,
 * an API key prefix, and filters. Server time: the list's service (page and capped count), as the `db` suite
 * measures the transaction list. Makes its own scratch database on BENCH_DATABASE_URL's server and drops it.
 */
import { ADMIN_CALLS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { buildMerchants, seedMerchants } from '../../apps/server/src/db/seed/merchants.seed';
import { createRandom } from '../../apps/server/src/db/seed/random';
import { createMerchantsService } from '../../apps/server/src/modules/merchants/merchants.service';
import { checkpoint, createScratchDatabase, dropOnInterrupt } from '../lib/scratch-database';
import { type Case, measureAll } from './measure';

const SUITE = 'users';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MERCHANTS = Number(process.env.BENCH_USERS_MERCHANTS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
/** Issue #14's budget: the first page, p95. */
const BUDGET_MS = 50;
const BATCH = 1000;
/** Merchants the demo seed's generator makes in full; the rest are made from them in SQL. */
const TEMPLATES = 5000;

const out = (line = '') => process.stdout.write(`${line}\n`);

const scratch = await createScratchDatabase(SERVER_URL, SUITE);
dropOnInterrupt(scratch, out);

let database: Database | undefined;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '' });
  const began = performance.now();
  // The demo seed's generator draws unique shop titles from a few thousand word combinations, far short of
  // 200,000: a few thousand full records from it, then the rest made set-based in SQL from its words, each
  // with a numbered title, its own e-mail and API key, and the flags in the demo's proportions.
  const templates = buildMerchants(createRandom(20260114), TEMPLATES, new Date(), 365);
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
    // KYC states as the demo spreads them: about 60% submitted, most approved, a share pending.
    await client.query(`update merchants set kyc_status = (array['approved','approved','approved','rejected',
      'pending','more-info'])[1 + (id::bigint * 7919) % 6] where (id::bigint * 104729) % 10 < 6`);
    await client.query('vacuum analyze merchants');
  } finally {
    await client.end();
  }
  await checkpoint(scratch.url, out);
  out(
    `Seeded ${MERCHANTS.toLocaleString('en')} merchants in ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );

  const service = createMerchantsService({ db: database.db });
  const picked = (await database.db.execute(
    sql`select id, email, api_key from merchants where id = ${Math.floor(MERCHANTS / 2)}`,
  )) as unknown as { rows: Array<{ id: number; email: string; api_key: string }> };
  const [sample] = picked.rows;
  if (!sample) throw new Error('no merchants seeded');
  const page = (query: Record<string, string>) => async () => {
    const answer = await service.list(ADMIN_CALLS.ListMerchants.params.parse(query));
    return answer.data.records.length;
  };
  const cases: Case[] = [
    { name: 'users: first page, newest registrations first', run: page({}) },
    { name: 'users: first page sorted by shop title', run: page({ sort: 'ShopTitle', order: 'asc' }) },
    { name: 'users: shop-title prefix "go" (2 characters)', run: page({ q: 'go' }) },
    { name: 'users: shop-title prefix "golden f" (trigram)', run: page({ q: 'golden f' }) },
    { name: 'users: search a whole e-mail', run: page({ q: sample.email }) },
    { name: 'users: search an API key prefix', run: page({ q: sample.api_key.slice(0, 8) }) },
    { name: 'users: search a merchant id', run: page({ q: String(sample.id) }) },
    { name: 'users: filter KYC pending', run: page({ kycStatus: 'pending' }) },
    {
      name: 'users: filter country DE, disabled checkout',
      run: page({ country: 'DE', disabledCheckout: '1' }),
    },
    {
      name: 'users: filter lifetime members registered last 90 days',
      run: page({
        lifetimeMember: '1',
        registeredFrom: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10),
      }),
    },
  ].map((c) => ({ ...c, budget: BUDGET_MS }));
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget (${BUDGET_MS} ms).\n`);
  const results = await measureAll(cases, {
    suite: SUITE,
    runs: RUNS,
    volume: `${MERCHANTS.toLocaleString('en')} merchants, PostgreSQL`,
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
