/**
 * How a dialog message becomes lines (docs/product/shell.md, 'Message dialog'): a title then key/value lines
 * (default key 'Error'), nested objects flattened; a message with an href navigates instead.
 */
export interface MessageLine {
  key: string;
  value: string;
}

export type ResolvedMessage = { kind: 'navigate'; href: string } | { kind: 'lines'; lines: MessageLine[] };

export const DEFAULT_MESSAGE_KEY = 'Error';

type Primitive = string | number | boolean | bigint;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPrimitive(value: unknown): value is Primitive {
  return ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
}

/** Only web and same-origin addresses: a server-supplied 'javascript:' href must not run. */
export function isNavigableHref(href: string, base = 'http://localhost/'): boolean {
  if (href.startsWith('/')) return !href.startsWith('//') && !href.includes('\\');
  try {
    const { protocol } = new URL(href, base);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function flatten(value: unknown, key: string, into: MessageLine[]): void {
  if (value === null || value === undefined) {
    into.push({ key, value: '-' });
  } else if (isPrimitive(value)) {
    into.push({ key, value: String(value) });
  } else if (Array.isArray(value)) {
    // Validation details usually carry lists of texts: one line reads better than one per item.
    if (value.every(isPrimitive)) into.push({ key, value: value.map(String).join(', ') });
    else value.forEach((item, index) => flatten(item, `${key}.${index}`, into));
  } else if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) into.push({ key, value: '-' });
    for (const [child, inner] of entries) flatten(inner, key ? `${key}.${child}` : child, into);
  } else {
    // Functions and symbols cannot come from JSON; nothing readable to show.
    into.push({ key, value: '-' });
  }
}

export function resolveMessage(message: unknown, defaultKey: string = DEFAULT_MESSAGE_KEY): ResolvedMessage {
  const first: unknown = Array.isArray(message) ? message[0] : message;
  if (isRecord(first) && typeof first.href === 'string' && isNavigableHref(first.href)) {
    return { kind: 'navigate', href: first.href };
  }
  if (first === null || first === undefined) return { kind: 'lines', lines: [] };
  if (isRecord(first)) {
    const lines: MessageLine[] = [];
    for (const [key, value] of Object.entries(first)) flatten(value, key, lines);
    return { kind: 'lines', lines };
  }
  const lines: MessageLine[] = [];
  flatten(first, defaultKey, lines);
  return { kind: 'lines', lines };
}
