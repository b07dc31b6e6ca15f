import { describe, expect, it } from 'vitest';
import { EXCLUDED_SPORT_IDS, SPORTS, menuSports, sportByCode, sportById, sportsInGroup } from './catalogue';

describe('sports catalogue', () => {
  it('has over 90 sports with unique ids, codes and i18n keys', () => {
    expect(SPORTS.length).toBeGreaterThanOrEqual(90);
    for (const key of ['id', 'code', 'i18nKey', 'name'] as const) {
      expect(new Set(SPORTS.map((s) => s[key])).size).toBe(SPORTS.length);
    }
    for (const s of SPORTS) {
      expect(Number.isInteger(s.id) && s.id > 0).toBe(true);
      expect(s.i18nKey).toBe(`sport.${s.code}`);
      expect(s.code).toMatch(/^[a-z0-9-]+$/);
    }
  });
  it('keeps the SABA numbers it knows', () => {
    const expected: Record<number, string> = {
      1: 'soccer',
      2: 'basketball',
      3: 'football',
      4: 'ice-hockey',
      5: 'tennis',
      6: 'volleyball',
      7: 'billiards',
      8: 'baseball',
      9: 'badminton',
      10: 'golf',
      18: 'table-tennis',
      24: 'handball',
      25: 'darts',
      26: 'rugby',
      99: 'other-sports',
      151: 'horse-racing',
      161: 'number-game',
    };
    for (const [id, code] of Object.entries(expected)) expect(sportById(Number(id))?.code).toBe(code);
  });
  it('flags 22 and 33 out of menus, and only them', () => {
    expect(EXCLUDED_SPORT_IDS).toEqual([22, 33]);
    expect(SPORTS.filter((s) => !s.inMenu).map((s) => s.id)).toEqual([22, 33]);
    expect(menuSports().some((s) => s.id === 22 || s.id === 33)).toBe(false);
    expect(sportById(22)).toBeDefined();
  });
  it('ids 40-54 are the special/virtual sports, all of them present', () => {
    const virtual = SPORTS.filter((s) => s.virtual).map((s) => s.id);
    expect(virtual).toEqual(Array.from({ length: 15 }, (_, i) => 40 + i));
    expect(SPORTS.filter((s) => s.virtual).every((s) => s.group === 'virtual')).toBe(true);
    expect(sportsInGroup('virtual')).toHaveLength(15);
  });
  it('has racing, e-fighting, e-sports and number-game groups', () => {
    expect(sportsInGroup('racing').map((s) => s.id)).toEqual([151, 152, 153, 154]);
    expect(sportsInGroup('efighting').length).toBeGreaterThanOrEqual(5);
    expect(sportsInGroup('esports').length).toBeGreaterThanOrEqual(5);
    expect(sportsInGroup('number-game').length).toBeGreaterThanOrEqual(3);
  });
  it('names a pricing model for every sport', () => {
    expect(sportByCode('soccer')?.model).toBe('soccer');
    expect(sportByCode('basketball')?.model).toBe('spread');
    expect(sportByCode('tennis')?.model).toBe('rally');
    expect(sportByCode('ice-hockey')?.model).toBe('poisson');
    expect(sportByCode('horse-racing')?.model).toBe('outright');
    expect(sportByCode('nope')).toBeUndefined();
  });
});
