-- The Life Renewals Report's default view from one subtree's rows (docs/decisions/044-life-renewals-by-subtree.md).
-- Summed from fact_manager_partner_dues, a national head's month ranked every partner with an instalment due in
-- it (about 24,000 at 1 crore policies) to show the first 100. This table holds, per employee, due month and
-- partner mapped to them or to anyone below them as of the ETL's last run, the partner's dues there: a month's
-- page is read in rank order from an index, whatever the size of the subtree.
create table fact_subtree_partner_dues (
  ancestor_id integer not null,
  month date not null,
  partner_id integer not null,
  nop integer not null,
  premium numeric(16,2) not null,
  primary key (ancestor_id, month, partner_id)
) with (fillfactor = 90);

-- A page ranked by count (then premium) or by premium (then count), in either direction.
create index fact_subtree_partner_dues_by_count on fact_subtree_partner_dues (ancestor_id, month, nop, premium);
create index fact_subtree_partner_dues_by_premium on fact_subtree_partner_dues (ancestor_id, month, premium, nop);

-- Empty until the next run: without a watermark that run is a full rebuild, which fills it.
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
