import { assert } from './errors';

export interface Sport {
  readonly id: number;
  readonly name: string;
}

/** Sports the spec excludes from the menus (product spec 9). */
export const EXCLUDED_SPORT_IDS: readonly number[] = [22, 33];
/** The currency that gets its own default list (product spec 4). */
export const BDT_CURRENCY = 'BDT';
const MAX_SPORTS = 1000;

/**
 * The default sports order (product spec 4): the configured default list first, in its order (the BDT list for
 * BDT members), then every other sport alphabetically by name (case-insensitive; ties by id). Ids in the list
 * that are not offered are skipped.
 */
export function defaultSportsOrder(
  sports: readonly Sport[],
  defaults: { readonly general: readonly number[]; readonly bdt: readonly number[] },
  currency: string,
): number[] {
  assert(sports.length <= MAX_SPORTS, 'too many sports');
  const offered = new Set(sports.map((sport) => sport.id));
  const preferred = (currency === BDT_CURRENCY ? defaults.bdt : defaults.general).filter(
    (id, index, list) => offered.has(id) && list.indexOf(id) === index,
  );
  const first = new Set(preferred);
  const rest = sports
    .filter((sport) => !first.has(sport.id))
    .sort((a, b) => {
      const left = a.name.toLowerCase();
      const right = b.name.toLowerCase();
      return left < right ? -1 : left > right ? 1 : a.id - b.id;
    })
    .map((sport) => sport.id);
  return [...preferred, ...rest];
}

/**
 * The order to show: the member's custom order when it still matches the offered sports, else the default.
 * The spec replaces a custom order whose count differs; we also replace one that names a sport no longer offered
 * or repeats one, since it would hide a sport.
 */
export function sportsOrder(input: {
  sports: readonly Sport[];
  defaults: { readonly general: readonly number[]; readonly bdt: readonly number[] };
  currency: string;
  custom?: readonly number[];
}): number[] {
  const fallback = defaultSportsOrder(input.sports, input.defaults, input.currency);
  const custom = input.custom;
  if (custom === undefined || custom.length !== input.sports.length) return fallback;
  const offered = new Set(input.sports.map((sport) => sport.id));
  const distinct = new Set(custom);
  const valid = distinct.size === custom.length && custom.every((id) => offered.has(id));
  return valid ? [...custom] : fallback;
}

export interface MatchOrderFields {
  readonly id: number;
  readonly kickoffMs: number;
  readonly leagueId: number;
}

/**
 * Match-list ordering (product spec 3): by kick-off then id; by id only for market type 3; or by league order
 * (the leagues' position in `leagueOrder`, unknown leagues last), then kick-off, then id.
 * Returns a sorted copy.
 */
export function sortMatches<T extends MatchOrderFields>(
  matches: readonly T[],
  options: { by: 'time' | 'league'; marketType: number; leagueOrder?: readonly number[] },
): T[] {
  const byId = (a: T, b: T): number => a.id - b.id;
  const byTime = (a: T, b: T): number => a.kickoffMs - b.kickoffMs || byId(a, b);
  if (options.marketType === 3) return [...matches].sort(byId);
  if (options.by === 'time') return [...matches].sort(byTime);
  const position = new Map<number, number>();
  (options.leagueOrder ?? []).forEach((leagueId, index) => {
    if (!position.has(leagueId)) position.set(leagueId, index);
  });
  const rank = (match: T): number => position.get(match.leagueId) ?? Number.MAX_SAFE_INTEGER;
  return [...matches].sort((a, b) => rank(a) - rank(b) || a.leagueId - b.leagueId || byTime(a, b));
}
