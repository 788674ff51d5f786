-- Apex Journey and Recruitment from per-manager and per-subtree counts (docs/decisions/046-partner-cohorts.md).
-- They counted the partners registered in the range one by one, each looked up for its mapping: a month's
-- cohort is about 4,000 partners at 1 crore policies, ten times the 10 lakh one. These tables hold, per manager
-- (and per employee for their whole subtree), registration day, certification (LI, GI) and onboarding level,
-- how many of the partners currently mapped there (as of the ETL's last run) it is.
create table fact_manager_partner_cohorts (
  manager_id integer not null,
  day date not null,
  li boolean not null,
  gi boolean not null,
  -- How far the partner got by the end of the month they registered in: 1 registered, 2 documents, 3 training,
  -- 4 exam passed, 5 certified, 6 first sale (each stage counting only with every stage before it).
  level smallint not null,
  partners integer not null,
  primary key (manager_id, day, li, gi, level)
) with (fillfactor = 90);

create table fact_subtree_partner_cohorts (
  ancestor_id integer not null,
  day date not null,
  li boolean not null,
  gi boolean not null,
  level smallint not null,
  partners integer not null,
  primary key (ancestor_id, day, li, gi, level)
) with (fillfactor = 90);

-- Changes of what a partner counts as in the cohorts since the last ETL run, written by the triggers below
-- whatever made them (an import, the connector, SQL): -1 with the columns as they were, +1 as they are. The ETL
-- run that folds them empties the table.
create table etl_partner_cohort_changes (
  partner_id integer not null,
  sign smallint not null,
  registered_at date not null,
  li_pos_status boolean not null,
  gi_pos_status boolean not null,
  documents_at date,
  training_at date,
  exam_at date,
  certified_at date,
  first_sale_at date
);

create function note_partner_cohort_changes() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    -- Only partners whose cohort columns changed: a new phone number or name changes no count.
    insert into etl_partner_cohort_changes
    select o.id, s.sign, s.registered_at, s.li_pos_status, s.gi_pos_status, s.documents_at, s.training_at, s.exam_at,
      s.certified_at, s.first_sale_at
    from old_rows o join new_rows n on n.id = o.id
    cross join lateral (
      select -1 as sign, o.registered_at, o.li_pos_status, o.gi_pos_status, o.documents_at, o.training_at, o.exam_at,
        o.certified_at, o.first_sale_at
      union all
      select 1, n.registered_at, n.li_pos_status, n.gi_pos_status, n.documents_at, n.training_at, n.exam_at,
        n.certified_at, n.first_sale_at) s
    where (o.registered_at, o.li_pos_status, o.gi_pos_status, o.documents_at, o.training_at, o.exam_at, o.certified_at, o.first_sale_at)
      is distinct from
      (n.registered_at, n.li_pos_status, n.gi_pos_status, n.documents_at, n.training_at, n.exam_at, n.certified_at, n.first_sale_at);
  elsif tg_op = 'DELETE' then
    insert into etl_partner_cohort_changes
    select o.id, -1, o.registered_at, o.li_pos_status, o.gi_pos_status, o.documents_at, o.training_at, o.exam_at,
      o.certified_at, o.first_sale_at
    from old_rows o;
  else
    insert into etl_partner_cohort_changes
    select n.id, 1, n.registered_at, n.li_pos_status, n.gi_pos_status, n.documents_at, n.training_at, n.exam_at,
      n.certified_at, n.first_sale_at
    from new_rows n;
  end if;
  return null;
end $$;

create trigger partners_cohort_changes_on_insert after insert on partners
  referencing new table as new_rows for each statement execute function note_partner_cohort_changes();
create trigger partners_cohort_changes_on_update after update on partners
  referencing old table as old_rows new table as new_rows for each statement execute function note_partner_cohort_changes();
create trigger partners_cohort_changes_on_delete after delete on partners
  referencing old table as old_rows for each statement execute function note_partner_cohort_changes();

-- Empty until the next run: without a watermark that run is a full rebuild, which fills them.
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
