import { beforeEach, describe, expect, it } from 'vitest';
import {
  categoryKey,
  filterGames,
  launchCallOf,
  LOBBIES,
  providerOfRoute,
  reportCallOf,
  type LobbyFilter,
} from './lobbies';
import { FAVOURITES_MAX, readMemory, rememberPlayed, RECENT_MAX, toggleFavourite } from './memory';

const games = [
  { game_code: 'rl_lucky_lanterns', name: 'Lucky Lanterns', provider: 'rl', category: 'Video Slots' },
  { game_code: 'rl_gold_rush', name: 'Gold Rush', provider: 'rl', category: 'Classic' },
  { game_code: 'jg_dragon_pearl', name: 'Dragon Pearl', provider: 'jg', category: 'Video Slots' },
  { game_code: 'jg_lucky_dragon', name: 'Lucky Dragon', provider: 'jg', category: 'Classic' },
];
const all: LobbyFilter = { provider: '', category: '', search: '', view: 'all' };
const none = { favourites: [], recent: [] };
const codes = (list: { game_code: string }[]) => list.map((game) => game.game_code);

describe('lobby filtering', () => {
  it.each([
    [{}, ['rl_lucky_lanterns', 'rl_gold_rush', 'jg_dragon_pearl', 'jg_lucky_dragon']],
    [{ provider: 'jg' }, ['jg_dragon_pearl', 'jg_lucky_dragon']],
    [{ category: 'Classic' }, ['rl_gold_rush', 'jg_lucky_dragon']],
    [{ search: '  LUCKY ' }, ['rl_lucky_lanterns', 'jg_lucky_dragon']],
    [{ search: 'lucky', provider: 'jg' }, ['jg_lucky_dragon']],
    [{ search: 'lucky', category: 'Classic', provider: 'rl' }, []],
    // The search reads names, not codes: "rl" is in every Reel Lab code but in no name.
    [{ search: 'rl' }, ['jg_dragon_pearl']],
  ] as [Partial<LobbyFilter>, string[]][])('%j', (patch, expected) => {
    expect(codes(filterGames(games, { ...all, ...patch }, none))).toEqual(expected);
  });

  it("favourites and recently played keep the member's order, and still obey the other filters", () => {
    const memory = {
      favourites: ['jg_lucky_dragon', 'rl_lucky_lanterns', 'gone_game'],
      recent: ['rl_gold_rush', 'jg_lucky_dragon'],
    };
    expect(codes(filterGames(games, { ...all, view: 'favourites' }, memory))).toEqual([
      'jg_lucky_dragon',
      'rl_lucky_lanterns',
    ]);
    expect(codes(filterGames(games, { ...all, view: 'recent' }, memory))).toEqual([
      'rl_gold_rush',
      'jg_lucky_dragon',
    ]);
    expect(codes(filterGames(games, { ...all, view: 'favourites', provider: 'rl' }, memory))).toEqual([
      'rl_lucky_lanterns',
    ]);
    expect(codes(filterGames(games, { ...all, view: 'recent' }, none))).toEqual([]);
  });
});

describe('lobby routes', () => {
  const providers = Array.from({ length: 14 }, (_, i) => ({
    code: `p${i + 1}`,
    name: `P${i + 1}`,
    game_count: 1,
  }));

  it('maps every game route of the spec to its product', () => {
    expect(Object.keys(LOBBIES).sort()).toEqual(
      [
        'casino',
        'casino100',
        'slots',
        ...[2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15].map((n) => `slots${n}`),
        'fishing',
        'others',
        'others1',
      ].sort(),
    );
    expect(LOBBIES.casino100?.product).toBe('live_casino');
    expect(LOBBIES.slots9?.product).toBe('slots');
    expect(LOBBIES.fishing?.product).toBe('fishing');
    expect(LOBBIES.others1?.product).toBe('others');
  });

  it.each([
    ['slots', ''],
    ['slots2', 'p2'],
    ['slots9', 'p9'],
    // The spec has no /slots10: /slots11 is the tenth studio.
    ['slots11', 'p10'],
    ['slots15', 'p14'],
    ['casino100', 'p2'],
    ['others1', 'p2'],
  ])('%s opens on %j', (route, provider) => {
    const lobby = LOBBIES[route];
    expect(lobby && providerOfRoute(lobby, providers)).toBe(provider);
  });

  it('a numbered route past the studios there are opens on all of them', () => {
    const lobby = LOBBIES.slots15;
    expect(lobby && providerOfRoute(lobby, providers.slice(0, 3))).toBe('');
  });

  it('launches and reports through the call of the product', () => {
    expect(launchCallOf('live_casino')).toBe('LaunchGame');
    expect(launchCallOf('slots')).toBe('launchslotgame');
    expect(launchCallOf('fishing')).toBe('launchslotgame');
    expect(launchCallOf('others')).toBe('launchslotgame');
    expect(launchCallOf('poker')).toBe('launchgp');
    expect(reportCallOf('live_casino')).toBe('livecasino');
    expect(reportCallOf('fishing')).toBe('slots');
  });

  it('knows the categories it translates, whatever their case or spacing', () => {
    expect(categoryKey('Video Slots')).toBe('video_slots');
    expect(categoryKey(' live  baccarat ')).toBe('live_baccarat');
    expect(categoryKey('Bingo')).toBeNull();
  });
});

describe('game memory (per member, in this browser)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps favourites and recently played per member, newest first, bounded', () => {
    toggleFavourite('demomyr', 'a');
    toggleFavourite('demomyr', 'b');
    rememberPlayed('demomyr', 'a');
    rememberPlayed('demomyr', 'b');
    rememberPlayed('demomyr', 'a');
    expect(readMemory('DEMOMYR')).toEqual({ favourites: ['b', 'a'], recent: ['a', 'b'] });
    expect(readMemory('other')).toEqual({ favourites: [], recent: [] });
    expect(toggleFavourite('demomyr', 'b').favourites).toEqual(['a']);

    for (let i = 0; i < RECENT_MAX + 5; i += 1) rememberPlayed('demomyr', `g${i}`);
    const recent = readMemory('demomyr').recent;
    expect(recent).toHaveLength(RECENT_MAX);
    expect(recent[0]).toBe(`g${RECENT_MAX + 4}`);
    for (let i = 0; i < FAVOURITES_MAX + 5; i += 1) toggleFavourite('demomyr', `f${i}`);
    expect(readMemory('demomyr').favourites).toHaveLength(FAVOURITES_MAX);
  });

  it('ignores a stored value that is not its own shape', () => {
    rememberPlayed('demomyr', 'a');
    const key = Object.keys(localStorage).find((k) => k.includes('games_demomyr'));
    expect(key).toBeDefined();
    localStorage.setItem(key ?? '', JSON.stringify({ favourites: 'a', recent: [1, 'b'] }));
    expect(readMemory('demomyr')).toEqual({ favourites: [], recent: ['b'] });
    localStorage.setItem(key ?? '', 'not json');
    expect(readMemory('demomyr')).toEqual({ favourites: [], recent: [] });
  });
});
