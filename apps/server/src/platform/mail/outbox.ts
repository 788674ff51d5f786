import type { Db } from '../db';
import type { StoredAttachment } from './attachment';

/** What a mail is for; extend as new kinds of mail appear. */
export type MailKind = 'report' | 'renewal_notice' | 'password_reset' | 'report_subscription';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer | Uint8Array;
}

export interface NewMail {
  kind: MailKind;
  to: string[];
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
  /** The signed-in user who caused the mail; null for system mail. */
  createdBy?: number | null;
  /** Not sent before this time (defaults to now). */
  notBefore?: Date;
}

/** Mail servers commonly refuse messages over 10–25 MB, and base64 adds a third: refuse early, in the request. */
export const MAIL_ATTACHMENTS_MAX_BYTES = 15 * 1024 * 1024;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Stores a mail for the worker to send and returns its outbox id. Pass the caller's transaction to
 * commit the mail together with the change that caused it: then either both happen or neither does.
 */
export async function enqueueMail(db: Db, mail: NewMail): Promise<number> {
  const to = mail.to.map((a) => a.trim()).filter((a) => a !== '');
  if (to.length === 0) throw new Error('A mail needs at least one recipient');
  // Header injection: addresses and subject end up in headers.
  if ([...to, mail.subject].some((v) => /[\r\n]/.test(v))) throw new Error('Line breaks are not allowed in addresses or subject');
  const attachments = mail.attachments ?? [];
  const bytes = attachments.reduce((sum, a) => sum + a.content.byteLength, 0);
  if (bytes > MAIL_ATTACHMENTS_MAX_BYTES) {
    throw new Error(`Attachments of ${bytes} bytes exceed the mail limit of ${MAIL_ATTACHMENTS_MAX_BYTES} bytes`);
  }
  const stored: StoredAttachment[] = attachments.map((a) => ({
    filename: a.filename,
    content_type: a.contentType,
    content_base64: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength).toString('base64'),
  }));
  const row = await db
    .insertInto('email_outbox')
    .values({
      kind: mail.kind,
      to_addresses: to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      attachments: JSON.stringify(stored),
      created_by: mail.createdBy ?? null,
      ...(mail.notBefore ? { next_attempt_at: mail.notBefore } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
