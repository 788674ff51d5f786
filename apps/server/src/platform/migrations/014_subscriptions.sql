-- Scheduled report mails (docs/product/subscriptions.md). A subscription is one user's standing order for a
-- report or dashboard with the filter body the report panel sends; the job mails each due row once.
create table report_subscriptions (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  -- A report id or a dashboard id (they share one id space).
  report_id integer not null,
  -- The report filter body exactly as sent (period, account, product, insurer, state, business type).
  filters jsonb not null,
  frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
  -- Minutes after midnight in Asia/Kolkata.
  minute_of_day smallint not null check (minute_of_day between 0 and 1439),
  weekdays_only boolean not null default false,
  -- ISO weekday, 1 = Monday … 7 = Sunday (weekly only).
  weekday smallint check (weekday between 1 and 7),
  -- 1–31; a shorter month sends on its last day (monthly only).
  day_of_month smallint check (day_of_month between 1 and 31),
  paused boolean not null default false,
  -- Why the job paused it (the account left the subtree, mail access was withdrawn); null when paused by hand.
  paused_reason text,
  next_run_at timestamptz not null,
  -- A run in progress on some instance: others leave the row alone until then (the send itself is decided
  -- under a row lock, so a lapsed claim can never send twice).
  claimed_until timestamptz,
  last_run_at timestamptz,
  last_result text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((frequency = 'weekly') = (weekday is not null)),
  check ((frequency = 'monthly') = (day_of_month is not null)),
  check (frequency = 'daily' or not weekdays_only)
);

create index report_subscriptions_user_idx on report_subscriptions(user_id);
create index report_subscriptions_due_idx on report_subscriptions(next_run_at) where not paused;
