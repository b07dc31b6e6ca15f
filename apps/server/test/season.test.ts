import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { parseFootballData, type FootballMatchRow } from '../src/modules/feed/replay';
import { readSeasonFile } from '../src/modules/feed/replay/test-data';
import { boLogin, login, seeded } from './support/fixtures';
import { settle, tradingDesk } from './support/catalog';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

/**
 * A real season through the platform, checked against a reference written here from rules.md (sections 0,
 * 1, 2.2, 2.3, 3.1) and nothing of the code under test: every match of EPL 2023-24 created through the
 * trading API with its real Bet365 Asian handicap (AHh line), over/under 2.5 and 1X2 prices, bets by a few
 * members on every selection and in mix parlays across matches, the real half-time and full-time results
 * published, settled; then every bet's outcome, payout and rebate, and every member's balance, to the cent.
 * PostgreSQL replays the whole season; the embedded database (one connection, slower) its first matches.
 */
const SEASON = 'EPL-2023-24-E0.csv';
const PGLITE_MATCHES = 100;
const OPENING_BALANCE = 100_000_00n;
const MEMBERS = [
  { id: 'seasona', rate: '0.0025' },
  { id: 'seasonb', rate: '0.0030' },
  { id: 'seasonc', rate: '0.0010' },
  { id: 'seasond', rate: '0.0005' },
];

// ---- the reference: rules.md, in integers (money in cents, prices in thousandths, lines in quarters) ----

type Outcome = 'won' | 'won_half' | 'draw' | 'lost_half' | 'lost';
type Pick =
  | { market: 'hdp'; side: 'h' | 'a'; homeLine: string }
  | { market: 'ou'; side: 'o' | 'u'; line: string }
  | { market: '1x2'; pick: '1' | 'x' | '2' };

/** 2.2: r = (sign(x - 0.25) + sign(x + 0.25)) / 2, with x in quarter goals; the sum names the outcome. */
const BY_SIGN_SUM: Record<number, Outcome> = {
  2: 'won',
  1: 'won_half',
  0: 'draw',
  [-1]: 'lost_half',
  [-2]: 'lost',
};
const quarters = (line: string) => Math.round(Number(line) * 4);
const lineOutcome = (x4: number): Outcome => {
  const outcome = BY_SIGN_SUM[Math.sign(x4 - 1) + Math.sign(x4 + 1)];
  if (!outcome) throw new Error(`no outcome for ${x4}`);
  return outcome;
};

function referenceOutcome(pick: Pick, ft: { home: number; away: number }): Outcome {
  switch (pick.market) {
    case 'hdp': {
      // The line is the home team's; the away side holds its opposite. x = backed margin + handicap.
      const x4 = 4 * (ft.home - ft.away) + quarters(pick.homeLine);
      return lineOutcome(pick.side === 'h' ? x4 : -x4);
    }
    case 'ou': {
      // 2.3: over x = total - line; under is its mirror.
      const x4 = 4 * (ft.home + ft.away) - quarters(pick.line);
      return lineOutcome(pick.side === 'o' ? x4 : -x4);
    }
    case '1x2': {
      const result = ft.home > ft.away ? '1' : ft.home < ft.away ? '2' : 'x';
      return pick.pick === result ? 'won' : 'lost';
    }
  }
}

/** A decimal price as thousandths: '1.875' -> 1875n, '8.00' -> 8000n. */
function thousandths(price: string): bigint {
  const [whole = '0', fraction = ''] = price.split('.');
  if (fraction.length > 3) throw new Error(`price ${price}: more than three decimals`);
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0'));
}

/** 2.1 and 3.1: what one unit staked returns, as a fraction: D, (1 + D) / 2, 1, 1/2 or 0. */
function factor(outcome: Outcome, price: string): [bigint, bigint] {
  const d = thousandths(price);
  switch (outcome) {
    case 'won':
      return [d, 1000n];
    case 'won_half':
      return [d + 1000n, 2000n];
    case 'draw':
      return [1n, 1n];
    case 'lost_half':
      return [1n, 2n];
    case 'lost':
      return [0n, 1n];
  }
}

/** Section 0.1: exact until the end, then once half-up to the cent. */
const halfUp = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

/** Decimal odds: the stake is the risk; return = stake x the product of the legs' factors, rounded once. */
function referencePayout(stake: bigint, legs: { outcome: Outcome; price: string }[]): bigint {
  let numerator = stake;
  let denominator = 1n;
  for (const leg of legs) {
    const [n, d] = factor(leg.outcome, leg.price);
    numerator *= n;
    denominator *= d;
  }
  return halfUp(numerator, denominator);
}

/** Valid turnover (the issue's rule): no draw or void stake counts, a half outcome half, the rest in full. */
function referenceTurnover(
  kind: 'single' | 'parlay',
  stake: bigint,
  outcome: Outcome,
  payout: bigint,
): bigint {
  if (kind === 'parlay') return payout === stake ? 0n : stake;
  if (outcome === 'draw') return 0n;
  return outcome === 'won_half' || outcome === 'lost_half' ? halfUp(stake, 2n) : stake;
}

/** The member's rebate: rate x valid turnover, half-up to the cent. */
const referenceRebate = (turnover: bigint, rate: string) => halfUp(turnover * thousandths10k(rate), 10_000n);
const thousandths10k = (rate: string) => {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
};

/** A ticket's status from its return (no match of a season is void, so no ticket is). */
function parlayStatus(stake: bigint, payout: bigint): string {
  if (payout === 0n) return 'lost';
  if (payout === stake) return 'draw';
  return payout > stake ? 'won' : 'lost_half';
}

// ---- the season through the API ----

interface SeasonMatch {
  row: FootballMatchRow;
  id: number;
  /** Selections offered, with the market id and the decimal price a member sees. */
  picks: { pick: Pick; marketId: number; price: string }[];
}

interface PlacedBet {
  refNo: string;
  member: string;
  kind: 'single' | 'parlay';
  stake: bigint;
  legs: { match: SeasonMatch; pick: Pick; price: string }[];
}

const cents = (units: number) => BigInt(units) * 100n;
const money = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

type Desk = Awaited<ReturnType<typeof tradingDesk>>;

async function createMatch(
  env: TestEnv,
  desk: Desk,
  row: FootballMatchRow,
  index: number,
): Promise<SeasonMatch> {
  const id = await desk.createMatch({
    league: 'Premier League 2023-24',
    home: row.home,
    away: row.away,
    // Kick-offs ahead of now (bets are pre-match); the real date only orders them.
    kickoff: new Date(Date.now() + 3 * 3_600_000 + index * 60_000).toISOString(),
  });
  const market = async (body: Record<string, unknown>) => {
    const reply = await desk.trade('market', { match_id: id, ...body });
    expect(reply.status, `${row.home} v ${row.away}: ${JSON.stringify(reply)}`).toBe('1');
  };
  const handicap = row.opening.handicap ?? row.closing.handicap;
  const total = row.opening.total ?? row.closing.total;
  const oneXTwo = row.opening.oneXTwo ?? row.closing.oneXTwo;
  if (handicap) {
    await market({ kind: 'hdp', line: handicap.line, prices: { h: handicap.home, a: handicap.away } });
  }
  if (total) await market({ kind: 'ou', line: total.line, prices: { o: total.over, u: total.under } });
  if (oneXTwo) {
    await market({ kind: '1x2', prices: { '1': oneXTwo.home, x: oneXTwo.draw, '2': oneXTwo.away } });
  }
  await settle();
  const markets = env.services.snapshot.marketsOf(id);
  const marketId = (kind: string) => {
    const found = markets.find((m) => m.kind === kind && m.period === 'ft');
    if (!found) throw new Error(`${row.home} v ${row.away}: no ${kind} market`);
    return found.id;
  };
  const picks: SeasonMatch['picks'] = [];
  if (handicap) {
    const hdp = marketId('hdp');
    picks.push({
      pick: { market: 'hdp', side: 'h', homeLine: handicap.line },
      marketId: hdp,
      price: handicap.home,
    });
    picks.push({
      pick: { market: 'hdp', side: 'a', homeLine: handicap.line },
      marketId: hdp,
      price: handicap.away,
    });
  }
  if (total) {
    const ou = marketId('ou');
    picks.push({ pick: { market: 'ou', side: 'o', line: total.line }, marketId: ou, price: total.over });
    picks.push({ pick: { market: 'ou', side: 'u', line: total.line }, marketId: ou, price: total.under });
  }
  if (oneXTwo) {
    const x12 = marketId('1x2');
    picks.push({ pick: { market: '1x2', pick: '1' }, marketId: x12, price: oneXTwo.home });
    picks.push({ pick: { market: '1x2', pick: 'x' }, marketId: x12, price: oneXTwo.draw });
    picks.push({ pick: { market: '1x2', pick: '2' }, marketId: x12, price: oneXTwo.away });
  }
  return { row, id, picks };
}

const selectionKey = (pick: Pick) => (pick.market === '1x2' ? pick.pick : pick.side);

/**
 * The bets of the season: every selection of every match as a single (the members taking turns, stakes
 * 10 to 50), and mix parlays of three or four consecutive matches on handicap and totals legs (every ninth
 * with a 1X2 leg), so every match is in some parlay.
 */
function planBets(matches: SeasonMatch[]): Omit<PlacedBet, 'refNo'>[] {
  const plan: Omit<PlacedBet, 'refNo'>[] = [];
  matches.forEach((match, i) => {
    match.picks.forEach((offered, k) => {
      plan.push({
        member: MEMBERS[(i + k) % MEMBERS.length]?.id ?? '',
        kind: 'single',
        stake: cents(10 + ((i * 7 + k * 3) % 41)),
        legs: [{ match, pick: offered.pick, price: offered.price }],
      });
    });
  });
  for (let start = 0, n = 0; start + 3 <= matches.length; start += 3, n += 1) {
    const size = n % 2 === 0 && start + 4 <= matches.length ? 4 : 3;
    const legs = matches.slice(start, start + size).map((match, t) => {
      const lines = match.picks.filter((p) => p.pick.market !== '1x2');
      const results = match.picks.filter((p) => p.pick.market === '1x2');
      const chosen =
        t === 0 && n % 9 === 0 && results.length > 0
          ? results[n % results.length]
          : (lines[(n + t) % Math.max(lines.length, 1)] ?? match.picks[0]);
      if (!chosen) throw new Error(`${match.row.home}: nothing offered`);
      return { match, pick: chosen.pick, price: chosen.price };
    });
    plan.push({
      member: MEMBERS[n % MEMBERS.length]?.id ?? '',
      kind: 'parlay',
      stake: cents(10 + (n % 20)),
      legs,
    });
  }
  return plan;
}

describeEachDatabase('a real season settled against an independent reference', (env) => {
  it('EPL 2023-24: every bet, payout, rebate and balance to the cent; books balanced', async () => {
    const season = parseFootballData(await readSeasonFile(SEASON));
    expect(season.issues).toEqual([]);
    const rows = env().kind === 'postgres' ? season.rows : season.rows.slice(0, PGLITE_MATCHES);
    await seeded(env());
    const desk = await tradingDesk(env());
    const bo = await boLogin(env().app);

    const sessions = new Map<string, { account_id: string; session_token: string }>();
    for (const member of MEMBERS) {
      const created = await bo.call('createaccount', {
        account_id: member.id,
        password: 'Season123',
        parent_id: 'demoag',
        currency: 'MYR',
        commission_rate: member.rate,
      });
      expect(created.body.status, JSON.stringify(created.body)).toBe('1');
      const deposit = await bo.call('deposit', {
        account_id: member.id,
        amount: money(OPENING_BALANCE),
        transfer_id: randomUUID(),
      });
      expect(deposit.body.status, JSON.stringify(deposit.body)).toBe('1');
      const { token } = await login(env().app, member.id, 'Season123');
      sessions.set(member.id, { account_id: member.id, session_token: token });
    }

    const matches: SeasonMatch[] = [];
    for (let i = 0; i < rows.length; i += 10) {
      const slice = rows.slice(i, i + 10);
      matches.push(...(await Promise.all(slice.map((row, k) => createMatch(env(), desk, row, i + k)))));
    }

    // Each member's bets in order, the members side by side.
    const plan = planBets(matches);
    const placed: PlacedBet[] = [];
    await Promise.all(
      MEMBERS.map(async (member) => {
        const session = sessions.get(member.id);
        for (const bet of plan.filter((b) => b.member === member.id)) {
          const picks = bet.legs.map((leg) => ({
            market_id: leg.match.picks.find((p) => p.pick === leg.pick)?.marketId,
            selection: selectionKey(leg.pick),
            odds: leg.price,
          }));
          const body = {
            ...session,
            odds_type: '4',
            idempotency_key: randomUUID(),
            stake: money(bet.stake),
            ...(bet.kind === 'single' ? picks[0] : { picks }),
          };
          const reply = await call(
            env().app,
            `/api/bet/${bet.kind === 'single' ? 'betsingle' : 'betparlay'}`,
            body,
          );
          expect(reply.body.status, `${JSON.stringify(body)} -> ${JSON.stringify(reply.body)}`).toBe('1');
          placed.push({ ...bet, refNo: (reply.body.bet as { ref_no: string }).ref_no });
        }
      }),
    );
    expect(placed).toHaveLength(plan.length);
    // Seven singles a match (every AH, O/U and 1X2 selection) and a parlay for every three matches.
    expect(placed.length).toBeGreaterThanOrEqual(rows.length * 7 + Math.floor(rows.length / 3));

    for (const match of matches) {
      const { halfTime, fullTime } = match.row;
      const reply = await desk.trade('result', { match_id: match.id, ht: halfTime, ft: fullTime });
      expect(reply.status, JSON.stringify(reply)).toBe('1');
    }
    // Results start settlement on their own; run whatever is still queued until the queue is empty.
    for (let round = 0; round < 100; round += 1) {
      await settle();
      await env().services.settlement.runDue();
      const pending = await env()
        .ctx.db.selectFrom('settlement_queue')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('done_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(pending.n) === 0) break;
    }

    const stored = new Map(
      (
        await env()
          .ctx.db.selectFrom('bets')
          .select(['ref_no', 'status', 'stake', 'risk', 'payout', 'commission'])
          .where(
            'ref_no',
            'in',
            placed.map((bet) => bet.refNo),
          )
          .execute()
      ).map((row) => [row.ref_no, row]),
    );
    const rateOf = new Map(MEMBERS.map((m) => [m.id, m.rate]));
    const expected = new Map(MEMBERS.map((m) => [m.id, OPENING_BALANCE]));
    const mismatches: string[] = [];
    for (const bet of placed) {
      const outcomes = bet.legs.map((leg) => referenceOutcome(leg.pick, leg.match.row.fullTime));
      const payout = referencePayout(
        bet.stake,
        bet.legs.map((leg, i) => ({ outcome: outcomes[i] ?? 'lost', price: leg.price })),
      );
      const outcome = outcomes[0] ?? 'lost';
      const status = bet.kind === 'single' ? outcome : parlayStatus(bet.stake, payout);
      const rebate = referenceRebate(
        referenceTurnover(bet.kind, bet.stake, outcome, payout),
        rateOf.get(bet.member) ?? '0',
      );
      const row = stored.get(bet.refNo);
      const got = row ? [row.status, row.stake, row.risk, row.payout, row.commission] : ['missing'];
      const want = [status, bet.stake, bet.stake, payout, rebate];
      if (JSON.stringify(got, big) !== JSON.stringify(want, big)) {
        const legs = bet.legs.map(
          (l, i) =>
            `${l.match.row.home}-${l.match.row.away} ${JSON.stringify(l.pick)} @${l.price} ${outcomes[i]}`,
        );
        mismatches.push(
          `${bet.refNo} ${legs.join(' / ')}: got ${JSON.stringify(got, big)}, want ${JSON.stringify(want, big)}`,
        );
      }
      expected.set(bet.member, (expected.get(bet.member) ?? 0n) - bet.stake + payout + rebate);
    }
    expect(mismatches.slice(0, 20)).toEqual([]);

    for (const member of MEMBERS) {
      const reply = await call(env().app, '/api/userbalance', sessions.get(member.id));
      expect({
        member: member.id,
        balance: reply.body.balance,
        outstanding: reply.body.outstanding_balance,
      }).toEqual({
        member: member.id,
        balance: money(expected.get(member.id) ?? 0n),
        outstanding: '0.00',
      });
    }
    const books = await env().ctx.ledger.verify(env().ctx.db);
    expect(books.ok, JSON.stringify(books, big)).toBe(true);
    // Every outcome kind occurred: the season exercised the quarter lines both ways.
    const seen = new Set([...stored.values()].map((row) => row.status));
    expect([...seen].sort()).toEqual(['draw', 'lost', 'lost_half', 'won', 'won_half']);
  }, 900_000);
});

function big(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}
