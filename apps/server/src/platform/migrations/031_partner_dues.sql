-- The Life Renewals Report from a roll-up (docs/decisions/041-life-renewals-by-manager.md). It ranks the partners
-- currently mapped into a subtree by their life instalments due in a range; read from the policies, a national
-- head's month probed every mapped partner (2 lakh at 1 crore policies). This table holds, per manager, due
-- month and partner currently mapped to that manager, the partner's successful life policies with their next
-- instalment due in the month: a subtree's rows are its people's.
create table fact_manager_partner_dues (
  manager_id integer not null,
  month date not null,
  partner_id integer not null,
  nop integer not null,
  premium numeric(16,2) not null,
  primary key (manager_id, month, partner_id)
) with (fillfactor = 90);

-- Scratch rows of the current run: per partner and due month, what the run's changed policies changed.
create unlogged table etl_partner_dues (
  partner_id integer not null,
  month date not null,
  nop integer not null,
  premium numeric(16,2) not null
);

-- The ETL keeps each policy's due date as it was folded, so a change subtracts exactly what it added.
alter table etl_policy_state add column next_due_date date;
alter table etl_affected add column next_due_date date;

-- The folded state has no due dates yet: without a watermark the next run (at start, before the server is
-- ready) is a full rebuild, which writes them and the new table.
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
