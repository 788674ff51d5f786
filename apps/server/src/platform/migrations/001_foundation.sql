-- Foundation schema: reference data, people and hierarchy, partners and mappings,
-- customers and policies, targets, contests, users, tokens, audit.
-- Frozen once committed: later changes go in new numbered files.

create table zones (
  id smallint primary key,
  name text not null unique
);

create table states (
  id smallint primary key,
  name text not null unique,
  zone_id smallint not null references zones(id)
);

create table insurers (
  id smallint primary key,
  name text not null unique
);

-- product_type_id 9-36 as in the spec; line groups products (motor, cv, health, life, travel, sme, loan, ...)
create table products (
  product_type_id smallint primary key,
  name text not null,
  line text not null,
  product_type text not null,
  weightage_factor numeric(4,2) not null
);

create table business_types (
  id smallint primary key,
  name text not null
);

create table reporting_types (
  id smallint primary key,
  name text not null
);

create table employees (
  id integer generated always as identity primary key,
  unique_code text not null unique,
  name text not null,
  email text not null,
  phone text not null,
  emp_role text not null,
  designation text not null,
  manager_id integer references employees(id),
  zone_id smallint references zones(id),
  pincode text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index employees_manager_idx on employees(manager_id);

-- Every (ancestor, descendant) pair including (self, self) at depth 0: subtree checks are one indexed lookup.
create table employee_closure (
  ancestor_id integer not null references employees(id),
  descendant_id integer not null references employees(id),
  depth smallint not null,
  primary key (ancestor_id, descendant_id)
);
create index employee_closure_descendant_idx on employee_closure(descendant_id);

create table users (
  id integer generated always as identity primary key,
  login text not null unique,
  password_hash text not null,
  employee_id integer not null unique references employees(id),
  user_type text not null default '1',
  tier text not null default 'standard',
  registered_at date not null default current_date,
  email_report_access boolean not null default true,
  download_report_access boolean not null default true,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

-- Only the sha-256 of a token is stored; a leaked table does not leak sessions.
create table auth_tokens (
  token_hash text primary key,
  user_id integer not null references users(id),
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index auth_tokens_user_idx on auth_tokens(user_id);

-- Short-lived single-use tokens posted to external portals instead of the session token.
create table handoff_tokens (
  token_hash text primary key,
  user_id integer not null references users(id),
  target text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table partners (
  id integer generated always as identity primary key,
  unique_code text not null unique,
  pos_code text not null unique,
  name text not null,
  phone text not null,
  email text not null,
  pincode text not null,
  state_id smallint not null references states(id),
  li_pos_status boolean not null default false,
  gi_pos_status boolean not null default false,
  registered_at date not null,
  documents_at date,
  training_at date,
  exam_at date,
  certified_at date,
  first_sale_at date,
  created_at timestamptz not null default now()
);
create index partners_pincode_idx on partners(pincode);

-- Mapping history: valid_to null = current. "Mapped as on D" = valid_from <= D and (valid_to is null or valid_to > D).
create table partner_mappings (
  id bigint generated always as identity primary key,
  partner_id integer not null references partners(id),
  manager_id integer not null references employees(id),
  reporting_type smallint not null references reporting_types(id),
  valid_from timestamptz not null,
  valid_to timestamptz
);
create index partner_mappings_partner_idx on partner_mappings(partner_id, valid_from);
create index partner_mappings_manager_idx on partner_mappings(manager_id, valid_from);

create table mapping_requests (
  id integer generated always as identity primary key,
  code text not null unique,
  requested_by integer not null references employees(id),
  manager_id integer not null references employees(id),
  product_line text not null default 'motor',
  created_at timestamptz not null default now()
);

create table mapping_request_items (
  id integer generated always as identity primary key,
  request_id integer not null references mapping_requests(id),
  partner_id integer not null references partners(id),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected', 'cancelled')),
  decided_by integer references employees(id),
  decided_at timestamptz
);
create index mapping_request_items_request_idx on mapping_request_items(request_id);
create index mapping_request_items_partner_idx on mapping_request_items(partner_id);

create table customers (
  id bigint generated always as identity primary key,
  name text not null,
  phone text not null,
  email text not null,
  pincode text not null
);

-- employee_id is the employee credited with the sale: the partner's mapped manager at issue time,
-- or the selling employee for direct (partner_id null) business.
create table policies (
  id bigint generated always as identity primary key,
  proposal_no text not null unique,
  policy_no text,
  partner_id integer references partners(id),
  employee_id integer not null references employees(id),
  customer_id bigint not null references customers(id),
  product_type_id smallint not null references products(product_type_id),
  insurer_id smallint not null references insurers(id),
  state_id smallint not null references states(id),
  business_type smallint not null references business_types(id),
  channel text not null check (channel in ('pos', 'direct', 'online')),
  status text not null check (status in ('success', 'pending', 'cancelled')),
  paid_amount numeric(14,2) not null,
  weightage_premium numeric(14,2) not null,
  loan_amount numeric(14,2),
  payment_id text not null,
  issued_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  expiry_date date,
  previous_policy_no text,
  premium_payment_term smallint,
  premium_installment_type text,
  next_due_date date,
  renewal_link text,
  one_click_url text
);
create index policies_updated_idx on policies(updated_at);
create index policies_partner_idx on policies(partner_id, issued_at);
create index policies_employee_idx on policies(employee_id, issued_at);
create index policies_next_due_idx on policies(next_due_date) where next_due_date is not null;

create table targets (
  employee_id integer not null references employees(id),
  month date not null,
  premium numeric(14,2) not null,
  primary key (employee_id, month)
);

create table contests (
  id integer primary key,
  name text not null,
  zone_ids smallint[] not null,
  starts_on date not null,
  ends_on date not null,
  target_wp numeric(14,2) not null
);

-- ETL job state (the ETL panel); jobs themselves come with the reporting engine.
create table etl_jobs (
  name text primary key,
  status text not null default 'idle',
  last_successful_run_at timestamptz,
  last_transaction_created_at timestamptz,
  last_transaction_updated_at timestamptz,
  rows_processed bigint not null default 0,
  last_error text,
  updated_at timestamptz not null default now()
);

create table audit_events (
  id bigint generated always as identity primary key,
  actor_user_id integer references users(id),
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index audit_events_entity_idx on audit_events(entity, entity_id);
