import { ImportEntity, type ImportReport, type ImportRow } from '@dossier/shared';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { loadConfig } from '../config';
import { cliActor } from './actor';
import {
  addUser,
  ApiKeyError,
  createApiKey,
  csvRows,
  formatOfFile,
  type ImportFormat,
  importRows,
  listApiKeys,
  ndjsonRows,
  parseKeyEntities,
  revokeApiKey,
  UserSetupError,
  xlsxRows,
} from '../modules/imports/module';
import { createDb, type DbHandle } from '../platform/db';
import { migrate } from '../platform/migrate';
import { DatabaseInUseError } from '../platform/pglite-lock';

const USAGE = `Usage: npm run dossier -- <command>

  import ENTITY FILE [--dry-run] [--partial] [--json]
      Imports a .csv, .xlsx or .ndjson file (docs/data-contract.md). Entities, in import order:
      ${ImportEntity.options.join(', ')}.
      --dry-run   validate and report, write nothing
      --partial   apply the good rows even when some are rejected
      --json      print the report as one JSON object
      Exit code 0 only when every row was applied.
  import --dir DIR [--partial] [--json]
      Imports every file of DIR named after its entity (employees.csv, policies.xlsx, …) in import
      order, and stops at the first file not wholly applied.
  users add --login LOGIN --employee CODE --password-stdin [--admin]
      Creates the user of an existing employee, the password read from standard input.
  api-keys create --name NAME --entities ENTITY,…
                                  Prints a new ingestion API key (shown once) on its last line. It may
                                  push the entities named only (e.g. policies,customers); people
                                  (employees, users) only when named.
  api-keys revoke NAME            Revokes a key at once.
  api-keys list                   Lists the keys (names and dates, never the keys).

The database is the server's: DATABASE_URL, or the embedded one under DATA_DIR (stop the server first).`;

class UsageError extends Error {}

/** Files are named relative to where the command was typed (npm runs scripts from the workspace). */
function userPath(file: string): string {
  return isAbsolute(file) ? file : resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function openDb(): Promise<DbHandle> {
  const config = loadConfig();
  const handle = await createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.DATA_DIR, 'pglite') });
  // An empty database is migrated as the server would, so the CLI can be the first thing run.
  await migrate(handle);
  return handle;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Rows read between two updates of the progress bar (it redraws at most 5 times a second anyway). */
const PROGRESS_EVERY_ROWS = 1000;

/** Counts rows and shows a progress bar with rows/s on a terminal (stderr, so stdout stays the report). */
async function* withProgress(rows: AsyncIterable<ImportRow>, entity: string, bytesRead: () => number, total: number) {
  // cli-progress draws nothing when stderr is not a terminal (a pipe, a test), and redraws at most 5 times a second.
  const bar = new SingleBar({
    stream: process.stderr,
    format: `${entity} [{bar}] {percentage}%  {rows} rows  {rate} rows/s`,
    barCompleteChar: '#',
    barIncompleteChar: ' ',
    barsize: 30,
    fps: 5,
  });
  const started = performance.now();
  let count = 0;
  const payload = () => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(count / seconds) : 0;
    return { rows: count.toLocaleString('en-IN'), rate: rate.toLocaleString('en-IN') };
  };
  bar.start(Math.max(total, 1), 0, payload());
  try {
    for await (const row of rows) {
      // The figures are formatted for the bar now and then, not for each of a million rows.
      if (++count % PROGRESS_EVERY_ROWS === 0) bar.update(Math.min(bytesRead(), total), payload());
      yield row;
    }
    bar.update(total, payload());
  } finally {
    bar.stop();
  }
}

function printReport(report: ImportReport, seconds: number): void {
  const mode = report.dryRun ? ' (dry run: nothing written)' : report.applied ? '' : ' (nothing written)';
  console.log(
    `${report.entity}: received ${report.received}, inserted ${report.inserted}, updated ${report.updated}, unchanged ${report.unchanged}, rejected ${report.rejected}${mode} in ${seconds.toFixed(1)} s`,
  );
  for (const e of report.errors) console.log(`  line ${e.line}${e.field ? ` ${e.field}` : ''}: ${e.message}`);
  if (report.rejected > report.errors.length) console.log(`  … and more: ${report.rejected} rows rejected in all`);
  if (!report.applied && !report.dryRun && report.rejected > 0 && !report.partial && report.received > 0) {
    console.log('Nothing was imported. Fix the rows above, or use --partial to apply the good rows.');
  }
}

interface ImportFlags {
  partial: boolean;
  dryRun: boolean;
  json: boolean;
}

/** A file to import, checked before the database is opened. */
interface ImportFile {
  entity: ImportEntity;
  path: string;
  format: ImportFormat;
}

/** Imports one file into the open database and prints its report; true when every row was applied. */
async function importFile(handle: DbHandle, { entity, path, format }: ImportFile, flags: ImportFlags): Promise<boolean> {
  const size = statSync(path).size;
  const stream = createReadStream(path);
  let bytes = 0;
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  const rows = format === 'csv' ? csvRows(counted()) : format === 'ndjson' ? ndjsonRows(counted()) : xlsxRows(stream);
  try {
    const started = performance.now();
    const report = await importRows(
      handle.db,
      entity,
      withProgress(rows, entity, () => bytes, size),
      { partial: flags.partial, dryRun: flags.dryRun, source: 'cli', actor: cliActor() },
    );
    if (flags.json) console.log(JSON.stringify(report));
    else printReport(report, (performance.now() - started) / 1000);
    return report.errors.length === 0 && report.rejected === 0 && (report.applied || report.dryRun);
  } finally {
    stream.destroy();
  }
}

/**
 * The files of a folder named after entities (`employees.csv`, `policies.xlsx`, …), in import order. Any
 * other file is refused rather than skipped, so a misnamed file cannot be left out unnoticed.
 */
function filesOfFolder(dir: string): ImportFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => !n.startsWith('.'));
  } catch {
    throw new UsageError(`${dir}: no such folder`);
  }
  const byEntity = new Map<ImportEntity, ImportFile>();
  for (const name of names) {
    const entity = ImportEntity.safeParse(basename(name, extname(name)));
    const format = formatOfFile(name);
    if (!entity.success || !format) {
      throw new UsageError(
        `${join(dir, name)}: name each file after its entity (${ImportEntity.options.join(', ')}) with .csv, .xlsx or .ndjson`,
      );
    }
    const other = byEntity.get(entity.data);
    if (other) throw new UsageError(`${dir}: two files for ${entity.data} (${basename(other.path)} and ${name})`);
    byEntity.set(entity.data, { entity: entity.data, path: join(dir, name), format });
  }
  if (byEntity.size === 0) throw new UsageError(`${dir}: no file to import`);
  return ImportEntity.options.flatMap((e) => byEntity.get(e) ?? []);
}

async function runImport(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      dir: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      partial: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const flags: ImportFlags = { partial: values.partial, dryRun: values['dry-run'], json: values.json };
  let files: ImportFile[];
  if (values.dir !== undefined) {
    if (positionals.length > 0) throw new UsageError('import --dir DIR takes no ENTITY or FILE');
    // A dry run leaves the earlier files unwritten, so every later file would fail on their references.
    if (flags.dryRun) throw new UsageError('--dry-run checks one file against the database as it is: use it with ENTITY FILE');
    files = filesOfFolder(userPath(values.dir));
  } else {
    const [entityName, file] = positionals;
    if (!entityName || !file || positionals.length > 2) throw new UsageError('import needs ENTITY and FILE, or --dir DIR');
    const entity = ImportEntity.safeParse(entityName);
    if (!entity.success) throw new UsageError(`Unknown entity "${entityName}": one of ${ImportEntity.options.join(', ')}`);
    const path = userPath(file);
    const format = formatOfFile(path);
    if (!format) throw new UsageError(`${file}: the file must end in .csv, .xlsx or .ndjson`);
    if (!existsSync(path)) throw new UsageError(`${file}: no such file`);
    files = [{ entity: entity.data, path, format }];
  }
  const handle = await openDb();
  try {
    for (const [i, file] of files.entries()) {
      if (await importFile(handle, file, flags)) continue;
      const rest = files.slice(i + 1).map((f) => f.entity);
      // Later files refer to this one's rows: importing them now would only reject what it left out.
      if (rest.length > 0 && !flags.json) console.log(`Stopped: ${rest.join(', ')} not imported.`);
      return 1;
    }
    return 0;
  } finally {
    await handle.db.destroy();
  }
}

async function runUsers(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'add') throw new UsageError('users: the command is "users add"');
  const { values } = parseArgs({
    args: rest,
    options: {
      login: { type: 'string' },
      employee: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      admin: { type: 'boolean', default: false },
    },
  });
  if (!values.login || !values.employee) throw new UsageError('users add needs --login and --employee');
  if (!values['password-stdin']) throw new UsageError('users add reads the password from standard input: pass --password-stdin');
  const password = await readStdin();
  const handle = await openDb();
  try {
    const result = await addUser(handle.db, { login: values.login, employeeCode: values.employee, password, admin: values.admin });
    console.log(
      `${result === 'created' ? 'Created' : 'Updated'} user ${values.login} for employee ${values.employee}${values.admin ? ' (administrator)' : ''}`,
    );
    return 0;
  } finally {
    await handle.db.destroy();
  }
}

async function runApiKeys(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const handle = await openDb();
  try {
    if (sub === 'create') {
      const { values } = parseArgs({ args: rest, options: { name: { type: 'string' }, entities: { type: 'string' } } });
      if (!values.name) throw new UsageError('api-keys create needs --name NAME');
      // No default scope (decision 058): a key writes what its maker named.
      if (!values.entities) throw new UsageError('api-keys create needs --entities ENTITY,… (the entities the key may push)');
      const entities = parseKeyEntities(values.entities);
      const key = await createApiKey(handle.db, values.name, entities);
      console.log(
        `Created the API key "${values.name}" for ${entities.join(', ')}. It is shown only now; send it as Authorization: Bearer <key>.`,
      );
      console.log(key);
      return 0;
    }
    if (sub === 'revoke') {
      const [name] = rest;
      if (!name) throw new UsageError('api-keys revoke needs NAME');
      await revokeApiKey(handle.db, name);
      console.log(`Revoked the API key "${name}"`);
      return 0;
    }
    if (sub === 'list') {
      for (const k of await listApiKeys(handle.db)) {
        const state = k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : 'active';
        console.log(
          `${k.name}\t${k.entities.join(',')}\t${state}\tcreated ${k.created_at.toISOString()}\tlast used ${k.last_used_at?.toISOString() ?? 'never'}`,
        );
      }
      return 0;
    }
    throw new UsageError('api-keys: the commands are create, revoke and list');
  } finally {
    await handle.db.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'import') return runImport(rest);
  if (command === 'users') return runUsers(rest);
  if (command === 'api-keys') return runApiKeys(rest);
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  throw new UsageError(`Unknown command "${command}"`);
}

main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof DatabaseInUseError || err instanceof ApiKeyError || err instanceof UserSetupError) {
      console.error(err.message);
      process.exitCode = 1;
    } else if (err instanceof Error && /Invalid configuration/.test(err.message)) {
      console.error(err.message);
      process.exitCode = 2;
    } else {
      console.error(err);
      process.exitCode = 1;
    }
  });
