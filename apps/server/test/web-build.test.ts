import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../scripts/web-build.mjs');

/** npm start rebuilds the web app only when its sources changed (scripts/web-build.mjs). */
describe('web build on start', () => {
  const root = mkdtempSync(join(tmpdir(), 'dossier-web-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // A stand-in for `vite build`: writes dist/index.html and counts its runs.
  const fakeBuild = `node -e "const f=require('fs');f.mkdirSync('apps/web/dist',{recursive:true});f.writeFileSync('apps/web/dist/index.html','built');f.appendFileSync('builds.log','x')"`;
  const run = () =>
    execFileSync(process.execPath, [SCRIPT], {
      env: { ...process.env, DOSSIER_ROOT: root, WEB_BUILD_COMMAND: fakeBuild },
      encoding: 'utf8',
    });
  const builds = () => readFileSync(join(root, 'builds.log'), 'utf8').length;

  it('builds the first time, skips while nothing changed, rebuilds after a source change', () => {
    mkdirSync(join(root, 'apps/web/src'), { recursive: true });
    mkdirSync(join(root, 'packages/shared/src'), { recursive: true });
    writeFileSync(join(root, 'apps/web/index.html'), '<div id="root"></div>');
    writeFileSync(join(root, 'apps/web/src/main.tsx'), 'export {};');
    writeFileSync(join(root, 'packages/shared/src/format.ts'), 'export const a = 1;');

    expect(run()).toContain('web app: building');
    expect(builds()).toBe(1);
    expect(run()).toContain('web app: sources unchanged since the last build, not rebuilt');
    expect(builds()).toBe(1);

    // A test beside the sources does not change the build.
    writeFileSync(join(root, 'apps/web/src/main.test.ts'), 'export {};');
    run();
    expect(builds()).toBe(1);

    writeFileSync(join(root, 'packages/shared/src/format.ts'), 'export const a = 2;');
    expect(run()).toContain('web app: building');
    expect(builds()).toBe(2);
    run();
    expect(builds()).toBe(2);

    // A build removed (or never finished) is made again.
    rmSync(join(root, 'apps/web/dist/index.html'));
    run();
    expect(builds()).toBe(3);
  });

  it('builds for production even when started from a test run (NODE_ENV=test would ship the development React)', () => {
    const envBuild = `node -e "const f=require('fs');f.mkdirSync('apps/web/dist',{recursive:true});f.writeFileSync('apps/web/dist/index.html','built');f.writeFileSync('node-env.log',String(process.env.NODE_ENV))"`;
    rmSync(join(root, 'apps/web/dist/index.html'));
    execFileSync(process.execPath, [SCRIPT], {
      env: { ...process.env, NODE_ENV: 'test', DOSSIER_ROOT: root, WEB_BUILD_COMMAND: envBuild },
      encoding: 'utf8',
    });
    expect(readFileSync(join(root, 'node-env.log'), 'utf8')).toBe('production');
  });
});
