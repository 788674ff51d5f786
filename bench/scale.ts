import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The headline figures of the last run at each size (`--policies`), kept in bench/scale-figures.json, so that a
 * run at 1 crore policies can be set beside the last run at 10 lakh (and the other way round) with their ratio.
 */
const FIGURES_PATH = join(dirname(fileURLToPath(import.meta.url)), 'scale-figures.json');

interface SizeEntry {
  /** The runs the figures come from (UTC minute → the machine's load average at their start). */
  runs: Record<string, number>;
  /** Figure name (with its unit) → value. */
  figures: Record<string, number>;
}
type Scale = Record<string, SizeEntry>;

const read = (): Scale => (existsSync(FIGURES_PATH) ? (JSON.parse(readFileSync(FIGURES_PATH, 'utf8')) as Scale) : {});

/** Merges this run's figures into the entry of its size; figures the run did not measure keep their last value. */
export function recordScale(policies: number, figures: Record<string, number>, loadAverage: number): void {
  const all = read();
  const entry = all[policies] ?? { runs: {}, figures: {} };
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  entry.runs[at] = Number(loadAverage.toFixed(2));
  // The five latest runs are enough to say where the figures come from.
  entry.runs = Object.fromEntries(Object.entries(entry.runs).sort().slice(-5));
  entry.figures = { ...entry.figures, ...figures };
  all[policies] = entry;
  writeFileSync(FIGURES_PATH, `${JSON.stringify(all, null, 2)}\n`);
}

const inWords = (n: number) =>
  n >= 10_000_000 ? `${n / 10_000_000} crore` : n >= 100_000 ? `${n / 100_000} lakh` : n.toLocaleString('en-IN');
const value = (v: number | undefined) => (v === undefined ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

/** The '## Side by side' section: every figure at the smallest and the largest size recorded, and their ratio. */
export function scaleSection(): string[] {
  const all = read();
  const sizes = Object.keys(all)
    .map(Number)
    .sort((a, b) => a - b);
  if (sizes.length < 2) return [];
  const small = sizes[0] as number;
  const large = sizes.at(-1) as number;
  const a = all[small] as SizeEntry;
  const b = all[large] as SizeEntry;
  const names = [...new Set([...Object.keys(a.figures), ...Object.keys(b.figures)])];
  const runs = (e: SizeEntry) =>
    Object.entries(e.runs)
      .map(([at, load]) => `${at} UTC (load ${load})`)
      .join(', ');
  return [
    `## Side by side: ${inWords(small)} and ${inWords(large)} policies`,
    '',
    `The last figures of \`npm run bench\` at each size, from bench/scale-figures.json (${inWords(small)} from its runs of ${runs(a)}; ${inWords(large)} from its runs of ${runs(b)}; where a size ran more than once, each figure is its latest), on the machine named at the top. Times in ms unless the name says s.`,
    '',
    `| figure | ${inWords(small)} | ${inWords(large)} | ${inWords(large)} ÷ ${inWords(small)} |`,
    '| --- | --- | --- | --- |',
    ...names.map((n) => {
      const x = a.figures[n];
      const y = b.figures[n];
      const ratio = x !== undefined && y !== undefined && x > 0 ? `${(y / x).toFixed(1)}×` : '—';
      return `| ${n} | ${value(x)} | ${value(y)} | ${ratio} |`;
    }),
    '',
  ];
}
