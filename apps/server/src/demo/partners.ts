import { formatDay, iso, istInstant, PARTNER_CODE_MARKER } from '@dossier/shared';
import { mobile, personalEmail, personName, pickState, pincode } from './names';
import type { Org, Seller } from './people';
import type { DemoPlan } from './plan';
import { at, Rng, Weighted } from './random';
import { stateById } from './reference';
import type { DemoRow } from './insert';

/** POS partners, their onboarding journey, certifications and mapping history. */

export type PartnerRow = DemoRow<
  'partners',
  | 'id'
  | 'unique_code'
  | 'pos_code'
  | 'name'
  | 'phone'
  | 'email'
  | 'pincode'
  | 'state_id'
  | 'li_pos_status'
  | 'gi_pos_status'
  | 'registered_at'
  | 'documents_at'
  | 'training_at'
  | 'exam_at'
  | 'certified_at'
  | 'first_sale_at'
  | 'created_at'
>;

export type MappingRow = DemoRow<'partner_mappings', 'id' | 'partner_id' | 'manager_id' | 'reporting_type' | 'valid_from' | 'valid_to'>;

/** One mapping of the history, as instants (epoch ms); to = null is the current mapping. */
export interface Span {
  managerId: number;
  from: number;
  to: number | null;
}

/** What the policy generator needs to know about a partner. */
export interface PartnerProfile {
  id: number;
  zoneId: number;
  stateId: number;
  pincode: string;
  spans: Span[];
  /** First and last day the partner sells (null: never sells). */
  sellFrom: number | null;
  sellUntil: number;
  /** Relative volume: a few partners write most of the business. */
  activity: number;
  li: boolean;
  gi: boolean;
  /** Reporting type of the latest mapping: the RM's specialty tilts the partner's product mix. */
  reportingType: number;
}

export interface PartnerBook {
  rows: PartnerRow[];
  mappings: MappingRow[];
  profiles: PartnerProfile[];
}

export const PARTNERS_AT_SCALE_1 = 6000;

type Fate = 'mapped' | 'moved' | 'closed' | 'never';

function code(prefix: string, id: number): string {
  return `${prefix}${String(id).padStart(6, '0')}`;
}

export function buildPartners(plan: DemoPlan, org: Org): PartnerBook {
  const rng = new Rng(plan.seed, 'partners');
  const count = Math.max(20, Math.round(PARTNERS_AT_SCALE_1 * plan.scale));
  const rmPool = new Weighted(org.rms.map((r) => [r, r.weight] as const));
  const zonePools = new Map<number, Weighted<Seller>>();
  for (const zoneId of new Set(org.rms.map((r) => r.zoneId))) {
    zonePools.set(zoneId, new Weighted(org.rms.filter((r) => r.zoneId === zoneId).map((r) => [r, r.weight] as const)));
  }
  const byId = new Map(org.rms.map((r) => [r.id, r] as const));
  const demoRm = (id: number): Seller => {
    const rm = byId.get(id);
    if (!rm) throw new Error(`demo data: demo RM ${id} missing`);
    return rm;
  };
  // The first partners belong to the demo RMs, so every scale has a demonstrable book for them.
  const forced = [org.demo.rm, org.demo.rm, org.demo.rm, org.demo.rm, org.demo.r201, org.demo.r201, org.demo.r204, org.demo.r204].map(
    demoRm,
  );

  const rows: PartnerRow[] = [];
  const mappings: MappingRow[] = [];
  const profiles: PartnerProfile[] = [];
  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const sure = i < forced.length;
    let rm = sure ? at(forced, i) : rmPool.pick(rng);
    const roll = rng.next();
    // About 3% unmapped (2% never mapped, 1% whose mapping was closed), 4% moved between RMs.
    const fate: Fate = sure ? 'mapped' : roll < 0.02 ? 'never' : roll < 0.03 ? 'closed' : roll < 0.07 ? 'moved' : 'mapped';

    // Up to yesterday, so that the month so far has recruits from its second day on; a mapping that closes later
    // needs a few days after it.
    const lastRegistration = fate === 'closed' ? plan.end - 4 : plan.end;
    let registered: number;
    if (fate === 'never') registered = plan.end - rng.int(0, 120);
    else if (sure || rng.chance(0.55)) registered = plan.start - rng.int(30, 720);
    else registered = plan.start + Math.floor((lastRegistration + 1 - plan.start) * rng.next());

    // Each stage is reached by a decreasing share of partners, a few days after the previous one.
    const stage = (prev: number | null, p: number, minGap: number, maxGap: number): number | null => {
      if (prev === null || !(sure || rng.chance(p))) return null;
      const day = prev + rng.int(minGap, maxGap);
      return day <= plan.end ? day : null;
    };
    const documents = stage(registered, 0.88, 0, 7);
    const training = stage(documents, 0.86, 1, 14);
    const exam = stage(training, 0.9, 1, 10);
    const certified = stage(exam, 0.9, 0, 5);
    let firstSale = fate === 'never' ? null : stage(certified, 0.8, 1, 45);

    const mappedAt = istInstant(registered, 36_000 + rng.int(0, 28_800));
    const spans: Span[] = [];
    let sellUntil = sure || rng.chance(0.72) ? plan.end : (firstSale ?? plan.end) + rng.int(30, 430);
    if (fate === 'mapped') spans.push({ managerId: rm.id, from: mappedAt, to: null });
    if (fate === 'closed') {
      const closeDay = Math.min(plan.end - 1, registered + rng.int(60, Math.max(60, plan.end - 5 - registered)));
      spans.push({ managerId: rm.id, from: mappedAt, to: istInstant(closeDay, 68_400 + rng.int(0, 7200)) });
      sellUntil = Math.min(sellUntil, closeDay - 1);
      // first_sale_at is the day of the first policy, which needs a mapping to credit it.
      if (firstSale !== null && firstSale > sellUntil) firstSale = null;
    }
    if (fate === 'moved') {
      const lo = Math.max(registered + 30, plan.start + 15);
      const hi = plan.end - 10;
      const pool = zonePools.get(rm.zoneId);
      let next = rm;
      for (let k = 0; k < 5 && pool && next.id === rm.id; k++) next = pool.pick(rng);
      if (lo <= hi && next.id !== rm.id) {
        const moved = istInstant(rng.int(lo, hi), 68_400 + rng.int(0, 7200));
        spans.push({ managerId: rm.id, from: mappedAt, to: moved }, { managerId: next.id, from: moved, to: null });
        rm = next;
      } else {
        spans.push({ managerId: rm.id, from: mappedAt, to: null });
      }
    }
    sellUntil = Math.min(sellUntil, plan.end);

    const li_gi = certified === null ? 'none' : certifications(rng, rm.reportingType);
    const state = rng.chance(0.65) ? stateById(rm.stateId) : pickState(rng, rm.zoneId);
    const name = personName(rng, rm.zoneId);
    const pin = pincode(rng, state);
    const day = (d: number | null): string | null => (d === null ? null : formatDay(d));
    rows.push({
      id,
      unique_code: code(PARTNER_CODE_MARKER, id),
      pos_code: code('POS', id),
      name: name.full,
      phone: mobile(rng),
      email: personalEmail(rng, name, rng.int(1, 99)),
      pincode: pin,
      state_id: state.id,
      li_pos_status: li_gi === 'li' || li_gi === 'both',
      gi_pos_status: li_gi === 'gi' || li_gi === 'both',
      registered_at: formatDay(registered),
      documents_at: day(documents),
      training_at: day(training),
      exam_at: day(exam),
      certified_at: day(certified),
      first_sale_at: day(firstSale),
      created_at: iso(istInstant(registered, 32_400 + rng.int(0, 3600))),
    });
    for (const span of spans) {
      mappings.push({
        id: mappings.length + 1,
        partner_id: id,
        manager_id: span.managerId,
        reporting_type: (byId.get(span.managerId) ?? rm).reportingType,
        valid_from: iso(span.from),
        valid_to: span.to === null ? null : iso(span.to),
      });
    }
    profiles.push({
      id,
      zoneId: rm.zoneId,
      stateId: state.id,
      pincode: pin,
      spans,
      sellFrom: firstSale,
      sellUntil,
      activity: Math.exp(0.9 * rng.normal()),
      li: li_gi === 'li' || li_gi === 'both',
      gi: li_gi === 'gi' || li_gi === 'both',
      reportingType: rm.reportingType,
    });
  }
  return { rows, mappings, profiles };
}

/** Life (LI) and general (GI) POS certification, following what the RM specialises in. */
function certifications(rng: Rng, reportingType: number): 'li' | 'gi' | 'both' {
  const r = rng.next();
  if (reportingType === 9) return r < 0.55 ? 'li' : 'both';
  if (reportingType === 20 || reportingType === 21 || reportingType === 23) return r < 0.1 ? 'li' : r < 0.7 ? 'both' : 'gi';
  return r < 0.05 ? 'li' : r < 0.38 ? 'both' : 'gi';
}
