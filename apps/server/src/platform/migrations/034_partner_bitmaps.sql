-- Partner sets as bitmaps (docs/decisions/043-partner-activity-bitmaps.md): bit n of a bitmap stands for the
-- partner whose id is n (the leftmost bit is 0). Report 24 counts the subtree's partners with successful
-- business in a range and in the 90 days up to its end: the days' bitmaps or'ed together, and'ed with the
-- subtree's, and the bits counted. Every bitmap has the same width (whole blocks of 8,192 bits past the highest
-- partner id), so they combine; the ETL widens them all when partners outgrow it.

-- Per day: the partners with successful business issued that day (a day without any has no row).
create table fact_partner_day_bits (
  day date primary key,
  partners bit varying not null
);

-- Per employee: the partners mapped to them or to anyone below them, as of the ETL's last run (the same
-- mappings as fact_manager_partners), kept for everyone so a hierarchy move can carry a subtree's partners.
create table fact_subtree_partner_bits (
  ancestor_id integer primary key,
  partners bit varying not null
);

-- The last-day counts they replace (migration 027).
drop table fact_manager_partner_last;
drop table etl_partner_last;

-- Empty until the next run: without a watermark that run is a full rebuild, which fills them.
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
