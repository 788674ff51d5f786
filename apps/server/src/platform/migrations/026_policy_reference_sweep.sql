-- The reference check of `policies` (018, docs/decisions/026-policy-reference-checks.md) over a whole table as
-- well as over a statement's new rows. A bulk load into an empty table (the demo loader on PostgreSQL) turns
-- the insert trigger off and checks every row once at the end, like the foreign keys it drops and adds back:
-- one statement's check per 50,000 copied rows probed the customers' index row by row, about a sixth of a
-- 1 crore load. The query is written once, for either source, as one pass over the rows with a left join to
-- each parent (018's seven anti-joins would read a whole table seven times); the trigger reads its transition
-- table by name through EXECUTE, as the parent triggers of 018 do. Frozen once committed.

create function policies_references_query(source text) returns text
language sql immutable as $$
  select format($q$with bad as (
    select n.partner_id, n.employee_id, n.customer_id, n.product_type_id, n.insurer_id, n.state_id, n.business_type,
      n.partner_id is not null and pa.id is null as no_partner, e.id is null as no_employee, c.id is null as no_customer,
      pr.product_type_id is null as no_product, i.id is null as no_insurer, st.id is null as no_state,
      b.id is null as no_business_type
    from %1$I n
    left join partners pa on pa.id = n.partner_id
    left join employees e on e.id = n.employee_id
    left join customers c on c.id = n.customer_id
    left join products pr on pr.product_type_id = n.product_type_id
    left join insurers i on i.id = n.insurer_id
    left join states st on st.id = n.state_id
    left join business_types b on b.id = n.business_type
    where (n.partner_id is not null and pa.id is null) or e.id is null or c.id is null or pr.product_type_id is null
      or i.id is null or st.id is null or b.id is null
    limit 1)
  select x.col, x.val, x.parent from bad cross join lateral (values
    (1, 'partner_id', bad.partner_id::text, 'partners', bad.no_partner),
    (2, 'employee_id', bad.employee_id::text, 'employees', bad.no_employee),
    (3, 'customer_id', bad.customer_id::text, 'customers', bad.no_customer),
    (4, 'product_type_id', bad.product_type_id::text, 'products', bad.no_product),
    (5, 'insurer_id', bad.insurer_id::text, 'insurers', bad.no_insurer),
    (6, 'state_id', bad.state_id::text, 'states', bad.no_state),
    (7, 'business_type', bad.business_type::text, 'business_types', bad.no_business_type)
  ) x(o, col, val, parent, missing) where x.missing order by x.o limit 1$q$, source)
$$;

-- A reference the check found (or nothing, all nulls) fails as the dropped foreign keys did.
create function policies_references_fail(bad_col text, bad_val text, bad_parent text) returns void
language plpgsql as $$
begin
  if bad_col is not null then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('insert or update on table "policies" violates foreign key constraint "policies_%s_fkey"', bad_col),
      detail = format('Key (%s)=(%s) is not present in table "%s".', bad_col, bad_val, bad_parent);
  end if;
end $$;

-- The check over a whole table (`policies`), for a bulk load that ran with the insert trigger off.
create function policies_references_sweep() returns void
language plpgsql as $$
declare
  bad_col text;
  bad_val text;
  bad_parent text;
begin
  perform pg_advisory_xact_lock_shared(7114018, hashtext(current_schema()));
  execute policies_references_query('policies') into bad_col, bad_val, bad_parent;
  perform policies_references_fail(bad_col, bad_val, bad_parent);
end $$;

-- The trigger keeps its name and its triggers; its body now runs the shared query.
create or replace function policies_references_check() returns trigger
language plpgsql as $$
declare
  bad_col text;
  bad_val text;
  bad_parent text;
begin
  perform pg_advisory_xact_lock_shared(7114018, hashtext(tg_table_schema));
  execute policies_references_query('new_rows') into bad_col, bad_val, bad_parent;
  perform policies_references_fail(bad_col, bad_val, bad_parent);
  return null;
end $$;
