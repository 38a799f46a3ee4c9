/**
 * Suite `live` of `npm run bench` (issue #6): the production server as a process on a scratch PostgreSQL
 * database at production volume, 200 staff sockets on /ws/transactions, and the payment platform sending
 * 200 events a second from a second process. Measures each event's delivery to each socket (latency and
 * loss), the server's memory, and the admin API's throughput under 50 concurrent connections. Settings:
 * docs/performance.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatTransactionRef, SOCKET_PATHS, type TransactionFeedMessage } from '@bo/contract';
import WebSocket from 'ws';
import {
  type ServerProcess,
  signInOverHttp,
  startServerProcess,
} from '../../apps/server/src/test/server-process';
import { type Figure, percentile, record } from '../lib/report';
import {
  checkpoint,
  createScratchDatabase,
  reuseScratchDatabase,
  type ScratchDatabase,
  seedScratchDatabase,
  tradingMerchants,
  withoutCountTriggers,
} from '../lib/scratch-database';
import type { EventLoadResult, HttpLoadResult } from './live-types';

const env = process.env;
const SERVER_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(env.BENCH_LIVE_ROWS ?? 5_000_000);
const TX_PER_DAY = Number(env.BENCH_LIVE_TX_PER_DAY ?? 15_000);
const MERCHANTS = Number(env.BENCH_LIVE_MERCHANTS ?? 600);
const SOCKETS = Number(env.BENCH_LIVE_SOCKETS ?? 200);
const SESSIONS = Number(env.BENCH_LIVE_SESSIONS ?? 10);
const RATE = Number(env.BENCH_LIVE_RATE ?? 200);
const SECONDS = Number(env.BENCH_LIVE_SECONDS ?? 30);
const API_CONNECTIONS = Number(env.BENCH_LIVE_API_CONNECTIONS ?? 50);
const API_SECONDS = Number(env.BENCH_LIVE_API_SECONDS ?? 15);
/**
 * Diagnosis only: a database a run kept (BENCH_KEEP=1) to measure again without seeding it anew; it is
 * kept again. Later runs find earlier runs' events in it; never for the figures of record.
 */
const REUSE = env.BENCH_LIVE_DATABASE ?? '';
const KEEP = env.BENCH_KEEP === '1' || REUSE !== '';
for (const [knob, value] of Object.entries({
  ROWS,
  TX_PER_DAY,
  MERCHANTS,
  SOCKETS,
  SESSIONS,
  RATE,
  SECONDS,
  API_CONNECTIONS,
  API_SECONDS,
})) {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`BENCH_LIVE_${knob} must be a positive number`);
}
/**
 * Diagnosis only: drops the per-day count triggers on transactions (ADR 0010) in the scratch database, to
 * show what they cost the platform feed. Never for the figures of record.
 */
const WITHOUT_COUNT_TRIGGERS = env.BENCH_LIVE_WITHOUT_COUNT_TRIGGERS === '1';
/** A folder for a CPU profile of the server (`--cpu-prof`), written when it exits. */
const PROFILE_DIR = env.BENCH_LIVE_PROFILE_DIR ?? '';
/** Diagnosis only: more Node flags for the server process, space-separated (V8's heap settings, say). */
const NODE_ARGS = (env.BENCH_LIVE_NODE_ARGS ?? '').split(' ').filter(Boolean);

const P99_BUDGET_MS = 100;
const RSS_BUDGET_MB = 300;
/** How long after the last send the sockets may still be catching up before what is missing counts as lost. */
const SETTLE_MS = 10_000;

const SUITE = 'live';
const STAFF_PASSWORD = 'bench-live-password-2026';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
// Fresh per run and never printed: the server and the load process get them through their environment.
const INGEST_TOKEN = randomBytes(24).toString('hex');
const APP_SECRET = randomBytes(24).toString('hex');

const here = import.meta.dirname;
const clock = () => performance.timeOrigin + performance.now();
const log = (line: string) => console.log(line);
const fmt = (n: number) => n.toLocaleString('en');

let database: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
const sockets: WebSocket[] = [];
/** The load processes running now, ended with the run if it is stopped early. */
const children = new Set<ChildProcess>();
let cleaning: Promise<void> | undefined;

/** Ends what the run started — sockets, the server, the scratch database — once, on any way out. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of children) child.kill('SIGTERM');
    for (const socket of sockets) socket.terminate();
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      const exited = await Promise.race([
        server.exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000).unref()),
      ]);
      if (!exited) server.child.kill('SIGKILL');
    }
    if (database && KEEP) log(`Kept database ${database.name} (BENCH_KEEP=1)`);
    else if (database) {
      await database.drop();
      log(`Dropped ${database.name}`);
    }
  })();
  return cleaning;
}

// Ctrl-C reaches tsx and this process (and tsx passes it on): act on the first, ignore the rest.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: cleaning up…`);
    cleanUp()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(130));
  });
}

/** A child process's exit, with what it printed. */
function runChild(
  script: string,
  childEnv: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], {
      env: { PATH: env.PATH ?? '', ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = `${stderr}${chunk.toString()}`.slice(-8000);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Records a figure (bench/lib/report.ts) and prints its note beneath it. */
function figure(f: Figure): void {
  record(f);
  if (f.note) log(`    ${f.note}`);
}

/** CPU time a process has used so far, user and system, in seconds (0 when it is gone). */
function cpuSeconds(pid: number): { user: number; system: number } {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses, in clock ticks (100 Hz).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** VmRSS of a process in MB (0 when it is gone). */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** One staff socket's arrivals: the event number of each transaction frame and when it came. */
interface Receiver {
  seqs: number[];
  times: number[];
  resets: number;
}

const FRAME_HEAD = /^\{"type":"transaction","seq":(\d+)/;
/** What each event number carried, read once from the first socket that received it. */
const frames = new Map<number, { key: string }>();
const eventKey = (kind: string, ref: string) => `${kind}:${ref}`;

/**
 * Opens a socket on /ws/transactions as a browser does (session cookie, same Origin) and resolves once the
 * server has sent `sync`: from then on it is live. Only the frame's head is read for each arrival; the
 * whole frame is parsed once per event, so the receiving side stays cheap beside the server it measures.
 */
function openReceiver(url: string, cookie: string): Promise<Receiver> {
  const receiver: Receiver = { seqs: [], times: [], resets: 0 };
  const socket = new WebSocket(`${url.replace('http', 'ws')}${SOCKET_PATHS.transactions}`, {
    headers: { cookie, origin: url },
    perMessageDeflate: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const at = clock();
      const head = FRAME_HEAD.exec(data.toString('latin1', 0, Math.min(data.length, 48)));
      if (!head) {
        const control = JSON.parse(data.toString()) as TransactionFeedMessage;
        if (control.type === 'sync') resolve(receiver);
        if (control.type === 'reset') receiver.resets++;
        return;
      }
      const seq = Number(head[1]);
      receiver.seqs.push(seq);
      receiver.times.push(at);
      if (!frames.has(seq)) {
        const message = JSON.parse(data.toString()) as TransactionFeedMessage;
        if (message.type === 'transaction') {
          const { Prefix, TransactionID } = message.transaction;
          frames.set(seq, { key: eventKey(message.kind, formatTransactionRef(Prefix, TransactionID)) });
        }
      }
    });
  });
}

async function measureLive(url: string, merchantIds: number[], pid: number): Promise<void> {
  log(`Signing in ${SESSIONS} staff sessions (admin and support in turn)…`);
  const cookies: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const { cookie } = await signInOverHttp(url, i % 2 === 0 ? 'admin' : 'support', STAFF_PASSWORD);
    cookies.push(cookie);
  }
  log(`Opening ${SOCKETS} sockets on ${SOCKET_PATHS.transactions}…`);
  const receivers: Receiver[] = [];
  for (let i = 0; i < SOCKETS; i += 20) {
    const batch = Array.from({ length: Math.min(20, SOCKETS - i) }, (_, j) =>
      openReceiver(url, cookies[(i + j) % cookies.length] ?? ''),
    );
    receivers.push(...(await Promise.all(batch)));
  }
  const idleRss = rssMb(pid);
  log(`${receivers.length} sockets live; server RSS ${idleRss.toFixed(0)} MB`);

  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 200);

  log(`Sending ${RATE} events/s for ${SECONDS} s from a second process…`);
  const cpuBefore = cpuSeconds(pid);
  const ownCpuBefore = process.cpuUsage();
  const loadStart = clock();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-live-'));
  const outFile = path.join(scratch, 'events.json');
  let load: EventLoadResult;
  try {
    const run = await runChild('event-load.ts', {
      BENCH_LOAD_URL: url,
      BENCH_INGEST_TOKEN: INGEST_TOKEN,
      BENCH_LOAD_RATE: String(RATE),
      BENCH_LOAD_SECONDS: String(SECONDS),
      BENCH_LOAD_MERCHANTS: merchantIds.slice(0, 200).join(','),
      BENCH_LOAD_OUT: outFile,
    });
    if (run.code !== 0) throw new Error(`event load failed (${run.code}):\n${run.stderr}`);
    load = JSON.parse(readFileSync(outFile, 'utf8')) as EventLoadResult;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const accepted = load.events.filter((e) => e.status === 200 && e.ref !== null);
  const sentAt = new Map(accepted.map((e) => [eventKey(e.kind, e.ref ?? ''), e.sentAt]));
  const expected = accepted.length * receivers.length;
  const arrived = () => receivers.reduce((sum, r) => sum + r.seqs.length, 0);
  const settleUntil = Date.now() + SETTLE_MS;
  while (arrived() < expected && Date.now() < settleUntil) await new Promise((r) => setTimeout(r, 100));
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssMb(pid));
  const cpuAfter = cpuSeconds(pid);
  const cpuUser = cpuAfter.user - cpuBefore.user;
  const cpuSystem = cpuAfter.system - cpuBefore.system;
  const cpuUsed = cpuUser + cpuSystem;
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const runSeconds = (clock() - loadStart) / 1000;

  // Each socket must have every accepted event exactly once.
  const latencies: number[] = [];
  /** The same latencies by the second of the run their event was sent in. */
  const bySecond: number[][] = [];
  let lost = 0;
  let duplicates = 0;
  let unknown = 0;
  for (const receiver of receivers) {
    const seen = new Set<string>();
    receiver.seqs.forEach((seq, i) => {
      const key = frames.get(seq)?.key;
      const sent = key === undefined ? undefined : sentAt.get(key);
      if (key === undefined || sent === undefined) {
        unknown++;
        return;
      }
      if (seen.has(key)) {
        duplicates++;
        return;
      }
      seen.add(key);
      const latency = (receiver.times[i] ?? Number.NaN) - sent;
      latencies.push(latency);
      const second = Math.max(0, Math.floor((sent - load.startedAt) / 1000));
      const ofSecond = bySecond[second] ?? [];
      ofSecond.push(latency);
      bySecond[second] = ofSecond;
    });
    lost += accepted.length - seen.size;
  }
  const resets = receivers.reduce((sum, r) => sum + r.resets, 0);
  const sendSeconds = (load.sendEndedAt - load.startedAt) / 1000;
  const refused = load.events.length - accepted.length;
  const refusals = new Map<string, number>();
  for (const e of load.events) {
    if (e.status === 200) continue;
    const key = e.status === null ? 'no answer' : e.status === -1 ? 'failed' : `HTTP ${e.status}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
  }
  const acks = accepted.flatMap((e) => (e.ackAt === null ? [] : [e.ackAt - e.sentAt]));

  const volume = `${SOCKETS} sockets, ${RATE} events/s × ${SECONDS} s`;
  const name = 'live transactions · delivery latency';
  const note = `${fmt(accepted.length)} events accepted (${(accepted.length / sendSeconds).toFixed(0)}/s) × ${receivers.length} sockets = ${fmt(expected)} deliveries; ${SESSIONS} sessions shared by the sockets`;
  figure({
    suite: SUITE,
    name: 'live transactions · deliveries lost, duplicated or unknown',
    stat: 'total',
    value: lost + duplicates + unknown + resets,
    unit: 'events',
    budget: { max: 0 },
    volume,
    note: `lost ${lost}, duplicated ${duplicates}, unknown ${unknown}, reset frames ${resets}, of ${fmt(expected)}`,
  });
  if (latencies.length === 0) throw new Error('no event reached any socket');
  figure({ suite: SUITE, name, stat: 'p50', value: percentile(latencies, 0.5), unit: 'ms', volume });
  figure({ suite: SUITE, name, stat: 'p95', value: percentile(latencies, 0.95), unit: 'ms', volume });
  figure({
    suite: SUITE,
    name,
    stat: 'p99',
    value: percentile(latencies, 0.99),
    unit: 'ms',
    budget: { max: P99_BUDGET_MS },
    volume,
    note,
  });
  figure({ suite: SUITE, name, stat: 'max', value: percentile(latencies, 1), unit: 'ms', volume });
  // Where in the run the tail is: the first second is cold (JIT, statements prepared per connection), and
  // a second that stands out points at something outside the load (a checkpoint's fsync, another process).
  const secondP99 = bySecond.map((second) => (second?.length ? percentile(second, 0.99) : Number.NaN));
  const afterFirst = bySecond.slice(1).flatMap((second) => second ?? []);
  figure({
    suite: SUITE,
    name: `${name}, after the first second`,
    stat: 'p99',
    value: afterFirst.length ? percentile(afterFirst, 0.99) : Number.NaN,
    unit: 'ms',
    volume,
    note: `p99 second by second: ${secondP99.map((v) => Math.round(v)).join(', ')} ms`,
  });
  figure({
    suite: SUITE,
    name: 'live transactions · platform events refused or not sent',
    stat: 'total',
    value: refused + load.notSent,
    unit: 'events',
    budget: { max: 0 },
    volume,
    note: `${refused} not accepted (${[...refusals].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none'}), ${load.notSent} not sent (too many in flight)`,
  });
  figure({
    suite: SUITE,
    name: 'live transactions · platform feed answer',
    stat: 'p99',
    value: percentile(acks, 0.99),
    unit: 'ms',
    volume,
  });
  figure({
    suite: SUITE,
    name: 'live transactions · server CPU per event',
    stat: 'mean',
    value: (cpuUsed * 1000) / Math.max(1, accepted.length),
    unit: 'ms',
    volume,
    note:
      `server: ${cpuUser.toFixed(1)} s user + ${cpuSystem.toFixed(1)} s system in ${runSeconds.toFixed(1)} s ` +
      `(${(cpuUsed / runSeconds).toFixed(2)} cores); the ${receivers.length} receiving sockets (this process): ` +
      `${((ownCpu.user + ownCpu.system) / 1e6 / runSeconds).toFixed(2)} cores`,
  });
  figure({
    suite: SUITE,
    name: 'server memory · peak RSS during the live run',
    stat: 'max',
    value: Math.round(peakRss),
    unit: 'MB',
    budget: { max: RSS_BUDGET_MB },
    volume: `${fmt(ROWS)} rows, ${SOCKETS} sockets`,
    note: `RSS with the sockets open before the load: ${idleRss.toFixed(0)} MB`,
  });
}

async function measureApi(url: string): Promise<void> {
  const { token } = await signInOverHttp(url, 'admin', STAFF_PASSWORD);
  for (const call of ['ListAltCoins', 'Last24HData']) {
    log(`${call}: ${API_CONNECTIONS} connections for ${API_SECONDS} s from a second process…`);
    const run = await runChild('http-load.ts', {
      BENCH_HTTP_URL: url,
      BENCH_HTTP_PATH: `/api/admin?Call=${call}`,
      BENCH_HTTP_TOKEN: token,
      BENCH_HTTP_CONNECTIONS: String(API_CONNECTIONS),
      BENCH_HTTP_SECONDS: String(API_SECONDS),
    });
    if (run.code !== 0) throw new Error(`HTTP load failed (${run.code}):\n${run.stderr}`);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as HttpLoadResult;
    const volume = `${fmt(ROWS)} rows, ${API_CONNECTIONS} concurrent`;
    const note = `${fmt(result.requests)} requests in ${result.seconds.toFixed(1)} s, ${result.errors} errors`;
    const name = `admin API · ${call}`;
    figure({
      suite: SUITE,
      name,
      stat: 'req/s',
      value: result.requestsPerSecond,
      unit: 'req/s',
      volume,
      note,
    });
    figure({ suite: SUITE, name, stat: 'p99', value: result.p99, unit: 'ms', volume });
    figure({
      suite: SUITE,
      name: `admin API · ${call} · errors`,
      stat: 'total',
      value: result.errors,
      unit: 'events',
      budget: { max: 0 },
      volume,
    });
  }
}

async function main(): Promise<void> {
  log(
    `Live feed benchmark: ${fmt(ROWS)} transactions, ${SOCKETS} sockets, ${RATE} events/s × ${SECONDS} s; ` +
      `admin API ${API_CONNECTIONS} concurrent × ${API_SECONDS} s`,
  );
  let merchantIds: number[];
  if (REUSE) {
    database = reuseScratchDatabase(SERVER_URL, REUSE);
    log(`Database ${database.name} on ${new URL(SERVER_URL).host}, as an earlier run left it`);
    merchantIds = await tradingMerchants(database.url);
    await checkpoint(database.url, log);
  } else {
    database = await createScratchDatabase(SERVER_URL, 'live');
    log(`Database ${database.name} on ${new URL(SERVER_URL).host}`);
    const seedStart = performance.now();
    const days = Math.max(1, Math.ceil(ROWS / TX_PER_DAY));
    const seeded = await seedScratchDatabase(database.url, {
      days,
      perDay: Math.max(1, Math.round(ROWS / days)),
      merchants: MERCHANTS,
      staffPassword: STAFF_PASSWORD,
      totpSecret: TOTP_SECRET,
      log,
    });
    merchantIds = seeded.merchantIds;
    log(
      `Seeded ${fmt(seeded.transactions)} transactions in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );
  }

  if (WITHOUT_COUNT_TRIGGERS) {
    await withoutCountTriggers(database.url);
    log(
      'Diagnosis: the day-count triggers of transactions are dropped (BENCH_LIVE_WITHOUT_COUNT_TRIGGERS=1)',
    );
  }
  server = await startServerProcess(
    {
      DATABASE_URL: database.url,
      DEMO_MODE: 'false',
      SIMULATOR: 'false',
      INGEST_TOKEN,
      APP_SECRET,
    },
    {
      nodeArgs: [
        ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : []),
        ...NODE_ARGS,
      ],
    },
  );
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('server process has no pid');
  log(`Server ${server.url} (pid ${pid}), RSS ${rssMb(pid).toFixed(0)} MB`);

  await measureLive(server.url, merchantIds, pid);
  for (const socket of sockets) socket.close();
  await measureApi(server.url);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
  if (server) console.error(`server stderr:\n${server.output()}`);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
