import { describe, expect, it } from 'vitest';
import { boLogin, seeded } from './support/fixtures';
import { call, describeEachDatabase, toMorningGmt8 } from './support/harness';
import { settle, tradingDesk } from './support/catalog';
import { MarketSnapshot } from '../src/modules/catalog/snapshot';
import { catalogRepository } from '../src/modules/catalog/repository';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('catalogue, trading API and ux calls', (env) => {
  it('creates a match with markets; uxmarket lists it in the four-array format with MY prices', async () => {
    // 09:00 GMT+8 on the test clock: two hours on is still today whatever hour the suite runs at (from 22:00
    // GMT+8 on, two hours from the wall clock was tomorrow's list). The clock moves before the operator logs
    // in: moved after, up to 24 h on, it outlived the operator's session when the suite ran just after 09:00.
    const kickoff = new Date(toMorningGmt8(env()) + 2 * HOUR).toISOString();
    await seeded(env());
    const desk = await tradingDesk(env());
    const id = await desk.createMatch({ home: 'Arsenal', away: 'Chelsea', kickoff });
    expect(
      (
        await desk.trade('market', {
          match_id: id,
          kind: 'hdp',
          line: '-0.25',
          prices: { h: '1.95', a: '1.93' },
        })
      ).status,
    ).toBe('1');
    expect(
      (
        await desk.trade('market', {
          match_id: id,
          kind: 'ou',
          line: '2.5',
          prices: { o: '2.10', u: '1.80' },
        })
      ).status,
    ).toBe('1');
    expect(
      (
        await desk.trade('market', {
          match_id: id,
          kind: '1x2',
          prices: { '1': '2.40', x: '3.30', '2': '3.00' },
        })
      ).status,
    ).toBe('1');
    await settle();
    const reply = await call(env().app, '/cache/uxmarket', {
      sport_id: 1,
      menu: 'today',
      market_type: 'hdpou',
      odds_type: '1',
    });
    expect(reply.body.status).toBe('1');
    const body = reply.body as unknown as {
      leagues: unknown[][];
      matches: unknown[][];
      heads: unknown[][];
      odds: unknown[][];
      total: number;
    };
    expect(body.total).toBe(1);
    expect(body.leagues[0]).toEqual([expect.any(Number), 'Premier League', 1, 1000]);
    const match = body.matches[0] ?? [];
    expect(match[0]).toBe(id);
    expect(match[2]).toBe('Arsenal');
    expect(match[4]).toBe(500);
    expect(match[8]).toBe(Date.parse(kickoff));
    expect(body.heads[0]?.slice(0, 7)).toEqual([id, 1, 'hdpou', expect.any(Number), 3, 1, 2]);
    const hdp = body.odds.find((row) => row[2] === 'hdp');
    // Decimal 1.95 is MY 0.95; decimal 2.10 is MY -0.91 (risk 0.91 to win 1).
    expect(hdp).toEqual([expect.any(Number), id, 'hdp', 'ft', '-0.25', 1, 1, 'h', '0.95', 'a', '0.93']);
    const ou = body.odds.find((row) => row[2] === 'ou');
    expect(ou?.slice(7)).toEqual(['o', '-0.91', 'u', '0.80']);
    const oneXTwo = body.odds.find((row) => row[2] === '1x2');
    expect(oneXTwo?.slice(7)).toEqual(['1', '2.40', 'x', '3.30', '2', '3.00']);
    const decimal = await call(env().app, '/cache/uxmarket', { sport_id: 1, menu: 'today', odds_type: '4' });
    expect((decimal.body.odds as unknown[][]).find((row) => row[2] === 'ou')?.slice(7)).toEqual([
      'o',
      '2.10',
      'u',
      '1.80',
    ]);
    const indo = await call(env().app, '/cache/uxmarket', { sport_id: 1, menu: 'today', odds_type: '3' });
    expect((indo.body.odds as unknown[][]).find((row) => row[2] === 'hdp')?.slice(7)).toEqual([
      'h',
      '-1.05',
      'a',
      '-1.08',
    ]);
    const myanmar = await call(env().app, '/cache/uxmmo', { sport_id: 1, menu: 'today' });
    expect((myanmar.body.odds as unknown[][]).find((row) => row[2] === 'hdp')?.slice(7, 8)).toEqual(['mm']);
  });

  it('moves prices, suspends and resumes, and refuses what contradicts the catalogue', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const id = await desk.createMatch({
      home: 'A',
      away: 'B',
      kickoff: new Date(Date.now() + HOUR).toISOString(),
    });
    await desk.trade('market', { match_id: id, kind: 'hdp', line: '0', prices: { h: '1.90', a: '1.90' } });
    expect(
      (await desk.trade('price', { match_id: id, kind: 'hdp', line: '0', prices: { h: '1.85', a: '1.95' } }))
        .status,
    ).toBe('1');
    expect(
      (await desk.trade('price', { match_id: id, kind: 'hdp', line: '0.5', prices: { h: '1.85' } })).reason,
    ).toBe('unknown market');
    expect(
      (await desk.trade('price', { match_id: id, kind: 'hdp', line: '0', prices: { h: '1.00' } })).reason,
    ).toMatch(/invalid price/);
    expect(
      (await desk.trade('price', { match_id: id, kind: 'hdp', line: '0', prices: { h: 'abc' } })).statusdesc,
    ).toBe('invalidOdds');
    expect((await desk.trade('marketstatus', { match_id: id, status: 'suspended' })).status).toBe('1');
    await settle();
    let detail = await call(env().app, '/cache/uxmatch', { match_id: id, odds_type: '4' });
    expect((detail.body.odds as unknown[][])[0]?.slice(5, 11)).toEqual([0, 1, 'h', '1.85', 'a', '1.95']);
    await desk.trade('marketstatus', { match_id: id, status: 'open' });
    await desk.trade('live', { match_id: id, period: '1h', minute: 10, home: 1, away: 0, goal: 'h' });
    expect(
      (await desk.trade('live', { match_id: id, period: '1h', minute: 12, home: 0, away: 0 })).reason,
    ).toBe('score going backwards');
    expect(
      (await desk.trade('live', { match_id: id, period: '1h', minute: 5, home: 1, away: 0 })).reason,
    ).toBe('clock going backwards');
    await settle();
    detail = await call(env().app, '/cache/uxmatch', { match_id: id, odds_type: '4' });
    expect((detail.body.matches as unknown[][])[0]?.slice(4, 8)).toEqual([0, 1, 0, 10]);
    const live = await call(env().app, '/cache/uxmarket', { sport_id: 1, menu: 'live' });
    expect(live.body.total).toBe(1);
    expect((live.body.heads as unknown[][])[0]?.[6]).toBe(3);
    const menu = await call(env().app, '/cache/uxmenu', {});
    const sports = menu.body.sports as unknown[][];
    expect(sports.find((row) => row[0] === 1)).toEqual([1, 'Soccer', 1, 0, 0, 1, 0]);
    expect(sports.find((row) => row[0] === 22)).toBeUndefined();
  });

  it('publishes a result: the match completes, markets close, the result is readable; then nothing more applies', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const id = await desk.createMatch({
      home: 'Home FC',
      away: 'Away FC',
      kickoff: new Date(Date.now() - HOUR).toISOString(),
    });
    await desk.trade('market', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '1.9', u: '1.9' } });
    expect(
      (await desk.trade('result', { match_id: id, ht: { home: 2, away: 0 }, ft: { home: 1, away: 1 } }))
        .reason,
    ).toBe('half-time score above full time');
    expect(
      (
        await desk.trade('result', {
          match_id: id,
          ht: { home: 1, away: 0 },
          ft: { home: 2, away: 1 },
          goals: ['h', 'a', 'h'],
        })
      ).status,
    ).toBe('1');
    await settle();
    expect((await call(env().app, '/cache/uxmatch', { match_id: id })).body.statusdesc).toBe('matchHide');
    expect(
      (await desk.trade('price', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '2' } })).reason,
    ).toBe('match is finished');
    const single = await call(env().app, '/api/singlematchresult', { match_id: id });
    expect(single.body.result).toMatchObject({ ht: [1, 0], ft: [2, 1], goals: ['h', 'a', 'h'], version: 1 });
    const day = new Date(Date.now() - HOUR + 8 * HOUR).toISOString().slice(0, 10);
    const results = await call(env().app, '/api/matchresult', { date: day, sport_id: 1 });
    expect(results.body.results).toContainEqual(
      expect.objectContaining({
        match_id: id,
        home: 'Home FC',
        ht_home: 1,
        ht_away: 0,
        ft_home: 2,
        ft_away: 1,
        state: 1,
      }),
    );
  });

  it('takes basketball scores past 100 live and as the result (a feed sport the catalogue once refused)', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const id = await desk.createMatch({
      sport_id: 2,
      home: 'Hoop City',
      away: 'Dunk Town',
      kickoff: new Date(Date.now() - HOUR).toISOString(),
    });
    await desk.trade('market', { match_id: id, kind: 'ou', line: '205.5', prices: { o: '1.9', u: '1.9' } });
    const live = await desk.trade('live', { match_id: id, period: '2h', minute: 40, home: 101, away: 99 });
    expect(live.status, JSON.stringify(live)).toBe('1');
    const result = await desk.trade('result', {
      match_id: id,
      ht: { home: 55, away: 48 },
      ft: { home: 112, away: 104 },
    });
    expect(result.status, JSON.stringify(result)).toBe('1');
    expect(
      (await desk.trade('live', { match_id: id, period: '2h', minute: 41, home: 1000, away: 0 })).status,
    ).toBe('0');
  });

  it('filters: leagues, search, live only, paging, sorting, early vs today', async () => {
    // Five matches in the next five hours, all today's whatever time the test runs.
    const now = toMorningGmt8(env());
    await seeded(env());
    const desk = await tradingDesk(env());
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = await desk.createMatch({
        league: i < 3 ? 'Alpha League' : 'Beta League',
        home: `Team ${i}`,
        away: `Rival ${i}`,
        kickoff: new Date(now + (i + 1) * HOUR).toISOString(),
      });
      await desk.trade('market', { match_id: id, kind: 'hdp', line: '0', prices: { h: '1.9', a: '1.9' } });
      ids.push(id);
    }
    const early = await desk.createMatch({
      home: 'Later',
      away: 'Side',
      kickoff: new Date(now + 72 * HOUR).toISOString(),
    });
    await desk.trade('market', { match_id: early, kind: 'hdp', line: '0', prices: { h: '1.9', a: '1.9' } });
    await settle();
    const list = async (body: Record<string, unknown>) =>
      (await call(env().app, '/cache/uxmarket', { sport_id: 1, menu: 'today', ...body })).body as unknown as {
        matches: number[][];
        total: number;
        leagues: unknown[][];
      };
    expect((await list({})).total).toBe(5);
    expect((await list({ menu: 'early' })).matches.map((m) => m[0])).toEqual([early]);
    const page2 = await list({ page: 2, page_size: 2 });
    expect(page2.matches.map((m) => m[0])).toEqual([ids[2], ids[3]]);
    expect(page2.total).toBe(5);
    expect((await list({ search: 'rival 4' })).matches.map((m) => m[0])).toEqual([ids[4]]);
    const alpha = (await list({})).leagues.find((l) => l[1] === 'Alpha League')?.[0] as number;
    expect((await list({ leagues: [alpha] })).total).toBe(3);
    expect((await list({ live_only: true })).total).toBe(0);
    expect((await list({ sort: '3' })).matches.map((m) => m[0])).toEqual(ids);
    expect((await call(env().app, '/cache/uxmarket', { sport_id: 999 })).body).toMatchObject({
      status: '0',
      field: 'sport_id',
    });
    expect(
      (await call(env().app, '/cache/uxmarket', { sport_id: 1, market_type: 'nope' })).body.statusdesc,
    ).toBe('invalidBetType');
    expect((await call(env().app, '/cache/uxmatch', { match_id: 424242 })).body.statusdesc).toBe('matchHide');
    const two = await call(env().app, '/cache/uxmatch2', { match_ids: [ids[0], 424242] });
    expect((two.body.matches as number[][]).map((m) => m[0])).toEqual([ids[0]]);
  });

  it('a batch of price changes: each its own sequence number and log row, rejections in place, the last price kept', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const kickoff = new Date(Date.now() + 2 * HOUR).toISOString();
    const a = await desk.createMatch({ home: 'Batch A', away: 'Batch B', kickoff });
    const b = await desk.createMatch({ home: 'Batch C', away: 'Batch D', kickoff });
    await desk.trade('market', { match_id: a, kind: 'hdp', line: '-0.5', prices: { h: '1.95', a: '1.95' } });
    await desk.trade('market', { match_id: b, kind: 'ou', line: '2.5', prices: { o: '1.90', u: '1.90' } });
    await desk.trade('market', { match_id: b, kind: '1x2', prices: { '1': '2.0', x: '3.0', '2': '4.0' } });
    await desk.trade('result', { match_id: b, ht: null, ft: { home: 1, away: 0 } });
    const c = await desk.createMatch({ home: 'Batch E', away: 'Batch F', kickoff });
    await desk.trade('market', { match_id: c, kind: 'ou', line: '2.5', prices: { o: '1.90', u: '1.90' } });
    await settle();
    const seqA = env().services.snapshot.matches.get(a)?.seq ?? 0;
    const seqC = env().services.snapshot.matches.get(c)?.seq ?? 0;
    const reply = await desk.bo.call('trade/prices', {
      changes: [
        { match_id: a, kind: 'hdp', line: '-0.5', prices: { h: '2', a: '1.9' } },
        { match_id: c, kind: 'ou', line: '2.5', prices: { o: '1.85', u: '1.955' } },
        { match_id: a, kind: 'hdp', line: '-0.75', prices: { h: '2.10', a: '1.80' } },
        { match_id: b, kind: 'ou', line: '2.5', prices: { o: '1.70', u: '2.10' } },
        { match_id: a, kind: 'hdp', line: '-0.5', prices: { h: '2.05', a: '1.85' } },
      ],
    });
    expect(reply.body).toMatchObject({ status: '1', applied: 3 });
    expect((reply.body.rejected as { reason: string }[]).map((r) => r.reason)).toEqual([
      'unknown market',
      'match is finished',
    ]);
    await settle();
    const snapshot = env().services.snapshot;
    expect(snapshot.matches.get(a)?.seq).toBe(seqA + 2);
    expect(snapshot.matches.get(c)?.seq).toBe(seqC + 1);
    expect(snapshot.marketsOf(a)[0]?.prices).toEqual({ h: '2.05', a: '1.85' });
    expect(snapshot.marketsOf(c)[0]?.prices).toEqual({ o: '1.85', u: '1.955' });
    // What a fresh process loads equals what the pushes built, and the event log holds every step.
    const fresh = new MarketSnapshot();
    await fresh.load(env().ctx.db, new Date());
    expect(fresh.marketsOf(a)).toEqual(snapshot.marketsOf(a));
    expect(fresh.marketsOf(c)).toEqual(snapshot.marketsOf(c));
    const logged = await catalogRepository.eventsSince(env().ctx.db, a, seqA, 10);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject([
      { t: 'market', seq: seqA + 1, moved: true, market: { prices: { h: '2.00', a: '1.90' } } },
    ]);
  });

  it('only an operator trades', async () => {
    await seeded(env());
    await tradingDesk(env());
    const agent = await boLogin(env().app, 'demoag');
    const reply = await agent.call('trade/creatematch', {
      sport_id: 1,
      league: 'L',
      home: 'A',
      away: 'B',
      kickoff: new Date().toISOString(),
    });
    expect(reply.body.statusdesc).toBe('forbiddenAccess');
  });

  describe('snapshot after a restart', () => {
    it('is rebuilt from the database with the same answers', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const id = await desk.createMatch({
        home: 'X',
        away: 'Y',
        kickoff: new Date(Date.now() + HOUR).toISOString(),
      });
      await desk.trade('market', { match_id: id, kind: 'hdp', line: '-1', prices: { h: '1.8', a: '2.05' } });
      await settle();
      const before = await call(env().app, '/cache/uxmatch', { match_id: id });
      const { MarketSnapshot } = await import('../src/modules/catalog/snapshot');
      const fresh = new MarketSnapshot();
      await fresh.load(env().ctx.db, new Date());
      expect(fresh.matches.get(id)).toEqual(env().services.snapshot.matches.get(id));
      expect(fresh.marketsOf(id)).toEqual(env().services.snapshot.marketsOf(id));
      expect(before.body.status).toBe('1');
    });
  });
});
