import { sql, type RawBuilder } from 'kysely';
import type { FixtureCase } from './fixtures';
import type { MatrixContext, Relation } from './types';
import { relativesFor, type Person } from './world';

/** Values that match every input pattern but name nothing in the database. */
export const MISSING = {
  employee: 'ZZ99999',
  partner: 'EI999999',
  id: 999_999_999,
  policy: 'NOPOLICY999',
  payment: 'NOPAYMENT999',
} as const;

/**
 * The person a relation names for the viewer. 'own' is someone below the viewer (or the viewer
 * when nobody is), unless `own` asks for the viewer themselves.
 */
export function personFor(ctx: MatrixContext, relation: Exclude<Relation, 'missing'>, own: 'self' | 'below' = 'below'): Person | undefined {
  const r = relativesFor(ctx.world, ctx.viewer.login);
  switch (relation) {
    case 'own':
      return own === 'self' ? r.self : (r.descendant ?? r.self);
    case 'sibling':
      return r.sibling;
    case 'ancestor':
      return r.parent;
    case 'unrelated':
      return r.cousin;
  }
}

export async function employeeCode(ctx: MatrixContext, relation: Relation, own: 'self' | 'below' = 'below'): Promise<string | undefined> {
  return relation === 'missing' ? MISSING.employee : personFor(ctx, relation, own)?.code;
}

export interface PartnerRef {
  id: number;
  code: string;
}

/**
 * Where employee `column` must sit for a relation: in the viewer's subtree (own), below a sibling,
 * one of the viewer's managers, or below another child of the viewer's grandparent (an unrelated
 * branch). Undefined when the viewer has no such relatives (the national head has none).
 */
function scopeOf(ctx: MatrixContext, relation: Exclude<Relation, 'missing'>, column: RawBuilder<unknown>): RawBuilder<unknown> | undefined {
  const v = ctx.viewer.employeeId;
  const parent = relativesFor(ctx.world, ctx.viewer.login).parent?.id;
  const within = (root: unknown, depth: number) =>
    sql`exists (select 1 from employee_closure c where c.ancestor_id = ${root} and c.descendant_id = ${column} and c.depth >= ${depth})`;
  if (relation === 'own') return within(v, 0);
  if (parent === undefined) return undefined;
  const outsideViewer = sql`not ${within(v, 0)}`;
  switch (relation) {
    case 'sibling':
      return sql`${within(parent, 1)} and ${outsideViewer}`;
    case 'ancestor':
      return sql`exists (select 1 from employee_closure c where c.ancestor_id = ${column} and c.descendant_id = ${v} and c.depth > 0)`;
    case 'unrelated':
      return sql`${within(sql`(select manager_id from employees where id = ${parent})`, 1)} and not ${within(parent, 0)}`;
  }
}

/** A partner mapped now into the relation's scope and, unless own, not into the viewer's subtree. */
export async function partnerFor(ctx: MatrixContext, relation: Exclude<Relation, 'missing'>): Promise<PartnerRef | undefined> {
  const scope = scopeOf(ctx, relation, sql.ref('m.manager_id'));
  if (!scope) return undefined;
  const notTheViewers = sql`not exists (select 1 from partner_mappings m2 join employee_closure c2 on c2.descendant_id = m2.manager_id
      where m2.partner_id = p.id and m2.valid_to is null and c2.ancestor_id = ${ctx.viewer.employeeId})`;
  const row = await sql<PartnerRef>`select p.id, p.unique_code as code from partners p
    join partner_mappings m on m.partner_id = p.id and m.valid_to is null
    where ${scope} and ${relation === 'own' ? sql`true` : notTheViewers} order by p.id limit 1`.execute(ctx.db);
  return row.rows[0];
}

export async function partnerCode(ctx: MatrixContext, relation: Relation): Promise<string | undefined> {
  return relation === 'missing' ? MISSING.partner : (await partnerFor(ctx, relation))?.code;
}

/** Any partner nobody in the viewer's subtree has now: a TRM case may be about anyone's customer. */
async function partnerOutside(ctx: MatrixContext): Promise<PartnerRef> {
  const row = await sql<PartnerRef>`select p.id, p.unique_code as code from partners p
    where not exists (select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
      where m.partner_id = p.id and m.valid_to is null and c.ancestor_id = ${ctx.viewer.employeeId})
    order by p.id limit 1`.execute(ctx.db);
  const found = row.rows[0];
  if (!found) throw new Error('no partner outside the viewer subtree');
  return found;
}

/**
 * A fresh open case. Own: a lead of a partner mapped into the viewer's subtree, or (for call-centre
 * staff, who have no partners) a case they work as TRM. Sibling: a lead of the sibling's partner when
 * there is one. Otherwise the relation's person works it as TRM.
 */
export async function caseFor(ctx: MatrixContext, relation: Relation): Promise<FixtureCase | undefined> {
  if (relation === 'missing') return { case_id: MISSING.id, customer_id: MISSING.id, partner_id: MISSING.id, product_code: 10 };
  if (relation === 'own' || relation === 'sibling') {
    const partner = await partnerFor(ctx, relation);
    if (partner) return ctx.fx.kase(partner.id, null);
  }
  const person = relation === 'own' ? ctx.viewer.employeeId : personFor(ctx, relation)?.id;
  if (person === undefined) return undefined;
  return ctx.fx.kase((await partnerOutside(ctx)).id, person);
}

export async function appointmentFor(ctx: MatrixContext, relation: Relation): Promise<number | undefined> {
  if (relation === 'missing') return MISSING.id;
  const person = relation === 'own' ? ctx.viewer.employeeId : personFor(ctx, relation)?.id;
  return person === undefined ? undefined : ctx.fx.appointment(person);
}

/**
 * A fresh pending mapping request item. Own: to someone below the viewer (or the viewer), raised by
 * someone else (a requester never decides their own request). Others: to and by the relation's person.
 */
export async function pendingItemFor(
  ctx: MatrixContext,
  relation: Relation,
): Promise<{ manager: string; partner: string; request: string } | undefined> {
  if (relation === 'missing') return { manager: MISSING.employee, partner: MISSING.partner, request: 'null' };
  const manager = personFor(ctx, relation);
  if (!manager) return undefined;
  const parent = relativesFor(ctx.world, ctx.viewer.login).parent;
  const requestedBy = manager.id !== ctx.viewer.employeeId ? manager.id : parent?.id;
  if (requestedBy === undefined) return undefined;
  const item = await ctx.fx.pendingItem(manager.id, requestedBy);
  return { manager: manager.code, partner: item.partner.code, request: item.request };
}

export interface PolicyRef {
  policy_number: string;
  product_type: string;
  payment_id: string;
}

/**
 * An expiring policy. Own: credited to the viewer's subtree. Others: credited in the relation's
 * scope with a partner not mapped into the viewer's subtree, so no path of the access rule reaches it.
 * `need` asks for a renewal link or a renewal awaiting payment.
 */
export async function policyFor(
  ctx: MatrixContext,
  relation: Relation,
  need: 'notice' | 'link' | 'payment',
): Promise<PolicyRef | undefined> {
  if (relation === 'missing') return { policy_number: MISSING.policy, product_type: 'motor', payment_id: MISSING.payment };
  const v = ctx.viewer.employeeId;
  const owner = scopeOf(ctx, relation, sql.ref('o.employee_id'));
  if (!owner) return undefined;
  const invisible =
    relation === 'own'
      ? sql`true`
      : sql`not exists (select 1 from employee_closure c where c.ancestor_id = ${v} and c.descendant_id = o.employee_id)
        and not exists (select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
          where m.partner_id = o.partner_id and m.valid_to is null and c.ancestor_id = ${v})`;
  // The renewal has the expiring policy's owner, so its payment id reaches the same access decision.
  const renewal = sql`select r.payment_id from policies r where r.previous_policy_no = o.policy_no and r.status = 'pending'
    and r.employee_id = o.employee_id and r.partner_id is not distinct from o.partner_id`;
  const needs = {
    notice: sql`true`,
    link: sql`(o.renewal_link is not null or exists (${renewal} and r.renewal_link is not null))`,
    payment: sql`exists (${renewal} and coalesce(r.one_click_url, r.renewal_link) is not null)`,
  }[need];
  const row = await sql<PolicyRef>`
    select o.policy_no as policy_number, pr.product_type,
      coalesce((${renewal} order by r.created_at desc limit 1), o.payment_id) as payment_id
    from policies o join products pr on pr.product_type_id = o.product_type_id
    where o.status = 'success' and o.policy_no is not null and ${owner} and ${invisible} and ${needs}
      and (select count(*) from policies d where d.policy_no = o.policy_no) = 1
    order by o.id limit 1`.execute(ctx.db);
  return row.rows[0];
}
