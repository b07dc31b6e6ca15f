import { bettingDay } from '@sb/domain';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { statementRepository as repo } from '../src/modules/statement/repository';
import { gameReports, reportRecords } from '../src/modules/statement/service';
import { tradingDesk } from './support/catalog';
import { CHAIN, cents, lostLotteryTicket, providerRound, setShares } from './support/counted-rounds';
import { fakeProviderOfFile, walletSession, withProvider } from './support/games';
import { describeEachDatabase } from './support/harness';
import { ownGamesDesk } from './support/own-games';
import { bettor, pricedMatch, runSettlement } from './support/sportsbook';

const provider = fakeProviderOfFile();

type WinLoss = {
  account_id: string;
  currency: string;
  product?: string;
  bets: number;
  turnover: string;
  valid_turnover: string;
  member_win_loss: string;
  member_commission: string;
  own_win_loss: string;
  own_commission: string;
  downline_win_loss: string;
  upline_win_loss: string;
};
type Reply = { status: string; totals: WinLoss[]; downlines: WinLoss[]; members: WinLoss[] };

describeEachDatabase('win/loss per product (casino and games rounds)', (env) => {
  it('counts provider, mini-game and 4D rounds per product at every level; sums to zero; rebuild and books agree', async () => {
    const desk = await ownGamesDesk(env());
    await withProvider(env(), provider());
    await setShares(desk.bo);
    const day = bettingDay(env().ctx.now().getTime());
    const winLoss = async (body: Record<string, unknown>) => {
      const reply = (await desk.bo.call('winloss', { start_date: day, end_date: day, ...body }))
        .body as unknown as Reply;
      expect(reply.status, JSON.stringify(reply)).toBe('1');
      return reply;
    };

    // A sportsbook bet settled first: its figures must not move when the game rounds are counted.
    const trading = await tradingDesk(env());
    const match = await pricedMatch(env(), trading);
    const member = await bettor(env(), 'demomyr');
    await member.bet('betsingle', { market_id: match.hdp, selection: 'h', odds: '1.95', stake: '40' });
    await trading.trade('result', { match_id: match.id, ht: null, ft: { home: 2, away: 0 } });
    await runSettlement(env());
    const sportsbookBefore = await Promise.all(
      CHAIN.map((root) => winLoss({ account_id: root, product: 'sportsbook' })),
    );
    expect(sportsbookBefore[0]?.totals[0]?.member_win_loss).toBe('38.00');

    // Casino: lost 70.00 on 100.00, then won 100.00 on 50.00. Games: a dice round of 10.00.
    const session = await walletSession(env(), 'demomyr');
    await providerRound(env(), session.token, 'P1', '100', '30');
    await providerRound(env(), session.token, 'P2', '50', '150');
    const dice = (await desk.ok('dicebet', {
      stake: '10.00',
      side: 'under',
      target: '49.50',
    })) as unknown as {
      round: { status: string; payout: string | null };
    };
    const diceWinLoss = cents(dice.round.payout ?? '0') - 1000n;
    // And a 4D ticket of 1.00 Big on a number the coming draw does not show (lost: -1.00).
    await lostLotteryTicket(env(), desk);
    const gamesWinLoss = diceWinLoss - 100n;

    // The job counts each finished round once (it also runs in the background every few seconds): a run after
    // everything is counted counts nothing, and each round has one report_rounds row.
    // The background run may count some rounds first, so the balance and the rebates paid so far are read
    // together (one statement, one snapshot): what the explicit run pays is the rest of the 0.30.
    const balanceAndRebates = async () => {
      const rows = await sql<{ balance: string; rebated: string }>`select l.balance::text as balance,
          (select coalesce(sum(t.amount), 0) from transfers t
            where t.kind = 'game_rebate' and t.owner_pk = a.id)::text as rebated
        from ledger_accounts l
        join accounts a on a.id = l.owner_pk
        where a.account_id = 'demomyr' and l.kind = 'available' and l.currency = 'MYR'`.execute(env().ctx.db);
      return { balance: BigInt(rows.rows[0]?.balance ?? '0'), rebated: BigInt(rows.rows[0]?.rebated ?? '0') };
    };
    const beforeCounting = await balanceAndRebates();
    await gameReports.countDue(env().ctx.db);
    expect(await gameReports.countDue(env().ctx.db)).toBe(0);
    // The member's casino commission (0.002 of 150.00 staked) is paid when the rounds are counted, once. A
    // background run that took some rounds first holds them (ours skips rows another run has locked) until it
    // commits: read once every rebate is there. Paid twice or never, it is never 0.30 and the wait fails.
    const afterCounting = await vi.waitFor(
      async () => {
        const read = await balanceAndRebates();
        expect(read.rebated).toBe(30n);
        return read;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(afterCounting.balance - beforeCounting.balance).toBe(30n - beforeCounting.rebated);
    // A round in report_rounds but not marked counted (a marker lost, say by a restore) is marked and adds
    // nothing again: not to report_days, not to the rebates.
    const casinoDays = () =>
      sql<{ bets: string; turnover: string }>`select sum(bets)::text as bets, sum(turnover)::text as turnover
        from report_days where product = 'casino'`
        .execute(env().ctx.db)
        .then((result) => result.rows[0]);
    const daysCounted = await casinoDays();
    await sql`insert into uncounted_game_rounds (id)
      select min(round_pk) from report_rounds where source = 'provider'`.execute(env().ctx.db);
    expect(await gameReports.countDue(env().ctx.db)).toBe(0);
    // Marked by our run, or by a background run that took it first (read once that one has committed).
    await vi.waitFor(
      async () => {
        const uncounted = await sql<{ n: number }>`select count(*)::int as n
          from uncounted_game_rounds`.execute(env().ctx.db);
        expect(uncounted.rows[0]?.n).toBe(0);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(await casinoDays()).toEqual(daysCounted);
    const rebates = await env()
      .ctx.db.selectFrom('transfers')
      .select(['amount'])
      .where('kind', '=', 'game_rebate')
      .execute();
    // One transfer a run that found rounds of the member: a background run between the two rounds pays the
    // first round's part (0.20) and the explicit run the second's (0.10). Either way 0.30 in all, never more.
    expect(rebates.reduce((sum, row) => sum + BigInt(row.amount), 0n)).toBe(30n);
    const counted = await env().ctx.db.selectFrom('report_rounds').select(['source', 'product']).execute();
    expect(counted.map((row) => `${row.source}:${row.product}`).sort()).toEqual([
      'lottery:games',
      'minigame:games',
      'provider:casino',
      'provider:casino',
    ]);

    // Each level's casino part: its share of the book's result per round (7000 then -10000), the operator the rest.
    const casinoParts: Record<string, bigint> = {
      demoop: -900n,
      demosh: -900n,
      demoss: -300n,
      demosr: 0n,
      demoma: -300n,
      demoag: -600n,
    };
    // Commission on 150.00 staked: each level its rate above the one it passes down; the member 0.002.
    const casinoCommission: Record<string, bigint> = { demoma: 15n, demoag: 15n };
    // Games: the shareholder 20%, the agent 30%, the operator the rest, per round (dice, then the 4D ticket).
    const gamesPart = (share: bigint) => (-diceWinLoss * share) / 10n + (100n * share) / 10n;
    const gamesParts: Record<string, bigint> = {
      demoop: gamesPart(5n),
      demosh: gamesPart(2n),
      demoss: 0n,
      demosr: 0n,
      demoma: 0n,
      demoag: gamesPart(3n),
    };
    for (const [index, root] of CHAIN.entries()) {
      const casino = (await winLoss({ account_id: root, product: 'casino' })).totals;
      expect(casino, root).toHaveLength(1);
      const row = casino[0] as WinLoss;
      expect([
        row.bets,
        row.turnover,
        row.valid_turnover,
        row.member_win_loss,
        row.member_commission,
      ]).toEqual([2, '150.00', '150.00', '30.00', '0.30']);
      expect(cents(row.own_win_loss), root).toBe(casinoParts[root]);
      expect(cents(row.own_commission), root).toBe(casinoCommission[root] ?? 0n);
      const sum = [row.member_win_loss, row.own_win_loss, row.downline_win_loss, row.upline_win_loss]
        .map(cents)
        .reduce((a, b) => a + b, 0n);
      expect(sum, root).toBe(0n);

      const games = (await winLoss({ account_id: root, product: 'games' })).totals[0] as WinLoss;
      expect([games.bets, games.turnover, cents(games.member_win_loss)]).toEqual([2, '11.00', gamesWinLoss]);
      expect(cents(games.own_win_loss), root).toBe(gamesParts[root]);
      expect(
        [games.member_win_loss, games.own_win_loss, games.downline_win_loss, games.upline_win_loss]
          .map(cents)
          .reduce((a, b) => a + b, 0n),
      ).toBe(0n);

      // The sportsbook's figures are what they were.
      const sportsbook = await winLoss({ account_id: root, product: 'sportsbook' });
      expect(sportsbook.totals, root).toEqual(sportsbookBefore[index]?.totals);

      // All products together: one row, the three products' sums.
      const all = (await winLoss({ account_id: root })).totals[0] as WinLoss;
      expect(cents(all.member_win_loss)).toBe(3000n + gamesWinLoss + 3800n);
      expect(all.bets).toBe(5);
      // The ledger holds each level's parts of every product: its upline_pl account is what the report shows.
      const ledger = await sql<{ balance: string }>`select l.balance::text as balance from ledger_accounts l
        join accounts a on a.id = l.owner_pk
        where a.account_id = ${root} and l.kind = 'upline_pl' and l.currency = 'MYR'`.execute(env().ctx.db);
      expect(BigInt(ledger.rows[0]?.balance ?? '0'), root).toBe(
        cents(all.own_win_loss) + cents(all.own_commission),
      );
    }

    // Drill-down keeps working per product: the operator's shareholder, the agent's member.
    const top = await winLoss({ product: 'casino' });
    expect(top.downlines.map((row) => [row.account_id, row.own_win_loss])).toEqual([['demosh', '-9.00']]);
    const agent = await winLoss({ account_id: 'demoag', product: 'casino' });
    expect(agent.members.map((row) => [row.account_id, row.member_win_loss])).toEqual([['demomyr', '30.00']]);

    // Split by product: one row per product.
    const split = await winLoss({ account_id: 'demoag', by_product: true });
    expect(split.totals.map((row) => [row.product, row.bets])).toEqual([
      ['casino', 2],
      ['games', 2],
      ['sportsbook', 1],
    ]);
    expect(split.members.map((row) => row.product)).toEqual(['casino', 'games', 'sportsbook']);
    expect(
      (await desk.bo.call('winloss', { start_date: day, end_date: day, product: 'poker' })).body.statusdesc,
    ).toBe('invalid_request');

    // Later share changes never alter counted rounds: a rebuild gives the same rows and figures.
    const pk = (
      await env()
        .ctx.db.selectFrom('accounts')
        .select('id')
        .where('account_id', '=', 'demomyr')
        .executeTakeFirstOrThrow()
    ).id;
    const dayRows = async () =>
      (await repo.reportDayRows(env().ctx.db, [String(pk)])).sort((a, b) =>
        a.product.localeCompare(b.product),
      );
    const before = await dayRows();
    expect(before.map((row) => row.product)).toEqual(['casino', 'games', 'sportsbook']);
    const changed = await desk.bo.call('setproducts', {
      account_id: 'demoag',
      settings: [{ product: 'casino', pt_share: '0' }],
    });
    expect(changed.body.status).toBe('1');
    await reportRecords.rebuild(env().ctx.db);
    expect(await dayRows()).toEqual(before);
    const rebuilt = (await winLoss({ account_id: 'demoag', product: 'casino' })).totals[0] as WinLoss;
    expect(cents(rebuilt.own_win_loss)).toBe(-600n);

    await desk.verifyLedger();
  });
});
