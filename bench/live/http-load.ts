/**
 * A bounded HTTP load, as a process of its own on loopback (issue #6): `connections` keep-alive
 * connections each send GET `path` one after the other, closed-loop, for `seconds`, then it prints one JSON
 * line (requests, errors, req/s, latency p50 / p99 / max) and exits. A request still out when the time is
 * up is aborted; the process never runs longer than `seconds` + ABORT_MS.
 *
 * Input (environment): BENCH_HTTP_URL (origin), BENCH_HTTP_PATH, BENCH_HTTP_TOKEN (bearer, optional),
 * BENCH_HTTP_CONNECTIONS, BENCH_HTTP_SECONDS.
 */
import http from 'node:http';
import { percentile } from '../lib/report';
import type { HttpLoadResult } from './live-types';

const origin = new URL(process.env.BENCH_HTTP_URL ?? 'http://127.0.0.1:3000');
const path = process.env.BENCH_HTTP_PATH ?? '/healthz';
const token = process.env.BENCH_HTTP_TOKEN ?? '';
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 15);
const ABORT_MS = 10_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};

/** One request; resolves with its HTTP status (0 when it failed) once the whole answer has been read. */
const get = (): Promise<number> =>
  new Promise((resolve) => {
    const request = http.get(
      { host: origin.hostname, port: origin.port, path, agent, headers, timeout: ABORT_MS },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });

const latencies: number[] = [];
let errors = 0;
const start = performance.now();
const deadline = start + seconds * 1000;

async function connection(): Promise<void> {
  while (performance.now() < deadline) {
    const began = performance.now();
    const status = await get();
    latencies.push(performance.now() - began);
    if (status !== 200) errors++;
  }
}

await Promise.all(Array.from({ length: connections }, connection));
const elapsed = (performance.now() - start) / 1000;
agent.destroy();
const result: HttpLoadResult = {
  path,
  connections,
  seconds: elapsed,
  requests: latencies.length,
  errors,
  requestsPerSecond: latencies.length / elapsed,
  p50: percentile(latencies, 0.5),
  p99: percentile(latencies, 0.99),
  max: percentile(latencies, 1),
};
console.log(JSON.stringify(result));
process.exit(0);
