-- Failed sign-ins per account and client: what the progressive sign-in delay reads. One row per pair,
-- updated in place, so a flood of failures cannot grow the table faster than the pairs it tries;
-- rows with no failure for a day are pruned by a background job.
create table login_failures (
  login text not null,
  client text not null,
  failures integer not null default 0,
  last_failed_at timestamptz not null default now(),
  primary key (login, client)
);
-- "Has this client failed lately, on any account?" (the global throttle) and pruning by age.
create index login_failures_client_idx on login_failures(client, last_failed_at);
create index login_failures_age_idx on login_failures(last_failed_at);

-- A hand-off token belongs to the session that minted it: signing out ends it too.
alter table handoff_tokens add column session_token_hash text;

-- Deactivating a user or an employee ends their sessions and hand-off tokens at once, whatever does the
-- update, so reactivation later does not bring old tokens back to life.
create function end_tokens_of_deactivated() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'users' then
    update auth_tokens set revoked_at = now() where user_id = new.id and revoked_at is null;
    update handoff_tokens set used_at = now() where user_id = new.id and used_at is null;
  else
    update auth_tokens set revoked_at = now()
      where revoked_at is null and user_id in (select id from users where employee_id = new.id);
    update handoff_tokens set used_at = now()
      where used_at is null and user_id in (select id from users where employee_id = new.id);
  end if;
  return null;
end $$;
create trigger users_deactivated after update of active on users
  for each row when (old.active and not new.active) execute function end_tokens_of_deactivated();
create trigger employees_deactivated after update of active on employees
  for each row when (old.active and not new.active) execute function end_tokens_of_deactivated();
