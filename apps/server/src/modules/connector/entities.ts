import { ImportEntity } from '@dossier/shared';

/**
 * The connector reads every entity, in the data contract's import order: each after the entities its rows
 * refer to (a mapping needs the partner and the manager, a policy its partner, customer and insurer, a lead
 * its case, a user the employee), so one run can bring a whole organisation.
 */
export const CONNECTOR_ENTITIES = ImportEntity.options;
export type ConnectorEntity = (typeof CONNECTOR_ENTITIES)[number];

/** The ETL panel's job for an entity (also the import record's actor). */
export const sourceJobName = (entity: string): string => `source_${entity}`;

/** Every entity of the data contract the connector does not know yet (a test keeps this empty). */
export const entitiesNotRead = (): string[] => ImportEntity.options.filter((e) => !(CONNECTOR_ENTITIES as readonly string[]).includes(e));
