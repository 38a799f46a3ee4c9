import { execFileSync } from 'node:child_process';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The journeys' flags (e2e/playwright.config.ts, DESIGN §6): nothing phones home or competes for the CPU. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // performance.memory with real figures rather than the bucketed ones pages normally see.
  '--enable-precise-memory-info',
];

export const VIEWPORT = { width: 1440, height: 900 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

/** `Chromium 156.0.…` as the binary reports it, for the figures' provenance. */
export function chromiumVersion(): string {
  try {
    // Debian's wrapper script prints a shell warning on stderr before the version; keep the version line.
    const out = execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\n').find((line) => line.startsWith('Chromium')) ?? out.trim();
  } catch {
    return 'unknown';
  }
}

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Signs in through the login screen as a person does (e2e/pages/login.page.ts): fields, the bot check's
 * proof of work, Login.
 */
export async function signIn(page: Page, baseUrl: string, credentials: Credentials): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await page.locator('[data-bot-check-state="verified"]').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin\/dashboard$/, { timeout: 30_000 });
}

/**
 * The dashboard is drawn once its server-side transactions table shows rows. A CSS selector, not a role
 * query: working out accessible names while the page loads costs the page's CPU and would slow what is
 * measured.
 */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.locator('table[aria-label="Transactions"] tbody tr a').first().waitFor({ timeout: 60_000 });
}

export async function newBenchContext(browser: Browser, storageState?: string): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORT, ...(storageState ? { storageState } : {}) });
}

const MB = 1024 * 1024;

/**
 * JS heap in use, in MB, of the page's main thread and of each dedicated worker, after a full garbage
 * collection in each (what the rows really hold, not garbage waiting to be swept). The workers are reached
 * through CDP's target attachment (non-flat sessions, as the page's own CDP session can carry them).
 */
export async function heapUsage(
  context: BrowserContext,
  page: Page,
  options: { collectGarbage: boolean },
): Promise<{ pageMB: number; workersMB: number; workers: number }> {
  const cdp = await context.newCDPSession(page);
  try {
    if (options.collectGarbage) await cdp.send('HeapProfiler.collectGarbage');
    const page_ = await cdp.send('Runtime.getHeapUsage');
    const { targetInfos } = await cdp.send('Target.getTargets');
    let workersBytes = 0;
    let workers = 0;
    for (const target of targetInfos.filter((t) => t.type === 'worker')) {
      const used = await workerHeapUsed(cdp, target.targetId, options.collectGarbage);
      if (used === null) continue;
      workersBytes += used;
      workers += 1;
    }
    return { pageMB: page_.usedSize / MB, workersMB: workersBytes / MB, workers };
  } finally {
    await cdp.detach();
  }
}

type Cdp = Awaited<ReturnType<BrowserContext['newCDPSession']>>;

/** One worker's used heap in bytes through a non-flat target session, or null when it cannot be reached. */
async function workerHeapUsed(cdp: Cdp, targetId: string, collectGarbage: boolean): Promise<number | null> {
  let sessionId: string;
  try {
    ({ sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false }));
  } catch {
    return null;
  }
  let nextId = 1;
  const call = (method: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${method} timed out`)), 30_000);
      const listener = (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
        if (reply.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', listener);
        clearTimeout(timer);
        if (reply.error) reject(new Error(JSON.stringify(reply.error)));
        else resolve(reply.result);
      };
      cdp.on('Target.receivedMessageFromTarget', listener);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    });
  try {
    if (collectGarbage) await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize;
  } catch {
    return null;
  } finally {
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}
