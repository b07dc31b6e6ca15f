import { gmt8Date } from '@sb/domain';

/** A JSON Schema as zod's toJSONSchema writes a call's request (the parts the generator reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
}

/** A deterministic generator (mulberry32): the same seed makes the same bodies, so a failure replays. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Values a field's name suggests, tried against its pattern first. */
function candidatesFor(name: string): string[] {
  const today = gmt8Date(Date.now());
  if (/date/.test(name)) return [today];
  if (/time|_at$|kickoff/.test(name)) return [new Date(Date.now() + 7_200_000).toISOString()];
  if (/^(commission_rate|pt_share|share)$/.test(name)) return ['0.0025'];
  if (/amount|stake|rate|odds|fee|min|max|payout|credit/.test(name)) return ['10.00', '10', '0.0025', '1.95'];
  if (/password|pin/.test(name)) return ['Fuzz1234', '123456'];
  if (/lang/.test(name)) return ['en'];
  if (/selection|side/.test(name)) return ['h', 'a', 'o', 'u'];
  return ['abc123', '1', '10.00', today, 'h', 'A', 'en', 'T0', '1234'];
}

function stringFor(name: string, schema: JsonSchema): string {
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  const fits = (value: string) =>
    (!pattern || pattern.test(value)) && (schema.maxLength === undefined || value.length <= schema.maxLength);
  return candidatesFor(name).find(fits) ?? ['abc', '1', '10.00', 'A'].find(fits) ?? 'abc';
}

/** A value that the schema accepts as often as a simple generator can (the "valid" body before mutation). */
export function sample(schema: JsonSchema, random: Random, name = '', depth = 0): unknown {
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return pick(random, schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return sample(pick(random, branches), random, name, depth + 1);
  if (schema.allOf && schema.allOf.length > 0) return sample(schema.allOf[0] ?? {}, random, name, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random() < 0.5) body[key] = sample(child, random, key, depth + 1);
      }
      return body;
    }
    case 'array': {
      const count = Math.max(
        schema.minItems ?? 1,
        Math.min(schema.maxItems ?? 2, 1 + Math.floor(random() * 2)),
      );
      return Array.from({ length: Math.min(count, 5) }, () =>
        sample(schema.items ?? {}, random, name, depth + 1),
      );
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const high = schema.maximum ?? low + 10;
      const value = low + Math.floor(random() * Math.max(1, Math.min(high - low, 10)));
      return Math.min(value, high);
    }
    case 'boolean':
      return random() < 0.5;
    case 'string':
      return stringFor(name, schema);
    case 'null':
      return null;
    default:
      return stringFor(name, schema);
  }
}

/** Strings an attacker sends: NUL, lone surrogates, injections, odd unicode, numbers that are not numbers. */
const HOSTILE_STRINGS = [
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  "'; drop table accounts; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '%00',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ñ 中文 😀',
  '\u202e\u0000',
  '-1',
  '-0',
  '0',
  '1e309',
  '1e-7',
  '99999999999999999999999999',
  '0.000000001',
  '1.005',
  'NaN',
  'Infinity',
  '',
  ' ',
  '\t\n',
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.01,
  2 ** 53 + 1,
  1e308,
  -1e308,
  [],
  [1, 2, 3],
  {},
  { nested: { deeper: { deepest: [null] } } },
  'abc',
];

/** A mutated copy of a body: a field dropped, retyped, made huge or hostile; extra fields; or no object at all. */
export function mutate(body: unknown, random: Random): { payload: string } {
  const roll = random();
  if (roll < 0.05) {
    return {
      payload: pick(random, [
        '{',
        '{"a":',
        '[',
        'null',
        '"x"',
        '123',
        'true',
        '{"a":1}}',
        '\u0000',
        '{"__proto__":{"x":1}}',
      ]),
    };
  }
  if (roll < 0.1) return { payload: JSON.stringify(pick(random, [[], [body], 'body', 42, null])) };
  const copy: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  const keys = Object.keys(copy);
  const key = keys.length > 0 ? pick(random, keys) : 'field';
  const how = random();
  if (how < 0.15) delete copy[key];
  else if (how < 0.35) copy[key] = pick(random, HOSTILE_VALUES);
  else if (how < 0.6) copy[key] = pick(random, HOSTILE_STRINGS);
  // Mostly long, now and then past the body limit (refused whole, before parsing).
  else if (how < 0.7) copy[key] = 'x'.repeat(pick(random, [1_000, 1_000, 1_000, 5_000, 100_000]));
  else if (how < 0.8) copy[`extra_${Math.floor(random() * 1000)}`] = pick(random, HOSTILE_VALUES);
  else if (how < 0.9) {
    // Every field hostile at once.
    for (const name of keys)
      copy[name] = random() < 0.5 ? pick(random, HOSTILE_STRINGS) : pick(random, HOSTILE_VALUES);
  } else {
    // A number where the wire says string and back, with exponents and fractions.
    copy[key] =
      typeof copy[key] === 'string' ? Number.parseFloat(String(copy[key])) || 1e21 : `${String(copy[key])}e3`;
  }
  return { payload: JSON.stringify(copy) };
}
