import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Figure, Verdict } from './lib/report';

/**
 * `npm run bench` (issue #6): runs each suite in its own process, one after the other so they do not
 * disturb each other's figures, then writes every figure with its budget and the machine it came from to
 * bench/results.json. Not part of `npm test`. BENCH_SUITES=db,web runs a subset.
 */
const SUITES: Record<string, string> = {
  db: 'db/transactions.bench.ts',
  pglite: 'db/pglite.bench.ts',
  users: 'db/merchants.bench.ts',
  vtokens: 'db/vtokens.bench.ts',
  'transactions-all': 'db/transactions-all.bench.ts',
  pools: 'db/pools.bench.ts',
  payouts: 'db/payouts.bench.ts',
  live: 'live/live.bench.ts',
  web: 'web/web.bench.ts',
  coins: 'db/coins.bench.ts',
  files: 'db/files.bench.ts',
  analytics: 'db/analytics.bench.ts',
};

const here = import.meta.dirname;
const wanted = (process.env.BENCH_SUITES ?? Object.keys(SUITES).join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = wanted.filter((s) => !(s in SUITES));
if (unknown.length > 0) {
  console.error(`Unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}

// The machine is shared: its load beside the figures says how far to trust them.
const loadAtStart = os.loadavg();
const startedAt = new Date();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
const resultsFile = path.join(scratch, 'figures.jsonl');
writeFileSync(resultsFile, '');
const suiteExit: Record<string, number> = {};
for (const suite of wanted) {
  const script = SUITES[suite] as string;
  console.log(`\n=== ${suite} (${script}) ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
  });
  suiteExit[suite] = run.status ?? 1;
}

const figures = readFileSync(resultsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Figure & { verdict: Verdict });
rmSync(scratch, { recursive: true, force: true });

const postgres = spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-Atc', 'show server_version'], {
  encoding: 'utf8',
});
const cpus = os.cpus();
const machine = {
  cpus: cpus.length,
  cpuModel: cpus[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  postgres: postgres.status === 0 ? postgres.stdout.trim() : 'unknown',
  loadAverage: { start: loadAtStart, end: os.loadavg() },
};
const failed = figures.filter((f) => f.verdict === 'FAIL');
const results = {
  started: startedAt.toISOString(),
  date: new Date().toISOString(),
  machine,
  suites: suiteExit,
  summary: {
    figures: figures.length,
    pass: figures.filter((f) => f.verdict === 'PASS').length,
    fail: failed.length,
    info: figures.filter((f) => f.verdict === 'INFO').length,
  },
  figures,
};
writeFileSync(path.join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

console.log(
  `\n${figures.length} figures: ${results.summary.pass} within budget, ${failed.length} over, ${results.summary.info} reported only`,
);
for (const f of failed) console.log(`  over budget: [${f.suite}] ${f.name} ${f.stat} ${f.value} ${f.unit}`);
console.log(
  `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.node}, PostgreSQL ${machine.postgres}`,
);
console.log('written: bench/results.json');
process.exit(failed.length > 0 || Object.values(suiteExit).some((c) => c !== 0) ? 1 : 0);
