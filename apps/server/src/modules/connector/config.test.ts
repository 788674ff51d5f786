import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { loadConnectorConfig, parseConnectorConfig } from './config';
import { createSourceConnector } from './module';

const problems = (text: string, file = 'connector.yaml'): string => {
  try {
    parseConnectorConfig(text, file);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  return 'no error';
};

describe('connector configuration', () => {
  it('reads YAML with defaults and puts the entities in import order', () => {
    const config = parseConnectorConfig(
      `
lookback_minutes: 15
entities:
  policies:
    query: |
      select proposal_no, updated_at from sales.policy -- every policy
    partial: true
  employees:
    query: select code as unique_code, modified_on from hr.staff
    watermark: modified_on
    created: null
    batch_size: 200
  insurers:
    query: select name from ref.insurer
    watermark: null
`,
      'connector.yaml',
    );
    expect(config.entities).toEqual([
      {
        entity: 'insurers',
        query: 'select name from ref.insurer',
        watermark: null,
        created: { column: 'created_at', required: false },
        partial: false,
        lookbackMinutes: 15,
        batchSize: 5000,
      },
      {
        entity: 'employees',
        query: 'select code as unique_code, modified_on from hr.staff',
        watermark: 'modified_on',
        created: null,
        partial: false,
        lookbackMinutes: 15,
        batchSize: 200,
      },
      {
        entity: 'policies',
        query: 'select proposal_no, updated_at from sales.policy -- every policy',
        watermark: 'updated_at',
        created: { column: 'created_at', required: false },
        partial: true,
        lookbackMinutes: 15,
        batchSize: 5000,
      },
    ]);
  });

  it('reads the same configuration from JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'connector-'));
    const file = join(dir, 'connector.json');
    writeFileSync(
      file,
      JSON.stringify({ partial: true, entities: { partners: { query: 'with p as (select 1) select * from p', created: 'made_at' } } }),
    );
    expect(loadConnectorConfig(file).entities).toEqual([
      {
        entity: 'partners',
        query: 'with p as (select 1) select * from p',
        watermark: 'updated_at',
        created: { column: 'made_at', required: true },
        partial: true,
        lookbackMinutes: 10,
        batchSize: 5000,
      },
    ]);
  });

  it('lists every problem of a bad file, each with where it is', () => {
    expect(
      problems(`
lookback: 5
batch_size: 0
entities:
  employes:
    query: select 1
  partners:
    query: delete from partners
    watermark: "updated at"
  policies:
    querry: select 1
  customers: {}
`),
    ).toBe(
      [
        'SOURCE_CONFIG connector.yaml is not a valid connector configuration:',
        '  batch_size: must be at least 1',
        '  entities.partners.query: must be one SELECT (or WITH … SELECT) query',
        '  entities.partners.watermark: must be a column name of the query (letters, digits and _, not starting with a digit)',
        '  entities.policies.query: is required: the SQL query that reads this entity',
        '  entities.policies: unknown key "querry"',
        '  entities.customers.query: is required: the SQL query that reads this entity',
        '  (top level): unknown key "lookback"',
        '  entities.employes: unknown entity "employes" (known: insurers, employees, partners, partner_mappings, customers, policies, targets, contests, cases, leads, users)',
      ].join('\n'),
    );
    expect(problems('entities:\n  employes:\n    query: select 1\n')).toBe(
      'SOURCE_CONFIG connector.yaml is not a valid connector configuration:\n' +
        '  entities.employes: unknown entity "employes" (known: insurers, employees, partners, partner_mappings, customers, policies, targets, contests, cases, leads, users)',
    );
    expect(problems('entities: {}\n')).toBe(
      'SOURCE_CONFIG connector.yaml is not a valid connector configuration:\n  entities: lists no entity; give at least one query',
    );
    expect(problems('entities:\n  partners:\n    query: select 1\n    created: updated_at\n')).toBe(
      'SOURCE_CONFIG connector.yaml is not a valid connector configuration:\n  entities.partners: created and watermark name the same column "updated_at"',
    );
  });

  it('says when the file is no YAML or JSON, or cannot be read', () => {
    expect(problems('entities:\n  partners:\n    query: select 1\n  partners:\n    query: select 2\n')).toMatch(
      /^SOURCE_CONFIG connector.yaml is not a valid connector configuration:\n {2}not valid YAML: Map keys must be unique/,
    );
    expect(problems('{"entities": ', 'c.json')).toMatch(
      /^SOURCE_CONFIG c.json is not a valid connector configuration:\n {2}not valid JSON: /,
    );
    expect(problems('entities: {}', 'c.toml')).toBe(
      'SOURCE_CONFIG c.toml is not a valid connector configuration:\n  the file name must end in .yaml, .yml or .json (got ".toml")',
    );
    expect(problems('- 1\n- 2\n')).toBe(
      'SOURCE_CONFIG connector.yaml is not a valid connector configuration:\n  (top level): must be a mapping (lookback_minutes, batch_size, partial, entities)',
    );
    expect(() => loadConnectorConfig('/nonexistent/connector.yaml')).toThrow(
      'SOURCE_CONFIG /nonexistent/connector.yaml: cannot be read (no such file)',
    );
  });

  it('SOURCE_DATABASE_URL and SOURCE_CONFIG go together, and the URL names a supported database', () => {
    expect(() => loadConfig({ SOURCE_DATABASE_URL: 'postgres://reader@erp.example/erp' })).toThrow(
      'Invalid configuration:\n  SOURCE_CONFIG: is required when SOURCE_DATABASE_URL is set (the file of queries to read)',
    );
    expect(() => loadConfig({ SOURCE_CONFIG: 'connector.yaml' })).toThrow(
      'Invalid configuration:\n  SOURCE_DATABASE_URL: is required when SOURCE_CONFIG is set (the database to read from)',
    );
    expect(() => loadConfig({ SOURCE_DATABASE_URL: 'oracle://erp', SOURCE_CONFIG: 'c.yaml' })).toThrow(
      'Invalid configuration:\n  SOURCE_DATABASE_URL: expected postgres://…, postgresql://…, mysql://… or mariadb://…',
    );
    expect(createSourceConnector(loadConfig({}))).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'connector-'));
    const file = join(dir, 'connector.yml');
    writeFileSync(file, 'entities:\n  customers:\n    query: select * from crm.customer\n');
    const connector = createSourceConnector(loadConfig({ SOURCE_DATABASE_URL: 'mariadb://reader@127.0.0.1/crm', SOURCE_CONFIG: file }));
    expect(connector?.config.entities.map((e) => e.entity)).toEqual(['customers']);
  });
});
