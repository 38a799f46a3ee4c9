import { SOCKET_PATHS, type SocketName } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';

const HOST = 'localhost:3000';
const ORIGIN = 'http://localhost:3000';
const FEEDS = Object.keys(SOCKET_PATHS) as SocketName[];

let t: TestApp;
let adminCookie = '';
let endedCookie = '';
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signIn(t.app, 'admin')).cookie;
  // An administrator's cookie that has signed out: it held every slug, so only its ending can refuse it.
  endedCookie = (await signIn(t.app, 'admin')).cookie;
  await t.app.inject({
    method: 'POST',
    url: '/api/main/Login',
    headers: { ...csrf, cookie: endedCookie },
    payload: { logout: 'true', output: 'json' },
  });
});
afterAll(() => t.close());

/** Opens a feed with exactly these headers (no defaults): a refused upgrade rejects with its status. */
const open = (feed: SocketName, headers: Record<string, string>) =>
  t.app.injectWS(SOCKET_PATHS[feed], { headers: { host: HOST, ...headers } });

describe.each(FEEDS)('the %s feed', (feed) => {
  it('opens for a live session from our own origin', async () => {
    const socket = await open(feed, { origin: ORIGIN, cookie: adminCookie });
    socket.terminate();
  });

  it('refuses the upgrade without a session, with an ended one, or with a made-up cookie', async () => {
    await expect(open(feed, { origin: ORIGIN })).rejects.toThrow(/401/);
    await expect(open(feed, { origin: ORIGIN, cookie: endedCookie })).rejects.toThrow(/401/);
    await expect(
      open(feed, { origin: ORIGIN, cookie: 'bo_session=attacker-chosen-session-value-0123456789' }),
    ).rejects.toThrow(/401/);
  });

  it('refuses the upgrade from a foreign, sibling, null or missing Origin, even with a live session', async () => {
    for (const origin of ['https://evil.example', 'http://evil.localhost:3000', 'null', undefined]) {
      await expect(
        open(feed, { cookie: adminCookie, ...(origin ? { origin } : {}) }),
        `origin ${origin}`,
      ).rejects.toThrow(/403/);
    }
  });
});

describe('sign out everywhere', () => {
  it("closes the live feeds of the account's other sessions at once", async () => {
    const laptop = await signIn(t.app, 'support');
    const phone = await signIn(t.app, 'support');
    const socket = await open('transactions', { origin: ORIGIN, cookie: phone.cookie });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await t.app.inject({
      method: 'POST',
      url: '/api/main/Login',
      headers: { ...csrf, cookie: laptop.cookie },
      payload: { logout: 'all', output: 'json' },
    });
    expect(await closed).toBe(4401);
  });
});
