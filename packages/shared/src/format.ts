/** Pure formatting shared by server (downloads, mails) and web (tables). */

/**
 * Rupee amounts (docs/product/report-screens.md, 'Report table'): 'cr' above 9,999,999, 'lac' above 99,999, 'k' above 999, else raw;
 * always prefixed with the rupee sign. Two decimals on the scaled forms.
 */
export function formatRupee(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  if (!Number.isFinite(n)) return String(value ?? '');
  const abs = Math.abs(n);
  if (abs > 9_999_999) return `₹${(n / 10_000_000).toFixed(2)} cr`;
  if (abs > 99_999) return `₹${(n / 100_000).toFixed(2)} lac`;
  if (abs > 999) return `₹${(n / 1_000).toFixed(2)} k`;
  return `₹${Number.isInteger(n) ? n : n.toFixed(2)}`;
}

/**
 * A person's name for display; empty → 'NA' (docs/product/callcentre.md, 'Names and messages'). Mixed-case
 * names are shown as stored; all-lower or all-upper ones are re-cased per part ('MCDONALD' → 'McDonald').
 * Words holding a digit (codes) keep their case. For names only, never sentences, times or codes.
 */
export function titleCaseOrNA(text: string | null | undefined): string {
  const t = (text ?? '').trim();
  if (!t) return 'NA';
  const letters = t
    .split(/\s+/u)
    .filter((word) => !/\d/.test(word))
    .join('');
  const mixed = /\p{Lu}/u.test(letters) && /\p{Ll}/u.test(letters);
  if (mixed) return t;
  return t.replace(/\S+/gu, (word) => (/\d/.test(word) ? word : recaseWord(word.toLowerCase())));
}

/** One lower-cased word re-cased: a letter opening the word or following - ' ’ or . is upper case; 'mc' + letter → 'Mc' + upper. */
function recaseWord(word: string): string {
  return word
    .replace(/(^|[-'’.])(\P{L}*)(\p{L})/gu, (_m, sep: string, lead: string, ch: string) => sep + lead + ch.toUpperCase())
    .replace(/(^|[^\p{L}])Mc(\p{Ll})/gu, (_m, before: string, ch: string) => `${before}Mc${ch.toUpperCase()}`);
}

/** A message as a sentence: its first letter upper-cased, the rest (names, codes, times) as written. */
export function sentenceCase(text: string): string {
  const t = text.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}
