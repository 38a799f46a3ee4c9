import type { Browser, Page } from 'playwright-core';
import { newBenchContext, waitForDashboard } from './chromium';

export interface LcpSample {
  ms: number;
  /** The element that was the largest paint, e.g. `P: Figures for the last 24 hours`. */
  element: string;
}

// A string, not a function: tsx's helpers (`__name`) do not exist inside the page.
const LCP_OBSERVER = `
  window.__benchLcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__benchLcp.push({
        ms: entry.startTime,
        element: el ? el.tagName + ': ' + (el.textContent || '').trim().slice(0, 48) : '(removed)',
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

async function loadAndReadLcp(page: Page, url: string): Promise<LcpSample> {
  await page.goto(url);
  await waitForDashboard(page);
  // Later, larger paints (the side boxes) replace the candidate; the page is quiet once the network is
  // (bounded: a poll of the dashboard may keep it from ever being idle for the full half second).
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  const samples = await page.evaluate('window.__benchLcp');
  const list = samples as LcpSample[];
  const last = list.at(-1);
  if (!last) throw new Error('no largest-contentful-paint entry');
  return last;
}

/**
 * The dashboard's Largest Contentful Paint loaded straight from its address by a signed-in browser, read
 * with a buffered PerformanceObserver once the page is quiet. Cold: every run in a fresh context (empty HTTP
 * cache, same session). Warm: reloads in one context whose cache holds the app's files (the server answers
 * them with 304 after revalidation).
 */
export async function measureDashboardLcp(
  browser: Browser,
  baseUrl: string,
  storageState: string,
  runs: number,
): Promise<{ cold: LcpSample[]; warm: LcpSample[] }> {
  const url = `${baseUrl}/admin/dashboard`;
  const cold: LcpSample[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await newBenchContext(browser, storageState);
    try {
      await context.addInitScript(LCP_OBSERVER);
      cold.push(await loadAndReadLcp(await context.newPage(), url));
    } finally {
      await context.close();
    }
  }
  const warm: LcpSample[] = [];
  const context = await newBenchContext(browser, storageState);
  try {
    await context.addInitScript(LCP_OBSERVER);
    const page = await context.newPage();
    await loadAndReadLcp(page, url);
    for (let i = 0; i < runs; i++) warm.push(await loadAndReadLcp(page, url));
  } finally {
    await context.close();
  }
  return { cold, warm };
}
