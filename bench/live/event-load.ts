/**
 * The payment platform at a busy moment, as a process of its own (issue #6): sends `rate` events a second
 * for `seconds` through the platform feed on loopback — alternately a new waiting payment
 * (POST /api/ingest/transactions) and the payment of an earlier one (…/{ref}/paid) — then waits for the
 * answers still in flight (at most DRAIN_MS) and exits. It never runs longer than `seconds` + DRAIN_MS.
 *
 * The schedule is open-loop: event i is due at start + i / rate whatever the server's answers, so a slow
 * server shows up as latency, not as a lower rate. Each event's send time is taken on the clock both
 * processes share (`performance.timeOrigin + performance.now()`), and written with its reference to
 * `BENCH_LOAD_OUT` for the bench to match against each socket's arrival times.
 *
 * Input (environment): BENCH_LOAD_URL, BENCH_INGEST_TOKEN, BENCH_LOAD_RATE, BENCH_LOAD_SECONDS,
 * BENCH_LOAD_MERCHANTS (comma-separated ids), BENCH_LOAD_OUT (a file path).
 */
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { EventLoadResult, SentEvent } from './live-types';

const url = process.env.BENCH_LOAD_URL ?? '';
const token = process.env.BENCH_INGEST_TOKEN ?? '';
const rate = Number(process.env.BENCH_LOAD_RATE ?? 200);
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const merchants = (process.env.BENCH_LOAD_MERCHANTS ?? '1').split(',').map(Number);
const out = process.env.BENCH_LOAD_OUT ?? '';
if (!url || !token || !out || !(rate > 0) || !(seconds > 0)) {
  console.error(
    'event-load: BENCH_LOAD_URL, BENCH_INGEST_TOKEN, BENCH_LOAD_OUT, rate and seconds are required',
  );
  process.exit(2);
}

/** How long answers still in flight after the last send may take before the load gives up on them. */
const DRAIN_MS = 30_000;
/**
 * More requests in flight than this means the server is far behind: further events are counted as not
 * sent rather than piling up without bound.
 */
const MAX_IN_FLIGHT = 512;

const clock = () => performance.timeOrigin + performance.now();
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const abort = new AbortController();
/**
 * Node's own HTTP client on keep-alive connections, as many as there are requests in flight. `fetch`
 * cost this process about 1.3 ms of CPU per event, as much as the server's share of PostgreSQL, on the
 * same two cores as the server it measures; this costs a fraction of it. Send times are taken as before.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const base = new URL(url);

const events: SentEvent[] = [];
/** Waiting payments the feed has answered for, oldest first: the next ones to be paid. */
const unpaid: string[] = [];
let inFlight = 0;
let notSent = 0;

function post(path: string, body: unknown): Promise<{ status: number; ref: string | null }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        agent,
        signal: abort.signal,
        headers: { ...headers, 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { ref?: string } | null };
            resolve({ status: response.statusCode ?? 0, ref: answer.data?.ref ?? null });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

function fire(index: number): Promise<void> {
  if (inFlight >= MAX_IN_FLIGHT) {
    notSent++;
    return Promise.resolve();
  }
  // Every other event pays the oldest waiting payment the feed has confirmed; the rest are new payments.
  const payRef = index % 2 === 1 ? unpaid.shift() : undefined;
  const merchantId = merchants[index % merchants.length] ?? 1;
  const event: SentEvent = {
    kind: payRef ? 'paid' : 'waiting',
    ref: payRef ?? null,
    sentAt: clock(),
    ackAt: null,
    status: null,
  };
  events.push(event);
  inFlight++;
  const request = payRef
    ? post(`/api/ingest/transactions/${payRef}/paid`, { underpaid: false })
    : post('/api/ingest/transactions', {
        merchantId,
        altCoinId: 1,
        originalAmount: '25.00',
        inputCurrency: 'EUR',
        coinAddress: 'bc1qbenchliveloadaddress000000000000000000',
        transactionType: 'Payment',
        customerReference: `bench-live-${index}`,
      });
  return request
    .then(
      ({ status, ref }) => {
        event.ackAt = clock();
        event.status = status;
        if (!payRef && ref) {
          event.ref = ref;
          if (status === 200) unpaid.push(ref);
        }
      },
      () => {
        event.status = -1;
      },
    )
    .finally(() => {
      inFlight--;
    });
}

const total = Math.round(rate * seconds);
const startedAt = clock();
const start = performance.now();
const pending: Promise<void>[] = [];
for (let index = 0; index < total; ) {
  const now = performance.now();
  while (index < total && start + (index * 1000) / rate <= now) pending.push(fire(index++));
  if (index < total) {
    const wait = start + (index * 1000) / rate - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
}
const sendEndedAt = clock();
const drained = await Promise.race([
  Promise.all(pending).then(() => true),
  new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref()),
]);
if (!drained) abort.abort();

const result: EventLoadResult = {
  startedAt,
  sendEndedAt,
  endedAt: clock(),
  rate,
  seconds,
  notSent,
  events,
};
writeFileSync(out, JSON.stringify(result));
process.exit(0);
