/** A shell command shown in a fenced `sh` block of the README, as a newcomer would type it. */
export interface ReadmeCommand {
  /** The README line the command starts on (1-based). */
  line: number;
  /** The `## ` heading it is under. */
  section: string;
  /** The command without its comment, continuation lines joined. */
  text: string;
}

/** The text before a `#` comment (a `#` at the start of a word, outside quotes), trimmed. */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i).trim();
  }
  return line.trim();
}

/**
 * The commands of every fenced `sh` block under the given `## ` headings, in README order. A line ending
 * in `\` continues on the next; blank lines and comment-only lines are no commands.
 */
export function readmeCommands(markdown: string, sections: readonly string[]): ReadmeCommand[] {
  const lines = markdown.split(/\r?\n/);
  const commands: ReadmeCommand[] = [];
  let section = '';
  let inSh = false;
  let inOtherFence = false;
  let pending: { line: number; parts: string[] } | null = null;
  for (const [i, raw] of lines.entries()) {
    if (!inSh && !inOtherFence && raw.startsWith('## ')) section = raw.slice(3).trim();
    const fence = /^\s*```(\S*)\s*$/.exec(raw);
    if (fence) {
      if (inSh) {
        if (pending) throw new Error(`README line ${pending.line}: the command continues (\\) past the end of its block`);
        inSh = false;
      } else if (inOtherFence) inOtherFence = false;
      else if (fence[1] === 'sh' && sections.includes(section)) inSh = true;
      else inOtherFence = true;
      continue;
    }
    if (!inSh) continue;
    const text = withoutComment(raw);
    const continues = text.endsWith('\\');
    const part = continues ? text.slice(0, -1).trim() : text;
    if (!pending && part === '') continue;
    pending ??= { line: i + 1, parts: [] };
    pending.parts.push(part);
    if (!continues) {
      commands.push({ line: pending.line, section, text: pending.parts.filter((p) => p !== '').join(' ') });
      pending = null;
    }
  }
  return commands;
}
