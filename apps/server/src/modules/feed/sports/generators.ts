import type { SportDef } from './catalogue';
import { COMPETITIONS, ESPORTS_COMPETITIONS, GENERIC_COMPETITIONS } from './leagues';
import { CLUB_COUNTRIES, type ClubCountry } from './names-soccer';
import {
  ESPORTS_PREFIXES,
  ESPORTS_SUFFIXES,
  FIGHTER_NAMES,
  FIRST_NAMES,
  FRANCHISE_CITIES,
  INDICES,
  NATIONS,
  RUNNER_WORDS_A,
  RUNNER_WORDS_B,
  SURNAMES,
  TEAM_NICKNAMES,
} from './names-world';
import { rngFor, sample, shuffled, type Rng } from './random';

/**
 * League and competitor names, deterministic from (seed, sport, league): the simulator can rebuild the same book
 * after a restart without storing names first. Every loop is bounded by the requested count.
 */
export interface GeneratedLeague {
  readonly key: string;
  readonly name: string;
  /** Country of a national competition (clubs are named after its cities); null for international ones. */
  readonly country: string | null;
  /** Menu order within the sport (0 first). */
  readonly order: number;
}

export const MAX_GENERATED = 500;

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

/** Takes `count` names from a pool; past the pool's size the names repeat with II, III... suffixes. */
function takeDistinct(pool: readonly string[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count && pool.length > 0; i += 1) {
    const round = Math.floor(i / pool.length);
    out.push(`${pool[i % pool.length] ?? ''}${ROMAN[round] ?? ` ${round + 1}`}`);
  }
  return out;
}

function checkCount(count: number): void {
  if (!Number.isInteger(count) || count < 0 || count > MAX_GENERATED) {
    throw new RangeError(`count must be an integer in 0..${MAX_GENERATED}`);
  }
}

/** Club-football leagues: top divisions of shuffled countries first, then second divisions... */
function clubLeagues(rng: Rng, count: number): { name: string; country: string }[] {
  const countries = shuffled(rng, CLUB_COUNTRIES);
  const out: { name: string; country: string }[] = [];
  const depth = Math.max(...CLUB_COUNTRIES.map((c) => c.leagues.length));
  for (let tier = 0; tier < depth && out.length < count; tier += 1) {
    for (const c of countries) {
      const league = c.leagues[tier];
      if (league && out.length < count) out.push({ name: `${c.country} ${league}`, country: c.country });
    }
  }
  return out;
}

function competitionNames(
  sport: SportDef,
  rng: Rng,
  count: number,
): { name: string; country: string | null }[] {
  if (sport.naming === 'clubs' && (sport.model === 'soccer' || !COMPETITIONS[sport.code])) {
    const leagues = clubLeagues(rng, count);
    if (sport.code === 'soccer') return leagues;
    return leagues.map((l) => ({ name: `${l.country} ${sport.name} League`, country: l.country }));
  }
  if (sport.naming === 'indices') return sample(rng, INDICES, count).map((name) => ({ name, country: null }));
  const own = COMPETITIONS[sport.code];
  const base = own ?? (sport.group === 'esports' ? ESPORTS_COMPETITIONS : GENERIC_COMPETITIONS);
  const prefix = own ? '' : `${sport.name} `;
  return takeDistinct(shuffled(rng, base), count).map((name) => ({
    name: `${prefix}${name}`,
    country: null,
  }));
}

export function generateLeagues(sport: SportDef, count: number, seed: number): GeneratedLeague[] {
  checkCount(count);
  const rng = rngFor(seed, 'leagues', sport.id);
  return competitionNames(sport, rng, count).map((c, order) => ({
    key: `${sport.id}-${slug(c.name)}`,
    name: c.name,
    country: c.country,
    order,
  }));
}

function clubs(rng: Rng, country: ClubCountry, count: number): string[] {
  const cities = shuffled(rng, country.cities);
  // One club per city first (how real leagues look), then a second club in the same cities.
  const pool: string[] = [];
  for (let round = 0; round < country.patterns.length; round += 1) {
    for (const city of cities) {
      const pattern = shuffled(rngFor(country.country, city), country.patterns)[round] ?? '{c}';
      pool.push(pattern.replace('{c}', city));
    }
  }
  return takeDistinct([...new Set(pool)], count);
}

function pairs(
  rng: Rng,
  a: readonly string[],
  b: readonly string[],
  join: (x: string, y: string) => string,
): string[] {
  const xs = shuffled(rng, a);
  const ys = shuffled(rng, b);
  // Diagonal walk: every x and y used once before any repeats, so names in one league look unrelated.
  const out: string[] = [];
  for (let shift = 0; shift < ys.length; shift += 1) {
    xs.forEach((x, i) => out.push(join(x, ys[(i + shift) % ys.length] ?? '')));
  }
  return out;
}

/** Names of the sides (teams, players, runners...) for one league. */
export function generateCompetitors(
  sport: SportDef,
  league: GeneratedLeague,
  count: number,
  seed: number,
): string[] {
  checkCount(count);
  const rng = rngFor(seed, 'competitors', sport.id, league.key);
  switch (sport.naming) {
    case 'clubs': {
      const country =
        CLUB_COUNTRIES.find((c) => c.country === league.country) ??
        CLUB_COUNTRIES[Math.floor(rng() * CLUB_COUNTRIES.length)];
      return country ? clubs(rng, country, count) : [];
    }
    case 'city-teams': {
      const cities = shuffled(rng, FRANCHISE_CITIES).slice(0, Math.max(count, 1));
      return takeDistinct(
        pairs(rng, cities, TEAM_NICKNAMES, (c, n) => `${c} ${n}`).slice(0, cities.length),
        count,
      );
    }
    case 'nations':
      return takeDistinct(shuffled(rng, NATIONS), count);
    case 'players':
      return takeDistinct(
        pairs(rng, SURNAMES, FIRST_NAMES, (s, f) => `${f} ${s}`),
        count,
      );
    case 'pairs': {
      const [left, right] = [shuffled(rng, SURNAMES), shuffled(rng, SURNAMES).reverse()];
      return takeDistinct(
        left.map((s, i) => `${s}/${right[i] === s ? right[(i + 1) % right.length] : right[i]}`),
        count,
      );
    }
    case 'esports-teams':
      return takeDistinct(
        pairs(rng, ESPORTS_PREFIXES, ESPORTS_SUFFIXES, (p, s) => `${p} ${s}`),
        count,
      );
    case 'runners':
      return takeDistinct(
        pairs(rng, RUNNER_WORDS_A, RUNNER_WORDS_B, (a, b) => `${a} ${b}`),
        count,
      );
    case 'fighters':
      return takeDistinct(shuffled(rng, FIGHTER_NAMES), count);
    case 'indices':
      return ['Higher', 'Lower'].slice(0, count);
    case 'draws':
      return [];
  }
}
