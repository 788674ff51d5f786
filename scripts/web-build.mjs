// Builds the web app only when its sources changed since the last build: a SHA-256 of every source file
// (the web app's and the shared package's, and the lockfile) is kept beside the build in
// apps/web/dist/.sources-sha256. `node scripts/web-build.mjs` builds if needed; npm start uses it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the build reads. Tests beside the sources do not change the build. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];
const IGNORED = /\.test\.tsx?$/;

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

export function sourceHash(root = REPO_ROOT) {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of filesUnder(join(root, source))) {
      if (IGNORED.test(file)) continue;
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

const stampOf = (root) => join(root, 'apps/web/dist/.sources-sha256');

/** True when there is no build, or its sources changed since it was made. */
export function webBuildNeeded(root = REPO_ROOT) {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) return true;
  const stamp = stampOf(root);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== sourceHash(root);
}

/** Runs the build (WEB_BUILD_COMMAND overrides it, for tests) and stamps it; resolves to the exit code. */
export function buildWeb(root = REPO_ROOT) {
  const hash = sourceHash(root);
  const command = process.env.WEB_BUILD_COMMAND ?? 'npm run build -w @dossier/web';
  return new Promise((resolvePromise) => {
    // Always the production build: a caller's NODE_ENV (vitest sets 'test') would make Vite bundle the
    // development React, a third larger and slower, and that is not what users get.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(command, { cwd: root, env, stdio: 'inherit', shell: true });
    child.on('exit', (code) => {
      if (code === 0) writeFileSync(stampOf(root), `${hash}\n`);
      resolvePromise(code ?? 1);
    });
  });
}

/** Builds when needed; resolves to the exit code (0 when nothing had to be done). */
export async function buildWebIfChanged(root = REPO_ROOT) {
  if (!webBuildNeeded(root)) {
    console.log('web app: sources unchanged since the last build, not rebuilt');
    return 0;
  }
  console.log('web app: building (no build yet, or its sources changed)');
  return buildWeb(root);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await buildWebIfChanged(process.env.DOSSIER_ROOT ?? REPO_ROOT);
}
