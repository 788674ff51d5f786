import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  /** Also run once right away instead of waiting a whole interval first. */
  runNow?: boolean;
}

/**
 * Runs each job on its interval inside this process. A job never overlaps itself here; across
 * instances the jobs guard themselves (advisory locks, SKIP LOCKED). Errors are logged, never thrown.
 */
export function startJobs(jobs: readonly Job[], logger: Pick<FastifyBaseLogger, 'error'>): { stop: () => Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const p = job
        .run()
        .catch((err: unknown) => logger.error({ err, job: job.name }, 'background job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.intervalMs));
    if (job.runNow) tick();
  }
  return {
    stop: async () => {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}
