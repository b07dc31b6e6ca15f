import { sql, type RawBuilder } from 'kysely';
import { expect, it } from 'vitest';
import { nullableWholes, texts, wholes } from '../src/db/arrays';
import { describeEachDatabase } from './support/harness';

type Value = string | number | bigint | null;

describeEachDatabase('array parameters sent as one text', (env) => {
  /** Each case's array as the server has it, element by element as text (null stays null). */
  const expectElements = async <T extends Value>(
    toArray: (values: T[]) => RawBuilder<unknown>,
    cases: { values: T[]; expected: (string | null)[] }[],
  ) => {
    for (const { values, expected } of cases) {
      const result = await sql<{ v: string | null }>`select v::text as v
        from unnest(${toArray(values)}) with ordinality as a(v, n) order by n`.execute(env().ctx.db);
      const label = JSON.stringify(values, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
      expect(
        result.rows.map((row) => row.v),
        label,
      ).toEqual(expected);
    }
  };

  it('wholes: whole numbers, any of the three kinds', async () => {
    await expectElements<string | number | bigint>(wholes, [
      { values: [], expected: [] },
      { values: ['7'], expected: ['7'] },
      { values: [1, '22', 333n, -4n], expected: ['1', '22', '333', '-4'] },
      { values: ['9223372036854775807'], expected: ['9223372036854775807'] },
    ]);
  });

  it('nullableWholes: a null is an empty field, a lone null an ordinary array', async () => {
    await expectElements<bigint | null>(nullableWholes, [
      { values: [null], expected: [null] },
      { values: [5n, null, 6n], expected: ['5', null, '6'] },
      { values: [null, null], expected: [null, null] },
      { values: [], expected: [] },
    ]);
  });

  it('texts: joined when safe, else an ordinary array', async () => {
    await expectElements<string | null>(texts, [
      { values: ['MYR', 'settle:b1:2'], expected: ['MYR', 'settle:b1:2'] },
      // What cannot travel joined goes as an ordinary array parameter, exactly as given.
      { values: ['a,b', 'c'], expected: ['a,b', 'c'] },
      { values: [''], expected: [''] },
      { values: ['x', null, ''], expected: ['x', null, ''] },
      { values: ['"quoted" \\ {braces}'], expected: ['"quoted" \\ {braces}'] },
    ]);
  });

  it('texts cast to timestamps', async () => {
    const at = new Date('2026-11-28T14:00:00.123Z');
    const result = await sql<{
      v: Date;
    }>`select v from unnest(${texts([at.toISOString()], 'timestamptz')}) as a(v)`.execute(env().ctx.db);
    expect(result.rows.map((row) => row.v.getTime())).toEqual([at.getTime()]);
  });

  // Every array parameter of every query travels as a literal the driver formats in one pass (arrayLiteral).
  it('ordinary array parameters: every element exactly as given, whatever it holds', async () => {
    const plain = (values: Value[]) => sql`${values}::text[]`;
    const tricky = [
      'plain',
      'a "quote"',
      'back\\slash',
      '\\"',
      '{braces}',
      'a,b',
      '',
      ' spaced ',
      'NULL',
      'null',
    ];
    const other = ['ünïcødé 中文', 'tab\there', 'new\nline'];
    await expectElements<string | null>(plain, [
      { values: [], expected: [] },
      { values: tricky, expected: tricky },
      { values: other, expected: other },
      { values: [null, 'x', null], expected: [null, 'x', null] },
    ]);
    const numbers = (values: Value[]) => sql`${values}::bigint[]`;
    await expectElements<string | number | bigint | null>(numbers, [
      {
        values: [1, -2, 3n, '4', null, 9223372036854775807n],
        expected: ['1', '-2', '3', '4', null, '9223372036854775807'],
      },
    ]);
    const flags = await sql<{ v: boolean | null }>`select v from unnest(${[true, false, null]}::boolean[])
      with ordinality as a(v, n) order by n`.execute(env().ctx.db);
    expect(flags.rows.map((row) => row.v)).toEqual([true, false, null]);
    // Not plain values: node-postgres formats the array itself, as before.
    const at = new Date('2026-11-28T14:00:00.123Z');
    const dates = await sql<{ v: Date }>`select v from unnest(${[at]}::timestamptz[]) as a(v)`.execute(
      env().ctx.db,
    );
    expect(dates.rows.map((row) => row.v.getTime())).toEqual([at.getTime()]);
  });
});
