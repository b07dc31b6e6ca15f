import { sql, type RawBuilder } from 'kysely';

/**
 * Array parameters of set-wise statements (unnest, = any) sent as ONE comma-separated text that the server
 * splits (string_to_array). node-postgres quoted and escaped every element of an array parameter (two regular
 * expressions an element); a settlement batch sends some thirty arrays of a thousand elements, and that escaping
 * was 8% of the server's CPU in a settlement of 100,000 bets. Joining is a single pass. (Every array parameter now
 * goes as a literal formatted in one pass, `arrayLiteral` below; these kept their join, not re-measured.) The server folds the
 * split of a constant into a constant array when it plans, so the planner sees the same array it saw before.
 *
 * Only values that cannot hold the separator go this way: whole numbers always; text only when no element is
 * null, empty or holds a comma (ids, codes, states), else the ordinary array parameter. Not for statements
 * prepared once and kept (db/database.ts PREPARED): the fallback is another statement text.
 */
type Whole = string | number | bigint;
type WholeType = 'bigint' | 'integer';

/** Whole numbers (ids, minor units), none null, as a `type[]`. */
export function wholes(values: readonly Whole[], type: WholeType = 'bigint'): RawBuilder<unknown> {
  return sql`string_to_array(${values.join(',')}, ',')::${sql.raw(type)}[]`;
}

/** Whole numbers or nulls: a null travels as an empty field, which string_to_array reads back as NULL. */
export function nullableWholes(
  values: readonly (Whole | null)[],
  type: WholeType = 'bigint',
): RawBuilder<unknown> {
  // An empty text splits into no element at all: a lone null must be an ordinary array parameter.
  if (values.length === 1 && values[0] === null) return sql`${values}::${sql.raw(type)}[]`;
  const fields = values.map((value) => (value === null ? '' : String(value)));
  return sql`string_to_array(${fields.join(',')}, ',', '')::${sql.raw(type)}[]`;
}

/**
 * Texts (or values cast from text, such as timestamps in ISO form) as a `type[]`; nulls, empty texts and
 * texts holding a comma make it an ordinary, escaped array parameter.
 */
export function texts(
  values: readonly (string | null)[],
  type: 'text' | 'timestamptz' = 'text',
): RawBuilder<unknown> {
  for (const value of values) {
    if (value === null || value === '' || value.includes(',')) return sql`${values}::${sql.raw(type)}[]`;
  }
  return sql`string_to_array(${values.join(',')}, ',')::${sql.raw(type)}[]`;
}

type Scalar = string | number | bigint | boolean | null | undefined;

/**
 * An array parameter as PostgreSQL's array literal, built in one pass: what node-postgres sends for an array, but
 * without its two regular expressions an element (each text is quoted, and escaped only when it holds a quote or
 * a backslash). The wallet's batch statements send some sixty arrays a batch, and node-postgres' escaping was 4%
 * of the server's CPU at 2,500 wallet calls a second. Undefined when an element is not a plain value (a date, a
 * buffer, a nested array): node-postgres then formats the array itself. db/database.ts applies it to every query.
 */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] as Scalar | object;
    if (i > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'string') literal += `"${escapeQuoted(value)}"`;
    else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
      literal += String(value);
    else return undefined;
  }
  return `${literal}}`;
}

/** Inside an element's double quotes, only a quote and a backslash need a backslash before them. */
function escapeQuoted(text: string): string {
  return text.includes('"') || text.includes('\\') ? text.replace(/["\\]/g, '\\$&') : text;
}
