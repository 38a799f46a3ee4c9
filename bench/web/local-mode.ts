import type { BrowserContext, Page } from 'playwright-core';
import { heapUsage } from './chromium';

/**
 * Page-side probes, installed before the app loads. Strings, not functions: tsx's helpers (`__name`) do not
 * exist inside the page.
 *
 * - Every `queryResult` the transactions worker sends is timestamped as it arrives (a listener added in the
 *   Worker constructor runs before the app's own `onmessage`).
 * - DOM changes under the Local table and its pager are timestamped (a MutationObserver's callback runs right
 *   after React's commit), and so are the first Local rows and the 'N rows loaded' status.
 * - Long tasks and slow input events on the main thread are kept.
 */
export const LOCAL_PROBE = `
  (() => {
    const probe = {
      clickAt: null, firstRowsAt: null, completeAt: null, status: null, watchTable: false,
      answers: [], keydowns: [], tableChanges: [], longTasks: [], events: [],
    };
    window.__bench = probe;
    const NativeWorker = window.Worker;
    window.Worker = class extends NativeWorker {
      constructor(url, options) {
        super(url, options);
        this.addEventListener('message', (event) => {
          const data = event.data;
          if (data && data.type === 'queryResult') {
            probe.answers.push({ at: performance.now(), requestId: data.requestId, total: data.result.total });
          }
        });
      }
    };
    document.addEventListener('click', (event) => {
      const target = event.target;
      if (probe.clickAt === null && target instanceof HTMLInputElement && target.type === 'checkbox' &&
          target.labels && [...target.labels].some((l) => l.textContent.trim() === 'Local')) {
        probe.clickAt = event.timeStamp;
      }
    }, true);
    document.addEventListener('keydown', (event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.labels &&
          [...target.labels].some((l) => l.textContent.trim() === 'Local keyword')) {
        probe.keydowns.push(event.timeStamp);
      }
    }, true);
    const inLocalTable = (node) => {
      const el = node instanceof Element ? node : node.parentElement;
      return !!el && !!el.closest('[aria-label="Local filters"]') && !el.closest('input');
    };
    const observer = new MutationObserver((records) => {
      const now = performance.now();
      if (probe.firstRowsAt === null &&
          document.querySelector('table[aria-label="Local transactions"] tbody tr a')) {
        probe.firstRowsAt = now;
      }
      if (probe.completeAt === null) {
        for (const el of document.querySelectorAll('[role="status"]')) {
          const text = (el.textContent || '').trim();
          if (/^[0-9,]+ rows loaded$/.test(text)) { probe.completeAt = now; probe.status = text; }
        }
      }
      if (probe.watchTable && records.some((r) => inLocalTable(r.target))) probe.tableChanges.push(now);
    });
    const start = () => observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ at: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.events.push({ at: e.startTime, ms: e.duration, name: e.name });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  })();
`;

interface Probe {
  clickAt: number | null;
  firstRowsAt: number | null;
  completeAt: number | null;
  status: string | null;
  answers: Array<{ at: number; requestId: number; total: number }>;
  keydowns: number[];
  tableChanges: number[];
  longTasks: Array<{ at: number; ms: number }>;
  events: Array<{ at: number; ms: number; name: string }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls an expression in the page until it is true. Not `waitForFunction`: the app's Content Security
 * Policy forbids the eval that a string predicate needs. The figures are the page's own timestamps, so the
 * polling interval does not enter them.
 */
async function waitUntil(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await sleep(25);
  }
}

const readProbe = async (page: Page): Promise<Probe> => (await page.evaluate('window.__bench')) as Probe;

export interface SyncFigures {
  firstRowsMs: number;
  completeMs: number;
  rows: number;
  pageHeapMB: number;
  workerHeapMB: number;
  workers: number;
  /** Without a forced collection: what the tab holds right at the end, garbage included. */
  pageHeapNoGcMB: number;
  workerHeapNoGcMB: number;
  longestTaskMs: number;
}

/** Ticks Local on the dashboard and times the worker's sync until the 'N rows loaded' status. */
export async function measureLocalSync(
  context: BrowserContext,
  page: Page,
  timeoutMs: number,
): Promise<SyncFigures> {
  await page.getByRole('checkbox', { name: 'Local', exact: true }).click();
  await waitUntil(page, 'window.__bench.completeAt !== null', timeoutMs);
  const probe = await readProbe(page);
  const clickAt = probe.clickAt ?? Number.NaN;
  const noGc = await heapUsage(context, page, { collectGarbage: false });
  const heap = await heapUsage(context, page, { collectGarbage: true });
  const during = probe.longTasks.filter((t) => t.at >= clickAt && t.at <= (probe.completeAt ?? 0));
  return {
    firstRowsMs: (probe.firstRowsAt ?? Number.NaN) - clickAt,
    completeMs: (probe.completeAt ?? Number.NaN) - clickAt,
    rows: Number((probe.status ?? '').replace(/[^0-9]/g, '')),
    pageHeapMB: heap.pageMB,
    workerHeapMB: heap.workersMB,
    workers: heap.workers,
    pageHeapNoGcMB: noGc.pageMB,
    workerHeapNoGcMB: noGc.workersMB,
    longestTaskMs: Math.max(0, ...during.map((t) => t.ms)),
  };
}

export interface KeystrokeFigures {
  /** Keystroke (keydown) to the Local table showing its answer, one per keystroke. */
  latenciesMs: number[];
  /** Keystrokes whose answer changed the table (the others answered the same rows). */
  changed: number;
  longestTaskMs: number;
  longTasks: number;
  /** The slowest keyboard event from input to the next paint (Event Timing), main thread only. */
  slowestEventMs: number;
  keys: string[];
}

/**
 * Types into the Local keyword box one key at a time at a typist's pace and times each key to the table's
 * update: the arrival of the worker's answer to that key's query, then the DOM change it causes (if the
 * answer equals the previous one, nothing changes and its arrival counts).
 */
export async function measureLocalTyping(
  page: Page,
  keys: readonly string[],
  pauseMs: number,
): Promise<KeystrokeFigures> {
  await page.getByLabel('Local keyword', { exact: true }).click();
  // Only small values cross to the test per keystroke: reading the whole probe is work on the page's thread.
  const startedAt = (await page.evaluate('(window.__bench.watchTable = true, performance.now())')) as number;
  const latencies: number[] = [];
  let changed = 0;
  for (const key of keys) {
    const [answersBefore, keydownsBefore] = (await page.evaluate(
      '[window.__bench.answers.length, window.__bench.keydowns.length]',
    )) as [number, number];
    await page.keyboard.press(key);
    await waitUntil(page, `window.__bench.answers.length > ${answersBefore}`, 30_000);
    // The answer's commit follows its arrival within a task or two; let it land before reading.
    await sleep(pauseMs);
    const { keydown, answerAt, change } = (await page.evaluate(`(() => {
      const b = window.__bench;
      const answerAt = b.answers[b.answers.length - 1].at;
      const change = b.tableChanges.find((t) => t >= answerAt && t - answerAt < ${pauseMs});
      return { keydown: b.keydowns[${keydownsBefore}], answerAt, change: change === undefined ? null : change };
    })()`)) as { keydown: number | undefined; answerAt: number; change: number | null };
    if (keydown === undefined) throw new Error(`no keydown seen for ${key}`);
    if (change !== null) changed += 1;
    latencies.push((change ?? answerAt) - keydown);
  }
  const after = await readProbe(page);
  const tasks = after.longTasks.filter((t) => t.at >= startedAt);
  const events = after.events.filter((e) => e.at >= startedAt && e.name.startsWith('key'));
  return {
    latenciesMs: latencies,
    changed,
    longestTaskMs: Math.max(0, ...tasks.map((t) => t.ms)),
    longTasks: tasks.length,
    slowestEventMs: Math.max(0, ...events.map((e) => e.ms)),
    keys: [...keys],
  };
}
