import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../platform/http-errors';

/** Seconds a refused caller is told to wait: heavy reports take a few seconds each. */
const RETRY_AFTER_SECONDS = 5;
/**
 * A refusal is answered after this pause: a client that keeps asking while refused (a script, a stuck
 * tab) then sends a few requests a second instead of thousands, and the server's time stays with /healthz
 * and the other users. Waiting costs a timer, not work.
 */
export const REFUSAL_DELAY_MS = 1000;

/**
 * Bounds the reports read from source tables that run at once in this instance, per user and in all,
 * so no user (nor a crowd) can fill the server's memory or the database pool with them. Beyond either
 * bound the request is refused with 429 after a short pause (docs/product/report-screens.md, 'Limits the server
 * enforces'); nothing queues.
 */
export class HeavyReportGate {
  private readonly perUser = new Map<number | string, number>();
  private total = 0;

  constructor(
    private readonly perUserMax: number,
    private readonly totalMax: number,
  ) {}

  async run<T>(userId: number | string, work: () => Promise<T>): Promise<T> {
    const release = this.enter(userId);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Takes a place for `userId` (a user or a session) or throws 429; the returned function gives it back once. */
  enter(userId: number | string): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.perUserMax) {
      throw tooManyRequests(
        `You already have ${this.perUserMax} large reports loading. Wait for them to finish, then try again.`,
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.total >= this.totalMax) {
      throw tooManyRequests('The server is busy preparing large reports. Try again in a few seconds.', RETRY_AFTER_SECONDS);
    }
    this.perUser.set(userId, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }
}

const REPORT_URL = /^\/api\/reports\/(\d{1,7})\/(?:\?|$)/;

/**
 * Applies the gate to GET /api/reports/{id}/ of source-table reports before anything else runs for the
 * request (sign-in check included): on the embedded database every query waits its turn on one
 * connection, so a bound checked later would only ever see one request at a time. The key is the
 * session's token (a digest of it), known without a query.
 */
export function guardHeavyReports(app: FastifyInstance, gate: HeavyReportGate, isHeavy: (id: number) => boolean): void {
  const releases = new WeakMap<FastifyRequest, () => void>();
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') return;
    const m = REPORT_URL.exec(request.url);
    if (!m || !isHeavy(Number(m[1]))) return;
    const session = createHash('sha256')
      .update(request.headers.authorization ?? request.ip)
      .digest('hex');
    try {
      releases.set(request, gate.enter(session));
    } catch (err) {
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
      throw err;
    }
  });
  const release = async (request: FastifyRequest) => {
    releases.get(request)?.();
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
