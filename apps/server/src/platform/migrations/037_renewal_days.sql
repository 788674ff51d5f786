-- Renewal dues' total from counts kept per subtree and expiry day (docs/decisions/047-renewal-dues-count.md).
-- The report counted every successful policy expiring in the range under the viewer: about 40,000 for a
-- national head's month at 10 lakh policies, ten times that at 1 crore. The ETL now keeps, per employee and
-- per employee's whole subtree, how many of the policies as it last folded them expire on each day; the report
-- adds the policies changed since to that count.

-- The day a policy counts among the renewal dues (its expiry, when it is successful and has a policy number),
-- as folded.
alter table etl_policy_state add column renewal_day date;
alter table etl_affected add column renewal_day date;

create table fact_employee_renewals (
  employee_id integer not null,
  day date not null,
  nop integer not null,
  primary key (employee_id, day)
) with (fillfactor = 90);

create table fact_subtree_renewals (
  ancestor_id integer not null,
  day date not null,
  nop integer not null,
  primary key (ancestor_id, day)
) with (fillfactor = 90);

-- Empty until the next run: without a watermark that run is a full rebuild, which fills them.
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
