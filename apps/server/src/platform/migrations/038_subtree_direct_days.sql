-- Whole-subtree sums per day of the business without a partner, by product and insurer together
-- (docs/decisions/048-subtree-direct-days.md): the Direct dashboard's table (product × insurer) read the days of
-- a range that do not make a whole month from the daily facts of everyone under the viewer, one index probe per
-- descendant, so a national head's seven weeks grew with the organisation. Only the direct and online channels
-- are kept (about one policy in five), so the cells per day and ancestor stay a few hundred. Each ancestor's
-- cells hold the business of everyone at least two levels below them; a reader adds the daily facts of the
-- ancestor and their direct reports. Empty until the next run: without a watermark that run is a full rebuild,
-- which fills them.
create table fact_subtree_direct_daily (like fact_subtree_daily including defaults including storage);
alter table fact_subtree_direct_daily
  add column product_type_id smallint not null,
  add column insurer_id smallint not null,
  add primary key (ancestor_id, day, status, business_type, channel, line, product_type_id, insurer_id),
  set (fillfactor = 90);
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
