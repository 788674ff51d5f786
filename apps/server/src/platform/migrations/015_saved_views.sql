-- Saved views (docs/product/views.md): one user's named report or dashboard view with the filters its page
-- carried. Anyone signed in may open one through its link (within their own subtree); only its owner renames
-- or deletes it. The id is random, so a link cannot be guessed from another.
create table saved_views (
  id uuid primary key default gen_random_uuid(),
  user_id integer not null references users(id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80),
  -- 'reports' opens /reports/{report_id}/…, 'dashboard' the Dashboard screen.
  screen text not null check (screen in ('reports', 'dashboard')),
  -- A report id or a dashboard id (they share one id space).
  report_id integer not null,
  -- The drilled account's code; null = the top of whoever opens it.
  account_id text,
  -- The period and the product, insurer, state and business type lists exactly as saved.
  filters jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Names are unique per user whatever their case ('Q3 North' and 'q3 north' would be told apart by no one).
create unique index saved_views_user_name_idx on saved_views(user_id, lower(name));
