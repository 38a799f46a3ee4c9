import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_CALLS, isInSync } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';

/** A stand-in for the real services: each path answers the way a healthy or broken one would. */
function startUpstream(): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/ok') return void response.end('OK');
    if (request.url === '/lower') return void response.end('ok');
    if (request.url === '/error') {
      response.statusCode = 500;
      return void response.end('OK');
    }
    // Never answers: the check must give up on its own.
    if (request.url === '/slow') return;
    response.statusCode = 404;
    response.end('Not found');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://127.0.0.1:${port}` });
    });
  });
}

let t: TestApp;
let upstream: { server: Server; base: string };
let viewer = { cookie: '', token: '' };
let support = { cookie: '', token: '' };

beforeAll(async () => {
  upstream = await startUpstream();
  t = await createTestApp({
    serviceStatus: {
      timeoutMs: 300,
      upstreams: {
        artemis: `${upstream.base}/ok`,
        kc: `${upstream.base}/lower`,
        'kc-sockets': `${upstream.base}/slow`,
      },
    },
  });
  viewer = await signIn(t.app, 'viewer');
  support = await signIn(t.app, 'support');
});
afterAll(async () => {
  await t.close();
  upstream.server.closeAllConnections();
  await new Promise((resolve) => upstream.server.close(resolve));
});

const status = (path: string, cookie = viewer.cookie) =>
  t.app.inject({ method: 'GET', url: `/api/main/status/${path}`, headers: cookie ? { cookie } : {} });

describe('service status endpoints', () => {
  it('answers plain OK when the upstream answered exactly OK', async () => {
    const response = await status('artemis');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('does not pass on an upstream answer that is only nearly OK', async () => {
    const response = await status('kc');
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('UNHEALTHY');
  });

  it('answers TIMEOUT when the upstream does not answer in time', async () => {
    const response = await status('kc-sockets');
    expect(response.body).toBe('TIMEOUT');
  });

  it('answers NOT CONFIGURED, never OK, for a service this deployment has no address for', async () => {
    const response = await status('kc-broker');
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('NOT CONFIGURED');
  });

  it('needs a signed-in session', async () => {
    const response = await status('artemis', '');
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toBe('OK');
  });
});

describe('SlaveStatus', () => {
  it('reports no lag on a database without replicas, saying reads come from the primary', async () => {
    const response = await adminGet(t.app, support.token, 'SlaveStatus');
    expect(response.statusCode, response.body).toBe(200);
    const answer = ADMIN_CALLS.SlaveStatus.data.parse(response.json().data);
    expect(answer).toEqual({
      Seconds_Behind_Master: 0,
      Slave_IO_Running: 'Yes',
      Slave_SQL_Running: 'Yes',
      Source: 'primary',
    });
    expect(isInSync(answer)).toBe(true);
  });

  it('is refused without view-transactions', async () => {
    expect((await adminGet(t.app, viewer.token, 'SlaveStatus')).statusCode).toBe(403);
  });
});
