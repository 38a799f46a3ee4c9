import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDir = '';

beforeAll(async () => {
  // A built web app of our own, so the page itself is served without depending on a real build.
  webDir = mkdtempSync(path.join(tmpdir(), 'bo-csp-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><script>window.__xss = 1</script>');
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** The policy's directives by name, each with its sources. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, 'the answer has a Content-Security-Policy').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [String(name).toLowerCase(), sources.map((s) => s.toLowerCase())]),
  );
}

// Sources that would let a script written into a page run: inline code, eval, or code from anywhere.
const UNSAFE_SCRIPT_SOURCES = [
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'unsafe-hashes'",
  "'wasm-unsafe-eval'",
  '*',
  'data:',
  'blob:',
  'http:',
  'https:',
];

describe('Content-Security-Policy', () => {
  it('forbids inline scripts, inline event handlers and eval on the page and on every answer', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
      await t.app.inject({ method: 'GET', url: '/transactions', headers: { accept: 'text/html' } }),
      await t.app.inject({ method: 'GET', url: '/api/main/Config' }),
      await t.app.inject({ method: 'GET', url: '/api/nowhere' }),
    ];
    expect(answers[0]?.body).toContain('<script>');
    for (const answer of answers) {
      const policy = directives(answer);
      // script-src-elem and script-src-attr fall back to script-src, which falls back to default-src.
      const scripts = policy.get('script-src') ?? policy.get('default-src');
      expect(scripts, 'scripts are restricted').toEqual(["'self'"]);
      for (const name of ['script-src-elem', 'script-src-attr', 'default-src']) {
        for (const source of policy.get(name) ?? []) expect(UNSAFE_SCRIPT_SOURCES).not.toContain(source);
      }
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('runs workers only from the app itself, never from blob: or data: code', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/admin/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(directives(answer).get('worker-src')).toEqual(["'self'"]);
  });

  it('shows images from the app, data: and blob: URLs (KYC documents) and from nowhere else', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/admin/kyc', headers: { accept: 'text/html' } });
    expect(directives(answer).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });
});
