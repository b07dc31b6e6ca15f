import type { ScoringModel } from '../pricing/event-pricing';

/**
 * The sports catalogue: stable numeric ids (SABA/IBC "sport type" numbers 1-39, 43-56 and 99 where SABA has
 * them), English names with i18n keys, the pricing model each sport uses, and its menu group. The product spec
 * reserves 40-54 for special/virtual sports, so SABA's 40-54 sports (taekwondo, e-sports, muay thai, beach
 * volleyball, sepak takraw, chess...) live at other ids here. Ids 22 (athletics) and 33 (cycling) exist but
 * are kept out of menus (product spec 9). Ids never change once published: add, never renumber.
 */

export type SportGroup = 'main' | 'virtual' | 'esports' | 'racing' | 'efighting' | 'number-game' | 'special';

/** How the generators name a sport's sides. */
export type NamingStyle =
  | 'clubs'
  | 'city-teams'
  | 'nations'
  | 'players'
  | 'pairs'
  | 'esports-teams'
  | 'runners'
  | 'fighters'
  | 'indices'
  | 'draws';

export interface SportDef {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  /** Translation key for the web client; English `name` is the fallback. */
  readonly i18nKey: string;
  readonly model: ScoringModel;
  readonly group: SportGroup;
  readonly naming: NamingStyle;
  /** Offered in-play by the simulator. */
  readonly live: boolean;
  /** False for 22 and 33: the sport exists (results, outrights) but no menu shows it. */
  readonly inMenu: boolean;
  /** Special/virtual sports, ids 40-54. */
  readonly virtual: boolean;
}

type Row = readonly [
  id: number,
  code: string,
  name: string,
  model: ScoringModel,
  group: SportGroup,
  naming: NamingStyle,
  live: boolean,
];

const ROWS: readonly Row[] = [
  [1, 'soccer', 'Soccer', 'soccer', 'main', 'clubs', true],
  [2, 'basketball', 'Basketball', 'spread', 'main', 'city-teams', true],
  [3, 'football', 'American Football', 'spread', 'main', 'city-teams', true],
  [4, 'ice-hockey', 'Ice Hockey', 'poisson', 'main', 'city-teams', true],
  [5, 'tennis', 'Tennis', 'rally', 'main', 'players', true],
  [6, 'volleyball', 'Volleyball', 'rally', 'main', 'clubs', true],
  [7, 'billiards', 'Billiards', 'two-way', 'main', 'players', true],
  [8, 'baseball', 'Baseball', 'poisson', 'main', 'city-teams', true],
  [9, 'badminton', 'Badminton', 'rally', 'main', 'players', true],
  [10, 'golf', 'Golf', 'outright', 'main', 'players', false],
  [11, 'motorsports', 'Motorsports', 'outright', 'main', 'players', false],
  [12, 'swimming', 'Swimming', 'outright', 'main', 'players', false],
  [13, 'politics', 'Politics', 'outright', 'special', 'players', false],
  [14, 'water-polo', 'Water Polo', 'poisson', 'main', 'nations', true],
  [15, 'diving', 'Diving', 'outright', 'main', 'players', false],
  [16, 'boxing', 'Boxing', 'two-way', 'main', 'players', false],
  [17, 'archery', 'Archery', 'outright', 'main', 'players', false],
  [18, 'table-tennis', 'Table Tennis', 'rally', 'main', 'players', true],
  [19, 'weightlifting', 'Weightlifting', 'outright', 'main', 'players', false],
  [20, 'canoeing', 'Canoeing', 'outright', 'main', 'players', false],
  [21, 'gymnastics', 'Gymnastics', 'outright', 'main', 'players', false],
  [22, 'athletics', 'Athletics', 'outright', 'main', 'players', false],
  [23, 'equestrian', 'Equestrian', 'outright', 'main', 'players', false],
  [24, 'handball', 'Handball', 'spread', 'main', 'clubs', true],
  [25, 'darts', 'Darts', 'two-way', 'main', 'players', true],
  [26, 'rugby', 'Rugby Union', 'spread', 'main', 'nations', true],
  [27, 'futsal', 'Futsal', 'soccer', 'main', 'clubs', true],
  [28, 'field-hockey', 'Field Hockey', 'poisson', 'main', 'nations', true],
  [29, 'winter-sports', 'Winter Sports', 'outright', 'main', 'players', false],
  [30, 'squash', 'Squash', 'rally', 'main', 'players', true],
  [31, 'entertainment', 'Entertainment', 'outright', 'special', 'players', false],
  [32, 'netball', 'Netball', 'spread', 'main', 'nations', true],
  [33, 'cycling', 'Cycling', 'outright', 'main', 'players', false],
  [34, 'fencing', 'Fencing', 'two-way', 'main', 'players', false],
  [35, 'judo', 'Judo', 'two-way', 'main', 'players', false],
  [36, 'modern-pentathlon', 'Modern Pentathlon', 'outright', 'main', 'players', false],
  [37, 'rowing', 'Rowing', 'outright', 'main', 'players', false],
  [38, 'sailing', 'Sailing', 'outright', 'main', 'players', false],
  [39, 'shooting', 'Shooting', 'outright', 'main', 'players', false],
  // 40-54: special/virtual sports (product spec 9); results every few minutes, no real-world schedule.
  [40, 'virtual-soccer', 'Virtual Soccer', 'soccer', 'virtual', 'clubs', true],
  [41, 'virtual-basketball', 'Virtual Basketball', 'spread', 'virtual', 'city-teams', true],
  [42, 'virtual-tennis', 'Virtual Tennis', 'rally', 'virtual', 'players', true],
  [43, 'virtual-horse-racing', 'Virtual Horse Racing', 'outright', 'virtual', 'runners', false],
  [44, 'virtual-greyhounds', 'Virtual Greyhounds', 'outright', 'virtual', 'runners', false],
  [45, 'virtual-motor-racing', 'Virtual Motor Racing', 'outright', 'virtual', 'players', false],
  [46, 'virtual-cycling', 'Virtual Cycling', 'outright', 'virtual', 'players', false],
  [47, 'virtual-speedway', 'Virtual Speedway', 'outright', 'virtual', 'players', false],
  [48, 'virtual-soccer-league', 'Virtual Soccer League', 'soccer', 'virtual', 'clubs', true],
  [49, 'virtual-nations-cup', 'Virtual Nations Cup', 'soccer', 'virtual', 'nations', true],
  [50, 'virtual-world-cup', 'Virtual World Cup', 'soccer', 'virtual', 'nations', true],
  [51, 'virtual-asian-cup', 'Virtual Asian Cup', 'soccer', 'virtual', 'nations', true],
  [52, 'virtual-baseball', 'Virtual Baseball', 'poisson', 'virtual', 'city-teams', true],
  [53, 'virtual-ice-hockey', 'Virtual Ice Hockey', 'poisson', 'virtual', 'city-teams', true],
  [54, 'virtual-table-tennis', 'Virtual Table Tennis', 'rally', 'virtual', 'players', true],
  [55, 'finance', 'Finance', 'two-way', 'special', 'indices', false],
  [56, 'lotto', 'Lotto', 'number-game', 'number-game', 'draws', false],
  [57, 'specials', 'Specials', 'outright', 'special', 'players', false],
  [58, 'padel', 'Padel', 'rally', 'main', 'pairs', true],
  [59, 'triathlon', 'Triathlon', 'outright', 'main', 'players', false],
  [60, 'esports', 'E-Sports', 'two-way', 'esports', 'esports-teams', true],
  [61, 'counter-strike', 'Counter-Strike 2', 'two-way', 'esports', 'esports-teams', true],
  [62, 'dota-2', 'Dota 2', 'two-way', 'esports', 'esports-teams', true],
  [63, 'league-of-legends', 'League of Legends', 'two-way', 'esports', 'esports-teams', true],
  [64, 'valorant', 'Valorant', 'two-way', 'esports', 'esports-teams', true],
  [65, 'honor-of-kings', 'Honor of Kings', 'two-way', 'esports', 'esports-teams', true],
  [66, 'mobile-legends', 'Mobile Legends', 'two-way', 'esports', 'esports-teams', true],
  [67, 'pubg', 'PUBG', 'outright', 'esports', 'esports-teams', false],
  [68, 'e-football', 'E-Football', 'soccer', 'esports', 'players', true],
  [69, 'e-basketball', 'E-Basketball', 'spread', 'esports', 'players', true],
  [70, 'muay-thai', 'Muay Thai', 'two-way', 'main', 'players', true],
  [71, 'beach-volleyball', 'Beach Volleyball', 'rally', 'main', 'pairs', true],
  [72, 'sepak-takraw', 'Sepak Takraw', 'rally', 'main', 'nations', true],
  [73, 'chess', 'Chess', 'three-way', 'main', 'players', false],
  [74, 'cricket', 'Cricket', 'two-way', 'main', 'nations', true],
  [75, 'aussie-rules', 'Australian Rules', 'spread', 'main', 'city-teams', true],
  [76, 'gaelic-football', 'Gaelic Football', 'spread', 'main', 'city-teams', true],
  [77, 'hurling', 'Hurling', 'spread', 'main', 'city-teams', true],
  [78, 'floorball', 'Floorball', 'poisson', 'main', 'clubs', true],
  [79, 'bandy', 'Bandy', 'poisson', 'main', 'clubs', true],
  [80, 'lacrosse', 'Lacrosse', 'spread', 'main', 'city-teams', true],
  [81, 'softball', 'Softball', 'poisson', 'main', 'nations', true],
  [82, 'kabaddi', 'Kabaddi', 'two-way', 'main', 'city-teams', true],
  [83, 'bowls', 'Bowls', 'two-way', 'main', 'players', false],
  [84, 'pool', 'Pool', 'two-way', 'main', 'players', true],
  [85, 'snooker', 'Snooker', 'two-way', 'main', 'players', true],
  [86, 'mma', 'MMA', 'two-way', 'main', 'players', false],
  [87, 'kickboxing', 'Kickboxing', 'two-way', 'main', 'players', false],
  [88, 'rugby-league', 'Rugby League', 'spread', 'main', 'city-teams', true],
  [89, 'rugby-sevens', 'Rugby Sevens', 'spread', 'main', 'nations', true],
  [90, 'beach-soccer', 'Beach Soccer', 'soccer', 'main', 'nations', true],
  [91, 'curling', 'Curling', 'two-way', 'main', 'nations', true],
  [92, 'ski-jumping', 'Ski Jumping', 'outright', 'main', 'players', false],
  [93, 'biathlon', 'Biathlon', 'outright', 'main', 'players', false],
  [94, 'formula-1', 'Formula 1', 'outright', 'main', 'players', false],
  [95, 'motogp', 'MotoGP', 'outright', 'main', 'players', false],
  [96, 'surfing', 'Surfing', 'outright', 'main', 'players', false],
  [97, 'wrestling', 'Wrestling', 'two-way', 'main', 'players', false],
  [98, 'taekwondo', 'Taekwondo', 'two-way', 'main', 'players', false],
  [99, 'other-sports', 'Other Sports', 'two-way', 'special', 'players', false],
  // Racing group (SABA's 151-154).
  [151, 'horse-racing', 'Horse Racing', 'outright', 'racing', 'runners', false],
  [152, 'greyhounds', 'Greyhounds', 'outright', 'racing', 'runners', false],
  [153, 'harness-racing', 'Harness Racing', 'outright', 'racing', 'runners', false],
  [154, 'horse-racing-fixed', 'Horse Racing Fixed Odds', 'outright', 'racing', 'runners', false],
  // Number games: draws every few minutes with fixed-rule markets (results in ngresult).
  [161, 'number-game', 'Number Game', 'number-game', 'number-game', 'draws', false],
  [162, 'keno', 'Keno', 'number-game', 'number-game', 'draws', false],
  [163, 'happy-5', 'Happy 5', 'number-game', 'number-game', 'draws', false],
  // E-fighting: simulated fighting-game bouts (results in efresult).
  [180, 'e-fighting', 'E-Fighting', 'two-way', 'efighting', 'fighters', true],
  [181, 'e-fighting-arena', 'E-Fighting Arena', 'two-way', 'efighting', 'fighters', true],
  [182, 'e-fighting-street', 'E-Fighting Street', 'two-way', 'efighting', 'fighters', true],
  [183, 'e-fighting-kombat', 'E-Fighting Kombat League', 'two-way', 'efighting', 'fighters', true],
  [184, 'e-fighting-kings', 'E-Fighting Kings Cup', 'two-way', 'efighting', 'fighters', true],
  [185, 'e-fighting-blitz', 'E-Fighting Blitz', 'two-way', 'efighting', 'fighters', true],
];

/** Sports hidden from every menu (product spec 9). */
export const EXCLUDED_SPORT_IDS: readonly number[] = [22, 33];
/** Special/virtual sport ids (product spec 9). */
/** Virtual horse racing and greyhounds: our own races (modules/racing) list them, the simulator does not. */
export const OWN_RACING_SPORT_IDS: readonly number[] = [43, 44];

export const VIRTUAL_SPORT_RANGE = { from: 40, to: 54 } as const;

export const SPORTS: readonly SportDef[] = ROWS.map(([id, code, name, model, group, naming, live]) => ({
  id,
  code,
  name,
  i18nKey: `sport.${code}`,
  model,
  group,
  naming,
  live,
  inMenu: !EXCLUDED_SPORT_IDS.includes(id),
  virtual: id >= VIRTUAL_SPORT_RANGE.from && id <= VIRTUAL_SPORT_RANGE.to,
}));

const BY_ID = new Map(SPORTS.map((s) => [s.id, s]));
const BY_CODE = new Map(SPORTS.map((s) => [s.code, s]));

export function sportById(id: number): SportDef | undefined {
  return BY_ID.get(id);
}

export function sportByCode(code: string): SportDef | undefined {
  return BY_CODE.get(code);
}

/** Sports a menu may show, in id order. */
export function menuSports(): SportDef[] {
  return SPORTS.filter((s) => s.inMenu);
}

export function sportsInGroup(group: SportGroup): SportDef[] {
  return SPORTS.filter((s) => s.group === group);
}
