import { isApiPath } from '@dossier/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Whether the process has finished starting (migrations, demo data, first roll-up); until then /readyz and
 * the API answer 503 with the progress.
 */
export class Readiness {
  private done: boolean;
  private percent = 0;

  constructor(
    private readonly stage: string,
    ready = false,
  ) {
    this.done = ready;
  }

  /** Already ready: the app the tests build, whose database is set up before it. */
  static ready(): Readiness {
    return new Readiness('Ready', true);
  }

  /** Progress of the start-up work, 0 to 1; it never goes back. */
  progress(fraction: number): void {
    const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    if (percent > this.percent) this.percent = percent;
  }

  markReady(): void {
    this.done = true;
    this.percent = 100;
  }

  get ready(): boolean {
    return this.done;
  }

  /** 'Preparing demo data… 42 %' */
  get message(): string {
    return `${this.stage}… ${this.percent} %`;
  }

  get progressPercent(): number {
    return this.percent;
  }
}

/** What waits for readiness: the API and /metrics; the health checks and the web app's own files answer at once. */
const waitsForReadiness = (path: string) => (isApiPath(path) && path !== '/healthz' && path !== '/readyz') || path.startsWith('/metrics');

/** Until ready, API calls get a 503 that says what is happening, without touching the database. */
export function gateUntilReady(app: FastifyInstance, readiness: Readiness): void {
  if (readiness.ready) return;
  app.addHook('onRequest', async (request, reply) => {
    if (readiness.ready) return;
    const path = request.url.split('?')[0] ?? '/';
    if (!waitsForReadiness(path)) return;
    return reply
      .code(503)
      .header('retry-after', '2')
      .send({ error: `Dossier is starting (${readiness.message}). Try again in a moment.` });
  });
}
