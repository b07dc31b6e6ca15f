import { beforeAll, describe, expect, it } from 'vitest';
import { parseTennisData, type TennisDataFile } from './tennis-data';
import { readSeasonFile } from './test-data';

let file: TennisDataFile;

beforeAll(async () => {
  file = parseTennisData(await readSeasonFile('ATP-2022-tennis-data-2022.derived.csv'));
});

const find = (winner: string, loser: string, date?: string) => {
  const r = file.rows.find((m) => m.winner === winner && m.loser === loser && (!date || m.date === date));
  if (!r) throw new Error(`${winner} v ${loser}`);
  return r;
};

describe('ATP 2022 (tennis-data layout)', () => {
  it('reads all 2632 matches (CRLF) with their statuses', () => {
    expect(file.rows).toHaveLength(2632);
    expect(file.issues).toEqual([]);
    const count = (s: string) => file.rows.filter((r) => r.status === s).length;
    expect([count('completed'), count('retired'), count('walkover'), count('other')]).toEqual([
      2547, 72, 13, 0,
    ]);
  });
  it('first match: Kwon S.W. d. Nishioka Y. 6-1 6-2 in Adelaide, B365 1.61 / 2.30', () => {
    expect(file.rows[0]).toMatchObject({
      sourceLine: 2,
      tournament: 'Adelaide International 1',
      location: 'Adelaide',
      surface: 'Hard',
      round: '1st Round',
      bestOf: 3,
      date: '2022-01-03',
      winner: 'Kwon S.W.',
      loser: 'Nishioka Y.',
      winnerRank: 53,
      loserRank: 81,
      sets: [
        { winner: 6, loser: 1 },
        { winner: 6, loser: 2 },
      ],
      winnerSets: 2,
      loserSets: 0,
      prices: { winner: '1.61', loser: '2.30', source: 'B365' },
    });
  });
  it('completed matches: the winner has the sets needed (two rows of the source disagree, kept as written)', () => {
    const odd: number[] = [];
    for (const r of file.rows.filter((m) => m.status === 'completed' && m.bestOf !== null)) {
      const need = ((r.bestOf ?? 3) + 1) / 2;
      const won = r.sets.filter((s) => s.winner > s.loser).length;
      if (r.winnerSets !== need || won !== need) odd.push(r.sourceLine);
    }
    // Baez v Tiafoe says Wsets 1 after 6-3 6-2; Nadal v Sonego at Wimbledon says "Best of 3" with three sets won.
    expect(odd).toEqual([1003, 1603]);
  });
  it('walkovers have no sets; retirements keep the sets played, even mid-set', () => {
    const wo = find('Nadal R.', 'Griekspoor T.');
    expect(wo.status).toBe('walkover');
    expect(wo.sets).toEqual([]);
    expect(wo.winnerSets).toBeNull();
    const ret = find('Djere L.', 'Moutet C.');
    expect(ret).toMatchObject({ status: 'retired', comment: 'Retired', winnerSets: 1, loserSets: 1 });
    expect(ret.sets).toEqual([
      { winner: 4, loser: 6 },
      { winner: 7, loser: 5 },
    ]);
  });
  it('prices: 3 decimals kept, a sub-1 Pinnacle price ignored, Pinnacle used when Bet365 is blank', () => {
    expect(find('Paul T.', 'Borg L.').prices).toEqual({ winner: '1.005', loser: '29.00', source: 'B365' });
    expect(find('Otte O.', 'Madaras D.').prices).toEqual({ winner: '1.10', loser: '8.36', source: 'PS' });
    expect(find('Rune H.', 'Isner J.').prices).toBeNull();
    expect(file.rows.filter((r) => r.prices === null)).toHaveLength(9);
  });
  it('blank "Best of" and unranked players read as null', () => {
    expect(file.rows.filter((r) => r.bestOf === null)).toHaveLength(15);
    expect(file.rows.some((r) => r.loserRank === null)).toBe(true);
  });
});
