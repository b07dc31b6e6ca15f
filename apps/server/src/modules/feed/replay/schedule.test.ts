import { beforeAll, describe, expect, it } from 'vitest';
import { parseFootballData, type FootballMatchRow } from './football-data';
import { planGoals } from './goals';
import { parseOpenFootball } from './openfootball';
import { lerpPrice } from './price-path';
import {
  mergedEvents,
  replaySchedule,
  type ReplayEvent,
  type ReplayMatch,
  type ReplaySchedule,
} from './schedule';
import { readSeasonFile } from './test-data';
import { mulberry32 } from '../sports/random';

const START = new Date('2030-01-01T12:00:00.000Z');
const MIN = 60_000;
let epl: readonly FootballMatchRow[] = [];
let schedule: ReplaySchedule;

beforeAll(async () => {
  epl = parseFootballData(await readSeasonFile('EPL-2023-24-E0.csv')).rows;
  schedule = replaySchedule(epl, { startAt: START, speed: 60, seed: 7 });
});

const ofType = <T extends ReplayEvent['type']>(m: ReplayMatch, type: T) =>
  m.events.filter((e): e is Extract<ReplayEvent, { type: T }> => e.type === type);

describe('replaySchedule time mapping', () => {
  it('starts the season at startAt and divides real gaps by speed', () => {
    const first = schedule.matches[0];
    expect(first?.kickOff.toISOString()).toBe(START.toISOString());
    expect(first).toMatchObject({ home: 'Burnley', away: 'Man City', index: 0 });
    const real0 = epl[0]?.kickOff.getTime() ?? 0;
    for (const m of schedule.matches) {
      expect(m.kickOff.getTime() - START.getTime()).toBeCloseTo((m.realKickOff.getTime() - real0) / 60, -1);
    }
    expect(new Set(schedule.matches.map((m) => m.key)).size).toBe(380);
  });
  it('maxIdleMs caps idle gaps but keeps order and simultaneous kick-offs', () => {
    const compact = replaySchedule(epl, { startAt: START, speed: 60, maxIdleMs: 10 * MIN, fit: false });
    const ms = compact.matches;
    for (let i = 1; i < ms.length; i += 1) {
      const gap = (ms[i]?.kickOff.getTime() ?? 0) - (ms[i - 1]?.kickOff.getTime() ?? 0);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(10 * MIN);
      if (ms[i]?.realKickOff.getTime() === ms[i - 1]?.realKickOff.getTime()) expect(gap).toBe(0);
    }
    // The season's 9 months fit in about a day of wall clock (at speed 60 with 10-minute idle gaps).
    expect((ms.at(-1)?.kickOff.getTime() ?? 0) - START.getTime()).toBeLessThan(2 * 24 * 60 * MIN);
  });
  it('validates its options', () => {
    expect(() => replaySchedule(epl, { startAt: START, speed: 0 })).toThrow(RangeError);
    expect(() => replaySchedule(epl, { startAt: new Date('x'), speed: 1 })).toThrow(RangeError);
    expect(() => replaySchedule(epl, { startAt: START, speed: 1, priceSteps: 0 })).toThrow(RangeError);
    expect(() => replaySchedule(epl, { startAt: START, speed: 1, maxIdleMs: -1 })).toThrow(RangeError);
  });
});

describe('per-match timeline', () => {
  it('fixture, N price steps, kick-off, goals, half time, second half, full time, result; in time order', () => {
    for (const m of schedule.matches) {
      const types = m.events.map((e) => e.type).filter((t) => t !== 'goal');
      expect(types).toEqual([
        'fixture',
        ...Array<string>(6).fill('prices'),
        'kickoff',
        'halftime',
        'secondhalf',
        'fulltime',
        'result',
      ]);
      const times = m.events.map((e) => e.at.getTime());
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(ofType(m, 'kickoff')[0]?.at.getTime()).toBe(m.kickOff.getTime());
      expect(ofType(m, 'fulltime')[0]?.at.getTime()).toBe(m.kickOff.getTime() + (105 * MIN) / 60);
    }
  });
  it('goals reach the real half-time and full-time scores', () => {
    schedule.matches.forEach((m, i) => {
      const row = epl[i];
      if (!row) throw new Error('row');
      const goals = ofType(m, 'goal');
      expect(goals).toHaveLength(row.fullTime.home + row.fullTime.away);
      expect(goals.at(-1)?.score ?? { home: 0, away: 0 }).toEqual(row.fullTime);
      expect(ofType(m, 'halftime')[0]).toMatchObject({ score: row.halfTime, derived: false });
      expect(goals.filter((g) => g.minute <= 45)).toHaveLength(
        (row.halfTime?.home ?? 0) + (row.halfTime?.away ?? 0),
      );
      expect(ofType(m, 'result')[0]).toMatchObject({
        fullTime: row.fullTime,
        halfTime: row.halfTime,
        result: row.result,
      });
    });
  });
  it('prices move from the opening columns to the closing columns', () => {
    const m = schedule.matches[0];
    const steps = m ? ofType(m, 'prices') : [];
    expect(steps[0]?.prices).toEqual(epl[0]?.opening);
    expect(steps.at(-1)?.prices).toEqual(epl[0]?.closing);
    // Burnley 8.00 -> 9.00 in five equal moves.
    expect(steps.map((s) => s.prices.oneXTwo?.home)).toEqual([
      '8.00',
      '8.20',
      '8.40',
      '8.60',
      '8.80',
      '9.00',
    ]);
    expect(steps.every((s) => s.at.getTime() < (m?.kickOff.getTime() ?? 0))).toBe(true);
  });
  it('a handicap whose line changed switches line half way', () => {
    const i = epl.findIndex((r) => r.opening.handicap?.line !== r.closing.handicap?.line);
    const m = schedule.matches.find((x) => x.realKickOff === epl[i]?.kickOff && x.home === epl[i]?.home);
    const lines = m ? ofType(m, 'prices').map((s) => s.prices.handicap?.line) : [];
    const open = epl[i]?.opening.handicap?.line;
    const close = epl[i]?.closing.handicap?.line;
    expect(lines).toEqual([open, open, open, close, close, close]);
  });
  it('fits goal expectancies to each price step', () => {
    for (const m of schedule.matches.slice(0, 40)) {
      for (const s of ofType(m, 'prices')) {
        expect(s.expectancy).not.toBeNull();
        const total = (s.expectancy?.home ?? 0) + (s.expectancy?.away ?? 0);
        expect(total).toBeGreaterThan(1.5);
        expect(total).toBeLessThan(5);
      }
    }
    const city = ofType(schedule.matches[0] as ReplayMatch, 'prices')[0]?.expectancy;
    expect(city?.away).toBeGreaterThan(city?.home ?? 0);
  });
  it('is deterministic from the seed', () => {
    const again = replaySchedule(epl, { startAt: START, speed: 60, seed: 7, fit: false });
    const other = replaySchedule(epl, { startAt: START, speed: 60, seed: 8, fit: false });
    const minutes = (s: ReplaySchedule) =>
      s.matches.flatMap((m) => ofType(m, 'goal').map((g) => `${g.minute}${g.side}`));
    expect(minutes(again)).toEqual(minutes(schedule));
    expect(minutes(other)).not.toEqual(minutes(schedule));
  });
});

describe('every shared file replays', () => {
  it.each(['Bundesliga-2024-25-D1.csv', 'LaLiga-2023-24-SP1.csv', 'SerieA-2024-25-I1.csv'])(
    '%s',
    async (name) => {
      const rows = parseFootballData(await readSeasonFile(name)).rows;
      const s = replaySchedule(rows, { startAt: START, speed: 120, fit: false });
      expect(s.matches).toHaveLength(rows.length);
      for (const m of s.matches) {
        const result = ofType(m, 'result')[0];
        expect(ofType(m, 'goal').at(-1)?.score ?? { home: 0, away: 0 }).toEqual(result?.fullTime);
      }
    },
  );
  it('Union Berlin v Bochum (no half-time in the file): half time follows from the drawn goals', async () => {
    const rows = parseFootballData(await readSeasonFile('Bundesliga-2024-25-D1.csv')).rows;
    const s = replaySchedule(rows, { startAt: START, speed: 120, fit: false });
    const m = s.matches.find(
      (x) => x.home === 'Union Berlin' && x.away === 'Bochum' && x.realKickOff.getUTCMonth() === 11,
    );
    const ht = m ? ofType(m, 'halftime')[0] : undefined;
    expect(ht?.derived).toBe(true);
    const early = m ? ofType(m, 'goal').filter((g) => g.minute <= 45) : [];
    expect(ht?.score).toEqual({ home: 0, away: early.length });
    expect(ofType(m as ReplayMatch, 'fulltime')[0]?.score).toEqual({ home: 0, away: 2 });
  });
  it('openfootball rows (no prices) replay with empty price steps', async () => {
    const rows = parseOpenFootball(await readSeasonFile('EPL-2023-24-openfootball-en.1.json')).rows;
    const s = replaySchedule(rows, { startAt: START, speed: 60 });
    expect(s.matches).toHaveLength(380);
    const first = ofType(s.matches[0] as ReplayMatch, 'prices')[0];
    expect(first).toMatchObject({ prices: { oneXTwo: null, handicap: null, total: null }, expectancy: null });
  });
});

describe('mergedEvents', () => {
  it('interleaves all matches in time order', () => {
    const all = mergedEvents(schedule);
    expect(all).toHaveLength(schedule.matches.reduce((s, m) => s + m.events.length, 0));
    for (let i = 1; i < all.length; i += 1) {
      expect(all[i]?.event.at.getTime()).toBeGreaterThanOrEqual(all[i - 1]?.event.at.getTime() ?? 0);
    }
  });
});

describe('helpers', () => {
  it('lerpPrice keeps exact ends and never goes below 1.01', () => {
    expect(lerpPrice('1.005', '1.02', 0)).toBe('1.005');
    expect(lerpPrice('1.005', '1.02', 0.1)).toBe('1.01');
    expect(lerpPrice('2.00', '3.00', 0.5)).toBe('2.50');
  });
  it('planGoals: an inconsistent half-time score is ignored rather than trusted', () => {
    const plan = planGoals(mulberry32(1), { home: 1, away: 0 }, { home: 2, away: 0 });
    expect(plan.halfTimeDerived).toBe(true);
    expect(plan.goals).toHaveLength(1);
  });
});
