/** Timing helpers for the benchmarks: wall-clock samples and percentiles. */

export async function timeOnce(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** How long to keep sampling past `runs`: until `ms` have passed since the first timed call, at most `maxRuns` calls. */
export interface SampleBudget {
  ms: number;
  maxRuns: number;
}

/** `runs` timed calls after `warmup` untimed ones, and with a `budget`, more while it lasts. */
export async function sample(fn: () => Promise<unknown>, runs: number, warmup = 2, budget?: SampleBudget): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  const started = performance.now();
  const more = () => budget !== undefined && out.length < budget.maxRuns && performance.now() - started < budget.ms;
  while (out.length < runs || more()) out.push(await timeOnce(fn));
  return out;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx] ?? 0;
}

export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
