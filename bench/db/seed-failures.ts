import { buildFailureCauses } from '../../apps/server/src/db/seed/activity.seed';
import { createRandom } from '../../apps/server/src/db/seed/random';
import type { SqlClient } from './seed-volume';

const CHUNK = 20_000;

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`);
const array = (values: readonly (string | null)[], type: string) =>
  `ARRAY[${values.map(literal).join(',')}]::${type}[]`;

/**
 * `count` failure causes over `days`, as the demo seed draws them (coins, failure texts, addresses, notes,
 * sticky flags, a few within the last 2 days), loaded set-based: one INSERT … SELECT FROM unnest(arrays)
 * per 20,000 rows.
 */
export async function seedFailures(
  client: SqlClient,
  options: { count: number; now: Date; days: number; log: (line: string) => void },
): Promise<void> {
  const began = performance.now();
  const rows = buildFailureCauses(createRandom(20260606), options.now, options.days, options.count);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await client.query(
      `insert into failure_causes (alt_coin_id, failure, address, notes, sticky, created_on, updated_on)
       select * from unnest(
         ${array(
           chunk.map((r) => String(r.altCoinId)),
           'int',
         )}, ${array(
           chunk.map((r) => r.failure),
           'text',
         )}, ${array(
           chunk.map((r) => r.address),
           'text',
         )}, ${array(
           chunk.map((r) => r.notes ?? null),
           'text',
         )}, ${array(
           chunk.map((r) => String(r.sticky)),
           'smallint',
         )}, ${array(
           chunk.map((r) => r.createdOn.toISOString()),
           'timestamptz',
         )}, ${array(
           chunk.map((r) => (r.updatedOn as Date).toISOString()),
           'timestamptz',
         )})`,
    );
  }
  await client.query('vacuum (analyze) failure_causes');
  options.log(
    `  ${rows.length.toLocaleString('en')} failure causes (${((performance.now() - began) / 1000).toFixed(1)} s)`,
  );
}
