import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { CSRF_HEADER, DEFAULT_TOTP } from '@bo/contract';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../server.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  readonly exited: Promise<number | string>;
  /** What the process wrote to stderr, for a failing test's message. */
  output(): string;
}

/**
 * The production server as its own process (`server.ts`, as `npm start` runs it), for the fault tests: they
 * kill it, restart it and send it signals, which an in-process app cannot stand in for.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  // nodeArgs: flags Node refuses in NODE_OPTIONS, such as the benchmark's `--cpu-prof`.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    // Only what the server reads: the test's own environment (TEST_DATABASE_URL…) must not leak in.
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      APP_SECRET: 'fault-tests-secret-0123456789abcdef0123',
      BOT_CHECK_COST: '10',
      BOT_CHECK_MAX_COUNTER: '40',
      SIMULATOR: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = `${stderr}${chunk.toString()}`.slice(-8000);
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before it was ready:\n${stderr}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, exited, output: () => stderr };
}

const csrf = { [CSRF_HEADER.name]: CSRF_HEADER.value };

/** Signs in over HTTP as the browser does (bot check solved) and mints the admin token. */
export async function signInOverHttp(
  url: string,
  user: string,
  password: string,
): Promise<{ cookie: string; token: string }> {
  const challenge = (await (await fetch(`${url}/api/main/BotChallenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('bot check not solved');
  const login = await fetch(`${url}/api/main/Login`, {
    method: 'POST',
    headers: { ...csrf, 'content-type': 'application/json' },
    body: JSON.stringify({
      User: user,
      Password: password,
      totp: DEFAULT_TOTP,
      'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      output: 'json',
    }),
  });
  const body = (await login.json()) as { data: { ID: number; APIKey: string } | null; message: string };
  const setCookie = login.headers.get('set-cookie') ?? '';
  const cookie = /bo_session=[^;]+/.exec(setCookie)?.[0];
  if (!login.ok || !body.data || !cookie) throw new Error(`sign-in failed: ${login.status} ${body.message}`);
  const minted = await fetch(`${url}/api/admin?Call=GenerateJWTToken`, {
    method: 'POST',
    headers: { ...csrf, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ MerchantID: body.data.ID, APIKey: body.data.APIKey }),
  });
  const token = ((await minted.json()) as { data: { Token: string } }).data.Token;
  return { cookie, token };
}

export interface Envelope {
  status_code: number;
  message: string;
  data: unknown;
}

/** An admin call over HTTP with the bearer token; answers the HTTP status and the envelope. */
export async function adminCallOverHttp(
  url: string,
  token: string,
  call: string,
  params: Record<string, unknown>,
  method: 'GET' | 'POST' = 'POST',
): Promise<{ status: number; body: Envelope }> {
  const query = new URLSearchParams({ Call: call });
  if (method === 'GET') for (const [k, v] of Object.entries(params)) query.set(k, String(v));
  const response = await fetch(`${url}/api/admin?${query}`, {
    method,
    headers: {
      ...csrf,
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(params) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}
