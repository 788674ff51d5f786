/** The code in parentheses at the end of 'Manager Name (CODE)' (docs/product/team.md, 'Manage Team'), or null. */
export function codeInName(name: string): string | null {
  const m = /\(([^()]+)\)\s*$/.exec(name);
  return m?.[1]?.trim() ?? null;
}

/** /reporteelist?id=<name>&unique_code=<code>&request_raised=<code or 'null'> */
export function reporteeListPath(name: string, fallbackCode: string, requestRaised: string | null): string {
  const params = new URLSearchParams({ id: name, unique_code: codeInName(name) ?? fallbackCode, request_raised: requestRaised ?? 'null' });
  return `/reporteelist?${params.toString()}`;
}

const TITLES: Record<string, string> = {
  unique_code: 'User Id',
  pos_code: 'Partner Code',
  li_pos_status: 'Life POS Certified',
  gi_pos_status: 'General POS Certified',
  product_line: 'Product',
};

/** 'request_raised' → 'Request Raised'; the product's own titles where it names them (User Id). */
export function columnTitle(key: string): string {
  const known = TITLES[key];
  if (known) return known;
  return key.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
