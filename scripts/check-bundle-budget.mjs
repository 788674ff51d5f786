// Initial JavaScript budget (the first download decides how soon a phone on a slow network shows anything):
// the entry script plus everything index.html preloads, gzipped, must stay within 170 KB. Charts, spreadsheets
// and screens load later, on demand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const dist = join(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
if (scripts.length === 0) throw new Error('no scripts found in index.html: is the web app built?');
if (/<script(?![^>]*\ssrc=)[^>]*>/.test(html)) throw new Error('index.html has an inline script: the CSP forbids it');
let total = 0;
for (const src of scripts) total += gzipSync(readFileSync(join(dist, src))).length;
const kb = total / 1024;
console.log(`initial JavaScript: ${scripts.length} files, ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
