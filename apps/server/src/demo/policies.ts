import { addMonths, formatDay, istDay, istInstant, iso, splitDay, weekday } from '@dossier/shared';
import {
  businessType,
  COMPANY_MIX,
  INSTALMENTS,
  insurerFor,
  partnerMix,
  PAYMENT_TERMS,
  RENEWABLE_LINES,
  RENEWAL_UPTAKE,
  type ProductEcon,
} from './catalog';
import { mobile, personalEmail, personName, pincode } from './names';
import type { PartnerProfile } from './partners';
import type { Org, Seller } from './people';
import { monthIndex, MONTHS, type DemoPlan } from './plan';
import { at, lowerBound, Rng, Weighted } from './random';
import { INSURERS, stateById, type InsurerDef, type Line } from './reference';
import type { DemoRow } from './insert';

/** Customers and policies, generated in issue order and handed out in batches for loading. */

export type CustomerRow = DemoRow<'customers', 'id' | 'name' | 'phone' | 'email' | 'pincode'>;

export type PolicyRow = DemoRow<
  'policies',
  | 'id'
  | 'proposal_no'
  | 'policy_no'
  | 'partner_id'
  | 'employee_id'
  | 'customer_id'
  | 'product_type_id'
  | 'insurer_id'
  | 'state_id'
  | 'business_type'
  | 'channel'
  | 'status'
  | 'paid_amount'
  | 'weightage_premium'
  | 'loan_amount'
  | 'payment_id'
  | 'issued_at'
  | 'created_at'
  | 'updated_at'
  | 'expiry_date'
  | 'previous_policy_no'
  | 'premium_payment_term'
  | 'premium_installment_type'
  | 'next_due_date'
  | 'renewal_link'
  | 'one_click_url'
>;

export interface PolicyBatch {
  customers: CustomerRow[];
  policies: PolicyRow[];
  done: number;
  total: number;
}

/** Successful business credited to each employee per plan month (index (id - 1) * MONTHS + month). */
export interface Achieved {
  premium: Float64Array;
  wp: Float64Array;
}

export const POLICIES_AT_SCALE_1 = 300_000;
const DIRECT_SHARE = 0.06;

/** What a renewal takes over from the policy it renews. */
interface Renewable {
  expiry: number;
  product: ProductEcon;
  insurer: InsurerDef;
  customerId: number;
  policyId: number;
  /** The year of the policy's issue day, part of its number. */
  year: number;
  paise: number;
}

const policyNumber = (insurer: InsurerDef, year: number, id: number) => `${insurer.code}/${year}/${String(id).padStart(9, '0')}`;

/**
 * Each source's renewable policies in expiry order (issue order, all one year). Kept in typed arrays, which
 * the garbage collector does not scan, and indexed directly rather than through the polymorphic `at`.
 */
class RenewalBook {
  private readonly queues: number[][];
  private readonly heads: Int32Array;
  private readonly products: ProductEcon[] = [];
  private readonly productIndex = new Map<ProductEcon, number>();
  private size = 0;
  private expiry = new Int32Array(1 << 16);
  private product = new Uint8Array(1 << 16);
  private insurer = new Uint16Array(1 << 16);
  private customer = new Int32Array(1 << 16);
  private policy = new Int32Array(1 << 16);
  private year = new Uint16Array(1 << 16);
  private paise = new Float64Array(1 << 16);
  private renewed = new Uint8Array(1 << 16);

  constructor(
    sources: number,
    private readonly insurers: ReadonlyMap<number, InsurerDef>,
  ) {
    this.queues = Array.from({ length: sources }, () => []);
    this.heads = new Int32Array(sources);
  }

  add(source: number, r: Renewable): void {
    if (this.size === this.expiry.length) this.grow();
    let product = this.productIndex.get(r.product);
    if (product === undefined) {
      product = this.products.push(r.product) - 1;
      this.productIndex.set(r.product, product);
    }
    const i = this.size++;
    this.expiry[i] = r.expiry;
    this.product[i] = product;
    this.insurer[i] = r.insurer.id;
    this.customer[i] = r.customerId;
    this.policy[i] = r.policyId;
    this.year[i] = r.year;
    this.paise[i] = r.paise;
    at(this.queues, source).push(i);
  }

  /** A not yet renewed policy of the line expiring between 15 days ago and 45 days ahead (marked renewed). */
  take(source: number, day: number, line: Line, renews: (due: Renewable) => boolean): Renewable | undefined {
    const queue = at(this.queues, source);
    let head = at(this.heads, source);
    while (head < queue.length && this.expiry[queue[head]!]! < day - 15) head++;
    // Lapsed entries are never looked at again: drop them now and then to bound memory.
    if (head > 256 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    this.heads[source] = head;
    for (let q = head; q < queue.length && this.expiry[queue[q]!]! <= day + 45; q++) {
      const i = queue[q]!;
      const product = at(this.products, this.product[i]!);
      if (this.renewed[i] || product.def.line !== line) continue;
      const due: Renewable = {
        expiry: this.expiry[i]!,
        product,
        insurer: this.insurerOf(this.insurer[i]!),
        customerId: this.customer[i]!,
        policyId: this.policy[i]!,
        year: this.year[i]!,
        paise: this.paise[i]!,
      };
      if (!renews(due)) return undefined;
      this.renewed[i] = 1;
      return due;
    }
    return undefined;
  }

  private insurerOf(id: number): InsurerDef {
    const insurer = this.insurers.get(id);
    if (!insurer) throw new Error(`demo data: no insurer ${id}`);
    return insurer;
  }

  private grow(): void {
    const bigger = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(a.length * 2);
      b.set(a);
      return b;
    };
    this.expiry = bigger(this.expiry);
    this.product = bigger(this.product);
    this.insurer = bigger(this.insurer);
    this.customer = bigger(this.customer);
    this.policy = bigger(this.policy);
    this.year = bigger(this.year);
    this.paise = bigger(this.paise);
    this.renewed = bigger(this.renewed);
  }
}

/** The next life instalment date: the first one not more than 15 days past (still in its grace period). */
function nextInstalment(issued: number, monthsApart: number, today: number): number {
  let j = 1;
  while (addMonths(issued, monthsApart * j) < today - 15) j++;
  return addMonths(issued, monthsApart * j);
}

/** Business per day: growing over the window, quiet Sundays, month-end pushes, festive Oct-Nov. */
function dayWeights(plan: DemoPlan): Float64Array {
  const n = plan.end - plan.start + 1;
  const cum = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const day = plan.start + i;
    const { m, d } = splitDay(day);
    const wd = weekday(day);
    let w = (0.85 + (0.3 * i) / Math.max(1, n - 1)) * (wd === 0 ? 0.3 : wd === 6 ? 0.8 : 1);
    if (splitDay(day + 3).m !== m) w *= 1.4;
    if (m === 10 || m === 11) w *= 1.2;
    if (m === 3 && d > 10) w *= 1.1;
    total += w;
    cum[i] = total;
  }
  return cum;
}

/** Seconds into the day: branch hours peak in the afternoon; online sales run from morning to midnight. */
function secondOfDay(rng: Rng, online: boolean): number {
  if (online) return rng.int(7 * 3600, 24 * 3600 - 1);
  return 34_200 + Math.floor(((rng.next() + rng.next()) / 2) * 39_600);
}

function rupees(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

export function newAchieved(org: Org): Achieved {
  return { premium: new Float64Array(org.employees.length * MONTHS), wp: new Float64Array(org.employees.length * MONTHS) };
}

export function* generatePolicies(
  plan: DemoPlan,
  org: Org,
  partners: readonly PartnerProfile[],
  achieved: Achieved,
  batchSize: number,
): Generator<PolicyBatch> {
  const rng = new Rng(plan.seed, 'policies');
  const cum = dayWeights(plan);
  const mass = (a: number, b: number): number => at(cum, b - plan.start) - (a > plan.start ? at(cum, a - 1 - plan.start) : 0);
  const sampleDay = (a: number, b: number): number => {
    const lo = a > plan.start ? at(cum, a - 1 - plan.start) : 0;
    return plan.start + lowerBound(cum, lo + rng.next() * (at(cum, b - plan.start) - lo));
  };

  // 1. How many policies each partner writes: activity × business days in its selling period.
  const total = Math.max(100, Math.round(POLICIES_AT_SCALE_1 * plan.scale));
  const directCount = Math.round(total * DIRECT_SHARE);
  const ranges = partners.map((p) => {
    const a = p.sellFrom === null ? plan.end + 1 : Math.max(p.sellFrom, plan.start);
    return { a, b: p.sellUntil, expected: a <= p.sellUntil ? p.activity * mass(a, p.sellUntil) : 0 };
  });
  const expectedSum = ranges.reduce((s, r) => s + r.expected, 0);
  const counts = ranges.map((r, i) => {
    if (r.expected === 0) return 0;
    const n = Math.floor(((total - directCount) * r.expected) / expectedSum + rng.next());
    // first_sale_at inside the window is the day of the partner's first policy, so there is one.
    return at(partners, i).sellFrom === r.a ? Math.max(1, n) : n;
  });
  const sellers: Seller[] = [...org.rms.filter((r) => r.reportingType === 2), ...org.teamLeads];
  const sellerPool = new Weighted(sellers.map((s, i) => [i, org.teamLeads.includes(s) ? 1.5 : 1] as const));

  // 2. When: one instant per policy; sources are partner indexes, then direct sellers after them.
  const count = counts.reduce((s, n) => s + n, 0) + directCount;
  const times = new Float64Array(count);
  const sources = new Int32Array(count);
  const online = new Uint8Array(count);
  let k = 0;
  counts.forEach((n, p) => {
    const r = at(ranges, p);
    for (let j = 0; j < n; j++, k++) {
      const day = j === 0 && at(partners, p).sellFrom === r.a ? r.a : sampleDay(r.a, r.b);
      times[k] = istInstant(day, secondOfDay(rng, false));
      sources[k] = p;
    }
  });
  for (let j = 0; j < directCount; j++, k++) {
    const isOnline = rng.chance(0.45);
    times[k] = istInstant(sampleDay(plan.start, plan.end), secondOfDay(rng, isOnline));
    sources[k] = partners.length + sellerPool.pick(rng);
    online[k] = isOnline ? 1 : 0;
  }
  // Kept as a typed array: the garbage collector does not walk its elements on every full collection.
  const order = Int32Array.from(
    Array.from({ length: count }, (_, i) => i).sort((x, y) => times[x]! - times[y]! || sources[x]! - sources[y]! || x - y),
  );

  // 3. What: each policy in issue order, so ids, renewals and customer reuse follow time. The typed arrays
  // above are read directly (see RenewalBook).
  const mixes = partners.map((p) => (p.sellFrom === null ? null : partnerMix(rng, p.reportingType, p.li, p.gi)));
  const renewals = new RenewalBook(partners.length + sellers.length, new Map(INSURERS.map((i) => [i.id, i])));
  const customersOf: number[][] = Array.from({ length: partners.length + sellers.length }, () => []);
  const lastInstant = istInstant(plan.today, 0) - 1000;
  let customers: CustomerRow[] = [];
  let policies: PolicyRow[] = [];
  let nextCustomer = 1;

  for (let n = 0; n < count; n++) {
    const idx = order[n]!;
    const id = n + 1;
    const t = times[idx]!;
    const source = sources[idx]!;
    const day = istDay(t);
    const partner = source < partners.length ? at(partners, source) : null;
    const seller = partner ? null : at(sellers, source - partners.length);
    let employeeId: number;
    if (partner) {
      const span = partner.spans.find((s) => s.from <= t && (s.to === null || t < s.to));
      if (!span) throw new Error(`demo data: partner ${partner.id} unmapped at ${iso(t)}`);
      employeeId = span.managerId;
    } else employeeId = seller?.id ?? 0;
    const zoneId = partner?.zoneId ?? seller?.zoneId ?? 1;
    const stateId = partner?.stateId ?? seller?.stateId ?? 1;
    let product = (partner ? mixes[source] : null)?.pick(rng) ?? COMPANY_MIX.pick(rng);

    const uptake = RENEWAL_UPTAKE[product.def.line] ?? 0;
    const renewal = renewals.take(source, day, product.def.line, () => rng.chance(uptake));

    let insurer: InsurerDef;
    let bt: number;
    let previous: string | null = null;
    let customerId: number;
    const { y } = splitDay(day);
    if (renewal) {
      product = renewal.product;
      customerId = renewal.customerId;
      previous = policyNumber(renewal.insurer, renewal.year, renewal.policyId);
      bt = rng.chance(0.85) ? 3 : 2;
      insurer = bt === 3 ? renewal.insurer : insurerFor(rng, product.def.line, renewal.insurer);
    } else {
      bt = businessType(rng, product.def.line);
      insurer = insurerFor(rng, product.def.line);
      // Renewals and rollovers of policies bought before the window (or elsewhere) cite a made-up number.
      if (bt !== 1) previous = `${(bt === 3 ? insurer : insurerFor(rng, product.def.line, insurer)).code}/${y - 1}/${rng.digits(9)}`;
      const known = at(customersOf, source);
      if (known.length > 0 && rng.chance(0.1)) customerId = rng.pick(known);
      else {
        customerId = nextCustomer++;
        known.push(customerId);
        const name = personName(rng, zoneId);
        customers.push({
          id: customerId,
          name: name.full,
          phone: mobile(rng),
          email: personalEmail(rng, name, rng.int(1, 999)),
          pincode: partner && rng.chance(0.25) ? partner.pincode : pincode(rng, stateById(stateId)),
        });
      }
    }

    const age = plan.end - day;
    const roll = rng.next();
    // Pending proposals are mostly recent: old ones were paid or lapsed long ago.
    const status = roll < 0.05 ? 'cancelled' : roll < 0.05 + (age < 30 ? 0.25 : 0.058) ? 'pending' : 'success';

    const line = product.def.line;
    let paise: number;
    let loan: string | null = null;
    let term: number | null = null;
    let instalment: string | null = null;
    let nextDue: string | null = null;
    if (line === 'life') {
      const [type, perYear] = INSTALMENTS.pick(rng);
      paise = Math.round((rng.amount(...product.premium) * 100) / perYear);
      term = PAYMENT_TERMS.pick(rng);
      instalment = type;
      if (status === 'success') nextDue = formatDay(nextInstalment(day, 12 / perYear, plan.today));
    } else {
      paise = renewal ? Math.round(renewal.paise * rng.between(0.95, 1.15)) : Math.round(rng.amount(...product.premium) * 100);
      if (product.loan) loan = `${Math.round(rng.amount(...product.loan) / 1000) * 1000}.00`;
    }
    // Integer arithmetic: round half up, exactly as PostgreSQL rounds numeric(paid × factor, 2).
    const wPaise = Math.floor((paise * Math.round(product.def.weightage_factor * 100) + 50) / 100);

    let expiry: number | null = null;
    if (status !== 'cancelled' && line !== 'life' && line !== 'loan') {
      // New vehicles carry long-term third-party cover: 5 years for two-wheelers, 3 for cars.
      const years = bt === 1 && product.def.product_type_id === 29 ? 5 : bt === 1 && product.def.product_type_id === 30 ? 3 : 1;
      expiry = line === 'travel' ? day + rng.int(4, 60) : addMonths(day, 12 * years) - 1;
    }

    const proposalNo = `PR${String(y % 100).padStart(2, '0')}${String(id).padStart(9, '0')}`;
    const policyNo = status === 'success' ? policyNumber(insurer, y, id) : null;
    const awaitingPayment = status === 'pending' && bt !== 1 && rng.chance(0.85);
    const created = t - rng.int(120, 5400) * 1000;
    const later = status === 'cancelled' ? rng.int(1, 15) * 86_400 : status === 'pending' ? rng.int(0, 1800) : rng.int(5, 600);
    const updated = Math.max(t, Math.min(t + later * 1000, lastInstant));

    policies.push({
      id,
      proposal_no: proposalNo,
      policy_no: policyNo,
      partner_id: partner?.id ?? null,
      employee_id: employeeId,
      customer_id: customerId,
      product_type_id: product.def.product_type_id,
      insurer_id: insurer.id,
      state_id: stateId,
      business_type: bt,
      channel: partner ? 'pos' : online[idx] ? 'online' : 'direct',
      status,
      paid_amount: rupees(paise),
      weightage_premium: rupees(wPaise),
      loan_amount: loan,
      payment_id: `pay_${rng.base62(14)}`,
      issued_at: iso(t),
      created_at: iso(created),
      updated_at: iso(updated),
      expiry_date: expiry === null ? null : formatDay(expiry),
      previous_policy_no: previous,
      premium_payment_term: term,
      premium_installment_type: instalment,
      next_due_date: nextDue,
      renewal_link: awaitingPayment ? `https://renew.dossier.example/r/${proposalNo}` : null,
      one_click_url: awaitingPayment ? `https://pay.dossier.example/one-click/${rng.base62(24)}` : null,
    });

    if (status === 'success') {
      const cell = (employeeId - 1) * MONTHS + monthIndex(plan, day);
      achieved.premium[cell] = achieved.premium[cell]! + paise / 100;
      achieved.wp[cell] = achieved.wp[cell]! + wPaise / 100;
      if (policyNo && expiry !== null && RENEWABLE_LINES.has(line) && expiry - day < 370) {
        renewals.add(source, { expiry, product, insurer, customerId, policyId: id, year: y, paise });
      }
    }

    if (policies.length >= batchSize || n === count - 1) {
      yield { customers, policies, done: n + 1, total: count };
      customers = [];
      policies = [];
    }
  }
}
