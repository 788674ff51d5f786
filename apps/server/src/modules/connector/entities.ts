import { ImportEntity } from '@dossier/shared';

/**
 * Entities the connector can read, in the order a run imports them (the data contract's import order):
 * each comes after the entities its rows refer to (a mapping needs the partner and the manager, a policy
 * its partner, customer and insurer, a lead its case, a user the employee), so one run can bring a whole
 * organisation.
 */
export const CONNECTOR_ENTITIES = [
  'insurers',
  'employees',
  'partners',
  'partner_mappings',
  'customers',
  'policies',
  'targets',
  'contests',
  'cases',
  'leads',
  'users',
] as const satisfies readonly ImportEntity[];
export type ConnectorEntity = (typeof CONNECTOR_ENTITIES)[number];

/** The ETL panel's job for an entity (also the import record's actor). */
export const sourceJobName = (entity: string): string => `source_${entity}`;

/** Every entity of the data contract the connector does not know yet (a test keeps this empty). */
export const entitiesNotRead = (): string[] => ImportEntity.options.filter((e) => !(CONNECTOR_ENTITIES as readonly string[]).includes(e));
