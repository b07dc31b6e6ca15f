import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIOS } from '../catalog';
import { LABEL_KEYS, LABELS, LANGS } from '../i18n';
import { sign } from '../signature';
import { seatIdFrom, startHarness, TEST_SECRET } from '../testing/harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;

describe('Games API and game pages', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const signed = (url: string, body: unknown, secret = TEST_SECRET) => {
    const raw = JSON.stringify(body);
    return h.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-signature': sign(secret, raw),
        'x-operator-id': 'demo',
      },
      payload: raw,
    });
  };

  it('/game/list: 40+ games over the four studios, with art, tags and RTP', async () => {
    const reply = (await signed('/game/list', {})).json();
    expect(reply.games.length).toBeGreaterThanOrEqual(40);
    expect(new Set(reply.games.map((game: { studio: string }) => game.studio))).toEqual(
      new Set(Object.keys(STUDIOS)),
    );
    const products = new Set(reply.games.map((game: { product: string }) => game.product));
    expect(products).toEqual(new Set(['slots', 'live_casino', 'fishing', 'others']));
    expect(reply.games[0]).toMatchObject({
      game_code: 'rl_lucky_lanterns',
      name: 'Lucky Lanterns',
      studio_name: 'Red Lantern',
      category: 'Video Slots',
      thumbnail_url: 'http://sim.test/thumb/rl_lucky_lanterns.svg',
      tags: ['hot'],
      rtp: '96.50',
      enabled: true,
    });
    const codes = reply.games.map((game: { game_code: string }) => game.game_code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('refuses a bad signature and a body signed after re-serialisation', async () => {
    expect((await signed('/game/list', {}, 'wrong-secret-wrong-secret')).json()).toEqual({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    const raw = '{ "game_code": "rl_dragon_gold" }';
    const reply = await h.app.inject({
      method: 'POST',
      url: '/game/url',
      headers: {
        'content-type': 'application/json',
        'x-signature': sign(TEST_SECRET, JSON.stringify(JSON.parse(raw))),
        'x-operator-id': 'demo',
      },
      payload: raw,
    });
    expect(reply.json()).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
  });

  it('/game/url: a real launch carries the token; demo carries none; unknown games are refused', async () => {
    const real = (
      await signed('/game/url', {
        user: 'm1',
        token: 'abc',
        currency: 'MYR',
        lang: 'kr',
        game_code: 'ok_ocean_king',
        platform: 'desktop',
        mode: 'real',
        extra_field: 1,
      })
    ).json();
    expect(real).toEqual({ status: 'RS_OK', url: 'http://sim.test/play/ok_ocean_king?t=abc&lang=kr' });
    const demo = (
      await signed('/game/url', { currency: 'FUN', lang: 'xx', game_code: 'gt_baccarat_a', mode: 'demo' })
    ).json();
    expect(demo.url).toBe('http://sim.test/play/gt_baccarat_a?lang=en');
    expect((await signed('/game/url', { game_code: 'nope', token: 'abc' })).json()).toEqual({
      status: 'RS_ERROR_INVALID_GAME',
    });
  });

  it('serves generated SVG thumbnails', async () => {
    const reply = await h.app.inject({ method: 'GET', url: '/thumb/jg_european_roulette.svg' });
    expect(reply.headers['content-type']).toContain('image/svg+xml');
    expect(reply.body).toContain('<svg');
    expect(reply.body).toContain('European Roulette');
    expect((await h.app.inject({ method: 'GET', url: '/thumb/nope.svg' })).statusCode).toBe(404);
  });

  it('a demo page plays with fun money and makes no wallet call', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/play/rl_lucky_lanterns?lang=jp' });
    expect(page.body).toContain('<html lang="jp">');
    expect(page.body).toContain(LABELS.jp.demo);
    const seat = seatIdFrom(page.body);
    const spin = (
      await h.app.inject({
        method: 'POST',
        url: '/api/play',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ seat, stake: '10.00', choice: {} }),
      })
    ).json();
    expect(spin.ok).toBe(true);
    expect(spin.balance).toBe((990 + Number(spin.win)).toFixed(2));
    expect(h.operator.applied.size).toBe(0);
    const baccarat = seatIdFrom((await h.app.inject({ method: 'GET', url: '/play/gt_speed_baccarat' })).body);
    const bet = await h.app.inject({
      method: 'POST',
      url: '/api/baccarat/bet',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ seat: baccarat, stake: '5.00', side: 'banker' }),
    });
    expect(bet.json()).toEqual({ ok: true, balance: '995.00' });
    const state = await h.app.inject({
      method: 'POST',
      url: '/api/baccarat/state',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ seat: baccarat }),
    });
    expect(state.json()).toMatchObject({ ok: true, phase: 'betting', my_bets: ['banker'] });
  });

  it('refuses stakes that are not whole units within the limits', async () => {
    const seat = seatIdFrom((await h.app.inject({ method: 'GET', url: '/play/jg_jade_roulette' })).body);
    for (const stake of ['0.50', '1.50', '1000.01', 'abc']) {
      const reply = await h.app.inject({
        method: 'POST',
        url: '/api/play',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ seat, stake, choice: { bet: { kind: 'red' } } }),
      });
      expect(reply.json().ok, stake).toBe(false);
    }
  });

  it('labels exist in all nine languages; the English spin button is named Spin', () => {
    expect(LANGS).toHaveLength(9);
    for (const lang of LANGS)
      for (const key of LABEL_KEYS) expect(LABELS[lang][key], `${lang}.${key}`).not.toBe('');
    expect(LABELS.en.spin).toBe('Spin');
    expect(new Set(LANGS.map((lang) => LABELS[lang].spin)).size).toBeGreaterThan(5);
  });
});
