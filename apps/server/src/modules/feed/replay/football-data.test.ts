import { beforeAll, describe, expect, it } from 'vitest';
import { parseFootballData, type FootballDataFile, type FootballMatchRow } from './football-data';
import { readSeasonFile } from './test-data';

const FILES = {
  EPL: { name: 'EPL-2023-24-E0.csv', rows: 380, teams: 20, division: 'E0', goals: 1246, homeWins: 175 },
  LaLiga: {
    name: 'LaLiga-2023-24-SP1.csv',
    rows: 380,
    teams: 20,
    division: 'SP1',
    goals: 1005,
    homeWins: 167,
  },
  Bundesliga: {
    name: 'Bundesliga-2024-25-D1.csv',
    rows: 306,
    teams: 18,
    division: 'D1',
    goals: 959,
    homeWins: 118,
  },
  SerieA: { name: 'SerieA-2024-25-I1.csv', rows: 380, teams: 20, division: 'I1', goals: 973, homeWins: 151 },
} as const;

const parsed: Record<string, FootballDataFile> = {};
const texts: Record<string, string> = {};

beforeAll(async () => {
  for (const [key, f] of Object.entries(FILES)) {
    texts[key] = await readSeasonFile(f.name);
    parsed[key] = parseFootballData(texts[key] ?? '');
  }
});

const rowsOf = (key: keyof typeof FILES): readonly FootballMatchRow[] => parsed[key]?.rows ?? [];
const find = (key: keyof typeof FILES, home: string, away: string) => {
  const row = rowsOf(key).find((r) => r.home === home && r.away === away);
  if (!row) throw new Error(`${home} v ${away} not in ${key}`);
  return row;
};

describe.each(Object.entries(FILES))('%s', (key, f) => {
  it('reads every row, skips none', () => {
    expect(rowsOf(key as keyof typeof FILES)).toHaveLength(f.rows);
    expect(parsed[key]?.issues).toEqual([]);
  });
  it('has the league, its teams, and each team at home once per opponent', () => {
    const rows = rowsOf(key as keyof typeof FILES);
    expect(new Set(rows.map((r) => r.division))).toEqual(new Set([f.division]));
    expect(new Set(rows.map((r) => r.home)).size).toBe(f.teams);
    expect(new Set(rows.map((r) => `${r.home}|${r.away}`)).size).toBe(f.rows);
  });
  it('results agree with the scores; season totals match the file', () => {
    const rows = rowsOf(key as keyof typeof FILES);
    for (const r of rows) {
      const letter =
        r.fullTime.home > r.fullTime.away ? 'H' : r.fullTime.home === r.fullTime.away ? 'D' : 'A';
      expect(r.result).toBe(letter);
      if (r.halfTime) {
        expect(r.halfTime.home).toBeLessThanOrEqual(r.fullTime.home);
        expect(r.halfTime.away).toBeLessThanOrEqual(r.fullTime.away);
      }
    }
    expect(rows.reduce((s, r) => s + r.fullTime.home + r.fullTime.away, 0)).toBe(f.goals);
    expect(rows.filter((r) => r.result === 'H')).toHaveLength(f.homeWins);
  });
  it('prices are exact decimal strings above 1, lines quarter steps within -3.5..+2.5', () => {
    const rows = rowsOf(key as keyof typeof FILES);
    for (const r of rows) {
      for (const m of [r.opening, r.closing]) {
        expect(m.oneXTwo).not.toBeNull();
        expect(m.handicap).not.toBeNull();
        expect(m.total).not.toBeNull();
        const prices = [
          m.oneXTwo?.home,
          m.oneXTwo?.draw,
          m.oneXTwo?.away,
          m.handicap?.home,
          m.handicap?.away,
        ];
        for (const p of [...prices, m.total?.over, m.total?.under]) {
          expect(p).toMatch(/^\d+\.\d{2,3}$/);
          expect(Number(p)).toBeGreaterThan(1);
        }
        const line = Number(m.handicap?.line);
        expect(line * 4).toBe(Math.round(line * 4));
        expect(line).toBeGreaterThanOrEqual(-3.5);
        expect(line).toBeLessThanOrEqual(2.5);
      }
      expect(r.kickOff.getUTCFullYear()).toBeGreaterThanOrEqual(2023);
    }
  });
});

describe('known rows', () => {
  it('EPL first row: Burnley 0-3 Man City, HT 0-2, Friday 20:00 UK = 19:00 UTC', () => {
    const r = rowsOf('EPL')[0];
    expect(r).toMatchObject({
      sourceLine: 2,
      division: 'E0',
      home: 'Burnley',
      away: 'Man City',
      fullTime: { home: 0, away: 3 },
      halfTime: { home: 0, away: 2 },
      result: 'A',
      halfTimeResult: 'A',
      localDate: '2023-08-11',
      localTime: '20:00',
    });
    expect(r?.kickOff.toISOString()).toBe('2023-08-11T19:00:00.000Z');
    // `8.0` in the file (re-saved 2023-24 layout) is the price 8.00.
    expect(r?.opening.oneXTwo).toEqual({ home: '8.00', draw: '5.50', away: '1.33', source: 'B365' });
    expect(r?.closing.oneXTwo).toEqual({ home: '9.00', draw: '5.25', away: '1.33', source: 'B365' });
    expect(r?.opening.handicap).toEqual({ line: '1.5', home: '1.86', away: '2.07', source: 'B365' });
    expect(r?.closing.handicap).toEqual({ line: '1.5', home: '1.95', away: '1.98', source: 'B365' });
    expect(r?.opening.total).toEqual({ line: '2.5', over: '1.67', under: '2.20', source: 'B365' });
    expect(r?.closing.total).toEqual({ line: '2.5', over: '1.67', under: '2.20', source: 'B365' });
  });
  it('EPL last row and a whole-goal line written as -2.0', () => {
    expect(rowsOf('EPL').at(-1)).toMatchObject({
      home: 'Sheffield United',
      away: 'Tottenham',
      fullTime: { home: 0, away: 3 },
    });
    expect(find('EPL', 'Arsenal', "Nott'm Forest").opening.handicap?.line).toBe('-2');
  });
  it('LaLiga level-ball line 0.0 is a line, not a blank', () => {
    const r = find('LaLiga', 'Almeria', 'Vallecano');
    expect(r.opening.handicap).toEqual({ line: '0', home: '1.84', away: '2.09', source: 'B365' });
  });
  it('Bundesliga (BOM): first column is Div, Union Berlin v Bochum has no half-time score', () => {
    expect(texts.Bundesliga?.charCodeAt(0)).toBe(0xfeff);
    expect(rowsOf('Bundesliga')[0]).toMatchObject({ division: 'D1', home: "M'gladbach", away: 'Leverkusen' });
    const r = find('Bundesliga', 'Union Berlin', 'Bochum');
    expect(r).toMatchObject({
      localDate: '2024-12-14',
      fullTime: { home: 0, away: 2 },
      halfTime: null,
      halfTimeResult: null,
    });
    expect(r.opening.oneXTwo?.home).toBe('1.60');
  });
  it('Bundesliga: a blank Bet365 handicap price falls back to Pinnacle on the same line', () => {
    const r = find('Bundesliga', 'Hoffenheim', 'Heidenheim');
    expect(r.opening.handicap).toEqual({ line: '-0.75', home: '2.01', away: '1.89', source: 'PS' });
  });
  it('Bundesliga: the extreme lines -3.25 (opening) and -3.5 / +2.5 (closing) are read', () => {
    const open = rowsOf('Bundesliga').map((r) => Number(r.opening.handicap?.line));
    const close = rowsOf('Bundesliga').map((r) => Number(r.closing.handicap?.line));
    expect(Math.min(...open)).toBe(-3.25);
    expect(Math.min(...close)).toBe(-3.5);
    expect(Math.max(...close)).toBe(2.5);
  });
  it('Serie A (BOM): first row Genoa 2-2 Inter', () => {
    expect(rowsOf('SerieA')[0]).toMatchObject({
      home: 'Genoa',
      away: 'Inter',
      fullTime: { home: 2, away: 2 },
    });
    expect(rowsOf('SerieA')[0]?.opening.handicap?.line).toBe('1');
  });
});

describe('UK time across clock changes (real rows)', () => {
  it.each([
    ['EPL', 'Arsenal', 'Sheffield United', '2023-10-28T14:00:00.000Z'], // 15:00 BST
    ['EPL', 'Aston Villa', 'Luton', '2023-10-29T14:00:00.000Z'], // 14:00 GMT, the day clocks went back
    ['EPL', 'Brentford', 'Man United', '2024-03-30T20:00:00.000Z'], // 20:00 GMT
    ['EPL', 'Man City', 'Arsenal', '2024-03-31T15:30:00.000Z'], // 16:30 BST, the day clocks went forward
    ['Bundesliga', 'Augsburg', 'Dortmund', '2024-10-26T13:30:00.000Z'],
    ['Bundesliga', 'Bochum', 'Bayern Munich', '2024-10-27T14:30:00.000Z'],
  ] as const)('%s %s v %s kicks off at %s', (league, home, away, utc) => {
    expect(find(league, home, away).kickOff.toISOString()).toBe(utc);
  });
});

describe('synthetic quirks', () => {
  const header =
    'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,B365H,B365D,B365A,PSH,PSD,PSA,AHh,B365AHH,B365AHA';
  it('0 means no price: falls back to Pinnacle, or null', () => {
    const text = `\ufeff${header}\r\nE0,01/01/2024,15:00,A,B,1,0,H,0,0,D,0,3.4,2.1,2.5,3.3,2.9,-0.25,0,0\r\n`;
    const [r] = parseFootballData(text).rows;
    expect(r?.opening.oneXTwo).toEqual({ home: '2.50', draw: '3.30', away: '2.90', source: 'PS' });
    expect(r?.opening.handicap).toBeNull();
    expect(r?.opening.total).toBeNull();
    expect(r?.closing.oneXTwo).toBeNull();
  });
  it('skips unreadable rows with a reason; a file without a Time column plays at 15:00 UK', () => {
    const text =
      'Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR\nE0,12/08/17,Watford,Liverpool,3,3,D\nE0,,X,Y,1,0,H\nE0,13/08/17,X,,1,0,H\nE0,13/08/17,X,Y,,,\n,,,,,,\n';
    const file = parseFootballData(text);
    expect(file.rows).toHaveLength(1);
    expect(file.rows[0]?.kickOff.toISOString()).toBe('2017-08-12T14:00:00.000Z');
    expect(file.rows[0]?.halfTime).toBeNull();
    expect(file.issues.map((i) => i.line)).toEqual([3, 4, 5]);
  });
});
