-- Delta maintenance of the roll-ups (docs/decisions/028-etl-delta-maintenance.md): each policy's state row keeps
-- exactly what it added to the roll-ups when it was folded, so a run subtracts that and adds the new version
-- instead of recomputing every cell it touches. The rows kept so far hold no contribution: they are dropped,
-- and without a watermark the next run is a full rebuild, which writes every row afresh.
truncate etl_policy_state;
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
alter table etl_policy_state
  alter column updated_at set not null,
  add column product_type_id smallint not null,
  add column insurer_id smallint not null,
  add column state_id smallint not null,
  add column business_type smallint not null,
  add column channel text not null,
  add column status text not null,
  add column payment_term smallint not null,
  add column installment_type text not null,
  -- The product's line when folded (null: not in the catalogue, so in the daily fact only).
  add column line text,
  add column premium numeric(16,2) not null,
  add column weightage_premium numeric(16,2) not null,
  add column loan_amount numeric(16,2) not null;

-- Scratch rows of the current run: the changed policies' new versions (sign 1) and the versions they replace
-- (sign -1). Emptied with truncate and never needed after a crash, so unlogged: no dead rows, no WAL.
drop table etl_affected;
create unlogged table etl_affected (
  policy_id bigint not null,
  sign smallint not null,
  day date not null,
  employee_id integer not null,
  partner_id integer,
  product_type_id smallint not null,
  insurer_id smallint not null,
  state_id smallint not null,
  business_type smallint not null,
  channel text not null,
  status text not null,
  payment_term smallint not null,
  installment_type text not null,
  line text,
  premium numeric(16,2) not null,
  weightage_premium numeric(16,2) not null,
  loan_amount numeric(16,2) not null,
  -- Only for sign 1: the version folded, and the creation time for the watermark.
  updated_at timestamptz,
  created_at timestamptz
);

-- A partner-month whose latest policy went elsewhere finds its new last issue day among the folded versions.
create index etl_policy_state_partner_idx on etl_policy_state (partner_id, day) where status = 'success' and partner_id is not null;
