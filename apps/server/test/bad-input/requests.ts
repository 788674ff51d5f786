import fc from 'fast-check';
import { z } from 'zod';
import type { RouteListEntry } from '../../src/platform/route-list';
import { extraKey, hostileString, hostileValue, type Json } from './hostile';

/** The subset of JSON Schema (as zod writes it) the generator reads. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

export type Identity = 'none' | 'rm' | 'trm';
export type BodyEncoding = 'json' | 'raw-json' | 'text' | 'form' | 'multipart' | 'none';

export interface FuzzRequest {
  method: string;
  url: string;
  identity: Identity;
  encoding: BodyEncoding;
  body?: string;
  /** How the request was made, for the failure message. */
  label: string;
}

const schemaOf = (route: RouteListEntry, part: 'params' | 'querystring' | 'body'): JsonSchema | undefined => {
  const zod = (route.schema as Record<string, unknown> | undefined)?.[part];
  if (!(zod instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
};

// Values that pass the field formats the schemas check beyond JSON Schema (dates, codes of the demo),
// so a mutation of one field is not hidden behind another field's refusal.
// Edge dates: the first and last days the schemas accept, and the years beyond them.
const EDGE_DATES = ['1900-01-01', '2999-12-31', '0001-01-01', '0000-01-01', '9999-12-31', '1899-12-31', '3000-01-01'] as const;
const isoDate = (...usual: string[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...usual) }, { weight: 1, arbitrary: fc.constantFrom(...EDGE_DATES) });
const dmyDate = (...usual: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...usual) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_DATES.map((d) => d.split('-').reverse().join('/'))) },
  );

/** Ids of demo rows, now and then one at the edge of PostgreSQL's integer or JavaScript's safe range. */
const idHint = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max }) },
    { weight: 1, arbitrary: fc.constantFrom(2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER) },
  );

const HINTS: Record<string, fc.Arbitrary<Json>> = {
  start_date: isoDate('2026-05-01', '2026-06-01'),
  end_date: isoDate('2026-06-15', '2026-06-30'),
  date: isoDate('2026-06-15', '2031-01-02'),
  as_on: dmyDate('15/06/2026', '01/01/2026'),
  account_id: fc.constantFrom('RM00001', 'EI000001', 'TL0001'),
  rmId: fc.constantFrom('RM00001', 'TRM0025', 'NH001'),
  unique_code: fc.constantFrom('RM00001', 'TL0001'),
  manager: fc.constantFrom('RM00001', 'TL0001'),
  manager_code: fc.constantFrom('RM00001'),
  trm_id: fc.constantFrom('RM00001', 'TRM0025'),
  partner_ams_id: fc.constantFrom('RM00001'),
  reportee: fc.constantFrom('EI000001', 'EI000002'),
  user_id: fc.constantFrom('EI000001'),
  partner_unique_code: fc.constantFrom('EI000001'),
  new_partner_username: fc.constantFrom('EI000002'),
  case_id: idHint(600),
  customer_id: idHint(3000),
  partner_id: idHint(70),
  appointment_id: idHint(5),
  id: fc.constantFrom(1, 3, 11, 13, 22, 37, 38),
  data_records: fc.constantFrom(11, 13, '11'),
  policy_number: fc.constantFrom('ABH/2024/515759161', 'NOPOLICY'),
  insurer: fc.array(fc.constantFrom('HDFC Ergo', 'Unknown Insurer'), { maxLength: 2 }),
  state: fc.array(fc.constantFrom('Delhi', 'Nowhere'), { maxLength: 2 }),
};

/** A plausible value inside the schema: most fields of a request stay valid while one is attacked. */
function validValue(schema: JsonSchema | undefined, name = ''): fc.Arbitrary<Json> {
  const hint = HINTS[name];
  if (hint) return hint;
  if (!schema) return fc.constant('x');
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, name)));
  switch (schema.type) {
    case 'string': {
      const maxLength = Math.min(schema.maxLength ?? 20, 20);
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(maxLength, schema.minLength ?? 0) });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1000 : schema.exclusiveMinimum + 1);
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      // The bounds the schema allows, and the edges of the database's integer types inside them.
      const edges = [min, max, 32_767, 32_768, 2_147_483_647, 2_147_483_648].filter((n) => n >= min && n <= max);
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 100_000)) }) },
        { weight: 1, arbitrary: fc.constantFrom(...edges) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validValue(schema.items), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return validObject(schema);
    default:
      return fc.constant(null);
  }
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, Json>> {
  const props = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, validValue(s, key)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/** The object of a schema with one thing wrong: a field missing, of the wrong kind, or one too many. */
function attackedObject(schema: JsonSchema | undefined): fc.Arbitrary<Json> {
  const base = schema?.type === 'object' ? validObject(schema) : fc.constant<Record<string, Json>>({});
  const keys = Object.keys(schema?.properties ?? {});
  const required = schema?.required ?? [];
  const options: fc.Arbitrary<Json>[] = [base, fc.tuple(base, extraKey, hostileValue).map(([o, k, v]) => ({ ...o, [k]: v })), hostileValue];
  if (keys.length > 0) {
    options.push(fc.tuple(base, fc.constantFrom(...keys), hostileValue).map(([o, k, v]) => ({ ...o, [k]: v })));
    options.push(
      fc
        .tuple(base, fc.constantFrom(...keys), fc.constantFrom(...keys), hostileValue, hostileValue)
        .map(([o, k1, k2, v1, v2]) => ({ ...o, [k1]: v1, [k2]: v2 })),
    );
  }
  if (required.length > 0) {
    options.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([o, k]) => {
        const { [k]: _dropped, ...rest } = o;
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (s: string) => encodeURIComponent(s.replace(LONE_SURROGATES, '\uFFFD'));
const text = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** A query string from an object: lists as repeated keys, objects in bracket notation. */
function queryString(value: Json): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${encode(text(value))}`;
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v)) for (const item of v.slice(0, 50)) parts.push(`${encode(key)}=${encode(text(item))}`);
    else if (v !== null && typeof v === 'object')
      for (const [k2, v2] of Object.entries(v)) parts.push(`${encode(key)}[${encode(k2)}]=${encode(text(v2))}`);
    else parts.push(`${encode(key)}=${encode(v === null ? '' : String(v))}`);
  }
  return parts.join('&');
}

const RAW_QUERIES = fc.constantFrom(
  '%',
  '%E0%A4%A',
  '&&&=&=',
  'a=1&a=2&a=3',
  'start_date[]=x',
  '__proto__[polluted]=1',
  'constructor[prototype][x]=1',
  'q=%00',
  `x=${'9'.repeat(5000)}`,
);
const RAW_BODIES = fc.constantFrom(
  '{',
  '{"a":',
  '[',
  'null',
  '"just a string"',
  '1e400',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '\u0000',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  'NaN',
  "{'single':'quotes'}",
);
const RAW_PATH_VALUES = fc.constantFrom(
  '..',
  '%2e%2e',
  '%2F',
  '%00',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1F',
  '99999999999999999999999',
  ' ',
  '%20',
  '%F0%9F%98%80',
  `${'9'.repeat(200)}`,
  "1'%20OR%20'1'='1",
  '%3Cscript%3E',
);

/** Malformed and hostile requests for one route: bad path parameters, query strings and bodies. */
export function requestsFor(route: RouteListEntry): fc.Arbitrary<FuzzRequest> {
  const paramsSchema = schemaOf(route, 'params');
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const param = (name: string) =>
    fc.oneof(
      { weight: 2, arbitrary: validValue(paramsSchema?.properties?.[name], name).map((v) => encode(text(v))) },
      { weight: 2, arbitrary: hostileString.filter((s) => s.length < 500).map(encode) },
      { weight: 1, arbitrary: RAW_PATH_VALUES },
    );
  const path = fc.tuple(...names.map(param)).map((values) => {
    let i = 0;
    return route.url.replace(/:(\w+)/g, () => values[i++] ?? '').replace('*', 'x');
  });
  const query = fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: attackedObject(schemaOf(route, 'querystring')).map(queryString) },
    { weight: 1, arbitrary: RAW_QUERIES },
  );
  const takesBody = route.method === 'POST';
  const body: fc.Arbitrary<{ encoding: BodyEncoding; body?: string }> = takesBody
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: attackedObject(schemaOf(route, 'body')).map((b) => ({ encoding: 'json' as const, body: JSON.stringify(b) })),
        },
        { weight: 2, arbitrary: RAW_BODIES.map((b) => ({ encoding: 'raw-json' as const, body: b })) },
        { weight: 1, arbitrary: hostileString.map((b) => ({ encoding: 'text' as const, body: b })) },
        { weight: 1, arbitrary: attackedObject(schemaOf(route, 'body')).map((b) => ({ encoding: 'form' as const, body: queryString(b) })) },
        {
          weight: 1,
          arbitrary: fc.constant({
            encoding: 'multipart' as const,
            body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
          }),
        },
        { weight: 1, arbitrary: fc.constant({ encoding: 'none' as const }) },
      )
    : fc.oneof(
        { weight: 5, arbitrary: fc.constant({ encoding: 'none' as const }) },
        { weight: 1, arbitrary: RAW_BODIES.map((b) => ({ encoding: 'raw-json' as const, body: b })) },
      );
  const identity = fc.constantFrom<Identity>('rm', 'rm', 'trm', 'none');
  const method = route.method === 'GET' ? fc.constantFrom('GET', 'GET', 'GET', 'HEAD') : fc.constant(route.method);
  return fc.record({ method, path, query, body, identity }).map(({ method: m, path: p, query: q, body: b, identity: who }) => {
    const url = q ? `${p}?${q}` : p;
    const label = `${m} ${url.slice(0, 300)} as ${who}, ${b.encoding} body ${(b.body ?? '').slice(0, 200)}`;
    return {
      method: m,
      url,
      identity: who,
      encoding: b.encoding,
      ...(b.body === undefined ? {} : { body: b.body }),
      label,
      // A counterexample is reported by its label, not its (possibly megabyte) body.
      [fc.toStringMethod]: () => label,
    };
  });
}
