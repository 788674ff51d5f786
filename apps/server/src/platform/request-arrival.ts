import type { FastifyInstance } from 'fastify';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { HttpError } from './http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads its body as a stream, however long it takes to arrive (the ingestion API): instead of
     * the whole request within REQUEST_TIMEOUT_MS, the body may not fall silent for that long (`idleBody`).
     */
    streamedBody?: boolean;
  }
}

const TIMEOUT_ANSWER = (ms: number) => {
  const body = JSON.stringify({ error: `The request did not arrive within ${Math.round(ms / 1000)} s: send it again` });
  return `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

/**
 * Slow clients cannot hold connections: headers within headersTimeout, the body within `ms` of the start (408
 * otherwise), per route; `streamedBody` routes bound the body's silence instead.
 */
export function boundRequestArrival(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.streamedBody || request.raw.complete) return;
    const raw = request.raw;
    const timer = setTimeout(() => {
      const socket = raw.socket as Socket | null;
      // An injected request (tests) has no network socket to answer on.
      if (raw.complete || !(socket instanceof Socket) || socket.destroyed) return;
      socket.end(TIMEOUT_ANSWER(ms));
      socket.destroySoon();
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    raw.once('error', clear);
    // A request answered without its body being read (refused early) needs no bound either.
    reply.raw.once('finish', clear);
    reply.raw.once('close', clear);
  });
}

/**
 * A streamed body, refused with 413 past `maxBytes` and 408 after `idleMs` of silence. After a refusal the rest
 * is drained for a while, since closing with unread data would reset the connection before the answer arrives.
 */
export async function* idleBody(
  body: Readable,
  options: { maxBytes: number; idleMs: number; tooLarge: string; silent: string },
): AsyncGenerator<Buffer> {
  const chunks = body.iterator({ destroyOnReturn: false });
  // A read still waiting when the body fell silent: the iterator cannot be closed behind it.
  let pending: Promise<IteratorResult<unknown>> | null = null;
  let total = 0;
  try {
    for (;;) {
      pending = chunks.next();
      // Once the answer is sent, a refused body's last read may fail with the connection: nobody waits for it.
      pending.catch(() => undefined);
      const next = await withinIdle(pending, options.idleMs, options.silent);
      pending = null;
      if (next.done) return;
      const buf = next.value as Buffer;
      total += buf.length;
      if (total > options.maxBytes) throw new HttpError(413, options.tooLarge);
      yield buf;
    }
  } finally {
    if (pending === null) await chunks.return?.();
    if (!body.readableEnded) drainBriefly(body);
  }
}

async function withinIdle<T>(next: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, message)), ms);
  });
  try {
    return await Promise.race([next, silent]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long the rest of a refused body is read and dropped before the connection is closed. */
const DRAIN_MS = 10_000;

function drainBriefly(body: Readable): void {
  const stop = setTimeout(() => body.destroy(), DRAIN_MS);
  stop.unref();
  body.once('end', () => clearTimeout(stop));
  body.once('close', () => clearTimeout(stop));
  body.resume();
}
