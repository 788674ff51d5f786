import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';
import { cliActor } from '../../cli/actor';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Files uploaded on /admin → Imports: the ingestion API's import core and body reading, under the uploader's name. */
describe('administration upload', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app, 'head');
  });
  afterAll(() => ctx.close());

  const upload = (token: string, entity: string, type: string, payload: string | Buffer, query = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/upload/${entity}/${query}`,
      headers: { ...authHeader(token), 'content-type': type },
      payload,
    });
  const insurers = async () => (await ctx.db.db.selectFrom('insurers').select('name').orderBy('name').execute()).map((r) => r.name);

  const CSV = 'name\nUpload Life\n=SUM(A1)\nUpload General\n';

  it('dry-runs a CSV with a per-row report and writes nothing', async () => {
    const before = await insurers();
    const res = await upload(admin, 'insurers', 'text/csv', CSV, '?dry_run=true');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      entity: 'insurers',
      received: 3,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 1,
      applied: false,
      dryRun: true,
      partial: false,
      errors: [{ line: 3, field: 'name', message: 'name looks like a spreadsheet formula (starts with =, +, - or @)' }],
    });
    expect(await insurers()).toEqual(before);
  });

  it('applies the good rows with partial and records the run under the administrator', async () => {
    const before = await insurers();
    const res = await upload(admin, 'insurers', 'text/csv', CSV, '?partial=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: 3, inserted: 2, rejected: 1, applied: true, partial: true });
    expect(await insurers()).toEqual([...before, 'Upload General', 'Upload Life'].sort());
    const runs = await ctx.app.inject({ method: 'GET', url: '/api/admin/imports/?limit=10', headers: authHeader(admin) });
    const head = await ctx.db.db.selectFrom('employees').select('name').where('unique_code', '=', 'NH001').executeTakeFirstOrThrow();
    expect(runs.json<{ rows: unknown[] }>().rows[0]).toMatchObject({
      entity: 'insurers',
      source: 'upload',
      actor: 'head',
      actor_name: head.name,
      partial: true,
      applied: true,
      inserted: 2,
      rejected: 1,
    });
  });

  it('reads XLSX and NDJSON files', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('insurers');
    sheet.addRow(['name']);
    sheet.addRow(['Workbook Assurance']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const fromXlsx = await upload(admin, 'insurers', XLSX, xlsx);
    expect(fromXlsx.statusCode).toBe(200);
    expect(fromXlsx.json()).toMatchObject({ received: 1, inserted: 1, applied: true });
    const fromNdjson = await upload(
      admin,
      'insurers',
      'application/x-ndjson',
      '{"name":"Lines Insurance"}\n{"name":"Workbook Assurance"}\n',
    );
    expect(fromNdjson.json()).toMatchObject({ received: 2, inserted: 1, unchanged: 1, applied: true });
    expect(await insurers()).toEqual(expect.arrayContaining(['Workbook Assurance', 'Lines Insurance']));
  });

  it('refuses other file types, unknown entities and non-administrators readably', async () => {
    const text = await upload(admin, 'insurers', 'text/plain', 'name\nX\n');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      error: 'Upload a .csv (with a header line), .xlsx (column names in row 1 of the first sheet) or .ndjson file',
    });
    const entity = await upload(admin, 'planets', 'text/csv', 'name\nX\n');
    expect(entity.statusCode).toBe(400);
    const rm = await signIn(ctx.app, 'rm');
    const refused = await upload(rm, 'insurers', 'text/csv', 'name\nX\n');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Administration is for administrators only' });
    expect(await insurers()).not.toContain('X');
  });

  it('names command-line runs after the operating-system user and the host', () => {
    expect(cliActor()).toMatch(/^[^@\s]+@[^@\s]+$/);
  });
});
