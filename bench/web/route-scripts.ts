import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';
import { type Credentials, newBenchContext, signIn, waitForDashboard } from './chromium';

export interface ScriptSet {
  /** Script files (path → gzip bytes), in the order they arrived. */
  files: Map<string, { raw: number; gzip: number }>;
  gzipKB: number;
  rawKB: number;
}

const isScript = (response: Response): boolean => {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  return type === 'script' || contentType.includes('javascript');
};

const snapshot = (files: ScriptSet['files']): ScriptSet => {
  const copy = new Map(files);
  let raw = 0;
  let gzip = 0;
  for (const size of copy.values()) {
    raw += size.raw;
    gzip += size.gzip;
  }
  return { files: copy, gzipKB: gzip / 1024, rawKB: raw / 1024 };
};

/**
 * The JavaScript a browser with an empty cache downloads for the login screen (until the page is quiet,
 * before anyone touches it), then for the dashboard after signing in (cumulative: what login loaded is part
 * of it, and so is what the bot check and Login loaded in between). The server sends
 * the files uncompressed, so each body is gzipped here at level 9, as a compressing proxy would serve it;
 * a compressed answer is counted by its Content-Length instead.
 */
export async function measureRouteScripts(
  browser: Browser,
  baseUrl: string,
  credentials: Credentials,
): Promise<{ login: ScriptSet; dashboard: ScriptSet }> {
  const context = await newBenchContext(browser);
  try {
    const scripts = collectScripts(context, baseUrl);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
    const login = await scripts.snapshot();

    await signIn(page, baseUrl, credentials);
    await waitForDashboard(page);
    await page.waitForLoadState('networkidle');
    const dashboard = await scripts.snapshot();
    return { login, dashboard };
  } finally {
    await context.close();
  }
}

/**
 * Collects the script files a context downloads from the app, from now on. On the context, not the page:
 * a dedicated worker's own script is requested by the worker.
 */
export function collectScripts(
  context: BrowserContext,
  baseUrl: string,
): { snapshot: () => Promise<ScriptSet> } {
  const files: ScriptSet['files'] = new Map();
  const pending: Promise<void>[] = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    // blob: scripts (the bot check's own worker) are made from code already counted, not downloaded.
    if (url.protocol === 'blob:' || url.origin !== new URL(baseUrl).origin) return;
    if (!isScript(response) || response.status() !== 200) return;
    pending.push(
      response.body().then(
        (body) => {
          const encoded = response.headers()['content-encoding'];
          const length = Number(response.headers()['content-length']);
          const gzip =
            encoded && encoded !== 'identity' && Number.isFinite(length)
              ? length
              : gzipSync(body, { level: 9 }).length;
          files.set(url.pathname, { raw: body.length, gzip });
        },
        // The context closed under it (a failed run): nothing to count.
        () => undefined,
      ),
    );
  });
  return {
    snapshot: async () => {
      await Promise.all(pending);
      pending.length = 0;
      return snapshot(files);
    },
  };
}

/** The files a set adds to an earlier one, for the report. */
export const addedFiles = (later: ScriptSet, earlier: ScriptSet): string[] =>
  [...later.files.keys()].filter((name) => !earlier.files.has(name));
