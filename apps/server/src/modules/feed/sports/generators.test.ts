import { describe, expect, it } from 'vitest';
import { fairMarketsFor } from '../pricing/event-pricing';
import { SPORTS, sportByCode, type SportDef } from './catalogue';
import { MAX_GENERATED, generateCompetitors, generateLeagues } from './generators';
import { sampleEventInput, sportProfile } from './profiles';
import { hashSeed, mulberry32, pick, randomInt, rngFor, sample, shuffled } from './random';

const sport = (code: string): SportDef => {
  const s = sportByCode(code);
  if (!s) throw new Error(code);
  return s;
};

describe('random', () => {
  it('mulberry32 is deterministic and uniform-ish in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 10_000 }, () => a());
    expect(Array.from({ length: 10_000 }, () => b())).toEqual(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 1);
    expect(mulberry32(43)()).not.toBe(mulberry32(42)());
  });
  it('hashSeed separates parts and is stable', () => {
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(hashSeed('x', 1)).toBe(hashSeed('x', 1));
  });
  it('helpers stay in range and keep items', () => {
    const rng = rngFor('t');
    for (let i = 0; i < 100; i += 1) {
      const n = randomInt(rng, 3, 5);
      expect(n >= 3 && n <= 5).toBe(true);
    }
    expect(shuffled(rng, [1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
    expect(new Set(sample(rng, [1, 2, 3, 4, 5], 3)).size).toBe(3);
    expect(() => pick(rng, [])).toThrow(RangeError);
  });
});

describe('generateLeagues', () => {
  it('soccer: national leagues, top divisions first, deterministic', () => {
    const leagues = generateLeagues(sport('soccer'), 25, 7);
    expect(leagues).toEqual(generateLeagues(sport('soccer'), 25, 7));
    expect(leagues).not.toEqual(generateLeagues(sport('soccer'), 25, 8));
    expect(new Set(leagues.map((l) => l.key)).size).toBe(25);
    expect(leagues.map((l) => l.name)).toContain('England Premier League');
    expect(
      leagues.slice(0, 20).every((l) => !/Championship|Segunda|2\./.test(l.name) || l.country === 'Scotland'),
    ).toBe(true);
    expect(leagues.map((l) => l.order)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });
  it('other sports use real competition names or a generic fallback', () => {
    expect(generateLeagues(sport('basketball'), 3, 1).every((l) => l.country === null)).toBe(true);
    expect(generateLeagues(sport('basketball'), 10, 1).map((l) => l.name)).toContain('NBA');
    expect(generateLeagues(sport('fencing'), 2, 1)[0]?.name).toMatch(/^Fencing /);
    expect(generateLeagues(sport('handball'), 1, 1)[0]?.name).toBeTruthy();
  });
  it('bounds the count', () => {
    expect(() => generateLeagues(sport('soccer'), MAX_GENERATED + 1, 1)).toThrow(RangeError);
    expect(() => generateLeagues(sport('soccer'), -1, 1)).toThrow(RangeError);
  });
});

describe('generateCompetitors', () => {
  it('soccer clubs are named after the league country cities, distinct, deterministic', () => {
    const [league] = generateLeagues(sport('soccer'), 1, 3);
    if (!league) throw new Error('league');
    const teams = generateCompetitors(sport('soccer'), league, 20, 3);
    expect(teams).toEqual(generateCompetitors(sport('soccer'), league, 20, 3));
    expect(new Set(teams).size).toBe(20);
    expect(teams.every((t) => t.length > 3 && !t.includes('{c}'))).toBe(true);
  });
  it('every sport gets distinct names for a 24-side league', () => {
    for (const s of SPORTS) {
      for (const league of generateLeagues(s, 2, 11)) {
        const names = generateCompetitors(s, league, 24, 11);
        if (s.naming === 'draws') expect(names).toEqual([]);
        else if (s.naming === 'indices') expect(names).toEqual(['Higher', 'Lower']);
        else {
          expect(new Set(names).size).toBe(24);
          expect(names.every((n) => n.trim() === n && n.length > 1)).toBe(true);
        }
      }
    }
  });
  it('basketball reads like city franchises, tennis like players', () => {
    const [nba] = generateLeagues(sport('basketball'), 1, 5);
    const [atp] = generateLeagues(sport('tennis'), 1, 5);
    if (!nba || !atp) throw new Error('league');
    expect(generateCompetitors(sport('basketball'), nba, 10, 5).every((n) => n.split(' ').length >= 2)).toBe(
      true,
    );
    expect(generateCompetitors(sport('tennis'), atp, 10, 5).every((n) => /^[A-Z][a-z]+ [A-Z]/.test(n))).toBe(
      true,
    );
  });
  it('goes past the name pool with numbered names instead of looping forever', () => {
    const [league] = generateLeagues(sport('e-fighting'), 1, 1);
    if (!league) throw new Error('league');
    const names = generateCompetitors(sport('e-fighting'), league, 40, 1);
    expect(new Set(names).size).toBe(40);
  });
});

describe('profiles', () => {
  it('every sport has a profile; typical soccer is about 2.7 goals', () => {
    for (const s of SPORTS) expect(sportProfile(s).model).toBe(s.model);
    const p = sportProfile(sport('soccer'));
    if (p.model !== 'soccer') throw new Error('model');
    expect(p.home + p.away).toBeGreaterThan(2.4);
    expect(p.home + p.away).toBeLessThan(3);
  });
  it('samples priceable inputs for every sport (null only for number games)', () => {
    const rng = rngFor('profiles');
    for (const s of SPORTS) {
      const input = sampleEventInput(s, rng);
      if (s.model === 'number-game') expect(input).toBeNull();
      else {
        expect(input?.model).toBe(s.model);
        if (input) expect(fairMarketsFor(input).length).toBeGreaterThan(0);
      }
    }
  });
});
