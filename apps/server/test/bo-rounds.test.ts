import { bettingDay } from '@sb/domain';
import { expect, it } from 'vitest';
import { boLogin } from './support/fixtures';
import {
  cents,
  countEveryRound,
  lostLotteryTicket,
  providerRound,
  setShares,
} from './support/counted-rounds';
import { fakeProviderOfFile, walletSession, withProvider } from './support/games';
import { describeEachDatabase } from './support/harness';
import { ownGamesDesk } from './support/own-games';

const provider = fakeProviderOfFile();

type Round = {
  product: string;
  source: string;
  game: string;
  game_name: string | null;
  round: string;
  draw_id: number | null;
  account_id: string;
  currency: string;
  finished_at: string;
  stake: string;
  win: string;
  member_win_loss: string;
  member_commission: string;
  own_win_loss: string;
  own_commission: string;
};
type RoundsReply = { status: string; statusdesc: string; data: Round[]; total: number; page: number };
type WinLossRow = {
  account_id: string;
  bets: number;
  turnover: string;
  member_win_loss: string;
  member_commission: string;
  own_win_loss: string;
  own_commission: string;
};

const sum = (rounds: Round[], field: keyof Round) =>
  rounds.reduce((acc, round) => acc + cents(String(round[field])), 0n);

describeEachDatabase('back-office game rounds (drill-down from win/loss)', (env) => {
  it("lists a member's counted rounds: they sum to the win/loss member row, newest first, paged, downline only", async () => {
    const desk = await ownGamesDesk(env());
    await withProvider(env(), provider());
    await setShares(desk.bo);
    const day = bettingDay(env().ctx.now().getTime());
    const range = { start_date: day, end_date: day };

    // Casino: three provider rounds; games: two dice rounds and a lost 4D ticket.
    const session = await walletSession(env(), 'demomyr');
    await providerRound(env(), session.token, 'R1', '100', '30');
    await providerRound(env(), session.token, 'R2', '50', '150');
    await providerRound(env(), session.token, 'R3', '20', '0');
    for (let i = 0; i < 2; i += 1)
      await desk.ok('dicebet', { stake: '10.00', side: 'under', target: '49.50' });
    const drawId = await lostLotteryTicket(env(), desk);
    await countEveryRound(env());

    const agent = await boLogin(env().app, 'demoag');
    const callers = { demoop: desk.bo, demoag: agent };
    for (const [name, caller] of Object.entries(callers)) {
      const rounds = async (body: Record<string, unknown>) => {
        const reply = (await caller.call('rounds', { ...range, ...body })).body as unknown as RoundsReply;
        expect(reply.status, `${name} ${JSON.stringify(reply)}`).toBe('1');
        return reply;
      };
      for (const product of ['casino', 'games'] as const) {
        const winLoss = await caller.call('winloss', { ...range, product });
        const member = (winLoss.body.members as WinLossRow[]).find((row) => row.account_id === 'demomyr');
        if (!member) throw new Error(`${name}: no demomyr row for ${product}`);
        const listed = await rounds({ account_id: 'demomyr', product, page_size: 500 });
        const label = `${name} ${product}`;
        expect(listed.total, label).toBe(member.bets);
        expect(listed.data, label).toHaveLength(member.bets);
        expect(
          listed.data.every((round) => round.product === product && round.account_id === 'demomyr'),
        ).toBe(true);
        expect(sum(listed.data, 'stake'), label).toBe(cents(member.turnover));
        expect(sum(listed.data, 'member_win_loss'), label).toBe(cents(member.member_win_loss));
        expect(sum(listed.data, 'member_commission'), label).toBe(cents(member.member_commission));
        expect(sum(listed.data, 'own_win_loss'), label).toBe(cents(member.own_win_loss));
        expect(sum(listed.data, 'own_commission'), label).toBe(cents(member.own_commission));
        // Each row's win is its stake plus the member's result.
        for (const round of listed.data)
          expect(cents(round.win) - cents(round.stake), label).toBe(cents(round.member_win_loss));
        // Newest first.
        const times = listed.data.map((round) => Date.parse(round.finished_at));
        expect(times, label).toEqual([...times].sort((a, b) => b - a));
      }
      // The operator's part and the agent's are different figures (its own level's each).
      const casino = await rounds({ account_id: 'demomyr', product: 'casino' });
      expect(casino.data.map((round) => [round.game, round.round, round.stake, round.win]).sort()).toEqual([
        ['rl_lucky_lanterns', 'R1', '100.00', '30.00'],
        ['rl_lucky_lanterns', 'R2', '50.00', '150.00'],
        ['rl_lucky_lanterns', 'R3', '20.00', '0.00'],
      ]);
      const games = await rounds({ account_id: 'demomyr', product: 'games' });
      expect(games.data.map((round) => round.game).sort()).toEqual(['4D', 'dice', 'dice']);
      expect(games.data.find((round) => round.game === '4D')?.draw_id).toBe(drawId);
      expect(games.data.find((round) => round.game === 'dice')?.draw_id).toBeNull();

      // Both products, and every member under the caller when no account is named.
      expect((await rounds({ account_id: 'demomyr' })).total).toBe(6);
      expect((await rounds({})).total).toBe(6);

      // Paging: pages of 4 are disjoint, in the same order, and cover every round.
      const all = await rounds({ page_size: 500 });
      const first = await rounds({ page_size: 4, page: 1 });
      const second = await rounds({ page_size: 4, page: 2 });
      expect([first.data.length, second.data.length, first.total]).toEqual([4, 2, 6]);
      expect([...first.data, ...second.data]).toEqual(all.data);
      expect(second.page).toBe(2);
    }
    const operatorCasino = (await desk.bo.call('rounds', { ...range, product: 'casino' })).body
      .data as Round[];
    const agentCasino = (await agent.call('rounds', { ...range, product: 'casino' })).body.data as Round[];
    expect(sum(operatorCasino, 'own_win_loss')).not.toBe(sum(agentCasino, 'own_win_loss'));

    // Another branch's agent: refused with the ticket search's code, nothing listed; a day without rounds is empty.
    await desk.bo.call('createaccount', {
      account_id: 'otherag',
      password: 'Other123',
      parent_id: 'demoma',
      commission_rate: '0.003',
    });
    const other = await boLogin(env().app, 'otherag', 'Other123');
    const refusedTickets = await other.call('tickets', { ...range, account_id: 'demomyr' });
    const refused = await other.call('rounds', { ...range, account_id: 'demomyr' });
    expect(refused.body.status).toBe('0');
    expect(refused.body.statusdesc).toBe(refusedTickets.body.statusdesc);
    expect(refused.body.statusdesc).toBe('forbiddenAccess');
    expect(refused.body.data).toBeUndefined();
    expect(((await other.call('rounds', range)).body as unknown as RoundsReply).total).toBe(0);

    // Bad input: the spec's codes.
    const bad = async (body: Record<string, unknown>) => (await agent.call('rounds', body)).body.statusdesc;
    expect(await bad({ ...range, page_size: 501 })).toBe('invalid_request');
    expect(await bad({ ...range, product: 'sportsbook' })).toBe('invalid_request');
    expect(await bad({ end_date: day })).toBe('start_date_required');
  });
});
