-- Import core: one record per batch that came in (CLI file, ingestion API, source connector) and the
-- API keys the distributor's systems push with. Natural keys for the entities that had none.
-- Frozen once committed: later changes go in new numbered files.

create table import_runs (
  id bigint generated always as identity primary key,
  entity text not null,
  source text not null check (source in ('cli', 'api', 'connector')),
  -- Who started it: a login, an API key's name, or the connector's job name.
  actor text,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  dry_run boolean not null default false,
  partial boolean not null default false,
  -- True when the rows were written (a rejected row without partial, or a dry run, writes nothing).
  applied boolean not null default false,
  received integer not null default 0,
  inserted integer not null default 0,
  updated integer not null default 0,
  unchanged integer not null default 0,
  rejected integer not null default 0,
  -- The rejected rows as reported: [{line, field, message}], at most the first 1000.
  errors jsonb not null default '[]'
);
create index import_runs_started_idx on import_runs(started_at desc);

-- Only the sha-256 of a key is stored; the key itself is shown once, when created.
create table api_keys (
  id integer generated always as identity primary key,
  name text not null unique,
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  last_used_at timestamptz
);

-- Administrators (the first one is created with the dossier CLI).
alter table users add column if not exists is_admin boolean not null default false;

-- Natural keys a distributor sends instead of database ids.
alter table customers add column customer_code text;
create unique index customers_customer_code_key on customers(customer_code);
alter table cases add column case_code text;
create unique index cases_case_code_key on cases(case_code);
create unique index contests_name_key on contests(name);
