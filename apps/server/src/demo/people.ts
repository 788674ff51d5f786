import { iso, istInstant, ROLE_LIFE_ONLY, ROLE_PAYMASTER, ZONES } from '@dossier/shared';
import { mobile, personName, pickState, pincode, STAFF_DOMAIN } from './names';
import type { DemoPlan } from './plan';
import { at, Rng, Weighted } from './random';
import type { DemoRow } from './insert';

/** The sales organisation: national head → ZSM per zone → ASMs → team leads → RMs, TRMs, call centre. */

export type EmployeeRow = DemoRow<
  'employees',
  'id' | 'unique_code' | 'name' | 'email' | 'phone' | 'emp_role' | 'designation' | 'manager_id' | 'zone_id' | 'pincode' | 'created_at'
>;

export type ClosureRow = DemoRow<'employee_closure', 'ancestor_id' | 'descendant_id' | 'depth'>;

/** An employee who sells: RMs take partners (with their reporting type); RMs and team leads sell direct. */
export interface Seller {
  id: number;
  zoneId: number;
  stateId: number;
  reportingType: number;
  /** Relative size of the RM's partner book (or direct business). */
  weight: number;
}

export interface DemoStaff {
  head: number;
  zsm: number;
  asm: number;
  tl: number;
  rm: number;
  trm: number;
  r201: number;
  r204: number;
  supervisor: number;
}

export interface Org {
  employees: EmployeeRow[];
  closure: ClosureRow[];
  rms: Seller[];
  teamLeads: Seller[];
  demo: DemoStaff;
}

const ASMS_PER_ZONE = 3;
const TEAMS_PER_ASM = 3;
const TRMS_PER_ASM = 2;
const CALL_CENTRE_TRMS = 8;

// Field RMs (2) dominate; the others are line specialists and hybrids of the reporting types (docs/product/data-model.md, 'Reference data').
const RM_REPORTING_TYPES = new Weighted<number>([
  [2, 70],
  [8, 10],
  [9, 8],
  [20, 3],
  [21, 3],
  [22, 3],
  [23, 3],
]);

// Codes never contain the partner marker 'EI': every prefix is built from other letters.
const CODE_FORMATS = {
  national_head: ['NH', 3],
  zsm: ['ZSM', 3],
  asm: ['ASM', 3],
  team_lead: ['TL', 4],
  rm: ['RM', 5],
  trm: ['TRM', 4],
  supervisor: ['SUP', 3],
} as const;
type Designation = keyof typeof CODE_FORMATS;

export function buildOrg(plan: DemoPlan): Org {
  const rng = new Rng(plan.seed, 'org');
  // Benchmarks at large scales get more RMs, so partner books stay a plausible size.
  const rmsPerTeam = Math.min(40, Math.max(6, Math.round(6 * Math.sqrt(plan.scale))));
  const employees: EmployeeRow[] = [];
  const counters = new Map<Designation, number>();
  const emails = new Set<string>();
  const homeStates = new Map<number, number>();

  const add = (designation: Designation, empRole: string, managerId: number | null, zoneId: number | null): number => {
    const n = (counters.get(designation) ?? 0) + 1;
    counters.set(designation, n);
    const [prefix, width] = CODE_FORMATS[designation];
    const name = personName(rng, zoneId ?? rng.int(1, ZONES.length));
    const state = pickState(rng, zoneId);
    let email = `${name.first}.${name.last}`.toLowerCase();
    for (let k = 2; emails.has(email); k++) email = `${name.first}.${name.last}${k}`.toLowerCase();
    emails.add(email);
    const id = employees.length + 1;
    homeStates.set(id, state.id);
    employees.push({
      id,
      unique_code: `${prefix}${String(n).padStart(width, '0')}`,
      name: name.full,
      email: `${email}@${STAFF_DOMAIN}`,
      phone: mobile(rng),
      emp_role: empRole,
      designation,
      manager_id: managerId,
      zone_id: zoneId,
      pincode: pincode(rng, state),
      created_at: iso(istInstant(plan.start - rng.int(60, 2400), 10 * 3600)),
    });
    return id;
  };
  const seller = (id: number, zoneId: number, reportingType: number, weight: number): Seller => ({
    id,
    zoneId,
    stateId: homeStates.get(id) ?? 0,
    reportingType,
    weight,
  });

  const head = add('national_head', 'head', null, null);
  const rms: Seller[] = [];
  const teamLeads: Seller[] = [];
  const demo: Partial<DemoStaff> = { head };
  for (const zone of ZONES) {
    const zsm = add('zsm', 'zsm', head, zone.id);
    for (let a = 0; a < ASMS_PER_ZONE; a++) {
      const asm = add('asm', 'asm', zsm, zone.id);
      for (let t = 0; t < TEAMS_PER_ASM; t++) {
        const tl = add('team_lead', 'team_lead', asm, zone.id);
        teamLeads.push(seller(tl, zone.id, 2, rng.between(0.5, 1.5)));
        // The first team of the first zone is the demo branch: demo.zsm → asm → tl → rm, r201, r204.
        const demoTeam = zone.id === 1 && a === 0 && t === 0;
        for (let r = 0; r < rmsPerTeam; r++) {
          const slot = !demoTeam ? 'none' : r === 0 ? 'rm' : r === 1 ? 'r201' : r === rmsPerTeam - 1 ? 'r204' : 'none';
          const role = slot === 'r204' ? ROLE_LIFE_ONLY : slot === 'r201' || (slot === 'none' && rng.chance(0.08)) ? ROLE_PAYMASTER : 'rm';
          const id = add('rm', role, tl, zone.id);
          const reportingType = slot === 'r204' ? 9 : slot === 'none' ? RM_REPORTING_TYPES.pick(rng) : 2;
          const weight = slot === 'rm' ? 1.8 : slot === 'none' ? rng.between(0.4, 1.8) : 1.4;
          rms.push(seller(id, zone.id, reportingType, weight));
          if (slot !== 'none') demo[slot] = id;
        }
        if (demoTeam) demo.tl = tl;
      }
      for (let k = 0; k < TRMS_PER_ASM; k++) add('trm', 'trm', asm, zone.id);
      if (zone.id === 1 && a === 0) demo.asm = asm;
    }
    if (zone.id === 1) demo.zsm = zsm;
  }
  const supervisor = add('supervisor', 'supervisor', head, null);
  demo.supervisor = supervisor;
  // Call-centre TRMs cover the zones in turn, so zone-based lead routing has someone everywhere.
  for (let k = 0; k < CALL_CENTRE_TRMS; k++) {
    const id = add('trm', 'trm', supervisor, (k % ZONES.length) + 1);
    demo.trm ??= id;
  }

  return { employees, closure: closureOf(employees), rms, teamLeads, demo: complete(demo) };
}

function complete(demo: Partial<DemoStaff>): DemoStaff {
  const { head, zsm, asm, tl, rm, trm, r201, r204, supervisor } = demo;
  if (!head || !zsm || !asm || !tl || !rm || !trm || !r201 || !r204 || !supervisor) {
    throw new Error('demo data: a demo role was not assigned');
  }
  return { head, zsm, asm, tl, rm, trm, r201, r204, supervisor };
}

/** Every (ancestor, descendant, depth) pair, including each employee with itself at depth 0. */
export function closureOf(employees: readonly EmployeeRow[]): ClosureRow[] {
  const rows: ClosureRow[] = [];
  for (const e of employees) {
    let depth = 0;
    for (let cur: EmployeeRow | undefined = e; cur; depth++) {
      rows.push({ ancestor_id: cur.id, descendant_id: e.id, depth });
      // Ids are 1-based positions, and a manager always precedes its reports.
      cur = cur.manager_id === null ? undefined : at(employees, cur.manager_id - 1);
      if (depth > employees.length) throw new Error('demo data: cycle in the hierarchy');
    }
  }
  return rows;
}
