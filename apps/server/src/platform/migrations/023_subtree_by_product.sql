-- Whole-subtree sums per month by product and insurer (docs/decisions/034-subtree-by-product.md): the reports
-- that break business down by product, insurer, premium payment term or instalment type (or filter on product
-- or insurer) read one ancestor's cells for the whole months of a range instead of the daily facts of everyone
-- under them. The cells of fact_subtree_monthly with those four columns added to the key; only the state is
-- left out. No daily table: per day these cells are about as many as the policies (measured at 10 lakh), so
-- the days of a range are read from the daily facts. Empty until the next run: without a watermark that run is
-- a full rebuild, which fills it.
create table fact_subtree_product_monthly (like fact_subtree_monthly including defaults including storage);
alter table fact_subtree_product_monthly
  add column product_type_id smallint not null,
  add column insurer_id smallint not null,
  add column payment_term smallint not null,
  add column installment_type text not null,
  add primary key (ancestor_id, month, status, business_type, channel, line, product_type_id, insurer_id, payment_term, installment_type),
  set (fillfactor = 90);
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
