-- Mail outbox: an email is a row first, written in the transaction of whatever caused it, so a crash
-- or an SMTP outage never loses it; a worker in every server instance sends due rows with retries.
-- Frozen once committed: later changes go in new numbered files.

create table email_outbox (
  id bigint generated always as identity primary key,
  -- what the mail is for ('report', 'renewal_notice', ...): lets operators find and count mails by purpose
  kind text not null,
  to_addresses text[] not null check (cardinality(to_addresses) > 0),
  subject text not null,
  text_body text not null,
  html_body text,
  -- [{filename, content_type, content_base64}]: self-contained, the worker needs nothing else to send it
  attachments jsonb not null default '[]',
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  -- sends started, counted when a worker claims the row, so a mail that crashes its sender still runs out
  attempts integer not null default 0,
  -- pending: earliest next try (back-off). sending: end of the claim's lease; past it the sender is
  -- presumed dead and any worker may claim the row again.
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_by integer references users(id),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  message_id text
);
-- The worker only ever looks for unsent rows; the partial index keeps that cheap as sent mail piles up.
create index email_outbox_due_idx on email_outbox(next_attempt_at) where status in ('pending', 'sending');
