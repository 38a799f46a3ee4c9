import type { Db } from '../../apps/server/src/db/database';
import { DEMO_COINS, seedCatalog } from '../../apps/server/src/db/seed/catalog.seed';
import { type DemoMerchant, seedMerchants } from '../../apps/server/src/db/seed/merchants.seed';

/**
 * Seeds `days × perDay` transactions in a few set-based statements (generate_series, no row-by-row
 * inserts): the secondary indexes of `transactions` are dropped first and rebuilt after the load, which
 * is several times faster than maintaining them row by row. The mix follows the demo seed
 * (src/db/seed/transactions.seed.ts): 10% payouts, the categories and status odds of SPEC §4 by age,
 * heavy-tailed merchant activity, weighted coins, reference, e-mail, tag and address shapes.
 */
/**
 * What the seed needs of a connection: node-postgres' Client and PGlite both answer a query text with its
 * rows, so the same statements seed a PostgreSQL server and the embedded PGlite.
 */
export interface SqlClient {
  query<R extends Record<string, unknown>>(text: string): Promise<{ rows: R[] }>;
}

export interface VolumeOptions {
  now: Date;
  days: number;
  perDay: number;
  /** Only merchants with activity > 0 receive rows, in proportion to it. */
  merchants: readonly DemoMerchant[];
  /** setseed() value in [-1, 1]: the same value gives the same rows. */
  seed: number;
  log: (line: string) => void;
}

const num = (values: readonly number[]) => `ARRAY[${values.join(',')}]::float8[]`;
const int = (values: readonly number[]) => `ARRAY[${values.join(',')}]::int[]`;
const txt = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;

function cumulative(weights: readonly number[]): number[] {
  const out = [0];
  for (const w of weights) out.push((out.at(-1) ?? 0) + w);
  return out;
}

// biome-ignore format: word lists
const FIRST = ['tom', 'lisa', 'mark', 'eva', 'kevin', 'nina', 'paul', 'sara', 'alex', 'laura', 'chris', 'marie', 'david', 'ines', 'felix', 'nora'];
// biome-ignore format: word lists
const LAST = ['jansen', 'bakker', 'mueller', 'martin', 'rossi', 'smith', 'garcia', 'novak', 'peeters', 'kelly', 'silva', 'berg'];
// biome-ignore format: word lists
const HOSTS = ['gmail.com', 'outlook.com', 'gmx.de', 'hotmail.com', 'proton.me', 'icloud.com', 'yahoo.com', 'web.de', 'ziggo.nl', 'orange.fr'];
const API_TAGS = ['webshop', 'mobile-app', 'black-friday', 'subscription', 'marketplace', 'checkout-v2'];
const FIAT_PROVIDERS = ['CardPay', 'BankLink', 'Bunq', 'Square', 'Stripe', 'Rapyd', 'Payrexx'];
const FIAT_PROVIDER_CUM = cumulative([30, 25, 12, 8, 15, 5, 5]);

export async function seedVolume(client: SqlClient, options: VolumeOptions): Promise<number> {
  const { now, days, perDay, log } = options;
  const total = days * perDay;
  const start = new Date(now.getTime() - days * 86_400_000);

  const active = options.merchants.filter((m) => m.activity > 0);
  const merchantCum = cumulative(active.map((m) => m.activity));
  // Payments: the online coins by weight (crypto, fiat, instruments); trades and swaps: online crypto only.
  const coins = DEMO_COINS.filter((c) => c.isOnline && c.weight > 0);
  const coinCum = cumulative(coins.map((c) => c.weight));
  const cryptoCum = cumulative(coins.map((c) => (c.vFiat === 0 ? c.weight : 0)));
  const coinIndex = (id: number) => coins.findIndex((c) => c.id === id) + 1;

  // Literal arrays: constants of the plan, so each row indexes them in memory (a column would be
  // de-TOASTed on every access).
  const a = {
    m_id: int(active.map((m) => m.id)),
    m_email: txt(active.map((m) => m.row.email)),
    m_domain: txt(active.map((m) => m.domain)),
    m_cum: num(merchantCum),
    m_total: String(merchantCum.at(-1) ?? 0),
    c_id: int(coins.map((c) => c.id)),
    c_eur: num(coins.map((c) => Number(c.eur))),
    c_vfiat: int(coins.map((c) => c.vFiat)),
    c_addr_prefix: txt(coins.map((c) => c.address?.prefix ?? '')),
    c_addr_len: int(coins.map((c) => c.address?.length ?? 0)),
    c_cum: num(coinCum),
    c_total: String(coinCum.at(-1) ?? 0),
    c_crypto_cum: num(cryptoCum),
    c_crypto_total: String(cryptoCum.at(-1) ?? 0),
    first: txt(FIRST),
    last: txt(LAST),
    hosts: txt(HOSTS),
    api_tags: txt(API_TAGS),
    providers: txt(FIAT_PROVIDERS),
    provider_cum: num(FIAT_PROVIDER_CUM),
  };
  const at = (array: keyof typeof a, index: string) => `(${a[array]})[${index}]`;

  const step = async (label: string, statement: string) => {
    const began = performance.now();
    await client.query(statement);
    log(`  ${label} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  };

  await client.query(`select setseed(${options.seed})`);

  // Every random draw happens once, here; the insert below only derives columns from them.
  await step(
    `draw ${total.toLocaleString('en')} rows`,
    `create temp table bench_draw as
     select g,
            timestamptz '${start.toISOString()}'
              + ((g - 1 + random()) * ${(days * 86_400) / total}) * interval '1 second' as created_on,
            case when random() < 0.1 then 'P' else 'T' end as prefix,
            random() as r_cat, random() as r_st, random() as r_st2, random() as r_type, random() as r_coin,
            random() as r_amt, random() as r_in, random() as r_ref, random() as r_mail, random() as r_xc,
            random() as r_delay, random() as r_misc,
            width_bucket(random() * ${a.m_total}, ${a.m_cum}) as mi,
            md5(random()::text) as h1, md5(random()::text) as h2, md5(random()::text) as h3
     from generate_series(1, ${total}) g`,
  );

  await step(
    'classify',
    `create temp table bench_rows as
     select c.*,
            (row_number() over (partition by c.prefix order by c.g) + 99999)::bigint as txid,
            case
              when c.category = 'payout' then
                case when c.status = 'reflextrader' then 'ReflexTrader' else 'Payout' end
              when c.category = 'reflextrader' then 'ReflexTrader'
              when c.category = 'vtoken' then 'vToken'
              when c.category = 'ltr' then 'LTR'
              when c.category = 'swap' then 'Swap'
              when ${at('c_vfiat', 'c.ci')} = 1 then
                case when c.r_type < 0.40 then 'Invoice' when c.r_type < 0.95 then 'API' else 'POS' end
              else case when c.r_type < 0.35 then 'POS' when c.r_type < 0.60 then 'Invoice' else 'API' end
            end as ttype
     from (
       select b.*,
              case
                when b.category = 'payout' then
                  case when b.r_st < 0.06 then 'reflextrader'
                       when b.age < interval '3 days' then
                         case when b.r_st2 < 0.55 then 'payout-pending'
                              when b.r_st2 < 0.96 then 'payout-completed' else 'payout-cancelled' end
                       else case when b.r_st2 < 0.91 then 'payout-completed'
                                 when b.r_st2 < 0.99 then 'payout-cancelled' else 'payout-pending' end end
                when b.category = 'payment' then
                  case when b.age < interval '15 minutes' then
                         case when b.r_st < 0.8 then 'waiting' else 'paid' end
                       when b.age < interval '1 hour' then
                         case when b.r_st < 0.50 then 'waiting' when b.r_st < 0.95 then 'paid' else 'underpaid' end
                       else case when b.r_st < 0.66 then 'paid' when b.r_st < 0.93 then 'expired' else 'underpaid' end end
                when b.category = 'vtoken' then
                  case when b.r_st < (case when b.age < interval '30 days' then 0.55 else 0.15 end)
                       then 'vtoken-active' else 'vtoken-claimed' end
                when b.category = 'ltr' then
                  case when b.age < interval '7 days' then
                         case when b.r_st < 0.85 then 'ltr-open' else 'ltr-closed' end
                       when b.age < interval '30 days' then
                         case when b.r_st < 0.50 then 'ltr-open' when b.r_st < 0.85 then 'ltr-closed' else 'ltr-expired' end
                       else case when b.r_st < 0.05 then 'ltr-open' when b.r_st < 0.65 then 'ltr-closed' else 'ltr-expired' end end
                else b.category
              end as status,
              case
                when b.category = 'payout' then
                  case when b.r_coin < 0.55 then ${coinIndex(625)} when b.r_coin < 0.65 then ${coinIndex(626)}
                       when b.r_coin < 0.80 then ${coinIndex(1)} else ${coinIndex(13)} end
                when b.category = 'payment' then
                  width_bucket(b.r_coin * ${a.c_total}, ${a.c_cum})
                else width_bucket(b.r_coin * ${a.c_crypto_total}, ${a.c_crypto_cum})
              end as ci
       from (
         select d.*, timestamptz '${now.toISOString()}' - d.created_on as age,
                case when d.prefix = 'P' then 'payout'
                     when d.r_cat < 0.82 then 'payment' when d.r_cat < 0.86 then 'reflextrader'
                     when d.r_cat < 0.91 then 'vtoken' when d.r_cat < 0.95 then 'ltr' else 'swap' end as category
         from bench_draw d
       ) b
     ) c`,
  );

  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = 'transactions' and indexname <> 'transactions_pkey'`,
  );
  for (const ix of indexes.rows) await client.query(`drop index "${ix.indexname}"`);

  const ref = `r.prefix || lpad(r.txid::text, 9, '0')`;
  const settled = `r.status in ('paid', 'underpaid', 'reflextrader', 'swap', 'vtoken-active', 'vtoken-claimed', 'ltr-closed', 'payout-completed')`;
  await step(
    'insert',
    `insert into transactions (prefix, transaction_id, merchant_id, original_amount, input_currency, amount,
       alt_coin_id, status, not_enough, transaction_type, external_provider, created_on, expired_on,
       confirmed_on, updated_on, security, customer_reference, coin_address, xchange_id, master_transaction_id,
       comments, revolut_id, email, confirm_url, fail_url, invoice_cc, tag, fiat_confirmed_amount,
       original_amount_fee, revenue_eur, volume_eur)
     select r.prefix, r.txid, ${at('m_id', 'r.mi')},
            round(r.eur_amount / r.in_eur, 2), r.in_code,
            round(r.eur_amount / ${at('c_eur', 'r.ci')}::numeric, 8),
            ${at('c_id', 'r.ci')}, r.status, (r.status = 'underpaid')::int, r.ttype,
            case when ${at('c_vfiat', 'r.ci')} = 1 and r.category = 'payment'
                 then ${at('providers', `width_bucket(r.r_misc * 100, ${a.provider_cum})`)}
                 when r.category = 'payout' and ${at('c_vfiat', 'r.ci')} = 1 then 'BankLink' end,
            r.created_on,
            case when r.status = 'expired' then least(r.created_on + interval '1 hour', r.now)
                 when r.status = 'ltr-expired' then r.created_on + r.age * 0.9 end,
            case when ${settled} then least(r.created_on + r.r_delay * interval '45 minutes', r.now) end,
            least(r.created_on + r.r_delay * interval '2 hours', r.now),
            r.h1,
            case r.ttype
              when 'POS' then 'POS-' || lpad((1 + floor(r.r_ref * 12))::int::text, 2, '0') || '-' || (1000 + floor(r.r_misc * 998999))::int
              when 'Invoice' then 'INV-' || to_char(r.created_on, 'YYYY') || '-' || lpad((1 + floor(r.r_ref * 99999))::int::text, 5, '0')
              when 'API' then case when r.r_ref < 0.5 then 'ORD-' || (10000 + floor(r.r_misc * 9989999))::int
                                   else '#' || (1000 + floor(r.r_misc * 98999))::int end
              when 'Payout' then 'PO-' || to_char(r.created_on, 'YYYYMMDD') || '-' || (1000 + floor(r.r_ref * 8999))::int
            end,
            case when ${at('c_addr_len', 'r.ci')} = 0 then 'NA'
                 else ${at('c_addr_prefix', 'r.ci')} || left(r.h2 || r.h3 || r.h2 || r.h3, ${at('c_addr_len', 'r.ci')}) end,
            case when r.status = 'swap' or (r.status = 'reflextrader' and r.r_xc < 0.6)
                      or (${settled} and ${at('c_vfiat', 'r.ci')} = 0 and r.r_xc < 0.08)
                 then 2400000 + r.g end,
            case when r.category = 'payment' and r.status <> 'waiting' and r.r_xc > 0.996 and r.txid > 100050
                 then r.txid - 1 - floor(r.r_misc * 40)::int end,
            case when r.status <> 'waiting' and r.r_misc < 0.03
                 then to_char(r.created_on, 'YYYY-MM-DD HH24:MI:SS') || ' support: Merchant asked us to check this payment' end,
            case when r.category = 'payout' and ${at('c_vfiat', 'r.ci')} = 1 and ${settled}
                 then left(r.h3, 8) || '-' || substr(r.h3, 9, 4) || '-4' || substr(r.h3, 13, 3) || '-a' || substr(r.h3, 16, 3) || '-' || substr(r.h3, 19, 12) end,
            case when r.category = 'payout' then ${at('m_email', 'r.mi')}
                 when (r.ttype = 'Invoice' and r.r_mail < 0.9) or (r.ttype = 'API' and r.r_mail < 0.5)
                 then ${at('first', '1 + floor(r.r_mail * 1000)::int % 16')} || '.' || ${at('last', '1 + floor(r.r_ref * 1000)::int % 12')}
                      || case when r.r_type * 10 - floor(r.r_type * 10) < 0.4 then (1 + floor(r.r_amt * 98))::int::text else '' end
                      || '@' || ${at('hosts', '1 + floor(r.r_delay * 1000)::int % 10')} end,
            case when r.ttype in ('API', 'Invoice') then 'https://' || ${at('m_domain', 'r.mi')} || '/payment/confirmed?ref=' || ${ref} end,
            case when r.ttype in ('API', 'Invoice') then 'https://' || ${at('m_domain', 'r.mi')} || '/payment/failed?ref=' || ${ref} end,
            case when r.ttype = 'Invoice' and r.r_misc > 0.75 then 'accounting@' || ${at('m_domain', 'r.mi')} end,
            case when ${at('c_id', 'r.ci')} in (6, 9) then (100000 + floor(r.r_misc * 4294867295))::bigint::text
                 when r.ttype = 'API' and r.r_xc > 0.9 then ${at('api_tags', '1 + floor(r.r_misc * 6)::int')} end,
            case when ${at('c_vfiat', 'r.ci')} = 1 and r.category = 'payment' and r.status in ('paid', 'underpaid')
                 then round(r.eur_amount / r.in_eur, 8) end,
            case when ${settled} then round(r.eur_amount * 0.01, 8) end,
            case when ${settled} then round(r.eur_amount * 0.01, 8) else 0 end,
            round(r.eur_amount, 8)
     from (
       select x.*, timestamptz '${now.toISOString()}' as now,
              case when x.r_in < 0.80 then 'EUR' when x.r_in < 0.92 then 'USD' else 'GBP' end as in_code,
              case when x.r_in < 0.80 then 1 when x.r_in < 0.92 then 0.92 else 1.17 end::numeric as in_eur,
              -- Heavy-tailed amounts (approximately log-normal around a per-type median), in EUR.
              (case x.ttype when 'POS' then 35 when 'Invoice' then 250 when 'Payout' then 1200
                            when 'LTR' then 5000 when 'ReflexTrader' then 1500 when 'vToken' then 100 else 80 end
                * exp((x.r_amt + x.r_type + x.r_delay - 1.5) * 2))::numeric(30, 8) + 1 as eur_amount
       from bench_rows x
     ) r
     order by r.g`,
  );

  const maintenance = await client.query<{ mem: string }>(
    `select current_setting('maintenance_work_mem') as mem`,
  );
  await client.query(`set maintenance_work_mem = '256MB'`);
  for (const ix of indexes.rows) await step(`index ${ix.indexname}`, ix.indexdef);
  await client.query(`set maintenance_work_mem = '${maintenance.rows[0]?.mem ?? '64MB'}'`);

  await client.query(
    `select setval('transaction_t_seq', (select max(transaction_id) from transactions where prefix = 'T'))`,
  );
  await client.query(
    `select setval('transaction_p_seq', (select max(transaction_id) from transactions where prefix = 'P'))`,
  );
  await client.query('drop table bench_draw, bench_rows');
  // What autovacuum does to a live table: statistics for the planner, and the visibility map that lets
  // the count read indexes only.
  await step('vacuum analyze', 'vacuum (analyze) transactions');
  await client.query('analyze merchants');
  await client.query('analyze alt_coins');
  return total;
}

/**
 * What every suite seeds before it measures: the demo catalogue (coins, rates), the merchants, then the
 * transactions of {@link seedVolume} (always the same rows for the same options). Answers the rows seeded.
 */
export async function seedBenchData(
  db: Db,
  client: SqlClient,
  options: Omit<VolumeOptions, 'seed'>,
): Promise<number> {
  await seedCatalog(db, options.now);
  await seedMerchants(db, [...options.merchants]);
  return seedVolume(client, { ...options, seed: 0.42 });
}
