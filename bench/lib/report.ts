import { appendFileSync } from 'node:fs';

/** One measured figure with its budget (issue #6). A figure without a budget is reported only. */
export interface Figure {
  /** The suite that measured it: `db`, `pglite`, `live`, `web`. */
  suite: string;
  /** What was measured, e.g. 'dashboard first page · 7 days · default statuses'. */
  name: string;
  /** Which statistic `value` is: 'p95', 'p99', 'max', 'total', 'req/s' … */
  stat: string;
  value: number;
  unit: 'ms' | 's' | 'MB' | 'KB' | 'req/s' | 'events' | 'rows';
  /** The budget: the value must be at most `max` (or at least `min`). */
  budget?: { max?: number; min?: number };
  /** The volume it was measured at, e.g. '5,000,000 rows'. */
  volume?: string;
  note?: string;
}

export type Verdict = 'PASS' | 'FAIL' | 'INFO';

export const verdictOf = (figure: Figure): Verdict => {
  if (!figure.budget) return 'INFO';
  const { max, min } = figure.budget;
  if (max !== undefined && figure.value > max) return 'FAIL';
  if (min !== undefined && figure.value < min) return 'FAIL';
  return 'PASS';
};

const budgetText = (figure: Figure): string => {
  if (!figure.budget) return '—';
  const { max, min } = figure.budget;
  return max !== undefined ? `≤ ${max} ${figure.unit}` : `≥ ${min} ${figure.unit}`;
};

/**
 * Prints the figure beside its budget and hands it to the runner (bench/run.ts), which collects every
 * suite's figures into bench/results.json. A suite run on its own just prints.
 */
export function record(figure: Figure): Verdict {
  const verdict = verdictOf(figure);
  const value = Number.isInteger(figure.value) ? String(figure.value) : figure.value.toFixed(1);
  console.log(
    `${`[${figure.suite}] ${figure.name}`.padEnd(72)} ${figure.stat.padStart(6)} ${`${value} ${figure.unit}`.padStart(12)}  ${budgetText(figure).padStart(12)}  ${verdict}`,
  );
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ ...figure, verdict })}\n`);
  return verdict;
}

/** The value at quantile `q` (0–1) of `values`, nearest-rank. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
