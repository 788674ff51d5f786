/** The code in parentheses at the end of 'Manager Name (CODE)' (000 §2), or null. */
export function codeInName(name: string): string | null {
  const m = /\(([^()]+)\)\s*$/.exec(name);
  return m?.[1]?.trim() ?? null;
}

/** /reporteelist?id=<name>&unique_code=<code>&request_raised=<code or 'null'> */
export function reporteeListPath(name: string, fallbackCode: string, requestRaised: string | null): string {
  const params = new URLSearchParams({ id: name, unique_code: codeInName(name) ?? fallbackCode, request_raised: requestRaised ?? 'null' });
  return `/reporteelist?${params.toString()}`;
}

/** 'request_raised' → 'Request Raised'; unique_code is the spec's 'User Id'. */
export function columnTitle(key: string): string {
  if (key === 'unique_code') return 'User Id';
  return key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
