import { sql, type RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import { audit } from '../audit';
import type { Db } from '../db';
import type { StoredAttachment } from './attachment';
import type { Job } from '../jobs';
import type { MailTransport } from './transport';

export interface DeliverOptions {
  /** Most mails handled in one call (default 20). */
  batchSize?: number;
  /** The clock (tests); defaults to the database's clock. */
  now?: Date;
  /** How long a claimed row belongs to its sender before others may take it (default 5 min). */
  leaseMs?: number;
  /** Sends started before a mail is given up as failed (default 10). */
  maxAttempts?: number;
  /** Checked between mails: stops the batch early (server shutdown). */
  signal?: AbortSignal;
}

export interface DeliveryResult {
  sent: number;
  /** Failed this time, back to pending for a later try. */
  retried: number;
  /** Given up for good. */
  failed: number;
  errors: { id: number; error: string }[];
}

const DEFAULTS = { batchSize: 20, leaseMs: 5 * 60_000, maxAttempts: 10 };

/** A point in time `offsetMs` from now, as a value for a query. */
type Clock = (offsetMs?: number) => Date | RawBuilder<Date>;

/**
 * The database's clock unless a test fixes one: mails are enqueued with the database's now(), and this
 * process's clock may be skewed and coarser.
 */
function clockOf(now: Date | undefined): Clock {
  if (now) return (offsetMs = 0) => new Date(now.getTime() + offsetMs);
  return (offsetMs = 0) => sql<Date>`now() + ${offsetMs}::double precision * interval '1 millisecond'`;
}
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 30 * 60_000;

/** Wait before the next try after `attempts` failed sends: 30 s, 1 min, 2 min, … at most 30 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

interface ClaimedMail {
  id: number;
  attempts: number;
  createdBy: number | null;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: StoredAttachment[];
  createdAt: Date;
}

/**
 * Sends due mails one claim at a time. A claim commits the row as 'sending' with a lease, so no other worker
 * takes it and no lock is held during SMTP; a dead sender's row is claimed again after the lease (at least once).
 */
export async function deliverDueMails(db: Db, transport: MailTransport, options: DeliverOptions = {}): Promise<DeliveryResult> {
  const batchSize = options.batchSize ?? DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const maxAttempts = options.maxAttempts ?? DEFAULTS.maxAttempts;
  const clock = clockOf(options.now);
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0, errors: [] };
  for (let i = 0; i < batchSize && !options.signal?.aborted; i++) {
    const claim = await claimNext(db, clock, leaseMs, maxAttempts);
    if (claim === null) break;
    if (claim === 'abandoned') {
      result.failed++;
      continue;
    }
    try {
      const { messageId } = await transport.send({
        key: `${claim.createdAt.getTime()}-${claim.id}`,
        to: claim.to,
        subject: claim.subject,
        text: claim.text,
        html: claim.html,
        attachments: claim.attachments,
      });
      await markSent(db, claim, messageId, clock);
      result.sent++;
    } catch (err) {
      const error = errorText(err);
      result.errors.push({ id: claim.id, error });
      const final = await markFailedAttempt(db, claim, error, clock, maxAttempts);
      if (final) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

async function claimNext(db: Db, clock: Clock, leaseMs: number, maxAttempts: number): Promise<ClaimedMail | 'abandoned' | null> {
  return db.transaction().execute(async (trx) => {
    // SKIP LOCKED: concurrent workers each get a different row instead of queueing behind one another.
    const row = await trx
      .selectFrom('email_outbox')
      .select(['id', 'status', 'attempts', 'created_by', 'to_addresses', 'subject', 'text_body', 'html_body', 'attachments', 'created_at'])
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', clock())
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    const id = row.id;
    if (row.status === 'sending' && row.attempts >= maxAttempts) {
      // Its sender vanished mid-send every time: retrying forever could keep crashing the workers.
      const error = `no outcome from ${row.attempts} sends (lease expired each time)`;
      await trx.updateTable('email_outbox').set({ status: 'failed', last_error: error }).where('id', '=', id).execute();
      await audit(trx, { actorUserId: row.created_by, action: 'mail.failed', entity: 'email_outbox', entityId: id, after: { error } });
      return 'abandoned';
    }
    const attempts = row.attempts + 1;
    await trx
      .updateTable('email_outbox')
      .set({ status: 'sending', attempts, next_attempt_at: clock(leaseMs) })
      .where('id', '=', id)
      .execute();
    return {
      id,
      attempts,
      createdBy: row.created_by,
      to: row.to_addresses,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      attachments: row.attachments,
      createdAt: row.created_at,
    };
  });
}

async function markSent(db: Db, claim: ClaimedMail, messageId: string, clock: Clock): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // attempts fences the claim: if the lease ran out and another worker re-claimed the row, this is not ours to mark.
    const res = await trx
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: clock(), message_id: messageId })
      .where('id', '=', claim.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', claim.attempts)
      .executeTakeFirst();
    if (res.numUpdatedRows === 0n) return;
    await audit(trx, {
      actorUserId: claim.createdBy,
      action: 'mail.sent',
      entity: 'email_outbox',
      entityId: claim.id,
      after: { to: claim.to, subject: claim.subject, message_id: messageId },
    });
  });
}

/** Returns true when the mail is given up for good. */
async function markFailedAttempt(db: Db, claim: ClaimedMail, error: string, clock: Clock, maxAttempts: number): Promise<boolean> {
  const final = claim.attempts >= maxAttempts;
  await db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('email_outbox')
      .set({
        status: final ? 'failed' : 'pending',
        last_error: error,
        next_attempt_at: clock(retryDelayMs(claim.attempts)),
      })
      .where('id', '=', claim.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', claim.attempts)
      .executeTakeFirst();
    if (final && res.numUpdatedRows > 0n) {
      await audit(trx, {
        actorUserId: claim.createdBy,
        action: 'mail.failed',
        entity: 'email_outbox',
        entityId: claim.id,
        after: { error },
      });
    }
  });
  return final;
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

export interface MailOutboxJobOptions {
  /** Pause between polls when there is nothing to send (default 5 s). */
  intervalMs?: number;
  batchSize?: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/**
 * The outbox's background job (run by `startJobs`). Every server instance runs one; SKIP LOCKED claims keep
 * them from sending the same row, so no leader election is needed.
 */
export function mailOutboxJob(db: Db, transport: MailTransport, options: MailOutboxJobOptions): Job {
  const batchSize = options.batchSize ?? DEFAULTS.batchSize;
  const { logger } = options;
  return {
    name: 'mail_outbox',
    intervalMs: options.intervalMs ?? 5_000,
    runNow: true,
    run: async (signal) => {
      try {
        // A full batch means more may be waiting: keep going instead of waiting a whole interval.
        for (;;) {
          const r = await deliverDueMails(db, transport, { batchSize, signal });
          for (const e of r.errors) logger.warn({ outboxId: e.id, error: e.error }, 'mail not sent');
          if (r.sent + r.failed > 0) logger.info({ sent: r.sent, retried: r.retried, failed: r.failed }, 'mail outbox delivered');
          if (signal.aborted || r.sent + r.retried + r.failed < batchSize) return;
        }
      } catch (err) {
        // The database may be briefly unavailable: log and try again next interval.
        logger.error({ err }, 'mail outbox poll failed');
      }
    },
  };
}
