import { CSRF_HEADER, DEFAULT_TOTP } from '@bo/contract';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { type AppConfig, toConfig } from '../config/config';
import { readEnv } from '../config/env';
import type { Database } from '../db/database';
import type { Mail, Mailer } from '../modules/mail/mailer';
import { seedDemoStaff } from '../modules/staff/staff.service';
import { createTestDatabase } from './test-database';

export const TEST_PASSWORD = 'correct-horse-battery';
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A clock tests can move: `clock.advance(ms)` instead of sleeping. */
// Starts at the real time: the bot-check library checks expiry against the real clock, so this clock only moves forward.
export function createClock(start = new Date()) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date) {
      t = d.getTime();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  config: AppConfig;
  clock: ReturnType<typeof createClock>;
  outbox: Mail[];
  close(): Promise<void>;
}

/** The whole app on a fresh database with the demo staff accounts, a cheap bot check and a movable clock. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { database?: Database & { url?: string } } = {},
): Promise<TestApp> {
  // A test may bring its own connection (e.g. through a proxy it can cut); it then drops the database itself.
  const database = options.database ?? (await createTestDatabase());
  const config: AppConfig = {
    ...toConfig(readEnv({ DATA_DIR: '/tmp/unused', PRODUCT_NAME: 'Testline', APP_SECRET: 'x'.repeat(40) })),
    botCheck: { cost: 10, maxCounter: 40 },
    ...overrides,
  };
  const clock = createClock();
  const outbox: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void outbox.push(mail) };
  await seedDemoStaff(database.db, { password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET });
  const app = await buildApp({ config, database, now: clock.now, mailer, logger: false });
  return {
    app,
    database,
    config,
    clock,
    outbox,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const csrf = { [CSRF_HEADER.name.toLowerCase()]: CSRF_HEADER.value };

/** What the browser widget does: fetch a challenge, solve it, base64 the payload. */
export async function solveBotCheck(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/main/BotChallenge' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('bot check not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function login(
  app: FastifyInstance,
  user: string,
  options: { password?: string; totp?: string; cookie?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/main/Login',
    headers: { ...csrf, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: {
      User: user,
      Password: options.password ?? TEST_PASSWORD,
      totp: options.totp ?? DEFAULT_TOTP,
      'g-recaptcha-response': await solveBotCheck(app),
      output: 'json',
    },
  });
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'bo_session');
  if (!cookie) throw new Error('no session cookie');
  return `bo_session=${cookie.value}`;
}

/** Signs in and mints the admin token, as the web app does. */
export async function signIn(app: FastifyInstance, user: string) {
  const response = await login(app, user);
  const session = response.json().data as { ID: number; APIKey: string };
  const cookie = sessionCookie(response);
  const token = await app.inject({
    method: 'POST',
    url: '/api/admin?Call=GenerateJWTToken',
    headers: { ...csrf, cookie },
    payload: { MerchantID: session.ID, APIKey: session.APIKey },
  });
  return {
    cookie,
    session,
    token: token.json().data.Token as string,
    permissions: token.json().data.Permissions,
  };
}

export function adminGet(
  app: FastifyInstance,
  token: string,
  call: string,
  query: Record<string, string> = {},
) {
  const qs = new URLSearchParams({ Call: call, ...query });
  return app.inject({
    method: 'GET',
    url: `/api/admin?${qs}`,
    headers: { authorization: `Bearer ${token}` },
  });
}
