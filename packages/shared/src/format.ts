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
 * A person's name for display: 'rahul KUMAR' → 'Rahul Kumar'; empty → 'NA' (docs/product/callcentre.md, 'Advisor Connect Leads'). Only names go
 * through here, never sentences, times or codes; a word holding a digit (a code such as EI000639) keeps
 * its case all the same.
 */
export function titleCaseOrNA(text: string | null | undefined): string {
  const t = (text ?? '').trim();
  if (!t) return 'NA';
  return t.replace(/[^\s-]+/gu, (word) =>
    /\d/.test(word) ? word : word.toLowerCase().replace(/^(\P{L}*)(\p{L})/u, (_m, lead: string, ch: string) => lead + ch.toUpperCase()),
  );
}

/** A message as a sentence: its first letter upper-cased, the rest (names, codes, times) as written. */
export function sentenceCase(text: string): string {
  const t = text.trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}
