import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * The process logger. On a terminal the lines are single-line, coloured and readable (pino-pretty); in
 * every other case (a file, a pipe, a container's log collector) they stay JSON, one object a line.
 */
export function createLogger(level: string, terminal = Boolean(process.stdout.isTTY)): Logger {
  if (!terminal) return pino({ level });
  return pino({ level }, pretty({ singleLine: true, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
}

/**
 * Logs Fastify's request-arrived and request-answered lines at debug rather than info, so a busy session does
 * not flood the console; failed requests still log at error level.
 */
export class DebugRequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
