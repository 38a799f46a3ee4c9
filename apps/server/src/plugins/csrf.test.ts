import {
  ADMIN_CALLS,
  ADMIN_SERVICE_PREFIX,
  type CallDef,
  CSRF_HEADER,
  EXPORT_PATH,
  MAIN_CALLS,
  MAIN_SERVICE_PREFIX,
} from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableChecksums } from '../test/db-checksum';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

const HOST = 'backoffice.example:3000';
const OWN_ORIGIN = `http://${HOST}`;
const REFUSALS = ['Missing request header', 'Cross-origin request refused'];

/** The URL the web client sends a call to (apps/web/src/lib/api/http.ts builds it the same way). */
const urlOf = (prefix: string, def: CallDef) =>
  `${prefix}${def.path === '/' ? '' : def.path}${def.call ? `?Call=${def.call}` : ''}`;

/**
 * Every state-changing call of the contract, read from it: a call added later is covered without
 * touching this file.
 */
const STATE_CHANGING = [
  ...Object.entries(MAIN_CALLS).map(([name, def]) => ({
    name: `main ${name}`,
    def,
    prefix: MAIN_SERVICE_PREFIX,
  })),
  ...Object.entries(ADMIN_CALLS).map(([name, def]) => ({
    name: `admin ${name}`,
    def,
    prefix: ADMIN_SERVICE_PREFIX,
  })),
]
  .filter(({ def }) => def.method !== 'GET')
  .map(({ name, def, prefix }) => ({ name, method: def.method, url: urlOf(prefix, def) }))
  // The CSV export changes nothing but writes its audit row, and sends staff's data as a file: guarded too.
  .concat({
    name: 'admin export',
    method: 'POST',
    url: `${ADMIN_SERVICE_PREFIX}${EXPORT_PATH}?Call=ListStaff`,
  });

let t: TestApp;
let credentials: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  // An administrator's cookie and token ride along, so the only thing missing is what the guard checks.
  const admin = await signIn(t.app, 'admin');
  credentials = { cookie: admin.cookie, authorization: `Bearer ${admin.token}` };
});
afterAll(() => t.close());

const send = (
  call: { method: string; url: string },
  headers: Record<string, string>,
  url: string = call.url,
) =>
  t.app.inject({
    method: call.method as 'POST',
    url,
    headers: { host: HOST, ...credentials, ...headers },
    payload: {},
  });
const withHeader = { [CSRF_HEADER.name.toLowerCase()]: CSRF_HEADER.value };

describe('CSRF guard on every state-changing call of the contract', () => {
  it('knows the state-changing calls', () => {
    expect(STATE_CHANGING.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'main Login',
        'main Logout',
        'main ChatSend',
        'admin TransactionStatusUpdate',
        'admin export',
      ]),
    );
  });

  it.each(STATE_CHANGING)(
    '$name: refused without the header, from a foreign or null Origin, or cross-site',
    async (call) => {
      const before = await tableChecksums(t.database.db);
      const refused = [
        await send(call, { origin: OWN_ORIGIN }),
        await send(call, {}),
        await send(call, { ...withHeader, origin: 'https://evil.example' }),
        // A sibling host on the same site is still another origin.
        await send(call, { ...withHeader, origin: 'http://evil.backoffice.example:3000' }),
        await send(call, { ...withHeader, origin: 'null' }),
        await send(call, { ...withHeader, 'sec-fetch-site': 'cross-site' }),
        // The router decodes the path: another spelling of the same route is guarded as well.
        await send(call, {}, call.url.replace('/api/', '/%61pi/')),
      ];
      for (const response of refused) {
        expect(response.statusCode, `${call.name}: ${response.body}`).toBe(403);
        expect(REFUSALS).toContain(response.json().message);
      }
      expect(changedTables(before, await tableChecksums(t.database.db))).toEqual([]);

      // With the header from our own origin the same request gets past the guard (to its handler's own answer).
      const allowed = await send(call, { ...withHeader, origin: OWN_ORIGIN });
      expect(REFUSALS).not.toContain(allowed.json().message);
    },
  );

  it('lets an origin from ALLOWED_ORIGINS through, and still needs the header from it', async () => {
    const partner = await createTestApp({ allowedOrigins: ['https://ops.example'] });
    try {
      const call = { method: 'POST', url: '/api/main/Login' };
      const from = (headers: Record<string, string>) =>
        partner.app.inject({ ...call, method: 'POST', headers: { host: HOST, ...headers }, payload: {} });
      expect((await from({ ...withHeader, origin: 'https://ops.example' })).statusCode).toBe(400);
      expect((await from({ origin: 'https://ops.example' })).statusCode).toBe(403);
    } finally {
      await partner.close();
    }
  });

  it('lets exactly the one-click unsubscribe POST through (RFC 8058), told by its route', async () => {
    // As a mail provider posts it: from its own servers, no cookie, no header of ours, a foreign Origin.
    const provider = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          host: HOST,
          origin: 'https://mail.provider.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'List-Unsubscribe=One-Click',
      });
    const test = await provider('/unsubscribe/test');
    expect(test.statusCode).toBe(200);
    expect(test.body).toContain('This was a test email');
    const unknown = await provider(`/unsubscribe/${'C'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This unsubscribe link is not valid');
    // The exemption is the route, not a look-alike URL: a call whose query names the path is still refused.
    const lookalike = await provider('/api/main/Login?next=/unsubscribe/test');
    expect(lookalike.statusCode).toBe(403);
    expect(REFUSALS).toContain(lookalike.json().message);
  });

  it('guards other methods on the same paths too', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/main/Login', headers: { host: HOST } });
      expect([403, 404]).toContain(response.statusCode);
    }
  });
});
