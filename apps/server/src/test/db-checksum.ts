import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/**
 * A checksum of every row of every table, by table, to compare the database before and after a call.
 * Rows are hashed one by one and the hashes sorted, so row order does not matter. `ignore` leaves out
 * columns a read may legitimately touch (a session's last-seen time).
 */
export async function tableChecksums(
  db: Db,
  ignore: Readonly<Record<string, readonly string[]>> = {},
): Promise<Map<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const sums = new Map<string, string>();
  for (const { name } of tables.rows) {
    const dropped = sql.join(
      (ignore[name] ?? []).map((column) => sql` - ${column}::text`),
      sql``,
    );
    const row = sql`(to_jsonb(t)${dropped})::text`;
    const result = (await db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(md5(${row}), '' order by md5(${row}))), '') as sum
          from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { sum: string }[] };
    sums.set(name, result.rows[0]?.sum ?? '');
  }
  return sums;
}

/** The tables whose checksum differs between two snapshots. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((name) => before.get(name) !== after.get(name))
    .sort();
