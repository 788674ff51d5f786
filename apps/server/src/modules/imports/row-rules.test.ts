import { importColumns, type ImportEntity } from '@dossier/shared';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { buildOrg, toCsv } from '../../../test/import-org';
import { importRows } from './core';
import { csvRows, ndjsonRows } from './readers';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const org = buildOrg();
const options = { partial: true, dryRun: true, source: 'cli' as const };
const fromText = (text: string) => Readable.from([Buffer.from(text)]);

describe('rules every way in applies to the cells and columns of a file', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb();
    for (const entity of ['insurers', 'employees', 'partners', 'partner_mappings', 'customers'] as const) {
      const report = await importRows(db.db, entity, csvRows(fromText(toCsv(org[entity]))), { ...options, partial: false, dryRun: false });
      expect([entity, report.applied, report.errors]).toEqual([entity, true, []]);
    }
  });
  afterAll(async () => db.drop());

  // The links go into WhatsApp text, mails and PDFs (docs/product/security.md, 'Links in imported rows').
  it('accepts only https links in renewal_link and one_click_url', async () => {
    const base = org.policies[0];
    if (!base) throw new Error('no policy in the test organisation');
    const links: [string, string][] = [
      ['javascript:alert(document.cookie)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
      ['http://renew.example/r/1', 'JavaScript:alert(1)'],
      ['https://renew.example/r/1', 'https://pay.example/one-click/abc'],
      ['renew.example/r/1', 'vbscript:msgbox(1)'],
    ];
    const rows = links.map(([renewal, oneClick], i) => ({
      ...base,
      proposal_no: `LINK-${i}`,
      policy_no: `LINKP-${i}`,
      payment_id: `LINKPAY-${i}`,
      renewal_link: renewal,
      one_click_url: oneClick,
    }));
    const report = await importRows(db.db, 'policies', csvRows(fromText(toCsv(rows))), options);
    const notHttps = 'is not an https:// link (only https links are accepted)';
    expect(report.errors).toEqual([
      { line: 2, field: 'one_click_url', message: `one_click_url ${notHttps}` },
      { line: 2, field: 'renewal_link', message: `renewal_link ${notHttps}` },
      { line: 3, field: 'one_click_url', message: `one_click_url ${notHttps}` },
      { line: 3, field: 'renewal_link', message: `renewal_link ${notHttps}` },
      { line: 5, field: 'one_click_url', message: `one_click_url ${notHttps}` },
      { line: 5, field: 'renewal_link', message: `renewal_link ${notHttps}` },
    ]);
    expect(report).toMatchObject({ received: 4, rejected: 3, inserted: 1 });
  });

  // Names that are properties of every JavaScript object are columns like any other: none is accepted.
  it('refuses __proto__ as an unknown column like constructor and toString, in CSV (plain or quoted) and NDJSON', async () => {
    const columns = importColumns('insurers').join(', ');
    const unknown = (name: string, line = 1) => ({
      line,
      field: name,
      message: `unknown column "${name}": the columns of insurers are ${columns}`,
    });
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const plain = await importRows(db.db, 'insurers', csvRows(fromText(`name,${name}\nAcme,x\n`)), options);
      expect([name, 'plain', plain.errors]).toEqual([name, 'plain', [unknown(name)]]);
      // A quoted cell sends the file through csv-parse.
      const quoted = await importRows(db.db, 'insurers', csvRows(fromText(`name,${name}\n"Acme, Ltd",x\n`)), options);
      expect([name, 'quoted', quoted.errors]).toEqual([name, 'quoted', [unknown(name)]]);
      const ndjson = await importRows(db.db, 'insurers', ndjsonRows(fromText(`{"name":"Acme","${name}":"x"}\n`)), options);
      expect([name, 'ndjson', ndjson.errors]).toEqual([name, 'ndjson', [unknown(name)]]);
    }
  });

  it('still reads a file whose columns are all known', async () => {
    const entity: ImportEntity = 'insurers';
    const report = await importRows(db.db, entity, csvRows(fromText('name\n"Acme, Ltd"\n')), options);
    expect(report).toMatchObject({ received: 1, rejected: 0, errors: [] });
  });
});
