-- Saved views (docs/product/views.md): an optional description shown in the lists, and the colleagues the
-- owner shared a view with, who find it under 'Shared with me' (figures still their own subtree's).
alter table saved_views add column description text check (char_length(description) between 1 and 300);

-- One row per recipient of a view. Deleting the view or the recipient's user drops it; a recipient who takes
-- the view off their list deletes their row (the owner may share it again).
create table saved_view_shares (
  view_id uuid not null references saved_views(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  shared_at timestamptz not null default now(),
  primary key (view_id, user_id)
);

-- 'Shared with me': one recipient's shares, newest first.
create index saved_view_shares_user_idx on saved_view_shares(user_id, shared_at desc);
