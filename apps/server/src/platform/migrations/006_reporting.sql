-- Reporting warehouse: roll-ups fed by the incremental ETL (modules/etl).

-- The Indian business day of an instant. Kolkata has no daylight saving, so the result never changes
-- for a given instant and the function may be declared immutable (usable in indexes).
create function business_day(ts timestamptz) returns date
  language sql immutable parallel safe
  as $$ select (ts at time zone 'Asia/Kolkata')::date $$;

-- Business per day and credited employee, by every filterable dimension.
create table fact_daily_business (
  day date not null,
  employee_id integer not null,
  product_type_id smallint not null,
  insurer_id smallint not null,
  state_id smallint not null,
  business_type smallint not null,
  channel text not null,
  status text not null,
  payment_term smallint not null,
  installment_type text not null,
  nop integer not null,
  premium numeric(16,2) not null,
  weightage_premium numeric(16,2) not null,
  loan_amount numeric(16,2) not null,
  primary key (day, employee_id, product_type_id, insurer_id, state_id, business_type, channel, status, payment_term, installment_type)
);
create index fact_daily_business_employee_idx on fact_daily_business(employee_id, day);

-- Successful business per month, partner and product line: activation and last-activity reports.
create table fact_partner_monthly (
  month date not null,
  partner_id integer not null,
  line text not null,
  nop integer not null,
  premium numeric(16,2) not null,
  weightage_premium numeric(16,2) not null,
  last_issue_day date not null,
  primary key (month, partner_id, line)
);
create index fact_partner_monthly_partner_idx on fact_partner_monthly(partner_id, month);

-- Where each policy was last counted, so a change of day, employee or partner also refreshes the old cell.
create table etl_policy_state (
  policy_id bigint primary key,
  day date not null,
  employee_id integer not null,
  partner_id integer
);

-- Scratch list of cells to recompute in the current ETL run (one run at a time: advisory lock).
create table etl_affected (
  day date not null,
  employee_id integer not null,
  partner_id integer
);

-- Whole-subtree sums per month: the (month, ancestor) cell holds the business of everyone under that
-- employee, by the narrow dimensions most reports group on. A manager's month is then a handful of rows
-- instead of every policy of their organisation. Kept in step with fact_daily_business by the ETL.
create table fact_subtree_monthly (
  month date not null,
  ancestor_id integer not null,
  status text not null,
  business_type smallint not null,
  channel text not null,
  line text not null,
  nop integer not null,
  premium numeric(16,2) not null,
  weightage_premium numeric(16,2) not null,
  loan_amount numeric(16,2) not null,
  primary key (ancestor_id, month, status, business_type, channel, line)
);
