-- Whole-subtree sums per day by product, by insurer and by the premium terms
-- (docs/decisions/042-subtree-days-by-product-insurer-and-terms.md): the days of a range that do not make a whole
-- month, in a report grouped or filtered by product alone, by insurer alone, or by the premium payment term and
-- instalment type (the Business Dashboard's product and insurer tables, Life Issuance's channel table), are
-- read as one ancestor's cells instead of the daily facts of everyone under them. The narrow cells of
-- fact_subtree_daily with one or two more columns each: per day and ancestor a few hundred, where the cells
-- with product, insurer and the premium terms together are about as many as the policies (migration 023).
-- Each ancestor's cells hold the business of everyone at least two levels below them; a reader adds the daily
-- facts of the ancestor and their direct reports. Empty until the next run: without a watermark that run is a
-- full rebuild, which fills them.
create table fact_subtree_product_daily (like fact_subtree_daily including defaults including storage);
alter table fact_subtree_product_daily
  add column product_type_id smallint not null,
  add primary key (ancestor_id, day, status, business_type, channel, line, product_type_id),
  set (fillfactor = 90);
create table fact_subtree_insurer_daily (like fact_subtree_daily including defaults including storage);
alter table fact_subtree_insurer_daily
  add column insurer_id smallint not null,
  add primary key (ancestor_id, day, status, business_type, channel, line, insurer_id),
  set (fillfactor = 90);
create table fact_subtree_terms_daily (like fact_subtree_daily including defaults including storage);
alter table fact_subtree_terms_daily
  add column payment_term smallint not null,
  add column installment_type text not null,
  add primary key (ancestor_id, day, status, business_type, channel, line, payment_term, installment_type),
  set (fillfactor = 90);
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
