// Builds the server to JavaScript: one ES module per entry point in dist/, with our own code (this app and
// @dossier/shared, which ships TypeScript source) bundled in and every npm dependency left to node_modules.
// Production and the CLI (`npm run dossier`, `npm run demo`) run plain `node`; `npm run dev` still runs the sources.
import { build } from 'esbuild';
import { cpSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@dossier/shared');
const dist = join(root, 'dist');

// Files are written over, not the folder removed first: the CLI builds before each command, maybe while a
// server runs from this folder.
await build({
  entryPoints: { server: join(root, 'src/server.ts'), demo: join(root, 'src/demo/cli.ts'), dossier: join(root, 'src/cli/dossier.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
// The migrations are read from disk next to the code that applies them, and the embedded database's thread
// is started from its own file.
cpSync(join(root, 'src/platform/migrations'), join(dist, 'migrations'), { recursive: true });
cpSync(join(root, 'src/platform/pglite-worker.mjs'), join(dist, 'pglite-worker.mjs'));
