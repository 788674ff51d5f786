import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import PQueue from 'p-queue';
import { tooManyRequests } from '../../platform/http-errors';

/** Seconds a refused caller is told to wait: heavy reports take a few seconds each. */
const RETRY_AFTER_SECONDS = 5;
/**
 * Refusals of a session's extra report are answered after this pause, so a client that keeps asking sends a
 * few requests a second instead of thousands. Waiting costs a timer, not work.
 */
export const REFUSAL_DELAY_MS = 1000;

export interface HeavyGateLimits {
  /** Places one session may hold, running or waiting. */
  perUser: number;
  /** Reports running at once in this instance. */
  total: number;
  /** How long a request waits for one of the `total` places before it is refused. */
  waitMs: number;
  /** Pause before a session's refusal is answered. */
  refusalDelayMs: number;
}

/** A gated request's place (once it has one) and the signal that gives up its wait when it goes away. */
interface Held {
  release?: () => void;
  abort: AbortController;
}

/**
 * Bounds the source-table reports running at once in this instance, per session (429 beyond) and in all
 * (docs/product/report-screens.md, 'Limits the server enforces'). Beyond the total a request queues first come,
 * first served for up to `waitMs`, so a busy moment makes pages slower, not broken.
 */
export class HeavyReportGate {
  private readonly perUser = new Map<number | string, number>();
  private readonly queue: PQueue;

  constructor(private readonly limits: HeavyGateLimits) {
    this.queue = new PQueue({ concurrency: limits.total });
  }

  async run<T>(userId: number | string, work: () => Promise<T>): Promise<T> {
    const release = await this.enter(userId);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /**
   * Takes a place for `userId` (a user or a session), waiting for one when all are taken, or throws 429;
   * the returned function gives it back once. An aborted `signal` gives up a wait.
   */
  async enter(userId: number | string, signal?: AbortSignal): Promise<() => void> {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) {
      await sleep(this.limits.refusalDelayMs);
      throw tooManyRequests(
        `You already have ${this.limits.perUser} large reports loading. Wait for them to finish, then try again.`,
        RETRY_AFTER_SECONDS,
      );
    }
    this.perUser.set(userId, mine + 1);
    const leaveUser = () => {
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
    const leaveQueue = await this.waitForPlace(signal);
    if (leaveQueue === null) {
      leaveUser();
      throw tooManyRequests('The server is busy preparing large reports. Try again in a few seconds.', RETRY_AFTER_SECONDS);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      leaveUser();
      leaveQueue();
    };
  }

  /**
   * A place in the queue, held until the returned function is called; null when `waitMs` passes or `signal`
   * aborts first. Once given, a place is kept until given back.
   */
  private async waitForPlace(signal?: AbortSignal): Promise<(() => void) | null> {
    const waiting = new AbortController();
    const giveUp = () => waiting.abort();
    const timer = setTimeout(giveUp, this.limits.waitMs);
    signal?.addEventListener('abort', giveUp, { once: true });
    const stopWaiting = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', giveUp);
    };
    if (signal?.aborted) giveUp();
    let leave = (): void => undefined;
    const held = new Promise<void>((resolve) => (leave = resolve));
    const granted = await new Promise<boolean>((resolve) => {
      this.queue
        .add(
          () => {
            stopWaiting();
            resolve(true);
            return held;
          },
          { signal: waiting.signal },
        )
        .catch(() => resolve(false));
    });
    stopWaiting();
    return granted ? leave : null;
  }
}

const REPORT_URL = /^\/api\/reports\/(\d{1,7})\/(?:\?|$)/;

/**
 * Applies the gate before anything else of the request, sign-in check included: on the embedded database
 * queries queue on one connection, so a later check would see one request at a time. Keyed on the token digest.
 */
export function guardHeavyReports(app: FastifyInstance, gate: HeavyReportGate, isHeavy: (id: number) => boolean): void {
  const held = new WeakMap<FastifyRequest, Held>();
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') return;
    const m = REPORT_URL.exec(request.url);
    if (!m || !isHeavy(Number(m[1]))) return;
    const session = createHash('sha256')
      .update(request.headers.authorization ?? request.ip)
      .digest('hex');
    const entry: Held = { abort: new AbortController() };
    held.set(request, entry);
    entry.release = await gate.enter(session, entry.abort.signal);
  });
  const release = async (request: FastifyRequest) => {
    const entry = held.get(request);
    entry?.abort.abort();
    entry?.release?.();
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
}
