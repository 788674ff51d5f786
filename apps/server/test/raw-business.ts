import { formatRupee } from '@dossier/shared';
import type { Db } from '../src/platform/db';

/** Policies as plain objects, with the Indian business day computed in JS: the independent side of the checks. */
export interface RawPolicy {
  id: number;
  partnerId: number | null;
  employeeId: number;
  productTypeId: number;
  line: string;
  insurer: string;
  stateId: number;
  businessType: number;
  channel: string;
  status: string;
  /** 0 and '' where the policy has none, as the roll-ups keep them. */
  paymentTerm: number;
  installmentType: string;
  premium: number;
  wp: number;
  loan: number;
  day: string;
}

export interface RawWorld {
  policies: RawPolicy[];
  /** employee id → ids of the whole subtree (self included), from the manager chain, not the closure table. */
  subtree: Map<number, Set<number>>;
  employees: { id: number; code: string; name: string; managerId: number | null; designation: string }[];
}

const kolkataDay = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export async function loadRawWorld(db: Db): Promise<RawWorld> {
  const rows = await db
    .selectFrom('policies as p')
    .innerJoin('products as pr', 'pr.product_type_id', 'p.product_type_id')
    .innerJoin('insurers as i', 'i.id', 'p.insurer_id')
    .select([
      'p.id',
      'p.partner_id',
      'p.employee_id',
      'p.product_type_id',
      'pr.line',
      'i.name as insurer',
      'p.state_id',
      'p.business_type',
      'p.channel',
      'p.status',
      'p.premium_payment_term',
      'p.premium_installment_type',
      'p.paid_amount',
      'p.weightage_premium',
      'p.loan_amount',
      'p.issued_at',
    ])
    .execute();
  const employees = (await db.selectFrom('employees').select(['id', 'unique_code', 'name', 'manager_id', 'designation']).execute()).map(
    (e) => ({
      id: e.id,
      code: e.unique_code,
      name: e.name,
      managerId: e.manager_id,
      designation: e.designation,
    }),
  );
  const subtree = new Map<number, Set<number>>(employees.map((e) => [e.id, new Set([e.id])]));
  for (const e of employees) {
    let m = e.managerId;
    while (m !== null) {
      subtree.get(m)?.add(e.id);
      m = employees.find((x) => x.id === m)?.managerId ?? null;
    }
  }
  return {
    employees,
    subtree,
    policies: rows.map((r) => ({
      id: Number(r.id),
      partnerId: r.partner_id,
      employeeId: r.employee_id,
      productTypeId: r.product_type_id,
      line: r.line,
      insurer: r.insurer,
      stateId: r.state_id,
      businessType: r.business_type,
      channel: r.channel,
      status: r.status,
      paymentTerm: r.premium_payment_term ?? 0,
      installmentType: r.premium_installment_type ?? '',
      premium: Number(r.paid_amount),
      wp: Number(r.weightage_premium),
      loan: Number(r.loan_amount ?? 0),
      day: kolkataDay(new Date(r.issued_at)),
    })),
  };
}

export interface Sums {
  nop: number;
  premium: number;
  wp: number;
  loan: number;
}

export function sum(policies: RawPolicy[]): Sums {
  const s = { nop: 0, premium: 0, wp: 0, loan: 0 };
  for (const p of policies) {
    s.nop += 1;
    s.premium += p.premium;
    s.wp += p.wp;
    s.loan += p.loan;
  }
  return { nop: s.nop, premium: Math.round(s.premium * 100) / 100, wp: Math.round(s.wp * 100) / 100, loan: Math.round(s.loan * 100) / 100 };
}

/**
 * Growth in percent as the reports compute it (docs/product/reports-catalogue.md, 'Growth'), recomputed
 * independently; from nothing, 'New' with the change itself (rupees for premium, a count for policies).
 */
export const growthOf = (cur: number, prev: number, unit: 'rupees' | 'count' = 'count'): number | string => {
  if (prev !== 0) return Math.round(((cur - prev) / prev) * 10_000) / 100;
  if (cur === 0) return 0;
  return `New (${cur < 0 ? '−' : '+'}${unit === 'rupees' ? formatRupee(Math.abs(cur)) : String(Math.abs(cur))})`;
};

/** Whether a policy was issued within a range (India dates, both ends included). */
export const issuedIn = (p: RawPolicy, r: { start: string; end: string }): boolean => p.day >= r.start && p.day <= r.end;
