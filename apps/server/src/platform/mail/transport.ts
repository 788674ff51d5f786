import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { StoredAttachment } from './attachment';

/** A mail as the worker hands it to a transport: everything needed, nothing looked up. */
export interface OutgoingMail {
  /** Stable per outbox row: becomes the Message-ID and the .eml file name, so a re-send after a crash is recognisable. */
  key: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: StoredAttachment[];
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /** Resolves once the server (or the file system) has accepted the mail; rejects otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export type MailTransportConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;

// Far below nodemailer's 10-minute socket default: a hung server must fail the send well inside the
// worker's claim lease, or another worker would take the row over and send it a second time.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file under DATA_DIR/outbox/. */
export function createMailTransport(config: MailTransportConfig): MailTransport {
  const domain = senderDomain(config.MAIL_FROM);
  const toMessage = (mail: OutgoingMail) => ({
    from: config.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === null ? {} : { html: mail.html }),
    messageId: `<${mail.key}.dossier@${domain}>`,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.content_type,
      content: a.content_base64,
      encoding: 'base64',
    })),
  });

  if (config.SMTP_URL) {
    // Options in the URL (e.g. ?socketTimeout=) still win over these defaults.
    const smtp = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.SMTP_URL });
    return {
      kind: 'smtp',
      send: async (mail) => {
        const info = await smtp.sendMail(toMessage(mail));
        return { messageId: info.messageId };
      },
      close: () => smtp.close(),
    };
  }

  const dir = join(config.DATA_DIR, 'outbox');
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    send: async (mail) => {
      const info = await files.sendMail(toMessage(mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport did not buffer the message');
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${mail.key.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`);
      // Write then rename, so whoever watches the folder never opens a half-written mail.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, file);
      return { messageId: info.messageId };
    },
    close: () => files.close(),
  };
}

function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'dossier.local';
}
