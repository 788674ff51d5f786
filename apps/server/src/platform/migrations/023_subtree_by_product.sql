-- Whole-subtree sums by product and insurer (docs/decisions/034-subtree-by-product.md): the reports that break
-- business down by product, insurer, premium payment term or instalment type (or filter on product or insurer)
-- read one ancestor's cells here, per day and per month, instead of the daily facts of everyone under them.
-- The cells of fact_subtree_daily and fact_subtree_monthly with those four columns added to the key; only the
-- state is left out. Empty until the next run: without a watermark that run is a full rebuild, which fills them.
create table fact_subtree_product_daily (
  day date not null,
  ancestor_id integer not null,
  status text not null,
  business_type smallint not null,
  channel text not null,
  line text not null,
  product_type_id smallint not null,
  insurer_id smallint not null,
  payment_term smallint not null,
  installment_type text not null,
  nop integer not null,
  premium numeric(16,2) not null,
  weightage_premium numeric(16,2) not null,
  loan_amount numeric(16,2) not null,
  primary key (ancestor_id, day, status, business_type, channel, line, product_type_id, insurer_id, payment_term, installment_type)
) with (fillfactor = 90);
create table fact_subtree_product_monthly (like fact_subtree_product_daily including all);
alter table fact_subtree_product_monthly rename column day to month;
-- `like` copies keys and defaults, not storage options.
alter table fact_subtree_product_monthly set (fillfactor = 90);
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
