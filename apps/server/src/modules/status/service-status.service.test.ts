import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceStatusChecker } from './service-status.service';

let server: Server;
let base = '';
const silent = { warn: () => undefined };

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/ok') return void response.end('OK');
    if (request.url === '/padded') return void response.end('OK\n');
    if (request.url === '/redirect') {
      response.writeHead(302, { location: '/ok' });
      return void response.end();
    }
    if (request.url === '/huge') return void response.end(`OK${' '.repeat(100_000)}`);
    if (request.url === '/error') {
      response.statusCode = 500;
      return void response.end('OK');
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // fetch keeps idle sockets open; without this, close() waits for them to time out.
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const check = (path: string) =>
  createServiceStatusChecker({ upstreams: { kc: `${base}${path}` }, timeoutMs: 1000, logger: silent }).check(
    'kc',
  );

describe('service status checker', () => {
  it('passes on OK only for a 2xx answer of exactly OK', async () => {
    expect(await check('/ok')).toBe('OK');
    expect(await check('/padded')).toBe('UNHEALTHY');
    expect(await check('/error')).toBe('UNHEALTHY');
    expect(await check('/missing')).toBe('UNHEALTHY');
  });

  it('does not follow a redirect to an OK elsewhere', async () => {
    expect(await check('/redirect')).toBe('UNHEALTHY');
  });

  it('stops reading a long answer early and calls it unhealthy', async () => {
    expect(await check('/huge')).toBe('UNHEALTHY');
  });

  it('answers UNREACHABLE when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const checker = createServiceStatusChecker({
      upstreams: { artemis: `http://127.0.0.1:${port}/` },
      timeoutMs: 1000,
      logger: silent,
    });
    expect(await checker.check('artemis')).toBe('UNREACHABLE');
  });

  it('answers NOT CONFIGURED for a service without an address', async () => {
    const checker = createServiceStatusChecker({ upstreams: {}, timeoutMs: 1000, logger: silent });
    expect(await checker.check('kc-broker')).toBe('NOT CONFIGURED');
  });
});
