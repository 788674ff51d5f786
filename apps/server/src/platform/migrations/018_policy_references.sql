-- Policies keep their references without per-row foreign keys (docs/decisions/026-policy-reference-checks.md).
-- PostgreSQL checked each of the seven foreign keys of `policies` row by row: two thirds of a bulk import's
-- time, re-checking what the import core had just resolved set-based. The same guarantee is now given per
-- statement:
--   * every insert or update of `policies` (import core, demo loader, anything else) is checked against the
--     seven parent tables in one set-based statement; a row whose reference is unknown fails the statement
--     with SQLSTATE 23503 and the foreign key's message, as before;
--   * deleting a referenced parent row, changing its key, or truncating a parent table while policies exist
--     is refused the same way.
-- Both sides take one advisory lock of this schema (policy writers shared, parent removals exclusive) before
-- they look, and each check reads with a snapshot taken after the lock (READ COMMITTED): a parent removal
-- waits for running policy writes to commit and then sees them, and a policy write waits for a running
-- removal and then sees the parent gone. Frozen once committed: later changes go in new numbered files.

alter table policies
  drop constraint policies_partner_id_fkey,
  drop constraint policies_employee_id_fkey,
  drop constraint policies_customer_id_fkey,
  drop constraint policies_product_type_id_fkey,
  drop constraint policies_insurer_id_fkey,
  drop constraint policies_state_id_fkey,
  drop constraint policies_business_type_fkey;

-- Statement-level, over the statement's new rows: each parent is met by one (anti-)join, not a probe per row.
create function policies_references_check() returns trigger
language plpgsql as $$
declare
  bad record;
begin
  perform pg_advisory_xact_lock_shared(7114018, hashtext(tg_table_schema));
  select * into bad from (
    select 'partner_id' as col, n.partner_id::text as val, 'partners' as parent from new_rows n
      where n.partner_id is not null and not exists (select 1 from partners p where p.id = n.partner_id)
    union all
    select 'employee_id', n.employee_id::text, 'employees' from new_rows n
      where not exists (select 1 from employees p where p.id = n.employee_id)
    union all
    select 'customer_id', n.customer_id::text, 'customers' from new_rows n
      where not exists (select 1 from customers p where p.id = n.customer_id)
    union all
    select 'product_type_id', n.product_type_id::text, 'products' from new_rows n
      where not exists (select 1 from products p where p.product_type_id = n.product_type_id)
    union all
    select 'insurer_id', n.insurer_id::text, 'insurers' from new_rows n
      where not exists (select 1 from insurers p where p.id = n.insurer_id)
    union all
    select 'state_id', n.state_id::text, 'states' from new_rows n
      where not exists (select 1 from states p where p.id = n.state_id)
    union all
    select 'business_type', n.business_type::text, 'business_types' from new_rows n
      where not exists (select 1 from business_types p where p.id = n.business_type)
  ) x limit 1;
  if found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('insert or update on table "policies" violates foreign key constraint "policies_%s_fkey"', bad.col),
      detail = format('Key (%s)=(%s) is not present in table "%s".', bad.col, bad.val, bad.parent);
  end if;
  return null;
end $$;

create trigger policies_references_on_insert after insert on policies
  referencing new table as new_rows for each statement execute function policies_references_check();
create trigger policies_references_on_update after update on policies
  referencing new table as new_rows for each statement execute function policies_references_check();

-- A parent's delete or key change: arguments are the parent's key column and the policies column.
create function policies_parent_check() returns trigger
language plpgsql as $$
declare
  parent_key text := tg_argv[0];
  policy_col text := tg_argv[1];
  removed text;
begin
  -- Most updates of a parent (an import re-sending customers) keep every key: they need no lock.
  if tg_op = 'UPDATE' then
    execute format('select o.%1$I::text from old_rows o where not exists (select 1 from new_rows n where n.%1$I = o.%1$I) limit 1',
      parent_key) into removed;
    if removed is null then
      return null;
    end if;
  end if;
  perform pg_advisory_xact_lock(7114018, hashtext(tg_table_schema));
  execute format('select o.%1$I::text from old_rows o where exists (select 1 from policies x where x.%2$I = o.%1$I)%3$s limit 1',
    parent_key, policy_col,
    case when tg_op = 'UPDATE' then format(' and not exists (select 1 from new_rows n where n.%1$I = o.%1$I)', parent_key) else '' end)
    into removed;
  if removed is not null then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('update or delete on table "%s" violates foreign key constraint "policies_%s_fkey" on table "policies"',
        tg_table_name, policy_col),
      detail = format('Key (%s)=(%s) is still referenced from table "policies".', parent_key, removed);
  end if;
  return null;
end $$;

create function policies_parent_truncate_check() returns trigger
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7114018, hashtext(tg_table_schema));
  if exists (select 1 from policies) then
    raise exception using
      errcode = 'feature_not_supported',
      message = format('cannot truncate table "%s": rows of table "policies" reference it', tg_table_name);
  end if;
  return null;
end $$;

create trigger partners_policies_on_delete after delete on partners
  referencing old table as old_rows for each statement execute function policies_parent_check('id', 'partner_id');
create trigger partners_policies_on_update after update on partners
  referencing old table as old_rows new table as new_rows for each statement execute function policies_parent_check('id', 'partner_id');
create trigger partners_policies_on_truncate before truncate on partners
  for each statement execute function policies_parent_truncate_check();

create trigger employees_policies_on_delete after delete on employees
  referencing old table as old_rows for each statement execute function policies_parent_check('id', 'employee_id');
create trigger employees_policies_on_update after update on employees
  referencing old table as old_rows new table as new_rows for each statement execute function policies_parent_check('id', 'employee_id');
create trigger employees_policies_on_truncate before truncate on employees
  for each statement execute function policies_parent_truncate_check();

create trigger customers_policies_on_delete after delete on customers
  referencing old table as old_rows for each statement execute function policies_parent_check('id', 'customer_id');
create trigger customers_policies_on_update after update on customers
  referencing old table as old_rows new table as new_rows for each statement execute function policies_parent_check('id', 'customer_id');
create trigger customers_policies_on_truncate before truncate on customers
  for each statement execute function policies_parent_truncate_check();

create trigger products_policies_on_delete after delete on products
  referencing old table as old_rows for each statement execute function policies_parent_check('product_type_id', 'product_type_id');
create trigger products_policies_on_update after update on products
  referencing old table as old_rows new table as new_rows for each statement
  execute function policies_parent_check('product_type_id', 'product_type_id');
create trigger products_policies_on_truncate before truncate on products
  for each statement execute function policies_parent_truncate_check();

create trigger insurers_policies_on_delete after delete on insurers
  referencing old table as old_rows for each statement execute function policies_parent_check('id', 'insurer_id');
create trigger insurers_policies_on_update after update on insurers
  referencing old table as old_rows new table as new_rows for each statement execute function policies_parent_check('id', 'insurer_id');
create trigger insurers_policies_on_truncate before truncate on insurers
  for each statement execute function policies_parent_truncate_check();

create trigger states_policies_on_delete after delete on states
  referencing old table as old_rows for each statement execute function policies_parent_check('id', 'state_id');
create trigger states_policies_on_update after update on states
  referencing old table as old_rows new table as new_rows for each statement execute function policies_parent_check('id', 'state_id');
create trigger states_policies_on_truncate before truncate on states
  for each statement execute function policies_parent_truncate_check();

create trigger business_types_policies_on_delete after delete on business_types
  referencing old table as old_rows for each statement execute function policies_parent_check('id', 'business_type');
create trigger business_types_policies_on_update after update on business_types
  referencing old table as old_rows new table as new_rows for each statement execute function policies_parent_check('id', 'business_type');
create trigger business_types_policies_on_truncate before truncate on business_types
  for each statement execute function policies_parent_truncate_check();
