import { beforeAll, describe, expect, it } from 'vitest';
import { parseFootballData } from './football-data';
import { parseOpenFootball, type OpenFootballFile } from './openfootball';
import { readSeasonFile } from './test-data';

let file: OpenFootballFile;
let csvGoals = 0;

beforeAll(async () => {
  file = parseOpenFootball(await readSeasonFile('EPL-2023-24-openfootball-en.1.json'));
  const csv = parseFootballData(await readSeasonFile('EPL-2023-24-E0.csv'));
  csvGoals = csv.rows.reduce((s, r) => s + r.fullTime.home + r.fullTime.away, 0);
});

describe('openfootball EPL 2023-24', () => {
  it('reads all 380 matches', () => {
    expect(file.rows).toHaveLength(380);
    expect(file.issues).toEqual([]);
    expect(file.rows[0]?.competition).toBe('English Premier League 2023/24');
  });
  it('first match: Burnley FC 0-3 Manchester City FC, HT 0-2, 19:00 UTC', () => {
    expect(file.rows[0]).toMatchObject({
      round: 'Matchday 1',
      home: 'Burnley FC',
      away: 'Manchester City FC',
      fullTime: { home: 0, away: 3 },
      halfTime: { home: 0, away: 2 },
      localDate: '2023-08-11',
      localTime: '20:00',
    });
    expect(file.rows[0]?.kickOff.toISOString()).toBe('2023-08-11T19:00:00.000Z');
  });
  it('11 matches have no half-time score', () => {
    expect(file.rows.filter((r) => r.halfTime === null)).toHaveLength(11);
  });
  it('the Arsenal v Forest time differs from football-data (13:00 here, 12:30 there)', () => {
    const r = file.rows.find((m) => m.home === 'Arsenal FC' && m.away === 'Nottingham Forest FC');
    expect(r?.localTime).toBe('13:00');
    expect(r?.kickOff.toISOString()).toBe('2023-08-12T12:00:00.000Z');
  });
  it('agrees with the football-data file on the season goal total and on 20 teams', () => {
    expect(file.rows.reduce((s, r) => s + r.fullTime.home + r.fullTime.away, 0)).toBe(csvGoals);
    expect(new Set(file.rows.map((r) => r.home)).size).toBe(20);
  });
});

describe('openfootball layout', () => {
  it('times with an offset, missing times, and unplayed matches', () => {
    const text = JSON.stringify({
      name: 'Test',
      matches: [
        {
          round: 'R1',
          date: '2024-07-01',
          time: '20:00 UTC+2',
          team1: 'A',
          team2: 'B',
          score: { ft: [1, 0] },
        },
        { round: 'R1', date: '2024-07-01', team1: 'C', team2: 'D', score: { ft: [0, 0], ht: [0, 0] } },
        { round: 'R2', date: '2024-07-08', time: '15:00', team1: 'A', team2: 'C' },
        { round: 'R2', date: 'soon', team1: 'B', team2: 'D', score: { ft: [1, 1] } },
      ],
    });
    const f = parseOpenFootball(text);
    expect(f.rows.map((r) => r.kickOff.toISOString())).toEqual([
      '2024-07-01T18:00:00.000Z',
      '2024-07-01T14:00:00.000Z',
    ]);
    expect(f.issues.map((i) => i.reason)).toEqual(['no full-time score', 'bad date or time']);
  });
  it('rejects a document that is not openfootball', () => {
    expect(() => parseOpenFootball('{"rounds": []}')).toThrow(SyntaxError);
  });
});
