import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { xlsxBuffer } from '../files/xlsx';
import { enqueueMail, XLSX_CONTENT_TYPE, type NewMail } from './outbox';
import { createMailTransport, type MailTransport } from './transport';
import { closedPort, startSmtp } from '../../../test/smtp';
import { startJobs } from '../jobs';
import { deliverDueMails, mailOutboxJob, retryDelayMs } from './worker';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const smtpTransport = (port: number) =>
  createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Dossier <no-reply@dossier.test>', DATA_DIR: tmpdir() });

const mail = (over: Partial<NewMail> = {}): NewMail => ({
  kind: 'report',
  to: ['asha.rm@example.com'],
  subject: 'Business MTD',
  text: 'Your report is attached.',
  ...over,
});

describe('mail outbox', () => {
  let handle: TestDb;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.drop());
  beforeEach(async () => {
    await handle.db.deleteFrom('email_outbox').execute();
  });
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const outboxRow = (id: number) => handle.db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('delivers over SMTP with the XLSX attachment byte for byte', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const transport = smtpTransport(smtp.port);
    cleanups.push(() => transport.close());
    const xlsx = await xlsxBuffer(['partner', 'premium'], [{ partner: 'राहुल', premium: 1200.5 }]);
    const id = await enqueueMail(
      handle.db,
      mail({
        to: ['asha.rm@example.com', 'zsm.west@example.com'],
        html: '<p>Your report is attached.</p>',
        attachments: [{ filename: 'Business MTD.xlsx', contentType: XLSX_CONTENT_TYPE, content: xlsx }],
      }),
    );

    expect(await deliverDueMails(handle.db, transport)).toMatchObject({ sent: 1, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const parsed = await simpleParser(smtp.received[0] ?? Buffer.alloc(0));
    expect(parsed.subject).toBe('Business MTD');
    expect(parsed.from?.value).toEqual([{ name: 'Dossier', address: 'no-reply@dossier.test' }]);
    expect(parsed.to).toMatchObject({ text: 'asha.rm@example.com, zsm.west@example.com' });
    expect(parsed.text?.trim()).toBe('Your report is attached.');
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment?.filename).toBe('Business MTD.xlsx');
    expect(attachment?.contentType).toBe(XLSX_CONTENT_TYPE);
    expect(attachment?.content.equals(xlsx)).toBe(true);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, message_id: parsed.messageId });
    expect(row.sent_at).toBeInstanceOf(Date);
    const audit = await handle.db
      .selectFrom('audit_events')
      .select(['action'])
      .where('entity', '=', 'email_outbox')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ action: 'mail.sent' }]);
  });

  it('enqueues inside the caller transaction: a rollback leaves no mail', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await handle.db.selectFrom('email_outbox').select('id').execute()).toEqual([]);
    await expect(enqueueMail(handle.db, mail({ to: [' '] }))).rejects.toThrow(/recipient/);
    await expect(enqueueMail(handle.db, mail({ subject: 'x\r\nBcc: all@example.com' }))).rejects.toThrow(/Line breaks/);
  });

  it('keeps the mail pending while the server is down and sends it once when it is back', async () => {
    const port = await closedPort();
    const transport = smtpTransport(port);
    cleanups.push(() => transport.close());
    // The test's clock, not the database's: the row is due from exactly this instant.
    const now = new Date();
    const id = await enqueueMail(handle.db, mail({ notBefore: now }));

    const down = await deliverDueMails(handle.db, transport, { now });
    expect(down).toMatchObject({ sent: 0, retried: 1, failed: 0 });
    const pending = await outboxRow(id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(pending.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(pending.next_attempt_at.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not due yet: a second run leaves it alone.
    expect(await deliverDueMails(handle.db, transport, { now })).toMatchObject({ sent: 0, retried: 0 });

    const smtp = await startSmtp(port);
    cleanups.push(smtp.close);
    await handle.db
      .updateTable('email_outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    expect(await deliverDueMails(handle.db, transport)).toMatchObject({ sent: 1, retried: 0 });
    expect(await deliverDueMails(handle.db, transport)).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends each mail once when two workers run at the same time', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const transports = [smtpTransport(smtp.port), smtpTransport(smtp.port)];
    cleanups.push(() => transports.forEach((t) => t.close()));
    for (let i = 0; i < 12; i++) await enqueueMail(handle.db, mail({ subject: `Report ${i}` }));

    const results = await Promise.all(transports.map((t) => deliverDueMails(handle.db, t, { batchSize: 50 })));

    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
    expect(smtp.received).toHaveLength(12);
    const subjects = await Promise.all(smtp.received.map(async (m) => (await simpleParser(m)).subject));
    expect(new Set(subjects).size).toBe(12);
    const statuses = await handle.db.selectFrom('email_outbox').select(['status', 'attempts']).distinct().execute();
    expect(statuses).toEqual([{ status: 'sent', attempts: 1 }]);
  });

  it('takes over a row whose sender died once the lease has run out, and gives up after the last attempt', async () => {
    const sent: string[] = [];
    let failing = false;
    const fake: MailTransport = {
      kind: 'file',
      send: async (m) => {
        if (failing) throw new Error('450 mailbox busy');
        sent.push(m.subject);
        return { messageId: `<${m.key}@test>` };
      },
      close: () => undefined,
    };
    const now = new Date();
    const crashed = await enqueueMail(handle.db, mail({ subject: 'crashed' }));
    const inFlight = await enqueueMail(handle.db, mail({ subject: 'in flight' }));
    await handle.db
      .updateTable('email_outbox')
      .set({ status: 'sending', attempts: 1, next_attempt_at: new Date(now.getTime() - 1) })
      .where('id', '=', crashed)
      .execute();
    await handle.db
      .updateTable('email_outbox')
      .set({ status: 'sending', attempts: 2, next_attempt_at: new Date(now.getTime() + 60_000) })
      .where('id', '=', inFlight)
      .execute();

    expect(await deliverDueMails(handle.db, fake, { now })).toMatchObject({ sent: 1 });
    expect(sent).toEqual(['crashed']);
    expect(await outboxRow(crashed)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await outboxRow(inFlight)).toMatchObject({ status: 'sending', attempts: 2 });

    failing = true;
    const doomed = await enqueueMail(handle.db, mail({ subject: 'doomed', notBefore: now }));
    expect(await deliverDueMails(handle.db, fake, { now, maxAttempts: 2 })).toMatchObject({ retried: 1, failed: 0 });
    const later = new Date(now.getTime() + retryDelayMs(1));
    expect(await deliverDueMails(handle.db, fake, { now: later, maxAttempts: 2 })).toMatchObject({ retried: 0, failed: 1 });
    expect(await outboxRow(doomed)).toMatchObject({ status: 'failed', attempts: 2, last_error: '450 mailbox busy' });
    expect(await deliverDueMails(handle.db, fake, { now: new Date(now.getTime() + 86_400_000), maxAttempts: 2 })).toMatchObject({
      sent: 0,
      failed: 1,
    });
    // The in-flight row's sender never came back: it ran out of attempts rather than being sent again.
    const abandoned = await outboxRow(inFlight);
    expect(abandoned).toMatchObject({ status: 'failed', attempts: 2 });
    expect(abandoned.last_error).toMatch(/no outcome/);
  });

  it('writes each mail as an .eml file under DATA_DIR/outbox without SMTP_URL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dossier-mail-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const transport = createMailTransport({ SMTP_URL: undefined, MAIL_FROM: 'Dossier <no-reply@dossier.local>', DATA_DIR: dataDir });
    expect(transport.kind).toBe('file');
    const content = Buffer.from('partner,premium\r\nराहुल,1200\r\n');
    const id = await enqueueMail(
      handle.db,
      mail({ kind: 'renewal_notice', attachments: [{ filename: 'r.csv', contentType: 'text/csv', content }] }),
    );

    expect(await deliverDueMails(handle.db, transport)).toMatchObject({ sent: 1 });

    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d+-${id}\\.eml$`));
    const parsed = await simpleParser(await readFile(join(dataDir, 'outbox', files[0] ?? '')));
    expect(parsed.subject).toBe('Business MTD');
    expect(parsed.attachments[0]?.content.equals(content)).toBe(true);
    expect((await outboxRow(id)).message_id).toBe(parsed.messageId);
  });

  it('runs in the background until stopped', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dossier-mail-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const transport = createMailTransport({ SMTP_URL: undefined, MAIL_FROM: 'Dossier <no-reply@dossier.local>', DATA_DIR: dataDir });
    const logger = pino({ level: 'silent' });
    const worker = startJobs([mailOutboxJob(handle.db, transport, { intervalMs: 20, logger })], logger);
    cleanups.push(() => worker.stop());
    const id = await enqueueMail(handle.db, mail());
    await expect.poll(async () => (await outboxRow(id)).status, { timeout: 10_000, interval: 50 }).toBe('sent');
    await worker.stop();
    const late = await enqueueMail(handle.db, mail());
    await new Promise((r) => setTimeout(r, 100));
    expect((await outboxRow(late)).status).toBe('pending');
  });
});
