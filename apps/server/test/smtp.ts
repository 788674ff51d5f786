import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db';
import { createMailTransport } from '../src/platform/mail/transport';
import { deliverDueMails } from '../src/platform/mail/worker';

export interface SmtpSink {
  port: number;
  received: Buffer[];
  close: () => Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtp(port = 0): Promise<SmtpSink> {
  const received: Buffer[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const parts: Buffer[] = [];
      stream.on('data', (b: Buffer) => parts.push(b));
      stream.on('end', () => {
        received.push(Buffer.concat(parts));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (until a test starts something there). */
export { freePort as closedPort } from './ports';

/** Sends the outbox's due mails over SMTP to a sink of its own and answers the one message it received, parsed. */
export async function deliverOneMail(db: Db): Promise<ParsedMail> {
  const smtp = await startSmtp();
  const transport = createMailTransport({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Dossier <no-reply@dossier.test>',
    DATA_DIR: tmpdir(),
  });
  try {
    await deliverDueMails(db, transport);
    expect(smtp.received).toHaveLength(1);
    return await simpleParser(smtp.received[0] ?? Buffer.alloc(0));
  } finally {
    transport.close();
    await smtp.close();
  }
}
