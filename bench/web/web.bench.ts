/**
 * Suite `web` of `npm run bench` (issue #6): the web app as Chromium sees it, driven by Playwright against the
 * production server (built app, PostgreSQL) on a scratch database holding a busy week of transactions.
 * Measures the JavaScript each route loads, the dashboard's Largest Contentful Paint, Local mode's sync of
 * the default range (about 100,000 rows) and its filtering per keystroke; prints each figure beside its
 * budget (bench/lib/report.ts). Settings and how to read the figures: docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startServerProcess } from '../../apps/server/src/test/server-process';
import { type Figure, percentile, record as recordFigure } from '../lib/report';
import { createScratchDatabase, type ScratchDatabase, seedScratchDatabase } from '../lib/scratch-database';
import { chromiumVersion, launchChromium, newBenchContext, signIn, waitForDashboard } from './chromium';
import { measureDashboardLcp } from './dashboard-lcp';
import { LOCAL_PROBE, measureLocalSync, measureLocalTyping } from './local-mode';
import { addedFiles, collectScripts, measureRouteScripts } from './route-scripts';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** 8 days × 16,000: the dashboard's default range (7 days back to today) then matches about 105,000 rows. */
const DAYS = Number(process.env.BENCH_WEB_DAYS ?? 8);
const PER_DAY = Number(process.env.BENCH_WEB_TX_PER_DAY ?? 16_000);
const MERCHANTS = Number(process.env.BENCH_WEB_MERCHANTS ?? 600);
/** Page loads per LCP figure (cold and warm each). */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
/** What is typed into the Local keyword box, a key at a time; the keystrokes after it delete back. */
const KEYWORD = process.env.BENCH_WEB_KEYWORD ?? 'laura.kelly';
const KEYSTROKES = Number(process.env.BENCH_WEB_KEYSTROKES ?? 20);
/** `auto` builds when apps/web/dist is older than the sources; `always` / `never`. */
const BUILD = process.env.BENCH_WEB_BUILD ?? 'auto';
const KEEP = process.env.BENCH_KEEP === '1';
/** A subset of the parts, e.g. `local` while looking into Local mode: scripts, lcp, local. */
const ONLY = new Set((process.env.BENCH_WEB_ONLY ?? 'scripts,lcp,local').split(',').map((s) => s.trim()));
const PASSWORD = 'bench-password-2026';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const USER = { username: 'admin', password: PASSWORD };

const REPO = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(REPO, 'apps/web/dist');
const SUITE = 'web';
const out = (line = '') => process.stdout.write(`${line}\n`);

const newestMtime = (target: string): number => {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
};

function buildIfNeeded(): void {
  const index = path.join(DIST, 'index.html');
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];
  const stale =
    !existsSync(index) ||
    statSync(index).mtimeMs < Math.max(...sources.map((s) => newestMtime(path.join(REPO, s))));
  if (BUILD === 'never' || (BUILD === 'auto' && !stale)) {
    out(`Web app: ${path.relative(REPO, DIST)} (built ${statSync(index).mtime.toISOString()})`);
    return;
  }
  out('Web app: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** Records a figure (bench/lib/report.ts) and prints its note under it: which files, which runs. */
const record = (figure: Figure) => {
  recordFigure(figure);
  const details = [figure.volume, figure.note].filter(Boolean).join(' · ');
  if (details) out(`      ${details}`);
};

const median = (values: readonly number[]) => percentile(values, 0.5);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
/** The 1-minute load average, for a figure's note: on a shared machine it explains most of the spread. */
const loadNote = () => `load ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs`;

let database: ScratchDatabase | undefined;
let browser: Browser | undefined;
let stopServer: (() => void) | undefined;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-web-'));

async function cleanUp(): Promise<void> {
  await browser?.close().catch(() => undefined);
  stopServer?.();
  rmSync(scratch, { recursive: true, force: true });
  if (!database) return;
  if (KEEP) {
    out(`Kept ${database.url} (BENCH_KEEP=1); drop it with: DROP DATABASE ${database.name} WITH (FORCE)`);
    return;
  }
  await database.drop();
  out(`Dropped ${database.name}`);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    out(`\n${signal}: cleaning up…`);
    cleanUp()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  out(`Machine: ${os.cpus().length} CPUs, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${chromiumVersion()}`);
  out(`Load average at start (1, 5, 15 min): ${load()}`);
  buildIfNeeded();

  database = await createScratchDatabase(SERVER_URL, 'web');
  out(`Database ${database.name}: seeding ${DAYS} days × ${PER_DAY.toLocaleString('en')} transactions…`);
  const seedStart = performance.now();
  const { transactions: seeded } = await seedScratchDatabase(database.url, {
    days: DAYS,
    perDay: PER_DAY,
    merchants: MERCHANTS,
    staffPassword: PASSWORD,
    totpSecret: TOTP_SECRET,
    // The seeder's steps are the db suite's story; here only the total matters.
    log: () => undefined,
  });
  out(
    `Seeded ${seeded.toLocaleString('en')} transactions in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );

  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DEMO_MODE: 'false',
    SIMULATOR: 'false',
    // The figures are the app's, not the bot check's: a cheap proof of work signs in fast.
    BOT_CHECK_COST: '10',
    WEB_DIST_DIR: DIST,
  });
  stopServer = () => server.child.kill('SIGTERM');
  out(`Server ${server.url} (production build, PostgreSQL)`);

  browser = await launchChromium();

  if (ONLY.has('scripts')) await measureScripts(browser, server.url);

  // A signed-in session for the rest.
  const session = await newBenchContext(browser);
  const loginPage = await session.newPage();
  await signIn(loginPage, server.url, USER);
  await waitForDashboard(loginPage);
  const storageState = path.join(scratch, 'session.json');
  await session.storageState({ path: storageState });
  await session.close();

  if (ONLY.has('lcp')) await measureLcp(browser, server.url, storageState);
  if (ONLY.has('local')) await measureLocal(browser, server.url, storageState);
  out(`Load average at the end: ${load()}`);
}

/** 1. JavaScript per route, empty cache. */
async function measureScripts(browser: Browser, url: string): Promise<void> {
  const scripts = await measureRouteScripts(browser, url, USER);
  const names = (files: string[]) => files.map((f) => path.basename(f)).join(', ');
  record({
    suite: SUITE,
    name: 'login route · JS loaded (gzip)',
    stat: 'total',
    value: Math.round(scripts.login.gzipKB * 10) / 10,
    unit: 'KB',
    budget: { max: 150 },
    volume: 'production build',
    note: `${scripts.login.files.size} files, ${scripts.login.rawKB.toFixed(0)} KB uncompressed: ${names([...scripts.login.files.keys()])}`,
  });
  record({
    suite: SUITE,
    name: 'dashboard after sign-in · JS loaded (gzip, with login)',
    stat: 'total',
    value: Math.round(scripts.dashboard.gzipKB * 10) / 10,
    unit: 'KB',
    budget: { max: 350 },
    volume: 'production build',
    note: `${scripts.dashboard.files.size} files, ${scripts.dashboard.rawKB.toFixed(0)} KB uncompressed; added after login: ${names(addedFiles(scripts.dashboard, scripts.login))}`,
  });
}

/** 2. LCP of the dashboard. */
async function measureLcp(browser: Browser, url: string, storageState: string): Promise<void> {
  const lcp = await measureDashboardLcp(browser, url, storageState, RUNS);
  const elements = (samples: typeof lcp.cold) => [...new Set(samples.map((s) => s.element))].join(' | ');
  record({
    suite: SUITE,
    name: 'dashboard LCP · cold cache (localhost)',
    stat: 'p50',
    value: Math.round(median(lcp.cold.map((s) => s.ms))),
    unit: 'ms',
    budget: { max: 1000 },
    volume: `${RUNS} loads`,
    note: `runs ${lcp.cold.map((s) => Math.round(s.ms)).join(', ')} ms; element ${elements(lcp.cold)}; ${loadNote()}`,
  });
  record({
    suite: SUITE,
    name: 'dashboard LCP · warm cache (localhost)',
    stat: 'p50',
    value: Math.round(median(lcp.warm.map((s) => s.ms))),
    unit: 'ms',
    budget: { max: 1000 },
    volume: `${RUNS} loads`,
    note: `runs ${lcp.warm.map((s) => Math.round(s.ms)).join(', ')} ms; element ${elements(lcp.warm)}; ${loadNote()}`,
  });
}

/** 3. Local mode: sync, then typing. */
async function measureLocal(browser: Browser, url: string, storageState: string): Promise<void> {
  const context = await newBenchContext(browser, storageState);
  await context.addInitScript(LOCAL_PROBE);
  const page = await context.newPage();
  await page.goto(`${url}/admin/dashboard`);
  await waitForDashboard(page);
  await page.waitForLoadState('networkidle');
  out(`Load average before Local mode: ${load()}`);
  const scripts = collectScripts(context, url);
  const sync = await measureLocalSync(context, page, 180_000);
  const rows = `${sync.rows.toLocaleString('en')} rows`;
  const workerScripts = await scripts.snapshot();
  record({
    suite: SUITE,
    name: 'Local mode · JS added by ticking Local (gzip)',
    stat: 'total',
    value: Math.round(workerScripts.gzipKB * 10) / 10,
    unit: 'KB',
    volume: 'production build',
    note: [...workerScripts.files.keys()].map((f) => path.basename(f)).join(', '),
  });
  record({
    suite: SUITE,
    name: 'Local sync · first rows shown',
    stat: 'total',
    value: Math.round(sync.firstRowsMs),
    unit: 'ms',
    budget: { max: 500 },
    volume: rows,
    note: loadNote(),
  });
  record({
    suite: SUITE,
    name: 'Local sync · all rows loaded',
    stat: 'total',
    value: Math.round(sync.completeMs),
    unit: 'ms',
    budget: { max: 5000 },
    volume: rows,
    note: loadNote(),
  });
  record({
    suite: SUITE,
    name: 'Local sync · tab JS heap after sync (page + worker, after GC)',
    stat: 'total',
    value: Math.round((sync.pageHeapMB + sync.workerHeapMB) * 10) / 10,
    unit: 'MB',
    budget: { max: 150 },
    volume: rows,
    note: `page ${sync.pageHeapMB.toFixed(1)} MB, ${sync.workers} worker(s) ${sync.workerHeapMB.toFixed(1)} MB; before GC: page ${sync.pageHeapNoGcMB.toFixed(1)} MB, worker ${sync.workerHeapNoGcMB.toFixed(1)} MB`,
  });
  record({
    suite: SUITE,
    name: 'Local sync · longest main-thread task during sync',
    stat: 'max',
    value: Math.round(sync.longestTaskMs),
    unit: 'ms',
    volume: rows,
  });

  const keys = [...KEYWORD];
  while (keys.length < KEYSTROKES) keys.push('Backspace');
  const typing = await measureLocalTyping(page, keys.slice(0, KEYSTROKES), 300);
  record({
    suite: SUITE,
    name: 'Local filter · keystroke to table updated',
    stat: 'p95',
    value: Math.round(percentile(typing.latenciesMs, 0.95)),
    unit: 'ms',
    budget: { max: 50 },
    volume: rows,
    note: `${typing.latenciesMs.length} keystrokes typing '${KEYWORD}' then deleting (${typing.changed} changed the table); each ms: ${typing.latenciesMs.map((l) => Math.round(l)).join(', ')}; ${loadNote()}`,
  });
  record({
    suite: SUITE,
    name: 'Local filter · longest main-thread task while typing',
    stat: 'max',
    value: Math.round(typing.longestTaskMs),
    unit: 'ms',
    budget: { max: 50 },
    volume: rows,
    note: `${typing.longTasks} long task(s) (≥ 50 ms); slowest key event to next paint ${Math.round(typing.slowestEventMs)} ms`,
  });
  await context.close();
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp().catch((error: unknown) => console.error(error));
}
process.exit(exitCode);
