-- Partner activation by manager (docs/decisions/035-partner-activity.md). The activation reports count the
-- partners currently mapped into a subtree and those with business in a month; read partner by partner, a
-- national head's page looked at every partner of the organisation. These tables hold the counts per manager,
-- so a subtree's are the sum of its people's rows.

-- Partners currently mapped to each manager (a partner counts once per current mapping; the product keeps one).
create table fact_manager_partners (
  manager_id integer primary key,
  mapped integer not null
) with (fillfactor = 90);

-- Per manager and month: of the partners currently mapped to them, those with successful business in the month
-- (active) and those whose first month with business this is (activated).
create table fact_manager_partner_monthly (
  manager_id integer not null,
  month date not null,
  active integer not null,
  activated integer not null,
  primary key (manager_id, month)
) with (fillfactor = 90);

-- Mapping changes since the last ETL run, written by the triggers below whatever made them (the team screens,
-- an import, the connector, SQL): +1 for a current mapping that appeared, -1 for one that ended or went. The
-- ETL run that folds them empties the table.
create table etl_mapping_changes (
  partner_id integer not null,
  manager_id integer not null,
  sign smallint not null
);

-- Scratch rows of the current run: the changed partners' month presence before (-1) and after (+1) the fold.
create unlogged table etl_partner_presence (
  partner_id integer not null,
  month date not null,
  active smallint not null,
  activated smallint not null
);

create function note_mapping_changes() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into etl_mapping_changes (partner_id, manager_id, sign)
    select o.partner_id, o.manager_id, -1 from old_rows o where o.valid_to is null;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into etl_mapping_changes (partner_id, manager_id, sign)
    select n.partner_id, n.manager_id, 1 from new_rows n where n.valid_to is null;
  end if;
  return null;
end $$;

create trigger partner_mappings_changes_on_insert after insert on partner_mappings
  referencing new table as new_rows for each statement execute function note_mapping_changes();
create trigger partner_mappings_changes_on_update after update on partner_mappings
  referencing old table as old_rows new table as new_rows for each statement execute function note_mapping_changes();
create trigger partner_mappings_changes_on_delete after delete on partner_mappings
  referencing old table as old_rows for each statement execute function note_mapping_changes();

-- The counts of the data already here; from now on the ETL keeps them (and a full rebuild writes them afresh).
insert into fact_manager_partners (manager_id, mapped)
select manager_id, count(*) from partner_mappings where valid_to is null group by manager_id;
insert into fact_manager_partner_monthly (manager_id, month, active, activated)
select m.manager_id, f.month, count(*), count(*) filter (where f.month = f.first_month)
from (select distinct partner_id, month, min(month) over (partition by partner_id) as first_month from fact_partner_monthly) f
join partner_mappings m on m.partner_id = f.partner_id and m.valid_to is null
group by m.manager_id, f.month;

-- Report 27 and the Mapped Partners list show the subtree's partners by name (then code): read in that order,
-- the first page stops after its rows instead of sorting every partner of the subtree (a national head's: all).
create index partners_name_idx on partners (name, unique_code);

-- Mapped Partners counts the mappings in force on a day under each person of the subtree, and the mapping
-- analytics the offline ones (no request item): with the span's end, the partner and the request item in the
-- index, both read the index alone. It serves every read by manager the old one did.
create index partner_mappings_manager_span_idx on partner_mappings (manager_id, valid_from)
  include (valid_to, partner_id, request_item_id);
drop index partner_mappings_manager_idx;
