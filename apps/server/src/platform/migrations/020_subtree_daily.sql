-- Whole-subtree sums per day (docs/decisions/033-subtree-daily-and-rebuild-swap.md): the days of a range that
-- do not make a whole month are read as one ancestor's cells, as whole months are read from
-- fact_subtree_monthly, instead of the daily facts of every employee under them. The same cells as the monthly
-- table, keyed by day. Empty until the next run: without a watermark that run is a full rebuild, which fills it.
create table fact_subtree_daily (like fact_subtree_monthly including all);
alter table fact_subtree_daily rename column month to day;
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
