import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Payloads aimed at SQL built by string concatenation. */
export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE partners; --",
  '1; DELETE FROM policies',
  "' UNION SELECT phone, email FROM customers --",
  "EI000001' --",
  "1' AND pg_sleep(5)='",
  '$1',
  '\\',
  "''",
  '%',
  '_',
  ')',
  "'); update users set active = false; --",
] as const;

/** Markup and script for any screen that renders server text as HTML. */
export const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '<iframe src="data:text/html,<script>alert(1)</script>">',
  '{{constructor.constructor("alert(1)")()}}',
] as const;

/** Characters that break parsers, logs, headers and file names. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n{"level":60,"msg":"forged"}',
  '\uD800',
  '\uFEFF',
  '\u202Eevil',
  '😀👩‍👩‍👧‍👦',
  'ü'.normalize('NFD'),
  'Ω≈ç√∫',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '=HYPERLINK("http://x")',
  '@SUM(1+1)',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '２０２６-０６-０１',
  '2026-02-30',
  '31/02/2026',
  '9999-99-99',
  '__proto__',
  'constructor',
] as const;

const hugeString = fc.constantFrom(10_000, 200_000, 1_100_000).chain((n) => fc.constantFrom('A', 'é', '<', "'").map((c) => c.repeat(n)));

/** Text that should be refused or stored as plain text, never interpreted. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, 2 ** 53, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const deepNesting = fc.integer({ min: 100, max: 800 }).map((depth) => {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
});

/** A value of the wrong type, size or shape for whatever field it lands in. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(600, 20_000).map((n): Json => Array.from({ length: n }, (_, i) => `EI${String(i).padStart(6, '0')}`)),
  },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', ''),
      fc.constantFrom<Json>(1, 'x', null, { polluted: true }),
    ),
  },
  { weight: 1, arbitrary: deepNesting },
);

/** Keys no schema declares, some of them special to JavaScript objects. */
export const extraKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'employee_id',
  'emp_role',
  '$where',
  '',
  ' ',
  'a'.repeat(1000),
);
