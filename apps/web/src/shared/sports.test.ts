import { describe, expect, it } from 'vitest';
import { MENU_SPORTS, menuReply, mockFetch } from '../test/utils';
import { defaultOrderOf, fetchSportsMenu, orderSports, toMenuSport } from './sports';

const sports = MENU_SPORTS.map(toMenuSport);
const ids = (list: { id: number }[]) => list.map((sport) => sport.id);

describe('sports order (the server catalogue, the domain rule)', () => {
  it('reads the uxmenu tuples', async () => {
    const fetch = mockFetch({ '/cache/uxmenu': () => menuReply() });
    const menu = await fetchSportsMenu();
    expect(fetch.callsTo('/cache/uxmenu')).toEqual([{}]);
    expect(menu[0]).toEqual({
      id: 1,
      name: 'Soccer',
      live: 3,
      today: 12,
      early: 40,
      parlay: 30,
      outright: 2,
    });
    expect(menu).toHaveLength(MENU_SPORTS.length);
  });

  it('puts the configured list first, then the rest by name', () => {
    expect(defaultOrderOf(sports)).toEqual([1, 2, 5, 8, 4, 6, 60, 24, 18]);
    expect(ids(orderSports(sports, []))).toEqual([1, 2, 5, 8, 4, 6, 60, 24, 18]);
  });

  it('uses the BDT list for BDT members', () => {
    expect(ids(orderSports(sports, [], 'BDT'))).toEqual([1, 5, 2, 8, 18, 60, 24, 4, 6]);
  });

  it('keeps a custom order only while its count matches the offered sports', () => {
    const custom = [...defaultOrderOf(sports)].reverse();
    expect(ids(orderSports(sports, custom))).toEqual(custom);
    expect(ids(orderSports(sports, [2, 1]))).toEqual(defaultOrderOf(sports));
    // A sport was added since the member saved: the default order applies again.
    expect(ids(orderSports([...sports, toMenuSport([7, 'Billiards', 0, 1, 1, 0, 0])], custom))).toEqual(
      defaultOrderOf([...sports, toMenuSport([7, 'Billiards', 0, 1, 1, 0, 0])]),
    );
  });
});
