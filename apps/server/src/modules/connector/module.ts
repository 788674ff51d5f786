import type { Config } from '../../config';
import { importRows } from '../imports/module';
import { loadConnectorConfig } from './config';
import { SourceConnector } from './connector';

// What the process may use (docs/architecture.md, 'A module'): the connector is built at start-up and handed
// to the modules as `ModuleDeps.connector`; its ETL panel rows are synchronised before the first run.
export { ConnectorConfigError } from './config';
export { syncSourceJobs, type SourceConnector } from './connector';

/**
 * The connector the settings ask for: SOURCE_DATABASE_URL and SOURCE_CONFIG together (config.ts refuses
 * one without the other), or none. Reads and checks the configuration file now, so a bad one stops the
 * server at start with its message instead of failing every ETL run.
 */
export function createSourceConnector(
  config: Pick<Config, 'SOURCE_DATABASE_URL' | 'SOURCE_CONFIG'>,
  log?: { error: (obj: object, msg: string) => void },
): SourceConnector | undefined {
  if (!config.SOURCE_DATABASE_URL || !config.SOURCE_CONFIG) return undefined;
  return new SourceConnector(config.SOURCE_DATABASE_URL, loadConnectorConfig(config.SOURCE_CONFIG), importRows, log);
}
