import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** A periodic piece of background work: the roll-up ETL, the mail outbox, scheduled mails, the call sweep, pruning. */
export interface Job {
  name: string;
  intervalMs: number;
  /** `signal` aborts when the jobs stop: a long run checks it between units of work (a mail, a batch). */
  run: (signal: AbortSignal) => Promise<unknown>;
  /** Also run once right away instead of waiting a whole interval first. */
  runNow?: boolean;
}

export interface RunningJobs {
  /** Stops the timers, aborts the runs' signal and waits for the runs in flight. */
  stop: () => Promise<void>;
}

/**
 * Runs each job on its interval in this process, never overlapping itself; across instances the jobs guard
 * themselves (advisory locks, SKIP LOCKED). Errors are logged; the timers do not keep the process alive.
 */
export function startJobs(jobs: readonly Job[], logger: Pick<FastifyBaseLogger, 'error'>): RunningJobs {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const abort = new AbortController();
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || abort.signal.aborted) return;
      busy = true;
      const p = job
        .run(abort.signal)
        .catch((err: unknown) => logger.error({ err, job: job.name }, 'background job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    timers.push(timer);
    if (job.runNow) tick();
  }
  return {
    stop: async () => {
      abort.abort();
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs the modules declared (`app.jobs.push(job)` in a module); the process starts them (`server.ts`). */
    jobs: Job[];
  }
}

/**
 * Gives the app its list of declared jobs, started by the process once it is ready (a test's app runs none).
 * Must run before any module is registered.
 */
export function collectJobs(app: FastifyInstance): void {
  app.decorate('jobs', []);
}
