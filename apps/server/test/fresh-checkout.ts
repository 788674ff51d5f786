import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The folders npm installs into (the root and each workspace's own, when it has one). */
const NODE_MODULES = [
  'node_modules',
  'apps/server/node_modules',
  'apps/web/node_modules',
  'e2e/node_modules',
  'bench/node_modules',
  'packages/shared/node_modules',
];

/**
 * A copy of the checkout as a newcomer's clone would hold it: the tracked and untracked-but-not-ignored files
 * (`git ls-files -co --exclude-standard`), nothing built, no `.data`. node_modules are hard-linked from the
 * checkout so nothing is downloaded; npm rewrites its hidden lockfile in place, so that file is a copy of its
 * own (a hard link would carry the write into the checkout). An up-to-date web build of the checkout is copied
 * too (`npm start` would otherwise build it again, minutes on a 2-core machine).
 */
export function freshCheckout(): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'dossier-readme-'));
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.split('\0')) {
    const from = join(REPO_ROOT, file);
    // Tracked files deleted in the working tree are listed too; the copy is of the working tree.
    if (file === '' || !existsSync(from) || lstatSync(from).isDirectory()) continue;
    mkdirSync(dirname(join(root, file)), { recursive: true });
    copyFileSync(from, join(root, file));
  }
  for (const dir of NODE_MODULES) {
    if (!existsSync(join(REPO_ROOT, dir))) continue;
    execFileSync('cp', ['-al', join(REPO_ROOT, dir), join(root, dir)]);
    const hidden = join(root, dir, '.package-lock.json');
    if (existsSync(hidden)) {
      const text = readFileSync(hidden);
      rmSync(hidden);
      writeFileSync(hidden, text);
    }
  }
  if (existsSync(join(REPO_ROOT, 'apps/web/dist/.sources-sha256'))) {
    cpSync(join(REPO_ROOT, 'apps/web/dist'), join(root, 'apps/web/dist'), { recursive: true });
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
