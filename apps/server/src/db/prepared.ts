import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** Renders statements written with `sql` to text once, with `sql.placeholder` as numbered parameters. */
const dialect = new PgDialect();

/**
 * A statement built once and run by name: PostgreSQL parses and plans it once per connection, and neither
 * Drizzle's query building nor its row mapping (a type check per column of every row) runs per call.
 * `decode` gets each row as the driver answers it, the selected values in order. For the few statements
 * that run for every platform event (ADR 0011): building them per call cost the server more than
 * PostgreSQL spent running them. Everything else uses the query builder.
 */
export function prepareStatement<Row>(
  db: Db,
  name: string,
  statement: SQL,
  decode: (values: readonly unknown[]) => Row,
): (parameters: Record<string, unknown>) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
    query,
    undefined,
    name,
    true,
    (rows) => rows.map(decode),
  );
  return (parameters) => prepared.execute(parameters);
}

/**
 * A table's columns in the order of its schema, with what a select of them needs: the list to write in a
 * statement (`alias.column`, or bare names) and a decoder of the values read back at `offset` into the
 * row Drizzle's own select would give — each column converted by its own `mapFromDriverValue`, as Drizzle
 * does.
 */
export function tableColumns<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, Column]>;
  return {
    count: columns.length,
    list: (alias?: string): SQL =>
      sql.join(
        columns.map(([, column]) =>
          alias ? sql`${sql.identifier(alias)}.${sql.identifier(column.name)}` : sql.identifier(column.name),
        ),
        sql`, `,
      ),
    /** The row at `offset`; `null` when its first column is null (an outer join that found nothing). */
    decode(values: readonly unknown[], offset = 0): T['$inferSelect'] | null {
      if (values[offset] === null || values[offset] === undefined) return null;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const [key, column] = columns[i] as [string, Column];
        const value = values[offset + i];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as T['$inferSelect'];
    },
  };
}
