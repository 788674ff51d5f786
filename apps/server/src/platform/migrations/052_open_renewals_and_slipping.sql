-- My day at the size of a national organisation (docs/product/brief.md, 'How it stays fast').
--
-- Renewals due and not yet renewed: the ETL now notes, with each policy it folds, the policy number it renews
-- (`renews`, when it is a successful renewal) and whether a successful renewal follows it (`renewed`); the
-- renewal days keep, beside the dues, the dues still open and their premium. A renewal arriving or going
-- re-folds the policy it renews. (A policy of no known product counts under the line '': it is due all the same.)
alter table etl_policy_state add column renews text, add column renewed boolean not null default false;
alter table etl_affected add column renews text, add column renewed boolean not null default false;
-- Kept per product line, so that the life-only role's figures come from them too; the next run rebuilds them.
truncate fact_employee_renewals, fact_subtree_renewals;
alter table fact_employee_renewals add column line text not null, add column open_nop integer not null,
  add column open_premium numeric(16, 2) not null, drop constraint fact_employee_renewals_pkey, add primary key (employee_id, day, line);
alter table fact_subtree_renewals add column line text not null, add column open_nop integer not null,
  add column open_premium numeric(16, 2) not null, drop constraint fact_subtree_renewals_pkey, add primary key (ancestor_id, day, line);

-- The largest open dues of a few days: for a large subtree, each day's dues walked from the largest premium;
-- for a small one, each employee's dues of the days.
create index if not exists policies_expiry_premium_idx on policies (expiry_date, paid_amount desc, policy_no) include (employee_id)
  where status = 'success' and policy_no is not null;
create index if not exists policies_employee_expiry_idx on policies (employee_id, expiry_date)
  where status = 'success' and policy_no is not null;

-- The partners slipping as of a day (sold in each of the three full months before the day's month, nothing in
-- the last 15 days), for every line and for life alone, with their three months' premium and last sale. The ETL
-- writes it for the business day of its run and refreshes the partners each run changes.
create table fact_slipping_partners (
  day date not null,
  life_only boolean not null,
  partner_id integer not null,
  premium numeric(16, 2) not null,
  last_sale date not null,
  primary key (day, life_only, partner_id)
);
-- My day walks a day's slipping partners from the largest until it has the viewer's first few.
create index fact_slipping_partners_premium_idx on fact_slipping_partners (day, life_only, premium desc);
-- The day fact_slipping_partners is of (none yet: My day asks the partners' months itself).
alter table etl_jobs add column slipping_day date;

-- Open work walked oldest first: the open cases in the order My day lists them.
create index if not exists cases_open_date_idx on cases (case_date, id) where status = 'open';

-- Empty until the next run: without a watermark that run is a full rebuild, which fills them.
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
