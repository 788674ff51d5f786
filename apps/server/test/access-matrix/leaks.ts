/** What one viewer must not find in any answer. Names are lower case; phones are the last ten digits. */
export interface ForeignData {
  employees: { codes: Set<string>; names: Set<string> };
  partners: { codes: Set<string>; names: Set<string> };
  customers: { names: Set<string> };
  /** Every partner's name, foreign or not: in answers that may name any partner, a namesake proves nothing. */
  allPartnerNames: Set<string>;
  phones: Set<string>;
  emails: Set<string>;
}

export interface LeakOptions {
  /** Partners of any branch may appear in this answer; says why (e.g. a directory of advisors by pincode). */
  anyPartner?: string;
  /** The answer reveals a phone number on purpose; the variant's own check verifies which. */
  phoneRevealed?: true;
  /** An administration answer: administrators see the whole organisation; says why. Others get 403 before any data. */
  administration?: string;
}

/** Records what it finds; `echoes` are values of the request itself, which an answer may repeat. */
export type LeakScanner = (text: string, where: string, options?: LeakOptions, echoes?: readonly string[]) => void;

const CODE_TOKENS = /[A-Za-z0-9]+/g;
const DIGIT_RUNS = /\d{10,}/g;
const EMAILS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Names stand between JSON quotes, CSV separators, HTML tags or around a '(CODE)' suffix.
const FRAGMENT_SEPARATORS = /["<>()[\]{}|,;:\t\r\n\\]+|&[a-z#0-9]+;/;

/** The foreign codes, names, phones and mail addresses that occur in `text`. */
export function findLeaks(text: string, foreign: ForeignData, options: LeakOptions = {}, echoes: readonly string[] = []): string[] {
  if (options.administration) return [];
  const found = new Set<string>();
  const echoed = new Set(echoes.map((e) => e.toLowerCase()));
  for (const token of text.match(CODE_TOKENS) ?? []) {
    if (echoed.has(token.toLowerCase())) continue;
    if (foreign.employees.codes.has(token)) found.add(`employee code ${token}`);
    if (!options.anyPartner && foreign.partners.codes.has(token)) found.add(`partner code ${token}`);
  }
  for (const fragment of text.split(FRAGMENT_SEPARATORS)) {
    const name = fragment.trim().toLowerCase();
    if (name.length < 6 || echoed.has(name) || (options.anyPartner && foreign.allPartnerNames.has(name))) continue;
    if (foreign.employees.names.has(name)) found.add(`employee name '${name}'`);
    if (!options.anyPartner && foreign.partners.names.has(name)) found.add(`partner name '${name}'`);
    if (foreign.customers.names.has(name)) found.add(`customer name '${name}'`);
  }
  if (!options.phoneRevealed) {
    for (const run of text.match(DIGIT_RUNS) ?? []) {
      if (foreign.phones.has(run.slice(-10))) found.add(`phone number ${run}`);
    }
  }
  for (const email of text.match(EMAILS) ?? []) {
    if (foreign.emails.has(email.toLowerCase()) && !echoed.has(email.toLowerCase())) found.add(`mail address ${email}`);
  }
  return [...found];
}
