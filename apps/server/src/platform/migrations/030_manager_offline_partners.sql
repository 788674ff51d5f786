-- Mapping analytics' Total Offline (offline mappings in force at a range's end) per manager, without reading
-- every mapping of the subtree (docs/decisions/040-offline-mappings-in-force.md): fact_manager_partners also
-- counts each manager's current offline mappings (those made without a request), and the mapping changes not
-- yet folded say whether they were offline. The folded count plus the changes since is the present count in
-- any snapshot: a run folds and empties etl_mapping_changes in one transaction.
alter table fact_manager_partners add column offline integer not null default 0;
alter table etl_mapping_changes add column offline boolean not null default false;

-- The present count, changes not yet folded included: the rows already noted carry `offline = false`, so
-- folding them adds nothing to it. A manager whose only current mappings are still to be folded gets a row with
-- no mapped partners yet, which that fold fills.
insert into fact_manager_partners (manager_id, mapped, offline)
select manager_id, 0, count(*) from partner_mappings where valid_to is null and request_item_id is null group by manager_id
on conflict (manager_id) do update set offline = excluded.offline;

create or replace function note_mapping_changes() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into etl_mapping_changes (partner_id, manager_id, sign, offline)
    select o.partner_id, o.manager_id, -1, o.request_item_id is null from old_rows o where o.valid_to is null;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into etl_mapping_changes (partner_id, manager_id, sign, offline)
    select n.partner_id, n.manager_id, 1, n.request_item_id is null from new_rows n where n.valid_to is null;
  end if;
  return null;
end $$;

-- Mappings that ended at or after a range's end were in force then: found by their end, per manager.
create index partner_mappings_manager_closed_idx on partner_mappings (manager_id, valid_to) include (valid_from, request_item_id)
  where valid_to is not null;
