import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

/** bench/RESULTS.md, which every bench writes its figures to. */
export const RESULTS_PATH = join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');

/** Writes RESULTS.md formatted as `npm test`'s format check wants it (the tables' columns aligned). */
export async function writeResults(text: string): Promise<void> {
  const options = (await resolveConfig(RESULTS_PATH)) ?? {};
  writeFileSync(RESULTS_PATH, await format(text, { ...options, filepath: RESULTS_PATH }));
}

/**
 * Writes a whole run (its own '## ' sections after a header) and keeps the sections of RESULTS.md it does not
 * write: the bulk import, demo generator and overload benches also run on their own, and a run that skips
 * them must not drop their last figures.
 */
export async function writeRun(text: string): Promise<void> {
  // A heading may name a figure ('Reporting on PostgreSQL at 10,00,032 policies'): compared without its digits.
  const bare = (heading: string) => heading.replace(/[\d,]+/g, '#');
  const headings = new Set(
    text
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map(bare),
  );
  const kept = readFileSync(RESULTS_PATH, 'utf8')
    .split(/\n(?=## )/)
    .slice(1)
    .filter((section) => !headings.has(bare(section.split('\n')[0] ?? '')));
  await writeResults([text.trimEnd(), ...kept.map((s) => s.trimEnd())].join('\n\n') + '\n');
}

/**
 * Replaces the section that starts with `lines[0]` (a '## ' heading) up to the next '## ' heading, or appends
 * it; every other section stays as it was.
 */
export async function writeSection(lines: string[]): Promise<void> {
  const heading = lines[0] ?? '';
  const text = readFileSync(RESULTS_PATH, 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  const section = `${lines.join('\n')}\n`;
  let next: string;
  if (start === -1) next = `${text.trimEnd()}\n\n${section}`;
  else {
    const end = text.indexOf('\n## ', start + 1);
    next = `${text.slice(0, start + 1)}${section}${end === -1 ? '' : `\n${text.slice(end + 1)}`}`;
  }
  await writeResults(next);
}
