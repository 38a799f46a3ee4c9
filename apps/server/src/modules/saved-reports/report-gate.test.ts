import { describe, expect, it } from 'vitest';
import { gateReportSql } from './report-gate';

const refusal = async (text: string) => {
  try {
    await gateReportSql(text);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('report parse gate (the real PostgreSQL parser)', () => {
  it('passes a plain SELECT and a SELECT with CTEs, joins, windows and date functions', async () => {
    expect(
      await refusal("select id, amount from transactions where created_on >= now() - interval '1 day'"),
    ).toBeNull();
    expect(
      await refusal(`with daily as (
        select merchant_id, date_trunc('day', created_on) as day, sum(amount) as volume, count(*) as n
        from transactions group by 1, 2
      )
      select m.shop_title, d.day, d.volume, rank() over (partition by d.day order by d.volume desc)
      from daily d join merchants m on m.id = d.merchant_id
      where extract(dow from d.day) between 1 and 5 and lower(m.shop_title) like '%cafe%'
      order by d.day desc -- newest first`),
    ).toBeNull();
    expect(await refusal('select * from alt_coins;')).toBeNull();
  });

  it('refuses a DELETE after the SELECT, naming it', async () => {
    expect(await refusal('select 1; delete from transactions')).toBe(
      'Only one SELECT statement is allowed (found DELETE)',
    );
    expect(await refusal('delete from transactions')).toBe(
      'Only one SELECT statement is allowed (found DELETE)',
    );
    expect(await refusal('select 1; select 2')).toBe(
      'Only one SELECT statement is allowed (found 2 statements)',
    );
    expect(await refusal('update merchants set shop_title = 1')).toBe(
      'Only one SELECT statement is allowed (found UPDATE)',
    );
  });

  it('refuses an INSERT or DELETE hidden in a CTE', async () => {
    expect(await refusal('with x as (insert into rates default values returning *) select * from x')).toBe(
      'Only one SELECT statement is allowed (found INSERT)',
    );
    expect(await refusal('with x as (delete from news_posts returning id) select count(*) from x')).toBe(
      'Only one SELECT statement is allowed (found DELETE)',
    );
  });

  it('refuses locking clauses and SELECT INTO', async () => {
    expect(await refusal('select id from payouts for update')).toBe(
      'Locking clauses (FOR UPDATE, FOR SHARE) are not allowed: a report only reads',
    );
    expect(await refusal('select id from (select id from payouts for share skip locked) p')).toBe(
      'Locking clauses (FOR UPDATE, FOR SHARE) are not allowed: a report only reads',
    );
    expect(await refusal('select id into copy_of_payouts from payouts')).toBe(
      'SELECT INTO is not allowed: a report only reads',
    );
  });

  it('refuses pg_sleep, set_config and any function outside the allowlist', async () => {
    expect(await refusal('select pg_sleep(10)')).toBe('Function pg_sleep is not allowed');
    expect(await refusal("select set_config('role', 'postgres', true)")).toBe(
      'Function set_config is not allowed',
    );
    expect(await refusal('select count(*) from transactions where pg_catalog.pg_sleep(1) is null')).toBe(
      'Function pg_catalog.pg_sleep is not allowed',
    );
    expect(await refusal("select nextval('merchants_id_seq')")).toBe('Function nextval is not allowed');
    expect(await refusal('select * from generate_series(1, 1000000000)')).toBe(
      'Function generate_series is not allowed',
    );
    expect(await refusal("select 'staff'::regclass")).toBe('Casting to regclass is not allowed');
  });

  it('refuses tables that hold secrets and system catalogues', async () => {
    expect(await refusal('select username, password_hash from staff')).toBe(
      'Table staff is not allowed in a report: it holds secrets or system data',
    );
    expect(await refusal('select * from config_secrets')).toBe(
      'Table config_secrets is not allowed in a report: it holds secrets or system data',
    );
    expect(await refusal('select count(*) from sessions')).toBe(
      'Table sessions is not allowed in a report: it holds secrets or system data',
    );
    expect(await refusal('select rolname from pg_catalog.pg_roles')).toBe(
      'Table pg_catalog.pg_roles is not allowed in a report: it holds secrets or system data',
    );
    expect(await refusal('select table_name from information_schema.tables')).toBe(
      'Table information_schema.tables is not allowed in a report: it holds secrets or system data',
    );
  });

  it('refuses a secret column, and * or whole rows of a table that has one', async () => {
    expect(await refusal('select id, api_key from merchants')).toBe(
      'Column api_key is not allowed in a report: it holds a secret',
    );
    expect(await refusal('select t.security from transactions t')).toBe(
      'Column security is not allowed in a report: it holds a secret',
    );
    expect(await refusal('select * from merchants')).toBe(
      'Name the columns you need: merchants holds a secret column, so * and whole-row references are not allowed',
    );
    expect(await refusal('select m.* from alt_coins a join merchants m on true')).toBe(
      'Name the columns you need: merchants holds a secret column, so * and whole-row references are not allowed',
    );
    expect(await refusal('select m from merchants m')).toBe(
      'Name the columns you need: merchants holds a secret column, so * and whole-row references are not allowed',
    );
    expect(await refusal('select a.* , m.shop_title from alt_coins a join merchants m on true')).toBeNull();
  });

  it('refuses hand-written $1 (parameters are {{name}}) and text that does not parse', async () => {
    expect(await refusal('select * from alt_coins where id = $1')).toBe(
      'Use {{name}} parameters, not $1: parameters are bound by name',
    );
    expect(await refusal('selec 1')).toBe('The SQL does not parse: unexpected "selec"');
    expect(await refusal('   ')).toBe('Write a SELECT statement');
  });
});
