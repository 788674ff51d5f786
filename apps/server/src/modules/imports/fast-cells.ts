import { normaliseInstant, type ImportEntity } from '@dossier/shared';

/**
 * Shortcuts for the cells of large files (policies, customers): a test that accepts a cell the entity's shared
 * row schema certainly accepts, and returns what the schema would return for it. A cell it does not vouch for
 * (`undefined`) goes to the schema, so every rejection and its message still come from the schema; only the
 * common valid cells skip it, which is most of a large file's validation time. Cells arrive trimmed, with
 * empty cells as null (as the import core hands them to the schema).
 *
 * Each shortcut accepts a subset of what its schema builder (packages/shared/src/imports.ts) accepts:
 *   - code: the schema's code characters, 1 to 64 of them, not starting with `-` (so never a "formula");
 *   - text(max): at most `max` characters starting with a letter or digit (never a formula);
 *   - amount: the schema's own pattern;
 *   - integer(min, max): digits within the bounds;
 *   - instant: the schema's own normalisation (`normaliseInstant`);
 *   - phone, pincode: the schema's own patterns;
 *   - email: text(200) starting with a letter or digit, with the schema's own pattern;
 *   - an optional cell that is empty: null, as the schema's default.
 * apps/server/src/modules/imports/fast-cells.test.ts runs both over valid, borderline and invalid cells.
 */
export type FastCell = (cell: string | null) => string | null | undefined;

const CODE = /^[A-Za-z0-9_./][A-Za-z0-9_./-]{0,63}$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const DIGITS = /^\d+$/;
const PHONE = /^\+?[\d\s-]{6,20}$/;
const PINCODE = /^\d{6}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLAIN_START = /^[A-Za-z0-9]/;

const code: FastCell = (v) => (v !== null && CODE.test(v) ? v : undefined);
const optional =
  (required: FastCell): FastCell =>
  (v) =>
    v === null ? null : required(v);
const text =
  (max: number): FastCell =>
  (v) =>
    v !== null && v.length <= max && PLAIN_START.test(v) ? v : undefined;
const amount: FastCell = (v) => (v !== null && AMOUNT.test(v) ? v : undefined);
const integer =
  (min: number, max: number): FastCell =>
  (v) => {
    if (v === null || v.length > 6 || !DIGITS.test(v)) return undefined;
    const n = Number(v);
    return n >= min && n <= max ? v : undefined;
  };
const instant: FastCell = (v) => (v === null ? undefined : (normaliseInstant(v) ?? undefined));
const pattern =
  (re: RegExp): FastCell =>
  (v) =>
    v !== null && re.test(v) ? v : undefined;
const email: FastCell = (v) => (v !== null && v.length <= 200 && PLAIN_START.test(v) && EMAIL.test(v) ? v : undefined);
/** Only the empty cell: anything else is left to the schema. */
const empty: FastCell = (v) => (v === null ? null : undefined);

const FAST_CELLS: Partial<Record<ImportEntity, Record<string, FastCell>>> = {
  policies: {
    proposal_no: code,
    policy_no: optional(code),
    partner_code: optional(code),
    employee_code: optional(code),
    customer_code: code,
    product_type_id: integer(9, 36),
    insurer: text(100),
    state: text(60),
    paid_amount: amount,
    weightage_premium: optional(amount),
    loan_amount: optional(amount),
    payment_id: text(100),
    issued_at: instant,
    premium_payment_term: optional(integer(0, 99)),
    premium_installment_type: optional(text(40)),
    expiry_date: empty,
    previous_policy_no: optional(code),
    next_due_date: empty,
    renewal_link: empty,
    one_click_url: empty,
  },
  customers: {
    customer_code: code,
    name: text(200),
    phone: pattern(PHONE),
    email,
    pincode: pattern(PINCODE),
  },
};

/** The shortcut for a column of an entity, if it has one. */
export function fastCell(entity: ImportEntity, column: string): FastCell | null {
  return FAST_CELLS[entity]?.[column] ?? null;
}
