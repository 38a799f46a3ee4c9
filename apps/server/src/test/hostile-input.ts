import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Db } from '../db/database';

/**
 * Hostile input for the property-based bad-input test (issue 5): values a careless or malicious client
 * sends, and a generator that turns a contract schema into mostly-valid params with hostile values mixed
 * in at every level, so a refusal deep inside a call (a database error, an overflow) is reached too.
 */

/** One mebibyte: beyond the request body limit; the near-limit string still reaches the schemas. */
const HUGE_STRING = 'x'.repeat(1024 * 1024);
const NEAR_LIMIT_STRING = 'A'.repeat(1000 * 1000);
const HUGE_NULS = '\u0000'.repeat(200_000);
const HUGE_ACCENTS = 'é'.repeat(300_000);

export const HOSTILE_STRINGS: readonly string[] = [
  "' OR 1=1 --",
  '1; DROP TABLE transactions; --',
  "'; DROP TABLE staff; --",
  "x' UNION SELECT password_hash FROM staff --",
  '\\',
  "''",
  '%',
  '_',
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  'note\u0000',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  'e\u0301\u0302\u0303\u0304\u0305\u0306',
  '\uFEFF',
  '\uD800',
  'x\uDFFFy',
  '🙂💥𝕏',
  '\r\n\t',
  ' ',
  '',
  '../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as it is
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '-0',
  '0x1F',
  '1.5',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '9223372036854775808',
  '99999999999999999999999999999',
  'T',
  'T0',
  'T-1',
  'T2147483648',
  'P999999999999999999',
  '0000-00-00',
  '2026-02-30',
  '9999-12-31',
  '-2026-01-01',
];

/** The hostile strings a database can store: malicious or odd, but valid text without NUL. */
export const STORABLE_HOSTILE_STRINGS = HOSTILE_STRINGS.filter(
  (text) => !text.includes('\u0000') && !/[\uD800-\uDFFF]/.test(text),
);

export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1e-300,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.NaN,
];

/** Characters that break naive escaping or display, mixed into otherwise ordinary text. */
const SPECIAL_CHARS = [
  '\u202E',
  '\u200F',
  '\u0301',
  '\uFEFF',
  '🙂',
  "'",
  '"',
  '\\',
  '<',
  '>',
  '%',
  '_',
  ';',
  '--',
];
/** What no column can store: NUL, and half a surrogate pair. */
const UNSTORABLE_CHARS = ['\u0000', '\uD800', '\uDFFF'];
const textOf = (specials: readonly string[]) =>
  fc
    .array(fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.constantFrom(...specials)), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => parts.join(''));
const textWithSpecials = textOf(SPECIAL_CHARS);
const textWithUnstorable = textOf(UNSTORABLE_CHARS);

const HUGE_STRINGS: readonly string[] = [HUGE_STRING, NEAR_LIMIT_STRING, HUGE_NULS, HUGE_ACCENTS];

const POLLUTING_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '$where',
];

// Built with fromEntries so `__proto__` is an own key that goes out on the wire, not a prototype switch.
const objectOf = <T>(entries: fc.Arbitrary<[string, T][]>) => entries.map((e) => Object.fromEntries(e));

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/** A wrong-typed, oversized, malformed or malicious value for any parameter. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: objectOf(
      fc.array(fc.tuple(fc.constantFrom(...POLLUTING_KEYS, 'a'), hostileScalar), { maxLength: 3 }),
    ),
  },
  { weight: 1, arbitrary: fc.constant({ __proto__: null, a: { b: { c: { d: [[[{}]]] } } } }) },
);

/** Real values of the seeded database by parameter name (ids that exist, a valid cursor), so calls get past the lookups. */
export type ParamHints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

type Def = z.core.$ZodTypeDef;
type Check = { _zod: { def: { check: string } & Record<string, unknown> } };

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def;

/** How a generated value may go wrong below the top level: not at all, or now and then anywhere. */
interface Mix {
  hints: ParamHints;
  nestedHostile: boolean;
}

/** A value the schema should accept (with `nestedHostile`, hostile values now and then below the top). */
function validFor(schema: z.core.$ZodType, mix: Mix, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: z.core.$ZodType) => nested(s, mix, depth + 1);
  switch (def.type) {
    case 'string':
      return stringFor(def as z.core.$ZodStringDef);
    case 'number': {
      const n = numberFor(def as z.core.$ZodNumberDef);
      return (def as z.core.$ZodNumberDef).coerce ? fc.oneof(n, n.map(String)) : n;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
    case 'enum':
      return fc.constantFrom(...Object.values((def as z.core.$ZodEnumDef).entries));
    case 'optional':
      return fc.option(inner((def as z.core.$ZodOptionalDef).innerType), { nil: undefined });
    case 'nullable':
      return fc.option(inner((def as z.core.$ZodNullableDef).innerType), { nil: null });
    case 'default':
      return fc.option(inner((def as z.core.$ZodDefaultDef).innerType), { nil: undefined });
    case 'pipe': {
      // A preprocess step or a coercion in front: generate for what the pipe finally checks, unless that is
      // a transform of the input.
      const pipe = def as z.core.$ZodPipeDef;
      return validFor(defOf(pipe.out).type === 'transform' ? pipe.in : pipe.out, mix, depth);
    }
    case 'object': {
      const shape = (def as z.core.$ZodObjectDef).shape;
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, s]) => {
          const hint = mix.hints[key];
          const own = depth === 0 ? validFor(s, mix, depth + 1) : inner(s);
          // Real ids mostly: a random valid id is almost always just not found.
          return [key, hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: own }) : own];
        }),
      );
      return fc.record(model);
    }
    case 'union':
      return fc.oneof(...(def as z.core.$ZodUnionDef).options.map((o) => validFor(o, mix, depth)));
    case 'array':
      return fc.array(inner((def as z.core.$ZodArrayDef).element), { maxLength: 3 });
    case 'tuple':
      return fc.tuple(...(def as z.core.$ZodTupleDef).items.map(inner));
    case 'record':
      return objectOf(
        fc.array(fc.tuple(fc.string({ maxLength: 8 }), inner((def as z.core.$ZodRecordDef).valueType)), {
          maxLength: 3,
        }),
      );
    default:
      return hostileValue;
  }
}

function stringFor(def: z.core.$ZodStringDef): fc.Arbitrary<string> {
  const format = 'format' in def ? def.format : undefined;
  // A format's own pattern (e-mail) says what it accepts; fast-check's addresses are wider than zod's.
  if ('pattern' in def && def.pattern instanceof RegExp) return fc.stringMatching(def.pattern);
  if (format === 'email') return fc.emailAddress();
  if (format === 'url') return fc.webUrl();
  let min = 0;
  let max = 40;
  let pattern: RegExp | undefined;
  for (const check of (def.checks ?? []) as unknown as Check[]) {
    const c = check._zod.def;
    if (c.check === 'min_length' && typeof c.minimum === 'number') min = c.minimum;
    if (c.check === 'max_length' && typeof c.maximum === 'number') max = Math.min(max, c.maximum);
    if (c.check === 'string_format' && c.pattern instanceof RegExp) pattern = c.pattern;
  }
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length <= 200);
  // Text the schema takes may hold anything: NUL, RTL marks, combining and astral characters, quotes.
  const fits = (text: string) => text.length >= min && text.length <= max;
  const hostileTexts = STORABLE_HOSTILE_STRINGS.filter(fits);
  // Mostly storable: a field that cannot be stored refuses the whole call, and objects have many fields.
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'binary', minLength: Math.max(min, 1), maxLength: Math.max(min, max, 1) }),
    },
    ...(hostileTexts.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...hostileTexts) }] : []),
    { weight: 6, arbitrary: textWithSpecials.filter(fits) },
    { weight: 1, arbitrary: textWithUnstorable.filter(fits) },
  );
}

function numberFor(def: z.core.$ZodNumberDef): fc.Arbitrary<number> {
  // Unbounded unless the schema bounds it: a schema without a maximum must cope with the largest values.
  let min = Number.MIN_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  let isInt = false;
  for (const check of (def.checks ?? []) as unknown as Check[]) {
    const c = check._zod.def;
    if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) isInt = true;
    if (c.check === 'greater_than' && typeof c.value === 'number') min = c.value + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than' && typeof c.value === 'number') max = c.value - (c.inclusive ? 0 : 1);
  }
  if (!isInt) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
  const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  // The edges are where columns overflow: a valid id of 2^31 does not fit an int column.
  const edges = [lo, hi, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1].filter((n) => n >= lo && n <= hi);
  return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(...edges));
}

/** Below the top level: what the schema accepts, now and then something hostile when the mix allows. */
function nested(schema: z.core.$ZodType, mix: Mix, depth: number): fc.Arbitrary<unknown> {
  if (depth > 5) return hostileValue;
  if (!mix.nestedHostile) return validFor(schema, mix, depth);
  return fc.oneof(
    { weight: 5, arbitrary: validFor(schema, mix, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** The top-level keys a schema knows (of every branch of a union). */
export function shapeKeys(schema: z.core.$ZodType): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.keys((def as z.core.$ZodObjectDef).shape);
    case 'union':
      return [...new Set((def as z.core.$ZodUnionDef).options.flatMap(shapeKeys))];
    case 'pipe':
      return [
        ...new Set([
          ...shapeKeys((def as z.core.$ZodPipeDef).in),
          ...shapeKeys((def as z.core.$ZodPipeDef).out),
        ]),
      ];
    default:
      return [];
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Stands for a key left out of the params. */
const MISSING = Symbol('missing');

/**
 * Params for a call, as a client might send them: entirely valid (real ids of the database where hinted,
 * edge values such as the largest safe integer); valid but for one field that is hostile or missing;
 * hostile throughout, with prototype-polluting extra keys; or no object at all.
 */
export function paramsFor(schema: z.core.$ZodType, hints: ParamHints = {}): fc.Arbitrary<unknown> {
  const keys = shapeKeys(schema);
  const valid = validFor(schema, { hints, nestedHostile: false }, 0);
  const oneBad =
    keys.length === 0
      ? valid
      : fc
          .tuple(
            valid,
            fc.constantFrom(...keys),
            fc.oneof({ weight: 5, arbitrary: hostileValue }, fc.constant(MISSING)),
          )
          .map(([params, key, bad]) => {
            if (!isPlainObject(params)) return params;
            const copy: Record<string, unknown> = { ...params };
            if (bad === MISSING) delete copy[key];
            else copy[key] = bad;
            return copy;
          });
  const extras = objectOf(
    fc.array(fc.tuple(fc.constantFrom(...POLLUTING_KEYS, 'Call', 'extra'), hostileValue), {
      minLength: 1,
      maxLength: 2,
    }),
  );
  const chaos = fc
    .tuple(
      validFor(schema, { hints, nestedHostile: true }, 1),
      objectOf(fc.array(fc.tuple(fc.constantFrom(...keys, 'a'), hostileValue), { maxLength: 3 })),
      fc.option(extras),
    )
    .map(([params, bad, extra]) => (isPlainObject(params) ? { ...extra, ...params, ...bad } : params));
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 5, arbitrary: oneBad },
    { weight: 3, arbitrary: chaos },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** JSON text for any value, writing what JSON.stringify cannot: ±1e999 parses back to ±Infinity, and -0. */
export function toJsonText(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'null';
    if (value === Number.POSITIVE_INFINITY) return '1e999';
    if (value === Number.NEGATIVE_INFINITY) return '-1e999';
    return Object.is(value, -0) ? '-0' : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

// A lone surrogate cannot be percent-encoded as UTF-8; send the bytes a broken client would.
export const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .replace(/[\uD800-\uDFFF]/g, '%ED%A0%80')
      .replace(/[^%\w.-]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  }
};

const scalarText = (value: unknown): string =>
  typeof value === 'number' && Object.is(value, -0)
    ? '-0'
    : typeof value === 'object'
      ? toJsonText(value)
      : String(value);

/** A query string for any value: arrays as repeated keys, objects as `key[sub]`, null as a bare key. */
export function toQueryString(params: unknown): string {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    return params === undefined ? '' : `${encode(scalarText(params))}`;
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (value === null) parts.push(encode(key));
    else if (Array.isArray(value))
      for (const item of value) parts.push(`${encode(key)}=${encode(scalarText(item))}`);
    else if (typeof value === 'object')
      for (const [sub, item] of Object.entries(value))
        parts.push(`${encode(`${key}[${sub}]`)}=${encode(scalarText(item))}`);
    else parts.push(`${encode(key)}=${encode(scalarText(value))}`);
  }
  return parts.join('&');
}

/** Malformed query fragments a parser must survive: bad escapes, overlong UTF-8, empty pairs, a second Call. */
export const hostileQuerySuffix = fc.constantFrom(
  '',
  '',
  '',
  '',
  '&%ZZ=1',
  '&a=%',
  '&%C0%80=%FF',
  '&=&&=',
  '&Call=ListAltCoins',
  '&__proto__[x]=1',
);

/** Raw bodies a parser must refuse cleanly: broken JSON, poisoned prototypes, other media types. */
export const hostileRawBody = fc.constantFrom(
  { contentType: 'application/json', text: '{"a":' },
  { contentType: 'application/json', text: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', text: '\u0000' },
  { contentType: 'application/json', text: '1e999' },
  { contentType: 'application/json', text: `"${HUGE_STRING}"` },
  { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=%00' },
  { contentType: 'text/plain', text: "' OR 1=1 --" },
  { contentType: 'multipart/form-data; boundary=x', text: '--x\r\n--x--' },
);

/**
 * A checksum of every row of every table, by table: compares the database before and after a call.
 * Rows are hashed one by one and the hashes sorted, so the order rows come back in does not matter.
 */
export async function tableChecksums(db: Db): Promise<Map<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const parts = tables.rows.map(
    ({ name }) =>
      sql`select ${name} as name, count(*)::text || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as sum
          from ${sql.identifier(name)} t`,
  );
  if (parts.length === 0) return new Map();
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { name: string; sum: string }[];
  };
  return new Map(result.rows.map((r) => [r.name, r.sum]));
}

/** The tables whose checksum differs. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((name) => before.get(name) !== after.get(name))
    .sort();

/**
 * Table checksums that are only recomputed after something was written: any committed write takes a
 * transaction id, so while the next id to assign (the snapshot's xmax) stands still, nothing changed.
 */
export function createTableWatch(db: Db) {
  let cached: { xmax: string; sums: Map<string, string> } | undefined;
  const xmax = async () => {
    const result = (await db.execute(
      sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
    )) as unknown as { rows: { xmax: string }[] };
    return result.rows[0]?.xmax ?? '';
  };
  return {
    async snapshot(): Promise<Map<string, string>> {
      const at = await xmax();
      if (cached?.xmax !== at) cached = { xmax: at, sums: await tableChecksums(db) };
      return cached.sums;
    },
  };
}
