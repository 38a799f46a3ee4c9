import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Figure, Verdict } from './lib/report';

/**
 * Prints bench/results.json as Markdown: the machine, then one table per suite with every figure beside its
 * budget. `npx tsx bench/figures.ts > docs/performance-figures.md` after `npm run bench`, so the figures of
 * record are written by the run itself, never copied by hand.
 */
interface Results {
  started?: string;
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGiB: number;
    os: string;
    node: string;
    postgres: string;
    loadAverage?: { start: number[]; end: number[] };
  };
  suites: Record<string, number>;
  summary: { figures: number; pass: number; fail: number; info: number };
  figures: Array<Figure & { verdict: Verdict }>;
}

const SUITE_TITLES: Record<string, string> = {
  db: 'Suite `db`: PostgreSQL',
  pglite: 'Suite `pglite`: the embedded database',
  live: 'Suite `live`: live feeds, server memory, admin API',
  web: 'Suite `web`: the web app in Chromium',
};

const file = process.argv[2] ?? path.join(import.meta.dirname, 'results.json');
const results = JSON.parse(readFileSync(file, 'utf8')) as Results;

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const number = (value: number) =>
  Number.isInteger(value)
    ? value.toLocaleString('en')
    : value.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const budget = (figure: Figure) => {
  if (!figure.budget) return '—';
  const { max, min } = figure.budget;
  return max !== undefined ? `≤ ${number(max)} ${figure.unit}` : `≥ ${number(min ?? 0)} ${figure.unit}`;
};
const loads = (values: number[] | undefined) => (values ? values.map((v) => v.toFixed(1)).join(' / ') : '?');

const lines: string[] = [];
const { machine, summary } = results;
lines.push('# Benchmark figures of record');
lines.push('');
lines.push(
  `Written by \`npx tsx bench/figures.ts\` from \`bench/results.json\` (\`npm run bench\`); how to read them and ` +
    'what was done about each budget: [performance.md](performance.md).',
);
lines.push('');
lines.push(`- Run: ${results.started ? `${results.started} to ` : ''}${results.date}`);
lines.push(
  `- Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, ` +
    `PostgreSQL ${machine.postgres}`,
);
if (machine.loadAverage)
  lines.push(
    `- Load average (1 / 5 / 15 min): ${loads(machine.loadAverage.start)} at the start, ` +
      `${loads(machine.loadAverage.end)} at the end`,
  );
lines.push(
  `- ${summary.figures} figures: ${summary.pass} within budget, ${summary.fail} over, ${summary.info} reported only; ` +
    `suite exit codes ${Object.entries(results.suites)
      .map(([suite, code]) => `${suite} ${code}`)
      .join(', ')}`,
);
for (const suite of Object.keys(results.suites)) {
  const figures = results.figures.filter((f) => f.suite === suite);
  lines.push('');
  lines.push(`## ${SUITE_TITLES[suite] ?? suite}`);
  lines.push('');
  lines.push('| what | stat | measured | budget | | volume · note |');
  lines.push('|---|---|--:|--:|---|---|');
  for (const f of figures) {
    const details = [f.volume, f.note].filter(Boolean).join(' · ');
    lines.push(
      `| ${cell(f.name)} | ${f.stat} | ${number(f.value)} ${f.unit} | ${budget(f)} | ${f.verdict === 'INFO' ? '' : f.verdict} | ${cell(details)} |`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
