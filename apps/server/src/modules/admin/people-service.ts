import type { AdminOptions, PeopleList, PeopleQuery, PersonCreate, PersonDetail, PersonUpdate } from '@dossier/shared';
import { PERSON_PARTNERS_SHOWN } from '@dossier/shared';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/http-errors';
import { addToClosure, afterHierarchyMove, isSelfOrBelow, moveEmployee, noteReportInputsChanged } from '../etl/module';
import { pauseSubscriptionsOf } from '../subscriptions/module';
import type { AdminActor } from './actor';
import {
  activeDirectReports,
  adminOptions,
  directReports,
  findEmployee,
  insertEmployee,
  managerChain,
  mappedPartners,
  personRow,
  revokeEmployeeSessions,
  setEmployeeActive,
  teamSize,
  updateEmployee,
  zoneExists,
  type EmployeeRecord,
} from './people-queries';
import { listPeople } from './people-queries';
import { findAdminUser } from './users-queries';

/* People on the admin screens: search, one person's place in the organisation, create, edit, move, deactivate. */

export function options(db: Db, _actor: AdminActor): Promise<AdminOptions> {
  return adminOptions(db);
}

export function list(db: Db, _actor: AdminActor, query: PeopleQuery): Promise<PeopleList> {
  return listPeople(db, query);
}

export async function detail(db: Db, _actor: AdminActor, code: string): Promise<PersonDetail> {
  const employee = await employeeByCode(db, code);
  const [person, chain, reports, size, partners, user] = await Promise.all([
    personRow(db, employee.id),
    managerChain(db, employee.id),
    directReports(db, employee.id),
    teamSize(db, employee.id),
    mappedPartners(db, employee.id, PERSON_PARTNERS_SHOWN),
    findAdminUser(db, { employeeId: employee.id }),
  ]);
  return { person, chain, reports, team_size: size, partners, user: user ?? null };
}

export async function create(db: Db, actor: AdminActor, input: PersonCreate): Promise<PersonDetail> {
  if (await findEmployee(db, input.code)) throw conflict(`An employee with code ${input.code} already exists`);
  const manager = input.manager_code === null ? null : await activeManager(db, input.manager_code);
  await checkZone(db, input.zone_id);
  await db.transaction().execute(async (trx) => {
    const id = await insertEmployee(trx, {
      unique_code: input.code,
      name: input.name,
      email: input.email,
      phone: input.phone,
      emp_role: input.emp_role,
      designation: input.designation,
      zone_id: input.zone_id,
      pincode: input.pincode,
      manager_id: manager?.id ?? null,
    });
    await addToClosure(trx, id, manager?.id ?? null);
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: 'admin.person_create',
      entity: 'employee',
      entityId: input.code,
      after: input,
      ip: actor.ip,
    });
  });
  await noteReportInputsChanged(db);
  return detail(db, actor, input.code);
}

export async function update(db: Db, actor: AdminActor, code: string, input: PersonUpdate): Promise<PersonDetail> {
  const employee = await employeeByCode(db, code);
  if (input.zone_id !== undefined) await checkZone(db, input.zone_id);
  let newManager: EmployeeRecord | null | undefined;
  if (input.manager_code !== undefined) {
    newManager = input.manager_code === null ? null : await activeManager(db, input.manager_code);
    if (newManager && (await isSelfOrBelow(db, employee.id, newManager.id))) {
      throw badRequest(
        newManager.id === employee.id
          ? `${employee.name} cannot report to themselves`
          : `${employee.name} cannot report to ${newManager.name}, who is in their own team`,
      );
    }
  }
  const { manager_code: _manager, ...fields } = input;
  const moves = newManager !== undefined && (newManager?.id ?? null) !== employee.manager_id;
  const before = await personRow(db, employee.id);
  await db.transaction().execute(async (trx) => {
    if (Object.keys(fields).length > 0) await updateEmployee(trx, employee.id, fields);
    if (moves) await moveEmployee(trx, employee.id, newManager?.id ?? null);
    const after = await personRow(trx, employee.id);
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]);
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: moves ? 'admin.person_move' : 'admin.person_update',
      entity: 'employee',
      entityId: code,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      ip: actor.ip,
    });
  });
  if (moves) afterHierarchyMove();
  await noteReportInputsChanged(db);
  return detail(db, actor, code);
}

/** Deactivating ends the person's sessions (a user of an inactive employee cannot sign in). */
export async function setActive(db: Db, actor: AdminActor, code: string, active: boolean): Promise<PersonDetail> {
  const employee = await employeeByCode(db, code);
  if (employee.active === active) return detail(db, actor, code);
  if (!active) {
    if (employee.id === actor.viewer.employeeId) throw badRequest('You cannot deactivate yourself');
    const reports = await activeDirectReports(db, employee.id);
    if (reports > 0)
      throw conflict(
        `${employee.name} still has ${reports} active direct report${reports === 1 ? '' : 's'}: move them to another manager first`,
      );
  }
  await db.transaction().execute(async (trx) => {
    await setEmployeeActive(trx, employee.id, active);
    if (!active) await revokeEmployeeSessions(trx, employee.id);
    const paused = active ? 0 : await pauseSubscriptionsOf(trx, { employeeId: employee.id });
    await audit(trx, {
      actorUserId: actor.viewer.userId,
      action: active ? 'admin.person_activate' : 'admin.person_deactivate',
      entity: 'employee',
      entityId: code,
      before: { active: !active },
      after: { active, ...(active ? {} : { subscriptions_paused: paused }) },
      ip: actor.ip,
    });
  });
  await noteReportInputsChanged(db);
  return detail(db, actor, code);
}

async function employeeByCode(db: Db, code: string): Promise<EmployeeRecord> {
  const employee = await findEmployee(db, code);
  if (!employee) throw notFound(`No employee ${code}`);
  return employee;
}

async function activeManager(db: Db, code: string): Promise<EmployeeRecord> {
  const manager = await findEmployee(db, code);
  if (!manager) throw badRequest(`No employee ${code} to report to`);
  if (!manager.active) throw badRequest(`${manager.name} (${code}) is deactivated and cannot have reports`);
  return manager;
}

async function checkZone(db: Db, zoneId: number | null): Promise<void> {
  if (zoneId === null) return;
  if (!(await zoneExists(db, zoneId))) throw badRequest(`No zone ${zoneId}`);
}
