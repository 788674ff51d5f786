import { FIRST_CONTEST_ID, type ImportEntity } from '@dossier/shared';
import { sql } from 'kysely';
import { afterEmployeesChanged, beforeEmployeesChanged, findCycles } from './hierarchy';
import { upsert, type Check, type EntitySpec, type Field } from './spec';

/*
 * One definition per entity of docs/data-contract.md. Every expression reads `import_stage s` (text cells
 * as validated by the shared row schemas) or `import_resolved r` (those cells plus the resolved ids).
 * Names (states, insurers, zones, lead categories) match case-insensitively; codes match exactly.
 */

/** The advisory-lock class of the policies' reference triggers (migration 018); the second key is the schema. */
const POLICY_REFERENCES_LOCK = 7_114_018;

const unknownCode = (field: string, resolved: string): Check => ({
  field,
  when: sql`${sql.ref(`r.${field}`)} is not null and ${sql.ref(`r.${resolved}`)} is null`,
  message: sql`${field} || ' ' || ${sql.ref(`r.${field}`)} || ' does not exist'`,
});

const unknownName = (field: string, resolved: string, what: string): Check => ({
  field,
  when: sql`${sql.ref(`r.${field}`)} is not null and ${sql.ref(`r.${resolved}`)} is null`,
  message: sql`${field} || ' "' || ${sql.ref(`r.${field}`)} || '" is not a known ' || ${what}`,
});

/** Fields written as the row's cells of the same names. */
const cells = (...columns: string[]): Field[] => columns.map((column) => ({ column, value: sql.ref(`r.${column}`) }));
/** Fields written as the row's cells of the same names, cast to `type`. */
const cast = (type: string, ...columns: string[]): Field[] =>
  columns.map((column) => ({ column, value: sql`${sql.ref(`r.${column}`)}::${sql.raw(type)}` }));

/**
 * The id of the name in `cell`, for a table joined as `alias` on the exact spelling: a cell spelt otherwise is
 * matched case-insensitively. Most cells of a large file are spelt as stored, and lower() on every row of it
 * cost more than the rest of the name joins.
 */
const nameId = (table: string, alias: string, cell: string) =>
  sql`coalesce(${sql.ref(`${alias}.id`)}, (select x.id from ${sql.table(table)} x where lower(x.name) = lower(${sql.ref(cell)}) limit 1))`;

const employeesUpsert = upsert({
  table: 'employees',
  match: sql`t.unique_code = r.unique_code`,
  present: 'id',
  fields: [
    ...cells('unique_code', 'name', 'email', 'phone', 'emp_role', 'designation', 'zone_id', 'pincode'),
    ...cast('boolean', 'active'),
  ],
  // The manager is compared by code here and written, once every row exists, by afterEmployeesChanged.
  compareAlso: [[sql`(select mm.unique_code from employees mm where mm.id = t.manager_id)`, sql`r.manager_code`]],
  after: afterEmployeesChanged,
});

const employees: EntitySpec = {
  key: ['unique_code'],
  dependsOnBatch: true,
  prepare: findCycles,
  resolve: sql`select s.*, ${nameId('zones', 'z', 's.zone')} as zone_id, m.id as manager_id
    from import_stage s
    left join zones z on z.name = s.zone
    left join employees m on m.unique_code = s.manager_code`,
  checks: [
    {
      field: 'zone',
      when: sql`r.zone is not null and r.zone_id is null`,
      message: sql`'zone "' || r.zone || '" is not a known zone (' || (select string_agg(name, ', ' order by id) from zones) || ')'`,
    },
    {
      field: 'manager_code',
      when: sql`r.manager_code = r.unique_code`,
      message: sql`'manager_code ' || r.manager_code || ' is the employee itself'`,
    },
    {
      // The manager may come in the same batch: it must then be a row that is not itself rejected.
      field: 'manager_code',
      when: sql`r.manager_code is not null and r.manager_id is null
        and not exists (select 1 from import_resolved x where x.unique_code = r.manager_code)`,
      message: sql`'manager_code ' || r.manager_code || ' does not exist'`,
    },
    {
      field: 'manager_code',
      when: sql`r.line in (select line from import_cycles)`,
      message: sql`'manager_code ' || r.manager_code || ' makes a cycle in the hierarchy: '
        || (select path from import_cycles c where c.line = r.line limit 1)`,
    },
  ],
  classify: employeesUpsert.classify,
  apply: async (trx, counts) => {
    await beforeEmployeesChanged(trx);
    await employeesUpsert.apply(trx, counts);
  },
};

const partners: EntitySpec = {
  key: ['unique_code'],
  resolve: sql`select s.*, ${nameId('states', 'st', 's.state')} as state_id, pp.unique_code as pos_owner
    from import_stage s
    left join states st on st.name = s.state
    left join partners pp on pp.pos_code = s.pos_code`,
  checks: [
    unknownName('state', 'state_id', 'state'),
    {
      field: 'pos_code',
      when: sql`r.pos_owner is not null and r.pos_owner <> r.unique_code`,
      message: sql`'pos_code ' || r.pos_code || ' belongs to partner ' || r.pos_owner`,
    },
  ],
  ...upsert({
    table: 'partners',
    match: sql`t.unique_code = r.unique_code`,
    present: 'id',
    fields: [
      ...cells('unique_code', 'pos_code', 'name', 'phone', 'email', 'pincode', 'state_id'),
      ...cast('boolean', 'li_pos_status', 'gi_pos_status'),
      ...cast('date', 'registered_at', 'documents_at', 'training_at', 'exam_at', 'certified_at', 'first_sale_at'),
    ],
  }),
};

/*
 * Mapping history: a row is one span (partner, from). A span sent without valid_to ends where the partner's
 * next span starts (in the database or in the batch), so a new current mapping closes the previous one and
 * re-sending the same history changes nothing. The next start comes from one ordered pass over the batch's
 * spans and the database's spans of the same partners (a lookup per row would read the batch once per row).
 */
const partnerMappings: EntitySpec = {
  key: ['partner_code', 'valid_from'],
  resolve: sql`with spans as (
        select y.partner_code as code, y.valid_from::timestamptz as at from import_stage y
        union
        select pp.unique_code, m.valid_from from partner_mappings m join partners pp on pp.id = m.partner_id
        where pp.unique_code in (select partner_code from import_stage)),
      next_start as (select code, at, lead(at) over (partition by code order by at) as at_next from spans)
    select s.*, p.id as partner_id, e.id as manager_id, s.valid_from::timestamptz as from_at,
      coalesce(s.valid_to::timestamptz, n.at_next) as to_at
    from import_stage s
    left join partners p on p.unique_code = s.partner_code
    left join employees e on e.unique_code = s.manager_code
    left join next_start n on n.code = s.partner_code and n.at = s.valid_from::timestamptz`,
  checks: [
    unknownCode('partner_code', 'partner_id'),
    unknownCode('manager_code', 'manager_id'),
    {
      field: 'valid_to',
      when: sql`r.valid_to is not null and r.valid_to::timestamptz <= r.from_at`,
      message: sql`'valid_to is not after valid_from'`,
    },
  ],
  ...upsert({
    table: 'partner_mappings',
    match: sql`t.partner_id = r.partner_id and t.valid_from = r.from_at`,
    present: 'id',
    fields: [
      ...cells('partner_id', 'manager_id'),
      ...cast('smallint', 'reporting_type'),
      { column: 'valid_from', value: sql`r.from_at` },
      { column: 'valid_to', value: sql`r.to_at` },
    ],
    after: async (trx) => {
      // Earlier open spans of these partners end where their next span starts.
      await sql`update partner_mappings m set valid_to = nxt.at
        from (select m2.id, (select min(m3.valid_from) from partner_mappings m3
                             where m3.partner_id = m2.partner_id and m3.valid_from > m2.valid_from) as at
              from partner_mappings m2
              where m2.valid_to is null and m2.partner_id in (select partner_id from import_resolved)) nxt
        where m.id = nxt.id and nxt.at is not null`.execute(trx);
    },
  }),
};

const customers: EntitySpec = {
  key: ['customer_code'],
  perBatch: true,
  resolve: sql`select s.* from import_stage s`,
  checks: [],
  ...upsert({
    table: 'customers',
    match: sql`t.customer_code = r.customer_code`,
    present: 'id',
    fields: [...cells('customer_code', 'name', 'phone', 'email', 'pincode')],
  }),
};

/*
 * A policy without employee_code is credited to the manager its partner was mapped to at issued_at (the
 * credit rule of docs/decisions/003-policy-credited-employee.md); direct business names its employee.
 */
const policies: EntitySpec = {
  key: ['proposal_no'],
  perBatch: true,
  // The instant is read once per row (`offset 0` keeps the planner from folding the cast back into each use).
  resolve: sql`select s.*, p.id as partner_id, e.id as named_employee_id,
      coalesce(e.id, case when s.employee_code is null then (
        select m.manager_id from partner_mappings m
        where m.partner_id = p.id and m.valid_from <= s.issued and (m.valid_to is null or m.valid_to > s.issued)
        order by m.valid_from desc limit 1) end) as employee_id,
      c.id as customer_id, ${nameId('insurers', 'i', 's.insurer')} as insurer_id, ${nameId('states', 'st', 's.state')} as state_id,
      coalesce(s.weightage_premium::numeric, round(s.paid_amount::numeric * pr.weightage_factor, 2)) as wp
    from (select *, issued_at::timestamptz as issued from import_stage offset 0) s
    left join partners p on p.unique_code = s.partner_code
    left join employees e on e.unique_code = s.employee_code
    left join customers c on c.customer_code = s.customer_code
    left join insurers i on i.name = s.insurer
    left join states st on st.name = s.state
    left join products pr on pr.product_type_id = s.product_type_id::smallint`,
  checks: [
    unknownCode('partner_code', 'partner_id'),
    unknownCode('employee_code', 'named_employee_id'),
    unknownCode('customer_code', 'customer_id'),
    unknownName('insurer', 'insurer_id', 'insurer'),
    unknownName('state', 'state_id', 'state'),
    {
      field: 'employee_code',
      when: sql`r.partner_code is null and r.employee_code is null`,
      message: sql`'employee_code is required for direct business (no partner_code)'`,
    },
    {
      field: 'employee_code',
      when: sql`r.partner_id is not null and r.employee_code is null and r.employee_id is null`,
      message: sql`'partner ' || r.partner_code || ' has no manager mapped on ' || to_char(r.issued at time zone 'Asia/Kolkata', 'YYYY-MM-DD')
        || ': send employee_code or the partner''s mapping'`,
    },
  ],
  ...upsert({
    table: 'policies',
    match: sql`t.proposal_no = r.proposal_no`,
    present: 'id',
    fields: [
      ...cells('proposal_no', 'policy_no', 'partner_id', 'employee_id', 'customer_id'),
      ...cast('smallint', 'product_type_id'),
      ...cells('insurer_id', 'state_id'),
      ...cast('smallint', 'business_type'),
      ...cells('channel', 'status'),
      ...cast('numeric', 'paid_amount'),
      { column: 'weightage_premium', value: sql`r.wp` },
      ...cast('numeric', 'loan_amount'),
      ...cells('payment_id'),
      { column: 'issued_at', value: sql`r.issued` },
      ...cast('date', 'expiry_date'),
      ...cells('previous_policy_no'),
      ...cast('smallint', 'premium_payment_term'),
      ...cells('premium_installment_type'),
      ...cast('date', 'next_due_date'),
      ...cells('renewal_link', 'one_click_url'),
    ],
    // The ETL reads policies by updated_at: every change moves it.
    onInsert: [
      { column: 'created_at', value: sql`now()` },
      { column: 'updated_at', value: sql`now()` },
    ],
    onUpdate: [{ column: 'updated_at', value: sql`now()` }],
  }),
  // The statement trigger that checks each inserted policy's references (migration 018) repeats what resolve
  // and the checks did, at a third of a first load's time. Holding the lock its parents' deletes take
  // exclusively keeps every resolved reference valid until the import commits.
  firstLoad: {
    before: [
      sql`select pg_advisory_xact_lock_shared(${POLICY_REFERENCES_LOCK}::int, hashtext(current_schema()))`,
      sql`alter table policies disable trigger policies_references_on_insert`,
    ],
    after: [sql`alter table policies enable trigger policies_references_on_insert`],
  },
};

// Insurers and contests have no generated ids: new ones take the next free numbers.
const insurers: EntitySpec = {
  key: ['name'],
  resolve: sql`select s.line, coalesce(i.name, s.name) as name from import_stage s left join insurers i on lower(i.name) = lower(s.name)`,
  checks: [],
  ...upsert({
    table: 'insurers',
    match: sql`t.name = r.name`,
    present: 'id',
    fields: [{ column: 'name', value: sql`r.name` }],
    onInsert: [{ column: 'id', value: sql`(select coalesce(max(id), 0) from insurers) + row_number() over (order by r.line)` }],
  }),
};

const targets: EntitySpec = {
  key: ['employee_code', 'month'],
  resolve: sql`select s.*, e.id as employee_id from import_stage s left join employees e on e.unique_code = s.employee_code`,
  checks: [unknownCode('employee_code', 'employee_id')],
  ...upsert({
    table: 'targets',
    match: sql`t.employee_id = r.employee_id and t.month = r.month::date`,
    present: 'employee_id',
    fields: [...cells('employee_id'), ...cast('date', 'month'), ...cast('numeric', 'premium')],
  }),
};

const contests: EntitySpec = {
  key: ['name'],
  resolve: sql`select s.line, coalesce(c.name, s.name) as name, s.zones, s.starts_on, s.ends_on, s.target_wp,
      (select array_agg(z.id order by z.id) from zones z
       where lower(z.name) in (select lower(trim(x)) from regexp_split_to_table(s.zones, '[|,]') x)) as zone_ids,
      (select string_agg(trim(x), ', ') from regexp_split_to_table(s.zones, '[|,]') x
       where trim(x) <> '' and not exists (select 1 from zones z where lower(z.name) = lower(trim(x)))) as unknown_zones
    from import_stage s left join contests c on lower(c.name) = lower(s.name)`,
  checks: [
    {
      field: 'zones',
      when: sql`r.unknown_zones is not null or r.zone_ids is null`,
      message: sql`'zones "' || r.zones || '" names no known zone (' || (select string_agg(name, ', ' order by id) from zones) || ')'`,
    },
    {
      field: 'ends_on',
      when: sql`r.ends_on::date < r.starts_on::date`,
      message: sql`'ends_on is before starts_on'`,
    },
  ],
  ...upsert({
    table: 'contests',
    match: sql`t.name = r.name`,
    present: 'id',
    fields: [...cells('name'), ...cast('smallint[]', 'zone_ids'), ...cast('date', 'starts_on', 'ends_on'), ...cast('numeric', 'target_wp')],
    // A contest's board is the report with its id: new contests take ids from FIRST_CONTEST_ID on, clear of the
    // catalogue's own (docs/product/reports-catalogue.md, 'Contests').
    onInsert: [
      {
        column: 'id',
        value: sql`(select greatest(coalesce(max(id), 0), ${sql.lit(FIRST_CONTEST_ID - 1)}) from contests) + row_number() over (order by r.line)`,
      },
    ],
  }),
};

const cases: EntitySpec = {
  key: ['case_code'],
  resolve: sql`select s.*, c.id as customer_id, p.id as partner_id, e.id as trm_id
    from import_stage s
    left join customers c on c.customer_code = s.customer_code
    left join partners p on p.unique_code = s.partner_code
    left join employees e on e.unique_code = s.owner_code`,
  checks: [unknownCode('customer_code', 'customer_id'), unknownCode('partner_code', 'partner_id'), unknownCode('owner_code', 'trm_id')],
  ...upsert({
    table: 'cases',
    match: sql`t.case_code = r.case_code`,
    present: 'id',
    fields: [
      ...cells('case_code', 'customer_id', 'partner_id', 'trm_id'),
      ...cast('smallint', 'product_type_id'),
      ...cast('date', 'case_date'),
      ...cells('pincode', 'status', 'remark'),
    ],
    onUpdate: [{ column: 'updated_at', value: sql`now()` }],
  }),
};

const leads: EntitySpec = {
  key: ['case_code'],
  resolve: sql`select s.*, c.id as case_id, lc.id as category_id
    from import_stage s
    left join cases c on c.case_code = s.case_code
    left join lead_categories lc on lower(lc.name) = lower(s.category)`,
  checks: [
    unknownCode('case_code', 'case_id'),
    {
      field: 'category',
      when: sql`r.category_id is null`,
      message: sql`'category "' || r.category || '" is not a lead category ('
        || (select string_agg(name, ', ' order by sort_order) from lead_categories) || ')'`,
    },
  ],
  ...upsert({
    table: 'leads',
    match: sql`t.case_id = r.case_id`,
    present: 'id',
    fields: [...cells('case_id', 'category_id'), ...cast('date', 'lead_date')],
  }),
};

/*
 * Imported users have no local password ('!' never verifies): they sign in through the company's
 * identity provider, or get a password with `dossier users add`.
 */
const users: EntitySpec = {
  key: ['login'],
  // `held_*` is the stored user of the login (logins compare case-insensitively, as at sign-in).
  resolve: sql`select s.*, e.id as employee_id,
      (select u.login from users u where u.employee_id = e.id and u.login <> s.login limit 1) as other_login,
      held.employee_id as held_employee_id, held.is_admin as held_admin, held.active as held_active,
      (select he.unique_code from employees he where he.id = held.employee_id) as held_code
    from import_stage s left join employees e on e.unique_code = s.employee_code
    left join users held on lower(held.login) = lower(s.login)`,
  checks: [
    unknownCode('employee_code', 'employee_id'),
    {
      field: 'employee_code',
      when: sql`r.other_login is not null`,
      message: sql`'employee ' || r.employee_code || ' already has the user ' || r.other_login`,
    },
    // Who a login is and whether an administrator can sign in are decided on /admin, audited, never by a
    // feed: an import that could do either would let whoever holds its key take over an account
    // (docs/product/security.md, 'Imports and people').
    {
      field: 'employee_code',
      when: sql`r.held_employee_id is not null and r.employee_id is not null and r.held_employee_id <> r.employee_id`,
      message: sql`'the login ' || r.login || ' is the user of employee ' || r.held_code
        || ': an import never moves a login to another employee (administrators manage users on /admin)'`,
    },
    {
      field: 'active',
      when: sql`r.held_admin and r.active::boolean is distinct from r.held_active`,
      message: sql`'the login ' || r.login || ' is an administrator: an import never '
        || case when r.active::boolean then 'activates' else 'deactivates' end
        || ' an administrator (administrators do that on /admin)'`,
    },
  ],
  ...upsert({
    table: 'users',
    match: sql`t.login = r.login`,
    present: 'id',
    fields: [...cells('login', 'employee_id'), ...cast('boolean', 'email_report_access', 'download_report_access', 'active')],
    onInsert: [{ column: 'password_hash', value: sql`'!'` }],
  }),
};

export const ENTITY_SPECS: Record<ImportEntity, EntitySpec> = {
  employees,
  partners,
  partner_mappings: partnerMappings,
  customers,
  policies,
  insurers,
  targets,
  contests,
  leads,
  cases,
  users,
};
