-- Call centre: lead categories, cases and the RM-side leads on them, bridged calls through
-- the telephony provider, partner call logs, time slots, appointments, remarks and reassignments.
-- Frozen once committed: later changes go in new numbered files.

-- The boxes of the leads screen; the listing filters on them through its call_status parameter.
create table lead_categories (
  id smallint primary key,
  name text not null unique,
  icon text not null,
  sort_order smallint not null
);
insert into lead_categories (id, name, icon, sort_order) values
  (1, 'Call Back Requested', 'callback', 1),
  (2, 'Quote Drop-off', 'quote', 2),
  (3, 'Payment Pending', 'payment', 3),
  (4, 'Renewal Due', 'renewal', 4),
  (5, 'Documents Pending', 'document', 5);

-- A customer case: worked by a TRM (trm_id) and/or reaching an RM as a lead for the case's partner.
create table cases (
  id bigint generated always as identity primary key,
  customer_id bigint not null references customers(id),
  partner_id integer references partners(id),
  trm_id integer references employees(id),
  product_type_id smallint not null references products(product_type_id),
  case_date date not null,
  -- The customer's pincode when the case was raised (the 'pin' column).
  pincode text not null,
  status text not null default 'open' check (status in ('open', 'closed')),
  remark text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index cases_trm_idx on cases(trm_id, case_date);
create index cases_partner_idx on cases(partner_id);

-- The RM-side view of a case: it lists under whichever RM the case's partner is mapped to now,
-- so a reassignment moves the lead with the partner.
create table leads (
  id bigint generated always as identity primary key,
  case_id bigint not null unique references cases(id),
  category_id smallint not null references lead_categories(id),
  lead_date date not null,
  created_at timestamptz not null default now()
);
create index leads_date_idx on leads(lead_date);

-- status_rank orders the provider's statuses (queued 0, ringing 1, in-progress 2, final 3): an update
-- applies only when it moves forward, so duplicate and out-of-order callbacks change nothing.
create table calls (
  id bigint generated always as identity primary key,
  sid text not null unique,
  provider text not null,
  case_id bigint not null references cases(id),
  direction text not null check (direction in ('customer', 'partner')),
  placed_by integer not null references employees(id),
  to_user_id bigint not null,
  from_number text not null,
  to_number text not null,
  phone_number_sid text,
  status text not null check (status in ('queued', 'ringing', 'in-progress', 'completed', 'no-answer', 'busy', 'failed', 'canceled')),
  status_rank smallint not null,
  date_created timestamptz not null,
  date_updated timestamptz not null,
  start_time timestamptz,
  end_time timestamptz,
  conversation_duration integer not null default 0,
  legs jsonb not null default '[]',
  -- The provider's recording location; the browser only ever gets a signed link to our own endpoint.
  recording_url text,
  -- Last time the provider was asked for this call's details (fallback when no callback arrives).
  last_checked_at timestamptz,
  created_at timestamptz not null default now()
);
create index calls_case_idx on calls(case_id, date_created);
create index calls_unfinished_idx on calls(date_created) where status_rank < 3;

create table partner_call_logs (
  id bigint generated always as identity primary key,
  case_id bigint not null references cases(id),
  partner_id integer not null references partners(id),
  -- Set for logs of our own bridged calls, so a call is logged once however often it is finalised.
  call_id bigint unique references calls(id),
  start_time timestamptz not null,
  from_name text not null,
  to_name text not null,
  call_status text not null,
  created_at timestamptz not null default now()
);
create index partner_call_logs_case_idx on partner_call_logs(case_id, start_time);

create table slots (
  id smallint primary key,
  label text not null unique,
  starts_at time not null,
  ends_at time not null,
  sort_order smallint not null,
  active boolean not null default true
);
insert into slots (id, label, starts_at, ends_at, sort_order) values
  (1, '10:00 AM - 11:00 AM', '10:00', '11:00', 1),
  (2, '11:00 AM - 12:00 PM', '11:00', '12:00', 2),
  (3, '12:00 PM - 01:00 PM', '12:00', '13:00', 3),
  (4, '01:00 PM - 02:00 PM', '13:00', '14:00', 4),
  (5, '02:00 PM - 03:00 PM', '14:00', '15:00', 5),
  (6, '03:00 PM - 04:00 PM', '15:00', '16:00', 6),
  (7, '04:00 PM - 05:00 PM', '16:00', '17:00', 7),
  (8, '05:00 PM - 06:00 PM', '17:00', '18:00', 8),
  (9, '06:00 PM - 07:00 PM', '18:00', '19:00', 9);

create table appointments (
  id bigint generated always as identity primary key,
  case_id bigint references cases(id),
  customer_id bigint not null references customers(id),
  partner_id integer not null references partners(id),
  product_type_id smallint not null references products(product_type_id),
  slot_id smallint not null references slots(id),
  appointment_date date not null,
  start_end_time text not null,
  booked_by integer not null references employees(id),
  status text not null default 'booked' check (status in ('booked', 'cancelled')),
  cancel_reason text,
  cancelled_by integer references employees(id),
  cancelled_at timestamptz,
  created_at timestamptz not null default now()
);
-- A slot is booked at most once per advisor and day, whatever races the application loses;
-- a cancelled booking frees the slot again.
create unique index appointments_one_booking_per_slot on appointments(partner_id, appointment_date, slot_id) where status = 'booked';
create index appointments_booked_by_idx on appointments(booked_by, appointment_date);

create table remarks (
  id bigint generated always as identity primary key,
  case_id bigint not null references cases(id),
  call_id bigint references calls(id),
  author_id integer not null references employees(id),
  audience text not null check (audience in ('customer', 'partner')),
  is_connected boolean not null,
  choice smallint,
  reason smallint,
  label text,
  notes text not null default '' check (char_length(notes) <= 260),
  created_at timestamptz not null default now()
);
create index remarks_case_idx on remarks(case_id, created_at);
create index remarks_call_idx on remarks(call_id) where call_id is not null;

create table case_reassignments (
  id bigint generated always as identity primary key,
  case_id bigint not null references cases(id),
  from_partner_id integer references partners(id),
  to_partner_id integer not null references partners(id),
  assigned_by integer not null references employees(id),
  pincode text not null,
  created_at timestamptz not null default now()
);
create index case_reassignments_case_idx on case_reassignments(case_id, created_at);

-- Keys for signed links (recordings open in a new window, where no Authorization header goes).
-- Stored in the database so every instance signs and verifies alike; the value is written by the
-- server from a strong random source the first time it is needed.
create table signing_keys (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
