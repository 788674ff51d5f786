import { Writable } from 'node:stream';
import pino, { type Level } from 'pino';

/** A logger for `buildApp` that keeps what it writes: `lines` as written (one JSON text an entry), `entries()` parsed. */
export function logCapture(level: Level) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l !== ''),
      );
      done();
    },
  });
  return { logger: pino({ level }, sink), lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
