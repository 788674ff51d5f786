-- Whole-subtree sums per day (docs/decisions/033-subtree-daily-and-rebuild-swap.md): the days of a range that
-- do not make a whole month are read as one ancestor's cells, as whole months are read from
-- fact_subtree_monthly, instead of the daily facts of every employee under them. Same dimensions as the
-- monthly table. Empty until the next run: without a watermark that run is a full rebuild, which fills it.
create table fact_subtree_daily (
  day date not null,
  ancestor_id integer not null,
  status text not null,
  business_type smallint not null,
  channel text not null,
  line text not null,
  nop integer not null,
  premium numeric(16,2) not null,
  weightage_premium numeric(16,2) not null,
  loan_amount numeric(16,2) not null,
  primary key (ancestor_id, day, status, business_type, channel, line)
);
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
