-- The audit trail is append-only (docs/product/security.md, 'The audit trail'; docs/operations.md, 'Database
-- roles'). The role running the migrations (the application's) gives up changing audit rows, and a trigger
-- refuses an update, delete or truncate by anyone, superusers included, but the maintenance role
-- dossier_audit_maintenance, which the retention job (AUDIT_RETENTION_MONTHS) switches to for its delete.
revoke update, delete, truncate on audit_events from public;
revoke update, delete, truncate on audit_events from current_user;

create or replace function audit_events_append_only() returns trigger language plpgsql as $$
begin
  if current_user <> 'dossier_audit_maintenance' then
    raise exception 'audit_events is append-only: % refused for role %', tg_op, current_user
      using errcode = '42501', hint = 'Old rows are removed by the audit retention job (AUDIT_RETENTION_MONTHS).';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;

create trigger audit_events_no_change before update or delete on audit_events
  for each row execute function audit_events_append_only();
create trigger audit_events_no_truncate before truncate on audit_events
  for each statement execute function audit_events_append_only();
