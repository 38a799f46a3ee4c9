/**
 * Suite `files` (issue 16): the Files screens' first pages (ListFiles) on PostgreSQL, budget 50 ms p95 each,
 * at far more files than a store holds: BENCH_FILES (300,000) rows over the three stores, one in twenty
 * deleted. Server time: the service's page and count. Only rows are made (the list never reads the bytes).
 * Makes its own scratch database and drops it.
 */
import { ADMIN_CALLS } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/server/src/db/database';
import { createFilesService } from '../../apps/server/src/modules/files/files.service';
import { seedDemoStaff } from '../../apps/server/src/modules/staff/staff.service';
import { createScratchDatabase, dropOnInterrupt } from '../lib/scratch-database';
import { type Case, measureAll } from './measure';

const SUITE = 'files';
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILES = Number(process.env.BENCH_FILES ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY ?? '';
/** A list screen's first page, p95 (as the other lists of issue 14–16). */
const BUDGET_MS = 50;

const out = (line = '') => process.stdout.write(`${line}\n`);
const scratch = await createScratchDatabase(SERVER_URL, SUITE);
dropOnInterrupt(scratch, out);

let database: Database | undefined;
try {
  database = await openDatabase({ url: scratch.url, dataDir: '' });
  const db = database.db;
  await seedDemoStaff(db, {
    password: 'bench-password-2026',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  });
  const began = performance.now();
  // Stores in turn, one in five a PDF, names from a few words with a number, a year of uploads.
  await db.execute(sql`
    insert into stored_files (id, store, original_name, mime, ext, size, sha256, uploaded_by_staff_id,
                              uploaded_at, deleted_at)
    select md5('bench-file-' || n),
           (array['market', 'pos', 'editor'])[n % 3 + 1],
           (array['banner', 'promo', 'receipt-logo', 'price list', 'checkout hero', 'newsletter'])[n % 6 + 1]
             || '-' || n || case when n % 5 = 0 then '.pdf' else '.png' end,
           case when n % 5 = 0 then 'application/pdf' else 'image/png' end,
           case when n % 5 = 0 then 'pdf' else 'png' end,
           1000 + ((n::bigint * 7919) % 5000000)::int,
           md5('bench-sha-' || n) || md5('bench-sha2-' || n),
           (select id from staff where username = 'marketing'),
           now() - (n % 525600) * interval '1 minute',
           case when n % 20 = 0 then now() end
    from generate_series(1, ${FILES}) as n`);
  await db.execute(sql`vacuum analyze stored_files`);
  out(`Seeded ${FILES.toLocaleString('en')} files in ${((performance.now() - began) / 1000).toFixed(1)} s`);

  const files = createFilesService({
    db,
    now: () => new Date(),
    maxBytes: 10 * 1024 * 1024,
    storage: {
      put: () => Promise.reject(new Error('the bench stores nothing')),
      read: () => Promise.resolve(null),
      remove: () => Promise.reject(new Error('the bench stores nothing')),
    },
  });
  const list = (query: Record<string, string>) => async () =>
    (await files.list(ADMIN_CALLS.ListFiles.params.parse(query))).records.length;
  const cases: Case[] = [
    { name: 'files: market, newest first', run: list({ Store: 'market' }) },
    { name: 'files: market, oldest first', run: list({ Store: 'market', order: 'asc' }) },
    { name: 'files: pos, by name', run: list({ Store: 'pos', sort: 'Name', order: 'asc' }) },
    { name: 'files: pos, largest first', run: list({ Store: 'pos', sort: 'Size' }) },
    { name: 'files: market, by type', run: list({ Store: 'market', sort: 'Type' }) },
    { name: 'files: market, PDFs only', run: list({ Store: 'market', kind: 'pdf' }) },
    { name: 'files: market, page 200', run: list({ Store: 'market', page: '200' }) },
    {
      name: 'files: market, name keyword (half the store)',
      run: list({ Store: 'market', keyword: 'banner' }),
    },
    {
      name: 'files: market, keyword common in another store',
      run: list({ Store: 'market', keyword: 'promo' }),
    },
    { name: 'files: market, name keyword (one file)', run: list({ Store: 'market', keyword: 'banner-12' }) },
    { name: 'files: pos, keyword matching nothing', run: list({ Store: 'pos', keyword: 'no such file' }) },
  ].map((c) => ({ ...c, budget: BUDGET_MS }));
  out(`\n${RUNS} timed runs per case after a warm-up; p95 against the budget (${BUDGET_MS} ms).\n`);
  const results = await measureAll(cases, {
    suite: SUITE,
    runs: RUNS,
    volume: `${FILES.toLocaleString('en')} files over 3 stores, PostgreSQL`,
    only: ONLY,
  });
  for (const r of results)
    out(
      `${r.name.padEnd(50)} p95 ${r.p95.toFixed(1).padStart(6)} ms  p50 ${r.p50.toFixed(1).padStart(6)} ms  ${r.rows} rows`,
    );
} finally {
  await database?.close();
  await scratch.drop();
  out(`\nDropped ${scratch.name}`);
}
