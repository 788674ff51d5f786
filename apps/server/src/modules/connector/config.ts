import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { CONNECTOR_ENTITIES, type ConnectorEntity } from './entities';

const identifier = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a column name of the query (letters, digits and _, not starting with a digit)');

const query = z
  .string({ error: 'is required: the SQL query that reads this entity' })
  .trim()
  .min(1, 'is empty')
  .refine(
    (q) => /^(\(|select\b|with\b)/i.test(q.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '')),
    'must be one SELECT (or WITH … SELECT) query',
  );

const lookbackMinutes = z
  .number({ error: 'must be a number of minutes' })
  .min(0, 'must be 0 or more')
  .max(10_080, 'must be at most 10080 (a week)');
const batchSize = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100_000, 'must be at most 100000');

const EntitySchema = z.strictObject(
  {
    query,
    /** Output column holding the row's last change; null reads every row on every run. */
    watermark: identifier.nullable().default('updated_at'),
    /**
     * Output column holding the row's creation instant (the panel's last_transaction_created_at); unset
     * means `created_at` when the query has one, null means none.
     */
    created: identifier.nullable().optional(),
    partial: z.boolean({ error: 'must be true or false' }).optional(),
    lookback_minutes: lookbackMinutes.optional(),
    batch_size: batchSize.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a mapping with at least a query') },
);

const FileSchema = z.strictObject(
  {
    lookback_minutes: lookbackMinutes.default(10),
    batch_size: batchSize.default(5000),
    partial: z.boolean({ error: 'must be true or false' }).default(false),
    entities: z.record(z.string(), EntitySchema, { error: 'must be a mapping of entity name to its query' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? undefined : 'must be a mapping (lookback_minutes, batch_size, partial, entities)',
  },
);

/** One entity as the connector reads it: every default applied. */
export interface EntitySource {
  entity: ConnectorEntity;
  query: string;
  watermark: string | null;
  /** The creation column, and whether the query must have it (named in the file) or may lack it (the default). */
  created: { column: string; required: boolean } | null;
  partial: boolean;
  lookbackMinutes: number;
  batchSize: number;
}

export interface ConnectorConfig {
  /** Where the configuration came from (messages name it). */
  file: string;
  /** In import order: an entity comes after the ones its rows refer to. */
  entities: EntitySource[];
}

export class ConnectorConfigError extends Error {}

/** Reads SOURCE_CONFIG (YAML for .yaml/.yml, JSON for .json); throws one message listing every problem. */
export function loadConnectorConfig(file: string): ConnectorConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConnectorConfigError(`SOURCE_CONFIG ${file}: cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? String(err))})`);
  }
  return parseConnectorConfig(text, file);
}

export function parseConnectorConfig(text: string, file: string): ConnectorConfig {
  const fail = (lines: string[]): never => {
    throw new ConnectorConfigError(
      `SOURCE_CONFIG ${file} is not a valid connector configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`,
    );
  };
  const ext = extname(file).toLowerCase();
  let raw: unknown;
  if (ext === '.json') {
    try {
      raw = JSON.parse(text);
    } catch (err) {
      fail([`not valid JSON: ${err instanceof Error ? err.message : String(err)}`]);
    }
  } else if (ext === '.yaml' || ext === '.yml') {
    const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
    if (doc.errors.length > 0) fail(doc.errors.map((e) => `not valid YAML: ${e.message.split('\n')[0]}`));
    raw = doc.toJS();
  } else {
    fail([`the file name must end in .yaml, .yml or .json (got "${ext || 'no extension'}")`]);
  }

  const parsed = FileSchema.safeParse(raw);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
      if (issue.code === 'unrecognized_keys')
        problems.push(`${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`);
      else problems.push(`${where}: ${issue.message}`);
    }
  }
  const entities = raw !== null && typeof raw === 'object' && 'entities' in raw ? raw.entities : undefined;
  if (entities !== null && typeof entities === 'object' && !Array.isArray(entities)) {
    const known = new Set<string>(CONNECTOR_ENTITIES);
    const names = Object.keys(entities);
    for (const name of names) {
      if (!known.has(name)) problems.push(`entities.${name}: unknown entity "${name}" (known: ${CONNECTOR_ENTITIES.join(', ')})`);
    }
    if (names.length === 0) problems.push('entities: lists no entity; give at least one query');
  }
  if (!parsed.success || problems.length > 0) return fail(problems);
  const data = parsed.data;
  for (const [name, e] of Object.entries(data.entities)) {
    if (e.created && e.created === e.watermark)
      problems.push(`entities.${name}: created and watermark name the same column "${e.created}"`);
  }
  if (problems.length > 0) fail(problems);

  return {
    file,
    entities: CONNECTOR_ENTITIES.flatMap((entity) => {
      const e = data.entities[entity];
      if (!e) return [];
      return [
        {
          entity,
          query: e.query,
          watermark: e.watermark,
          created:
            e.created === null
              ? null
              : e.created === undefined
                ? { column: 'created_at', required: false }
                : { column: e.created, required: true },
          partial: e.partial ?? data.partial,
          lookbackMinutes: e.lookback_minutes ?? data.lookback_minutes,
          batchSize: e.batch_size ?? data.batch_size,
        },
      ];
    }),
  };
}
