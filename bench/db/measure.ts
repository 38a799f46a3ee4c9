import { type Figure, percentile, record } from '../lib/report';

/** One timed thing: `run` answers how many rows it found (shown beside the figure). */
export interface Case {
  name: string;
  run: () => Promise<number>;
  /** p95 budget in ms; none: the figure is reported only. */
  budget?: number;
  /** Prints the query plans of one run (BENCH_EXPLAIN=1). */
  explain?: () => Promise<void>;
}

export interface Measured {
  name: string;
  rows: number;
  p50: number;
  p95: number;
}

/**
 * Times a case `runs` times after one warm-up run (the first run pays for cold pages, which the figures
 * are not about) and records its p95 against the budget, with p50 and the rows in the note.
 */
export async function measure(
  c: Case,
  options: { suite: string; runs: number; volume: string; explain?: boolean },
): Promise<Measured> {
  let rows = await c.run();
  const times: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const began = performance.now();
    rows = await c.run();
    times.push(performance.now() - began);
  }
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  const figure: Figure = {
    suite: options.suite,
    name: c.name,
    stat: 'p95',
    value: Math.round(p95 * 10) / 10,
    unit: 'ms',
    volume: options.volume,
    note: `p50 ${p50.toFixed(1)} ms; ${rows.toLocaleString('en')} rows; ${options.runs} runs`,
    ...(c.budget === undefined ? {} : { budget: { max: c.budget } }),
  };
  record(figure);
  if (options.explain && c.explain) await c.explain();
  return { name: c.name, rows, p50, p95 };
}

/** Runs the cases whose name contains `only`, one after the other; answers how many went over budget. */
export async function measureAll(
  cases: readonly Case[],
  options: { suite: string; runs: number; volume: string; only: string; explain?: boolean },
): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const c of cases.filter((x) => x.name.includes(options.only))) results.push(await measure(c, options));
  return results;
}
