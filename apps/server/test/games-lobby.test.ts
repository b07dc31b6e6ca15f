import { randomUUID } from 'node:crypto';
import { bettingDay } from '@sb/domain';
import { expect, it } from 'vitest';
import { gamesRepository } from '../src/modules/games/repository';
import { boLogin, login, seeded } from './support/fixtures';
import {
  DEFAULT_GAMES,
  booksOk,
  game,
  fakeProviderOfFile,
  wallet,
  walletSession,
  withProvider,
} from './support/games';
import { units } from './support/counted-rounds';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

const provider = fakeProviderOfFile();

type Member = { accountId: string; token: string };
const asMember = (member: Member, body: Record<string, unknown> = {}) => ({
  account_id: member.accountId,
  session_token: member.token,
  ...body,
});

async function ready(env: TestEnv) {
  provider().state.games = [...DEFAULT_GAMES];
  provider().state.seen.length = 0;
  await seeded(env);
  await withProvider(env, provider());
  return login(env.app, 'demomyr');
}

/** Plays one round through the wallet: bets, then a win (0 = a loss) closing it. */
async function playRound(
  env: TestEnv,
  session: { token: string },
  input: { user: string; currency: string; gameCode: string; round: string; bets: string[]; win: string },
) {
  const common = {
    token: session.token,
    user: input.user,
    round: input.round,
    game_code: input.gameCode,
    currency: input.currency,
  };
  for (const [index, amount] of input.bets.entries()) {
    const bet = await wallet(env, 'bet', {
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: `${input.round}-b${index}`,
      round_closed: false,
      amount: units(amount),
    });
    expect(bet.status).toBe('RS_OK');
  }
  const win = await wallet(env, 'win', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: `${input.round}-w`,
    reference_transaction_uuid: `${input.round}-b0`,
    round_closed: true,
    amount: units(input.win),
  });
  expect(win.status).toBe('RS_OK');
}

describeEachDatabase('games: catalogue, lobbies, launches, reports and statements', (env) => {
  it('sync adds new games, unlists vanished ones and never deletes a game with history', async () => {
    await seeded(env());
    provider().state.games = [...DEFAULT_GAMES];
    expect(await withProvider(env(), provider())).toEqual({ listed: 5, added: 5, unlisted: 0 });
    const session = await walletSession(env(), 'demomyr', 'rl_golden_koi');
    await playRound(env(), session, {
      user: 'demomyr',
      currency: 'MYR',
      gameCode: 'rl_golden_koi',
      round: 'K1',
      bets: ['10'],
      win: '4',
    });
    // The provider drops Golden Koi and adds a game; a sync on the module's own path (syncAll) applies it.
    provider().state.games = [
      ...DEFAULT_GAMES.filter((g) => g.game_code !== 'rl_golden_koi'),
      game('rl_jade_fortune', 'rl', 'slots', { tags: ['new'] }),
    ];
    await env().services.games.catalogue.syncAll();
    const rows = await env()
      .ctx.db.selectFrom('games')
      .select(['game_code', 'listed'])
      .orderBy('game_code')
      .execute();
    expect(rows.find((row) => row.game_code === 'rl_golden_koi')).toEqual({
      game_code: 'rl_golden_koi',
      listed: false,
    });
    expect(rows.find((row) => row.game_code === 'rl_jade_fortune')?.listed).toBe(true);
    expect(rows).toHaveLength(6);
    const member = await login(env().app, 'demomyr');
    const list = await call(env().app, '/api/GameList', asMember(member, { product: 'slots' }));
    expect((list.body.games as { game_code: string }[]).map((g) => g.game_code).sort()).toEqual([
      'rl_jade_fortune',
      'rl_lucky_lanterns',
    ]);
    // Its round still resolves in the report.
    const report = await call(
      env().app,
      '/api/slots',
      asMember(member, { working_date: bettingDay(env().ctx.now().getTime()) }),
    );
    expect((report.body.rows as { game_code: string }[]).map((r) => r.game_code)).toEqual(['rl_golden_koi']);
    // The provider's Games API saw our signed calls with the operator code.
    expect(provider().state.seen.some((call) => call.path === '/game/list')).toBe(true);
  });

  it('GameList: providers with counts, games with flags, provider filter, maintenance, brand blocks', async () => {
    const member = await ready(env());
    const slots = await call(env().app, '/api/GameList', asMember(member, { product: 'slots' }));
    expect(slots.body.status).toBe('1');
    expect(slots.body.providers).toEqual([{ code: 'rl', name: 'RL', game_count: 2 }]);
    expect(slots.body.games).toEqual([
      {
        game_code: 'rl_lucky_lanterns',
        name: 'rl lucky lanterns',
        provider: 'rl',
        provider_name: 'RL',
        product: 'slots',
        category: 'Video Slots',
        thumbnail: 'http://127.0.0.1/thumb/rl_lucky_lanterns.svg',
        hot: true,
        new: false,
        maintenance: false,
        platforms: ['desktop', 'mobile'],
      },
      expect.objectContaining({ game_code: 'rl_golden_koi', hot: false, new: true }),
    ]);
    const filtered = await call(
      env().app,
      '/api/GameList',
      asMember(member, { product: 'slots', provider: 'jg' }),
    );
    expect(filtered.body.games).toEqual([]);
    const live = await call(env().app, '/api/GameList', asMember(member, { product: 'live_casino' }));
    expect((live.body.games as unknown[]).length).toBe(1);
    expect(
      (await call(env().app, '/api/GameList', asMember(member, { product: 'bingo' }))).body.statusdesc,
    ).toBe('invalid_request');

    await gamesRepository.setMaintenance(env().ctx.db, 'rl_golden_koi', true);
    env().services.games.catalogue.forget();
    const after = await call(env().app, '/api/GameList', asMember(member, { product: 'slots' }));
    expect((after.body.games as { maintenance: boolean }[])[1]?.maintenance).toBe(true);
    const launch = await call(
      env().app,
      '/api/launchslotgame',
      asMember(member, { game_code: 'rl_golden_koi' }),
    );
    expect(launch.body.statusdesc).toBe('game_maintenance');

    const lanterns = await env().services.games.catalogue.byCode('rl_lucky_lanterns');
    await gamesRepository.blockForBrand(env().ctx.db, lanterns?.id ?? '', member.profile ? 1 : 1);
    const blocked = await call(env().app, '/api/GameList', asMember(member, { product: 'slots' }));
    expect((blocked.body.games as { game_code: string }[]).map((g) => g.game_code)).toEqual([
      'rl_golden_koi',
    ]);
    const refused = await call(
      env().app,
      '/api/launchgp',
      asMember(member, { game_code: 'rl_lucky_lanterns' }),
    );
    expect(refused.body.statusdesc).toBe('not_found');
  });

  it('launch: a URL on the provider host with a single-use token bound to member, game and currency', async () => {
    const member = await ready(env());
    const reply = await call(
      env().app,
      '/api/launchslotgame',
      asMember(member, { game_code: 'rl_lucky_lanterns', lang: 'cn', platform: 'mobile' }),
    );
    expect(reply.body.status).toBe('1');
    const url = new URL(reply.body.url as string);
    expect(url.origin).toBe(provider().baseUrl);
    const sent = provider().state.seen.at(-1);
    expect(sent?.body).toMatchObject({
      user: 'demomyr',
      currency: 'MYR',
      lang: 'cn',
      game_code: 'rl_lucky_lanterns',
      platform: 'mobile',
      mode: 'real',
    });
    const token = url.searchParams.get('t') ?? '';
    const stored = await env().ctx.db.selectFrom('game_launch_tokens').selectAll().executeTakeFirstOrThrow();
    expect(stored.token).toBe(token);
    expect(stored.currency).toBe('MYR');
    expect(stored.expires_at.getTime() - env().ctx.now().getTime()).toBeLessThanOrEqual(60_000);
    const first = await wallet(env(), 'check', { request_uuid: randomUUID(), token });
    expect(first.status).toBe('RS_OK');
    expect((await wallet(env(), 'check', { request_uuid: randomUUID(), token })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    // Live casino through LaunchGame; the slot launcher refuses a live table and the other way round.
    expect(
      (await call(env().app, '/api/LaunchGame', asMember(member, { game_code: 'gt_baccarat_1' }))).body
        .status,
    ).toBe('1');
    expect(
      (await call(env().app, '/api/launchslotgame', asMember(member, { game_code: 'gt_baccarat_1' }))).body
        .statusdesc,
    ).toBe('not_found');
    expect(
      (await call(env().app, '/api/LaunchGame', asMember(member, { game_code: 'rl_lucky_lanterns' }))).body
        .statusdesc,
    ).toBe('not_found');
    expect(
      (await call(env().app, '/api/launchgp', asMember(member, { game_code: 'ok_ocean_king' }))).body.status,
    ).toBe('1');
    expect((await call(env().app, '/api/launchgp', asMember(member, {}))).body.statusdesc).toBe(
      'field_required',
    );
  });

  it('fun mode: no token, no wallet; suspended may play for fun only; closed is refused; live casino switch', async () => {
    const member = await ready(env());
    const fun = await call(
      env().app,
      '/api/launchslotgame',
      asMember(member, { game_code: 'rl_lucky_lanterns', mode: 'fun' }),
    );
    expect(fun.body.status).toBe('1');
    expect(new URL(fun.body.url as string).searchParams.get('t')).toBeNull();
    expect(provider().state.seen.at(-1)?.body).toMatchObject({ currency: 'FUN', mode: 'demo' });
    expect(provider().state.seen.at(-1)?.body.token).toBeUndefined();
    expect(await env().ctx.db.selectFrom('game_launch_tokens').selectAll().execute()).toEqual([]);

    const bo = await boLogin(env().app);
    await bo.call('setstate', { account_id: 'demomyr', state: 'suspended' });
    expect(
      (await call(env().app, '/api/launchslotgame', asMember(member, { game_code: 'rl_lucky_lanterns' })))
        .body.statusdesc,
    ).toBe('SUSPEND');
    expect(
      (
        await call(
          env().app,
          '/api/launchslotgame',
          asMember(member, { game_code: 'rl_lucky_lanterns', mode: 'fun' }),
        )
      ).body.status,
    ).toBe('1');
    await bo.call('setstate', { account_id: 'demomyr', state: 'active' });

    await bo.call('setfeatures', { account_id: 'demomyr', features: { live_casino: false } });
    const live = await call(env().app, '/api/LaunchGame', asMember(member, { game_code: 'gt_baccarat_1' }));
    expect(live.body.statusdesc).toBe('liveCasinoDisabled');
    // The switch is the live casino's only: slots still launch, and the session stays (no logout).
    expect(
      (await call(env().app, '/api/launchslotgame', asMember(member, { game_code: 'rl_lucky_lanterns' })))
        .body.status,
    ).toBe('1');

    await bo.call('setstate', { account_id: 'demoma', state: 'closed' });
    expect(
      (await call(env().app, '/api/launchslotgame', asMember(member, { game_code: 'rl_lucky_lanterns' })))
        .body.statusdesc,
    ).toBe('CLOSE');
  });

  it('reports: rounds paged with stake, win, net; statement days add up; platformwinlose per product', async () => {
    await ready(env());
    const slot = await walletSession(env(), 'demomyr', 'rl_lucky_lanterns');
    await playRound(env(), slot, {
      user: 'demomyr',
      currency: 'MYR',
      gameCode: 'rl_lucky_lanterns',
      round: 'S1',
      bets: ['10', '5'],
      win: '40',
    });
    await playRound(env(), slot, {
      user: 'demomyr',
      currency: 'MYR',
      gameCode: 'rl_lucky_lanterns',
      round: 'S2',
      bets: ['20'],
      win: '0',
    });
    await playRound(env(), slot, {
      user: 'demomyr',
      currency: 'MYR',
      gameCode: 'ok_ocean_king',
      round: 'F1',
      bets: ['3'],
      win: '1.50',
    });
    const live = await walletSession(env(), 'demomyr', 'gt_baccarat_1');
    await playRound(env(), live, {
      user: 'demomyr',
      currency: 'MYR',
      gameCode: 'gt_baccarat_1',
      round: 'L1',
      bets: ['100'],
      win: '195',
    });
    // A rolled-back bet leaves the round's stake.
    await wallet(env(), 'bet', {
      request_uuid: randomUUID(),
      token: live.token,
      user: 'demomyr',
      round: 'L2',
      round_closed: false,
      game_code: 'gt_baccarat_1',
      currency: 'MYR',
      transaction_uuid: 'L2-b0',
      amount: units('50'),
    });
    await wallet(env(), 'rollback', {
      request_uuid: randomUUID(),
      token: live.token,
      user: 'demomyr',
      round: 'L2',
      round_closed: true,
      game_code: 'gt_baccarat_1',
      transaction_uuid: 'L2-rb',
      reference_transaction_uuid: 'L2-b0',
    });
    await booksOk(env());

    const member = await login(env().app, 'demomyr');
    const today = bettingDay(env().ctx.now().getTime());
    const page1 = await call(
      env().app,
      '/api/slots',
      asMember(member, { working_date: today, page_size: 1 }),
    );
    expect(page1.body).toMatchObject({
      status: '1',
      page: 1,
      page_size: 1,
      total_rows: 2,
      total: { stake: '35.00', win: '40.00', net: '5.00' },
    });
    expect(page1.body.rows).toEqual([
      {
        round_id: 'S2',
        game_code: 'rl_lucky_lanterns',
        game_name: 'rl lucky lanterns',
        provider: 'rl',
        product: 'slots',
        stake: '20.00',
        win: '0.00',
        net: '-20.00',
        bet_time: expect.any(String),
        settle_time: expect.any(String),
        status: 'closed',
      },
    ]);
    const page2 = await call(
      env().app,
      '/api/slots',
      asMember(member, { working_date: today, page_size: 1, page: 2 }),
    );
    expect((page2.body.rows as { round_id: string; net: string }[])[0]).toMatchObject({
      round_id: 'S1',
      net: '25.00',
    });
    const fishing = await call(
      env().app,
      '/api/slots',
      asMember(member, { start_date: today, end_date: today, product: 'fishing' }),
    );
    expect(fishing.body.total).toEqual({ stake: '3.00', win: '1.50', net: '-1.50' });
    const casino = await call(env().app, '/api/livecasino', asMember(member, { working_date: today }));
    expect(casino.body.total).toEqual({ stake: '100.00', win: '195.00', net: '95.00' });
    expect(casino.body.total_rows).toBe(2);
    expect((await call(env().app, '/api/livecasino', asMember(member, {}))).body.statusdesc).toBe(
      'start_date_required',
    );

    // The statement: games are their own column and the day adds up.
    const daily = await call(env().app, '/api/dailystatement', asMember(member, { working_date: today }));
    const day = (daily.body.data as Record<string, string>[])[0];
    // The opening deposit of the demo member is today's adjustment; the games are their own column.
    expect(day).toMatchObject({ game_win_loss: '98.50', adjustment: '10000.00', opening_balance: '0.00' });
    const sum =
      Number(day?.opening_balance) +
      Number(day?.settled_amount) +
      Number(day?.commission) +
      Number(day?.adjustment) +
      Number(day?.game_win_loss);
    expect(sum.toFixed(2)).toBe(day?.closing_balance);
    expect(day?.closing_balance).toBe('10098.50');

    const winLose = await call(env().app, '/api/platformwinlose', asMember(member, { working_date: today }));
    const byProduct = Object.fromEntries(
      (winLose.body.data as Record<string, unknown>[]).map((row) => [row.product, row]),
    );
    expect(byProduct.slots).toMatchObject({
      bets: 3,
      turnover: '35.00',
      valid_turnover: '35.00',
      win_loss: '5.00',
    });
    expect(byProduct.fishing).toMatchObject({ bets: 1, turnover: '3.00', win_loss: '-1.50' });
    expect(byProduct.live_casino).toMatchObject({
      bets: 1,
      turnover: '100.00',
      win_loss: '95.00',
      total: '95.00',
    });
    expect(byProduct.sportsbook).toMatchObject({ win_loss: '0.00' });
  });
});
