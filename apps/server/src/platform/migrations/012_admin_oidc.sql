-- Administration and company sign-in: the admin flag, sessions one can list and end, OpenID Connect
-- sign-ins in flight, one-time password links, and indexes for searching the audit trail.
-- Frozen once committed: later changes go in new numbered files.

alter table users add column if not exists is_admin boolean not null default false;
-- Users who only ever sign in through the identity provider have no local password.
alter table users alter column password_hash drop not null;

-- A session shows its device and address in 'My sessions' and on the admin Users screen, and is
-- ended by this id (the token hash never leaves the server).
alter table auth_tokens add column id bigint generated always as identity;
alter table auth_tokens add column ip text;
alter table auth_tokens add column user_agent text;
alter table auth_tokens add column method text not null default 'password' check (method in ('password', 'oidc'));
-- The provider's ID token of an OpenID Connect session, sent back as id_token_hint at sign-out.
alter table auth_tokens add column id_token text;
create unique index auth_tokens_id_idx on auth_tokens(id);

-- One row per OpenID Connect sign-in in flight. The state is the key (stored hashed); the nonce and
-- the PKCE verifier stay on the server. used_at makes the callback single-use; after a successful
-- callback the browser trades the one-time exchange code (hashed) for a session, once.
create table oidc_logins (
  state_hash text primary key,
  nonce text not null,
  code_verifier text not null,
  next_path text not null default '/',
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  user_id integer references users(id),
  id_token text,
  exchange_hash text unique,
  exchanged_at timestamptz
);
create index oidc_logins_expires_idx on oidc_logins(expires_at);

-- One-time links that let a user set a local password (mailed, never shown).
create table password_resets (
  token_hash text primary key,
  user_id integer not null references users(id),
  created_by integer references users(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_user_idx on password_resets(user_id);

-- The audit trail is searched by date, person and action, newest first.
create index audit_events_created_idx on audit_events(created_at desc, id desc);
create index audit_events_actor_idx on audit_events(actor_user_id, created_at desc);
create index audit_events_action_idx on audit_events(action, created_at desc);

-- A hierarchy move rewrites the subtree sums at once (outside an ETL run); cached reports key on
-- the later of this and the last run, so none outlives the move.
alter table etl_jobs add column rollups_changed_at timestamptz;
