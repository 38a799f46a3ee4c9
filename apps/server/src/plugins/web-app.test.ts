import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRODUCT_CONFIG_ELEMENT_ID } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { productConfigBlock } from './web-app';

let t: TestApp;
let webDir = '';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const ADMIN_CHUNKS = ['/assets/admin-layout-1.js', '/assets/dashboard-screen-1.js'];

beforeAll(async () => {
  // A built web app of our own, as the web build lays it out (apps/web/vite.config.ts).
  webDir = mkdtempSync(path.join(tmpdir(), 'bo-web-app-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'assets', 'index-1.js'), 'export {};');
  writeFileSync(path.join(webDir, 'route-preloads.json'), JSON.stringify({ '/admin': ADMIN_CHUNKS }));
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The page's product settings, read as the browser reads a JSON data block. */
const embeddedConfig = (html: string) => {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${PRODUCT_CONFIG_ELEMENT_ID}">(.*?)</script>`),
  );
  return JSON.parse(match?.[1] ?? 'null');
};

const preloadedChunks = (html: string): string[] =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');

describe('web app hosting', () => {
  it('opens an admin address with the shell and dashboard code already asked for', async () => {
    for (const url of ['/admin/dashboard', '/admin/transactions/T000000001?x=1', '/admin']) {
      const answer = await page(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(preloadedChunks(answer.body), url).toEqual(ADMIN_CHUNKS);
      // The links go in the head, before the page's own script runs.
      expect(answer.body.indexOf('modulepreload')).toBeLessThan(answer.body.indexOf('</head>'));
    }
  });

  it('keeps the login page and other addresses free of the admin code', async () => {
    for (const url of ['/login', '/', '/forgot-password', '/administrator']) {
      const answer = await page(url);
      expect(answer.statusCode).toBe(200);
      expect(preloadedChunks(answer.body), url).toEqual([]);
      expect(answer.body).toContain('<div id="root"></div>');
    }
  });

  it('puts the Config answer into every page, as data the page reads without a request', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/main/Config' })).json().data;
    expect(config.productName).toBe('Testline');
    for (const url of ['/login', '/admin/dashboard']) {
      const html = (await page(url)).body;
      expect(embeddedConfig(html), url).toEqual(config);
      expect(html.indexOf(PRODUCT_CONFIG_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('writes a product name that looks like markup as text that cannot close its element', () => {
    const block = productConfigBlock({
      productName: '</script><script>alert(1)</script>',
      version: '1',
      demoMode: false,
      totpMandatory: true,
      invoiceUrlTemplate: null,
    });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(embeddedConfig(block).productName).toBe('</script><script>alert(1)</script>');
  });

  it('still serves the built files themselves and refuses unknown non-page paths', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('export {};');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status_code: 404 });
  });
});
