import { sessionSchema } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type WebSocket from 'ws';
import type { Db } from '../db/database';
import { totpCode } from '../modules/auth/totp';
import { roleIdByName } from '../modules/roles/roles.repository';
import { createStaff } from '../modules/staff/staff.service';
import {
  csrf,
  login,
  sessionCookie,
  signIn,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  type TestApp,
} from './test-app';

/** The Host and Origin a browser on the app's own address sends; sockets refuse any other origin. */
export const WS_HOST = 'localhost:3000';
export const WS_ORIGIN = 'http://localhost:3000';

export function adminPost(app: FastifyInstance, token: string, call: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/admin?${new URLSearchParams({ Call: call })}`,
    headers: { ...csrf, authorization: `Bearer ${token}` },
    payload,
  });
}

export interface OpenFeed {
  socket: WebSocket;
  /** Resolves with the first frame, the feed's 'sync': the socket is attached and live. */
  synced: Promise<string>;
  /** Resolves with the close code once the server (or the test) closes the socket. */
  closed: Promise<number>;
}

/** Opens a live feed with the session cookie, listening before the first frame can arrive. */
export async function openFeed(app: FastifyInstance, path: string, cookie: string): Promise<OpenFeed> {
  let first: Promise<string> | undefined;
  let closed: Promise<number> | undefined;
  const socket = await app.injectWS(
    path,
    { headers: { host: WS_HOST, origin: WS_ORIGIN, cookie } },
    {
      onInit: (ws) => {
        first = new Promise((resolve) => ws.once('message', (data) => resolve(String(data))));
        closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
      },
    },
  );
  if (!first || !closed) throw new Error('socket not initialised');
  return { socket, synced: first, closed };
}

/** Resolves with the value, or rejects when it does not come within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** One more staff account with TEST_PASSWORD and no TOTP, for tests that change or end its access. */
export async function createTestStaff(db: Db, username: string, role: string) {
  const roleId = await roleIdByName(db, role);
  if (roleId === undefined) throw new Error(`no role ${role}`);
  return createStaff(db, {
    username,
    email: `${username}@backoffice.test`,
    displayName: `Test ${username}`,
    password: TEST_PASSWORD,
    roleId,
  });
}

/** signIn, with the session typed by the contract (its public SessionID included). */
export async function signInStaff(app: FastifyInstance, user: string) {
  const signedIn = await signIn(app, user);
  return { ...signedIn, session: sessionSchema.parse(signedIn.session) };
}

/** Signs in an account with an authenticator (its sign-in takes the code of the moment) and mints its admin token. */
export async function signInWithTotp(t: TestApp, user: string): Promise<string> {
  const response = await login(t.app, user, { totp: await totpCode(TEST_TOTP_SECRET, t.clock.now()) });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json().data as { ID: number; APIKey: string };
  const minted = await t.app.inject({
    method: 'POST',
    url: '/api/admin?Call=GenerateJWTToken',
    headers: { ...csrf, cookie: sessionCookie(response) },
    payload: { MerchantID: session.ID, APIKey: session.APIKey },
  });
  return minted.json().data.Token as string;
}

/** The code of the next time step: each step-up takes a step of its own, so the clock moves past the last. */
export function nextTotpCode(t: TestApp): Promise<string> {
  t.clock.advance(30_000);
  return totpCode(TEST_TOTP_SECRET, t.clock.now());
}
