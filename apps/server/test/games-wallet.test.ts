import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Executor, Trx } from '../src/db/types';
import {
  closeStaleRoundsStatement,
  gamesRepository,
  readBatchStatement,
  writeBatchStatement,
} from '../src/modules/games/repository';
import { ROUND_BATCH } from '../src/modules/statement/game-rounds';
import { gameReports } from '../src/modules/statement/service';
import {
  finishedRoundsStatement,
  inIndexOrder,
  roundReportRepository,
} from '../src/modules/statement/rounds-repository';
import { MEMBER_CHANNEL } from '../src/push/member';
import { boLogin, login, memberPk, seeded } from './support/fixtures';
import {
  SIM_SECRET,
  availableOf,
  booksOk,
  launchToken,
  fakeProviderOfFile,
  wallet,
  walletSession,
  withProvider,
} from './support/games';
import { countEveryRound, units } from './support/counted-rounds';
import { describeEachDatabase, type TestEnv } from './support/harness';

/** 10,000.00 MYR in wallet units (x100000). */
const START = 1_000_000_000;

const provider = fakeProviderOfFile();

async function ready(env: TestEnv, accountId = 'demomyr', gameCode = 'rl_lucky_lanterns') {
  await seeded(env);
  await withProvider(env, provider());
  const session = await walletSession(env, accountId, gameCode);
  let n = 0;
  const base = (extra: Record<string, unknown> = {}) => ({
    request_uuid: randomUUID(),
    token: session.token,
    user: accountId,
    round: 'R1',
    round_closed: false,
    game_code: gameCode,
    currency: 'MYR',
    ...extra,
  });
  return {
    session,
    bet: (amount: string, extra: Record<string, unknown> = {}) =>
      wallet(env, 'bet', { ...base(), transaction_uuid: `b${(n += 1)}`, amount: units(amount), ...extra }),
    win: (ref: string, amount: string, extra: Record<string, unknown> = {}) =>
      wallet(env, 'win', {
        ...base(),
        transaction_uuid: `w${(n += 1)}`,
        reference_transaction_uuid: ref,
        amount: units(amount),
        ...extra,
      }),
    rollback: (ref: string, extra: Record<string, unknown> = {}) =>
      wallet(env, 'rollback', {
        ...base(),
        transaction_uuid: `r${(n += 1)}`,
        reference_transaction_uuid: ref,
        ...extra,
      }),
    base,
  };
}

/** A bet of 10.00 by demousd (the second member of the two-member races), on its wallet session `token`. */
function usdBet(env: TestEnv, token: string, ids: { request_uuid: string; transaction_uuid: string }) {
  return wallet(env, 'bet', {
    ...ids,
    token,
    user: 'demousd',
    round: 'R1',
    round_closed: false,
    game_code: 'rl_lucky_lanterns',
    currency: 'USD',
    amount: units('10'),
  });
}

/** What demomyr and demousd have staked between them since the start, in wallet units. */
async function movedFromBoth(env: TestEnv): Promise<number> {
  const spent = async (accountId: string) => START - Number(await availableOf(env, accountId)) * 1000;
  return (await spent('demomyr')) + (await spent('demousd'));
}

/** The ledger and the wallet agree after every step: books balance, the balance is exactly `expected`. */
async function expectBalance(env: TestEnv, expected: number, accountId = 'demomyr') {
  expect(Number(await availableOf(env, accountId)) * 1000).toBe(expected);
  await booksOk(env);
}

/**
 * Runs `work` in a transaction of its own connection and keeps that transaction open (its row locks held,
 * its writes uncommitted) until `commit` is called, as a concurrent writer in the middle of its work would.
 */
async function heldTransaction(env: TestEnv, work: (trx: Trx) => Promise<void>) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let started = () => {};
  const workDone = new Promise<void>((resolve) => (started = resolve));
  const transaction = env.ctx.db.transaction().execute(async (trx) => {
    await work(trx);
    started();
    await held;
  });
  // A failing `work` ends the transaction before it is held: its error, not a wait forever.
  await Promise.race([workDone, transaction]);
  return {
    commit: async () => {
      release();
      await transaction;
    },
  };
}

/**
 * Waits (at most 2 s, else fails) until a statement of this database whose text contains `text` waits for a lock (the text
 * as pg_stat_activity keeps it: its first 1,024 bytes).
 */
async function untilWaiting(env: TestEnv, text: string) {
  for (let i = 0; i < 200; i += 1) {
    const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where wait_event_type = 'Lock' and datname = current_database()
        and position(${text} in query) > 0`.execute(env.ctx.db);
    if ((waiting.rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Going on would commit the held work before the call reads: the race would not be walked at all.
  throw new Error(`no statement containing '${text}' waited for a lock within 2 s`);
}

/**
 * Two lanes, as an operator may set them (WALLET_LANES; one by default): calls of two members then race between a
 * batch's read and its write within one process too, as calls to two platform processes always may.
 */
const describeWithTwoLanes = (name: string, body: (env: () => TestEnv) => void) =>
  describeEachDatabase(name, body, { config: { WALLET_LANES: '2' } });

describeWithTwoLanes('games: seamless wallet conformance (decision table)', (env) => {
  it('check swaps a single-use launch token (valid 60 s) for a wallet session; balance answers it', async () => {
    await seeded(env());
    await withProvider(env(), provider());
    const member = await login(env().app, 'demomyr');
    const launch = await launchToken(env(), member, 'rl_lucky_lanterns');
    const requestUuid = randomUUID();
    const checked = await wallet(env(), 'check', { request_uuid: requestUuid, token: launch });
    expect(checked).toMatchObject({ status: 'RS_OK', user: 'demomyr', currency: 'MYR', balance: START });
    // The same request again: the same answer, the same session token (a lost reply is safe to retry).
    expect(await wallet(env(), 'check', { request_uuid: requestUuid, token: launch })).toEqual(checked);
    // Another request with the used launch token: refused.
    expect((await wallet(env(), 'check', { request_uuid: randomUUID(), token: launch })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    // An unused launch token past its 60 s: refused.
    const late = await launchToken(env(), member, 'rl_lucky_lanterns');
    env().advance(61_000);
    expect((await wallet(env(), 'check', { request_uuid: randomUUID(), token: late })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const balance = await wallet(env(), 'balance', {
      request_uuid: randomUUID(),
      token: checked.token,
      user: 'demomyr',
      game_code: 'rl_lucky_lanterns',
    });
    expect(balance).toMatchObject({ status: 'RS_OK', balance: START, currency: 'MYR' });
    expect(
      (await wallet(env(), 'balance', { request_uuid: randomUUID(), token: 'nope', user: 'demomyr' })).status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('signature, syntax and types: refused before anything is read or written', async () => {
    const { base } = await ready(env());
    const body = { ...base(), transaction_uuid: 't1', amount: units('1') };
    const forged = await wallet(env(), 'bet', body, { secret: 'not-the-secret-at-all' });
    expect(forged).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: body.request_uuid });
    expect((await wallet(env(), 'bet', body, { provider: 'nobody' })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    // The signature is over the raw bytes: the same JSON with other spacing, signed as sent, is fine; a body
    // altered after signing is not.
    const spaced = JSON.stringify(body, null, 2);
    const response = await env().app.inject({
      method: 'POST',
      url: '/wallet/balance',
      headers: {
        'content-type': 'application/json',
        'x-provider-id': 'sim',
        'x-signature': (await import('../src/modules/games/signature')).signBody(
          SIM_SECRET,
          JSON.stringify(body),
        ),
      },
      payload: spaced,
    });
    expect(response.json<{ status: string }>().status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await wallet(env(), 'bet', {}, { raw: '{"request_uuid": "x", ' })).status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    expect((await wallet(env(), 'bet', { request_uuid: 'x', token: 'y' })).status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    expect((await wallet(env(), 'bet', { ...body, amount: 'ten' })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet(env(), 'bet', { ...body, amount: -100_000 })).status).toBe('RS_ERROR_WRONG_TYPES');
    // 0.001 and 0.00001 are not whole cents.
    expect((await wallet(env(), 'bet', { ...body, amount: 100 })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await wallet(env(), 'bet', { ...body, amount: 1 })).status).toBe('RS_ERROR_WRONG_TYPES');
    await expectBalance(env(), START);
    // Unknown fields are ignored; 0.01 is a cent.
    const odd = await wallet(env(), 'bet', { ...body, amount: 1000, some_fake_key: 'x', is_free: false });
    expect(odd).toMatchObject({ status: 'RS_OK', balance: START - 1000 });
    await expectBalance(env(), START - 1000);
  });

  it('bet: debit once; same id and content = stored reply; other content = duplicate; request replay; short', async () => {
    const w = await ready(env());
    const first = await w.bet('10.00');
    expect(first).toMatchObject({
      status: 'RS_OK',
      user: 'demomyr',
      currency: 'MYR',
      balance: START - units('10'),
    });
    await expectBalance(env(), START - units('10'));
    const again = await wallet(env(), 'bet', { ...w.base(), transaction_uuid: 'b1', amount: units('10') });
    expect(again).toMatchObject({ status: 'RS_OK', balance: START - units('10') });
    for (const changed of [{ amount: units('11') }, { round: 'R2' }, { game_code: 'rl_golden_koi' }]) {
      const dup = await wallet(env(), 'bet', {
        ...w.base(),
        transaction_uuid: 'b1',
        amount: units('10'),
        ...changed,
      });
      expect(dup.status, JSON.stringify(changed)).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    // The same request_uuid again (even with another body): the first answer, with today's balance.
    const request = w.base();
    const refused = await wallet(env(), 'bet', {
      ...request,
      transaction_uuid: 'big',
      amount: units('20000'),
    });
    expect(refused).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: START - units('10') });
    const replay = await wallet(env(), 'bet', { ...request, transaction_uuid: 'big2', amount: units('1') });
    expect(replay.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await expectBalance(env(), START - units('10'));
    // Exactly everything is allowed, one cent more is not: never below zero.
    expect((await w.bet('9990.01')).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await w.bet('9990.00')).toMatchObject({ status: 'RS_OK', balance: 0 });
    await expectBalance(env(), 0);
  });

  it('bet refusals: unknown game, wrong currency, unknown or foreign token', async () => {
    const w = await ready(env());
    expect((await w.bet('1', { game_code: 'no_such_game' })).status).toBe('RS_ERROR_INVALID_GAME');
    expect((await w.bet('1', { currency: 'USD' })).status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await w.bet('1', { token: 'unknown' })).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await w.bet('1', { user: 'demousd' })).status).toBe('RS_ERROR_INVALID_TOKEN');
    await expectBalance(env(), START);
  });

  it('several bets in one round, a win, the win replayed, a win for an unknown bet', async () => {
    const w = await ready(env());
    expect((await w.bet('5')).status).toBe('RS_OK'); // b1
    expect((await w.bet('7')).status).toBe('RS_OK'); // b2
    const win = await w.win('b2', '30', { round_closed: true, transaction_uuid: 'win1' });
    expect(win).toMatchObject({ status: 'RS_OK', balance: START - units('12') + units('30') });
    const again = await w.win('b2', '30', { round_closed: true, transaction_uuid: 'win1' });
    expect(again).toMatchObject({ status: 'RS_OK', balance: START + units('18') });
    expect((await w.win('b2', '31', { transaction_uuid: 'win1' })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await w.win('nope', '1')).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // A win of 0 is a loss closing the round: recorded, nothing moves.
    expect(await w.win('b1', '0')).toMatchObject({ status: 'RS_OK', balance: START + units('18') });
    await expectBalance(env(), START + units('18'));
    const round = await env().ctx.db.selectFrom('game_rounds').selectAll().executeTakeFirstOrThrow();
    expect([round.stake, round.win, round.bets, round.status]).toEqual([1200n, 3000n, 2, 'closed']);
  });

  it('rollback: stake back once; win after it refused; repeats and a second rollback move nothing', async () => {
    const w = await ready(env());
    await w.bet('25'); // b1
    const back = await w.rollback('b1', { transaction_uuid: 'rb1' });
    expect(back).toMatchObject({ status: 'RS_OK', balance: START });
    expect((await w.rollback('b1', { transaction_uuid: 'rb1' })).status).toBe('RS_OK');
    expect((await w.rollback('b1', { transaction_uuid: 'rb2' })).status).toBe('RS_OK');
    expect((await w.rollback('b1', { transaction_uuid: 'rb1', round: 'other' })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await w.win('b1', '50')).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    await expectBalance(env(), START);
    // A won bet does not roll back (the win stands).
    await w.bet('10', { transaction_uuid: 'b9' });
    await w.win('b9', '15');
    expect(await w.rollback('b9')).toMatchObject({ status: 'RS_OK', balance: START + units('5') });
    await expectBalance(env(), START + units('5'));
  });

  it('rollback before its bet: tombstone, OK; the bet arriving later is refused and never debited', async () => {
    const w = await ready(env());
    expect(await w.rollback('late-bet')).toMatchObject({ status: 'RS_OK', balance: START });
    expect((await w.bet('10', { transaction_uuid: 'late-bet' })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await w.win('late-bet', '10')).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    await expectBalance(env(), START);
  });

  it('token expiry refuses bets only; a newer session ends the older one', async () => {
    const w = await ready(env());
    await w.bet('10'); // b1
    env().advance(env().ctx.config.games.sessionTtlMs + 1000);
    expect((await w.bet('10')).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await w.win('b1', '20')).status).toBe('RS_OK');
    await w.rollback('b2');
    await expectBalance(env(), START + units('10'));
    const fresh = await walletSession(env(), 'demomyr');
    const newer = await walletSession(env(), 'demomyr');
    const onFresh = await wallet(env(), 'bet', {
      ...w.base({ token: fresh.token }),
      transaction_uuid: 'x1',
      amount: units('1'),
    });
    expect(onFresh.status).toBe('RS_ERROR_TOKEN_EXPIRED');
    const onNewer = await wallet(env(), 'bet', {
      ...w.base({ token: newer.token }),
      transaction_uuid: 'x2',
      amount: units('1'),
    });
    expect(onNewer.status).toBe('RS_OK');
  });

  it('suspended, closed upline and live casino switched off: bets refused, wins still paid', async () => {
    const w = await ready(env());
    await w.bet('10'); // b1
    const bo = await boLogin(env().app);
    expect((await bo.call('setstate', { account_id: 'demomyr', state: 'suspended' })).body.status).toBe('1');
    expect((await w.bet('1')).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await w.win('b1', '12')).status).toBe('RS_OK');
    expect((await bo.call('setstate', { account_id: 'demomyr', state: 'active' })).body.status).toBe('1');
    expect((await w.bet('1')).status).toBe('RS_OK');
    expect((await bo.call('setstate', { account_id: 'demoag', state: 'frozen' })).body.status).toBe('1');
    expect((await w.bet('1')).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await bo.call('setstate', { account_id: 'demoag', state: 'active' })).body.status).toBe('1');
    await expectBalance(env(), START + units('1'));

    // Live casino: a session opened while allowed, then the upline switches the product off.
    const live = await walletSession(env(), 'demousd', 'gt_baccarat_1');
    const liveBet = (id: string) =>
      wallet(env(), 'bet', {
        request_uuid: randomUUID(),
        token: live.token,
        user: 'demousd',
        round: 'T1',
        round_closed: false,
        game_code: 'gt_baccarat_1',
        currency: 'USD',
        transaction_uuid: id,
        amount: units('5'),
      });
    expect((await liveBet('lb1')).status).toBe('RS_OK');
    await bo.call('setfeatures', { account_id: 'demousd', features: { live_casino: false } });
    expect((await liveBet('lb2')).status).toBe('RS_ERROR_USER_DISABLED');
    await booksOk(env());
  });

  it('calls on remembered members are decided without a read, and the write checks all memory gave', async () => {
    const w = await ready(env());
    const member = await memberPk(env(), 'demomyr');
    const reads = vi.spyOn(gamesRepository, 'readBatch');
    const readsOf = async (work: () => Promise<Record<string, unknown>>) => {
      const before = reads.mock.calls.length;
      const reply = await work();
      return { status: reply.status, balance: reply.balance, reads: reads.mock.calls.length - before };
    };
    // The first call reads; the member and the bet are remembered, so its win and the next bet do not.
    expect(await readsOf(() => w.bet('10'))).toMatchObject({ status: 'RS_OK', reads: 1 }); // b1
    expect(await readsOf(() => w.win('b1', '4'))).toMatchObject({ status: 'RS_OK', reads: 0 });
    expect(await readsOf(() => w.bet('1'))).toMatchObject({ status: 'RS_OK', reads: 0 }); // b3
    await expectBalance(env(), START - units('7'));
    // Memory keeps open bets only: b1 left it with its win. A repeat of that win (a provider's retry) names a bet
    // memory no longer holds, so it is read and answered as stored, and moves nothing.
    const repeat = await readsOf(() =>
      wallet(env(), 'win', {
        ...w.base(),
        transaction_uuid: 'w2',
        reference_transaction_uuid: 'b1',
        amount: units('4'),
      }),
    );
    expect(repeat).toMatchObject({ status: 'RS_OK', reads: 1 });
    await expectBalance(env(), START - units('7'));

    // Another writer's movement of the member's money, committed (cents).
    const moved = (kind: 'withdraw' | 'game_rebate', amount: bigint) =>
      env()
        .ctx.db.transaction()
        .execute((trx) =>
          env().ctx.ledger.moveMember(trx, {
            transferId: `test-${kind}:memory`,
            kind,
            direction: kind === 'withdraw' ? 'out' : 'in',
            ownerPk: member,
            currency: 'MYR',
            amount,
            account: kind === 'withdraw' ? 'cash' : 'house',
          }),
        );
    // Money taken by another writer since: memory's balance is too high, the write refuses it, read again.
    await moved('withdraw', 200n);
    expect(await readsOf(() => w.bet('1'))).toEqual({
      status: 'RS_OK',
      balance: START - units('10'),
      reads: 1,
    });
    // Money added since (a rebate): memory's balance stands, and the reply carries the addition.
    await moved('game_rebate', 500n);
    expect(await readsOf(() => w.bet('1'))).toEqual({
      status: 'RS_OK',
      balance: START - units('6'),
      reads: 0,
    });

    // A request id answered before, under a new transaction: the write finds it, the stored answer is replayed.
    const replayed = w.base();
    await wallet(env(), 'bet', { ...replayed, transaction_uuid: 'm1', amount: units('1') });
    const again = await wallet(env(), 'bet', { ...replayed, transaction_uuid: 'm2', amount: units('1') });
    expect(again.status).toBe('RS_OK');
    await expectBalance(env(), START - units('7'));
    const m2 = await sql<{ n: number }>`select count(*)::int as n from game_transactions
      where transaction_uuid = 'm2'`.execute(env().ctx.db);
    expect(m2.rows[0]?.n).toBe(0);

    // The account's rules changed behind the API's back: the write sees the version moved and reads again.
    await sql`update accounts set state = 'suspended' where account_id = 'demomyr'`.execute(env().ctx.db);
    expect(await readsOf(() => w.bet('1'))).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', reads: 1 });
    await sql`update accounts set state = 'active' where account_id = 'demomyr'`.execute(env().ctx.db);
    expect(await readsOf(() => w.bet('1'))).toMatchObject({ status: 'RS_OK', reads: 1 });

    // The session staked on was ended by a newer launch: memory still holds it open, the write does not.
    await walletSession(env(), 'demomyr');
    expect(await readsOf(() => w.bet('1'))).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED', reads: 1 });
    await expectBalance(env(), START - units('8'));
    reads.mockRestore();
  });

  it("a batch's read finds each member's upline as the member's own read does, each shared account once", async () => {
    await ready(env());
    const myr = await walletSession(env(), 'demomyr');
    const usd = await walletSession(env(), 'demousd');
    const bo = await boLogin(env().app);
    // The members share their agent; its state and switches differ from the rest of the chain.
    expect((await bo.call('setstate', { account_id: 'demoag', state: 'frozen' })).body.status).toBe('1');
    await bo.call('setfeatures', { account_id: 'demoag', features: { live_casino: false } });
    const sessions = [myr, usd].map((session) => ({ walletProvider: 'sim', token: session.token }));
    const batch = await gamesRepository.readBatch(env().ctx.walletDb, {
      sessions,
      requests: [],
      transactions: [],
    });
    const sorted = (chain: { state: string; features: Record<string, boolean> | null }[]) =>
      chain.map((account) => JSON.stringify(account)).sort();
    expect(batch.members).toHaveLength(2);
    for (const member of batch.members) {
      const alone = await gamesRepository.memberBySession(env().ctx.db, {
        token: member.session_token,
        walletProvider: 'sim',
      });
      expect(member.upline.length).toBeGreaterThanOrEqual(5);
      expect(sorted(member.upline)).toEqual(sorted(alone?.upline ?? []));
      expect(member.upline).toContainEqual({ state: 'frozen', features: { live_casino: false } });
      // The member itself is not its own upline.
      expect(member.upline.filter((account) => account.state === 'frozen')).toHaveLength(1);
    }
    await bo.call('setstate', { account_id: 'demoag', state: 'active' });
  });

  it('a credit member plays on its credit and never below zero', async () => {
    const w = await ready(env(), 'democredit');
    const start = Number(await availableOf(env(), 'democredit')) * 1000;
    expect(start).toBe(units('5000'));
    expect((await w.bet('5000.01')).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await w.bet('5000')).toMatchObject({ status: 'RS_OK', balance: 0 });
    expect(await w.win('b2', '100')).toMatchObject({ status: 'RS_OK', balance: units('100') });
    await expectBalance(env(), units('100'), 'democredit');
  });

  it('concurrent bets of one member serialise: exactly what the balance allows goes through', async () => {
    const w = await ready(env());
    const replies = await Promise.all(Array.from({ length: 30 }, () => w.bet('400')));
    const ok = replies.filter((reply) => reply.status === 'RS_OK').length;
    expect(ok).toBe(25);
    expect(replies.filter((reply) => reply.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(5);
    await expectBalance(env(), 0);
  });

  it('a burst decided in batches answers each call as if alone: bets, their wins, replays, rollbacks', async () => {
    const w = await ready(env());
    const bets = Array.from({ length: 20 }, (_, i) => ({
      ...w.base({ round: `B${i}` }),
      transaction_uuid: `burst-b${i}`,
      amount: units('10'),
    }));
    const wins = bets.map((bet, i) => ({
      ...w.base({ round: bet.round, round_closed: true }),
      transaction_uuid: `burst-w${i}`,
      reference_transaction_uuid: bet.transaction_uuid,
      amount: units(i % 2 === 0 ? '25' : '0'),
    }));
    // Rollbacks of bets that have not arrived yet (tombstones), then those bets: refused, never debited.
    const rollbacks = Array.from({ length: 5 }, (_, i) => ({
      ...w.base({ round: `T${i}` }),
      transaction_uuid: `burst-r${i}`,
      reference_transaction_uuid: `burst-t${i}`,
    }));
    const late = rollbacks.map((rollback, i) => ({
      ...w.base({ round: rollback.round }),
      transaction_uuid: `burst-t${i}`,
      amount: units('10'),
    }));
    const calls = [
      ...bets.map((body) => wallet(env(), 'bet', body)),
      ...wins.map((body) => wallet(env(), 'win', body)),
      // The same requests again, while the first ones are in flight: the first answer stands.
      ...bets.map((body) => wallet(env(), 'bet', body)),
      ...rollbacks.map((body) => wallet(env(), 'rollback', body)),
    ];
    const replies = await Promise.all(calls);
    expect(replies.slice(0, 20).every((reply) => reply.status === 'RS_OK')).toBe(true);
    expect(replies.slice(40, 60).every((reply) => reply.status === 'RS_OK')).toBe(true);
    expect(replies.slice(60).every((reply) => reply.status === 'RS_OK')).toBe(true);
    // A win that overtook its bet finds no bet; the provider sends it again and it pays then.
    const paid = await Promise.all(
      wins.map(async (body, i) => {
        const first = replies[20 + i];
        if (first?.status === 'RS_OK') return body.amount;
        expect(first?.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        expect((await wallet(env(), 'win', { ...body, request_uuid: randomUUID() })).status).toBe('RS_OK');
        return body.amount;
      }),
    );
    const lateReplies = await Promise.all(late.map((body) => wallet(env(), 'bet', body)));
    expect(lateReplies.every((reply) => reply.status === 'RS_ERROR_DUPLICATE_TRANSACTION')).toBe(true);
    const won = paid.reduce((sum, amount) => sum + amount, 0);
    await expectBalance(env(), START - 20 * units('10') + won);
    // Each round carries its one bet and its win, closed by the win; a tombstone opens no round.
    const rounds = await env()
      .ctx.db.selectFrom('game_rounds')
      .select(['round', 'stake', 'win', 'bets', 'status'])
      .where('round', 'like', 'B%')
      .execute();
    expect(rounds).toHaveLength(20);
    for (const round of rounds) {
      const i = Number(round.round.slice(1));
      expect({ ...round, stake: String(round.stake), win: String(round.win) }).toEqual({
        round: round.round,
        stake: '1000',
        win: i % 2 === 0 ? '2500' : '0',
        bets: 1,
        status: 'closed',
      });
    }
    const tombstoned = await env()
      .ctx.db.selectFrom('game_rounds')
      .select('id')
      .where('round', 'like', 'T%')
      .execute();
    expect(tombstoned).toHaveLength(0);
  });

  it('the same transaction id from two members at once: one debit, the other a duplicate', async () => {
    const a = await ready(env());
    const b = await walletSession(env(), 'demousd');
    const [first, second] = await Promise.all([
      a.bet('10', { transaction_uuid: 'shared' }),
      usdBet(env(), b.token, { request_uuid: randomUUID(), transaction_uuid: 'shared' }),
    ]);
    expect([first.status, second.status].sort()).toEqual(['RS_ERROR_DUPLICATE_TRANSACTION', 'RS_OK']);
    expect(await movedFromBoth(env())).toBe(units('10'));
    await booksOk(env());
  });

  it('the same request id from two members at once: answered once, the other replays its status, one debit', async () => {
    const a = await ready(env());
    const b = await walletSession(env(), 'demousd');
    // Two lanes (two members) write the same request id at once: the second write meets the first's key.
    const [first, second] = await Promise.all([
      a.bet('10', { request_uuid: 'shared-request' }),
      usdBet(env(), b.token, { request_uuid: 'shared-request', transaction_uuid: 'b-usd' }),
    ]);
    expect([first.status, second.status]).toEqual(['RS_OK', 'RS_OK']);
    expect(await movedFromBoth(env())).toBe(units('10'));
    await booksOk(env());
  });

  it('rounds open longer than 48 h are closed: their bets stand as lost', async () => {
    const w = await ready(env());
    await w.bet('10'); // b1, round R1 stays open
    expect(await env().services.games.closeStaleRounds()).toBe(0);
    env().advance(49 * 3_600_000);
    expect(await env().services.games.closeStaleRounds()).toBe(1);
    expect((await w.win('b1', '20')).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect((await w.rollback('b1')).status).toBe('RS_OK');
    await expectBalance(env(), START - units('10'));
  });

  it('a win or rollback racing the stale-round closer: the bet it read as open was ended meanwhile', async () => {
    // PGlite has one connection: the closer cannot run between the call's read and its write there.
    if (env().kind === 'pglite') return;
    const w = await ready(env());
    await w.bet('10', { round: 'R1' }); // b1
    await w.bet('10', { round: 'R2' }); // b2
    // The closer's work on both rounds, held uncommitted: the rounds closed and their open bets ended. Each
    // call reads its bet as open (not committed yet), then its write waits for the closer's row locks.
    const closer = await heldTransaction(env(), async (trx) => {
      await sql`update game_rounds set status = 'closed', closed_at = now()
        where round in ('R1', 'R2')`.execute(trx);
      await sql`update game_transactions set state = 'done'
        where transaction_uuid in ('b1', 'b2')`.execute(trx);
    });
    const win = w.win('b1', '20', { round: 'R1' });
    const rollback = w.rollback('b2', { round: 'R2' });
    await untilWaiting(env(), 'with ml_v as');
    await closer.commit();
    // Decided again on what is stored: the win finds no open bet, the rollback an ended one (OK, no refund).
    expect((await win).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect((await rollback).status).toBe('RS_OK');
    await expectBalance(env(), START - units('20'));
  });

  it('a balance another writer moves between the read and the write: the replies carry it', async () => {
    // PGlite has one connection: no writer can come between the call's read and its write there.
    if (env().kind === 'pglite') return;
    const w = await ready(env());
    const member = await memberPk(env(), 'demomyr');
    // A rebate of 5.00 to the member, held uncommitted: the call reads the balance without it, then its write
    // waits for the rebate's lock on the balance and moves the balance as the rebate left it.
    const rebate = await heldTransaction(env(), async (trx) => {
      await env().ctx.ledger.moveMember(trx, {
        transferId: 'test-rebate:1',
        kind: 'game_rebate',
        direction: 'in',
        ownerPk: member,
        currency: 'MYR',
        amount: 500n,
        account: 'house',
      });
    });
    const bet = w.bet('10');
    await untilWaiting(env(), 'with ml_v as');
    await rebate.commit();
    const reply = await bet;
    expect(reply.status).toBe('RS_OK');
    // The answered balance is the one the books hold: the rebate in, the stake out.
    expect(reply.balance).toBe(START + units('5') - units('10'));
    await expectBalance(env(), START + units('5') - units('10'));
  });

  it('a balance another writer takes from between the read and the write: decided again on what is left', async () => {
    if (env().kind === 'pglite') return;
    const w = await ready(env());
    const member = await memberPk(env(), 'demomyr');
    // A withdrawal held uncommitted while a bet of 10.00 is decided on the whole balance. The bet's write finds
    // the balance lower than it read: nothing of it stands, and it is decided again on what the withdrawal left.
    const withdrawing = async (n: number, amount: number) => {
      const withdrawal = await heldTransaction(env(), async (trx) => {
        await env().ctx.ledger.moveMember(trx, {
          transferId: `test-withdraw:${n}`,
          kind: 'withdraw',
          direction: 'out',
          ownerPk: member,
          currency: 'MYR',
          amount: BigInt(amount / 1000),
          account: 'cash',
        });
      });
      const bet = w.bet('10');
      await untilWaiting(env(), 'with ml_v as');
      await withdrawal.commit();
      return (await bet).status;
    };
    // 1.00 taken: the bet still fits, and goes through once.
    expect(await withdrawing(1, units('1'))).toBe('RS_OK');
    await expectBalance(env(), START - units('1') - units('10'));
    // All but 5.00 taken: the bet no longer fits, and is refused with nothing written.
    const rest = START - units('1') - units('10') - units('5');
    expect(await withdrawing(2, rest)).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await expectBalance(env(), units('5'));
    const bets = await sql<{ n: number }>`select count(*)::int as n from game_transactions`.execute(
      env().ctx.db,
    );
    expect(bets.rows[0]?.n).toBe(1);
  });

  it('a batch write on a balance lower than its read leaves everything as it was', async () => {
    await ready(env());
    const member = await memberPk(env(), 'demomyr');
    const read = await availableOf(env(), 'demomyr');
    const { rulesVersion } = await gamesRepository.readBatch(env().ctx.walletDb, {
      sessions: [],
      requests: [],
      transactions: [],
    });
    // A stake of 10.00 decided on `balanceRead`, written as the wallet writes a batch (one statement, alone).
    const write = async (id: string, balanceRead: bigint) =>
      gamesRepository.writeBatch(env().ctx.walletDb, {
        rounds: [],
        transactions: [],
        states: [],
        requests: [],
        rulesVersion,
        betSessions: [],
        now: env().ctx.now(),
        members: [],
        money: await env().ctx.ledger.memberMoves(env().ctx.walletDb, [
          {
            transferId: `game:test:${id}`,
            kind: 'game_bet',
            direction: 'out',
            ownerPk: member,
            currency: 'MYR',
            amount: 1000n,
            ref: 'slots',
            account: 'games_house',
            balanceRead,
          },
        ]),
      });
    // Decided on more than the balance holds now (another writer took from it since): nothing stands.
    expect(await write('t1', read + 1n)).toBe('changed');
    await expectBalance(env(), START);
    // Decided on what it holds: the stake moves, and the write answers the new balance.
    const written = await write('t2', read);
    expect(written !== 'changed' && [...written.balances.values()]).toEqual([read - 1000n]);
    await expectBalance(env(), START - units('10'));
    const transfers = await sql<{ id: string }>`select transfer_id as id from transfers
      where transfer_id like 'game:test:%'`.execute(env().ctx.db);
    expect(transfers.rows.map((row) => row.id)).toEqual(['game:test:t2']);
  });

  it('the stale-round closer and the report job find their rounds and bets by index among many', async () => {
    // PostgreSQL's planner, on tables big enough that reading one whole costs more than its index.
    if (env().kind === 'pglite') return;
    const w = await ready(env());
    await w.bet('10'); // a real member, game and round for the old rows to copy
    const db = env().ctx.db;
    // 20,000 counted rounds with a won bet each: a small part of what the tables hold in service.
    await sql`insert into game_rounds (wallet_provider, round, account_pk, game_pk, currency, stake, win, bets,
        status, opened_at, closed_at)
      select r.wallet_provider, 'old' || g, r.account_pk, r.game_pk, r.currency, 100, 0, 1, 'closed',
        now() - interval '30 days', now() - interval '30 days'
      from game_rounds r cross join generate_series(1, 20000) g`.execute(db);
    const counted = (like: string) => sql`delete from uncounted_game_rounds
      where id in (select id from game_rounds where round like ${like})`;
    await counted('old%').execute(db);
    await sql`insert into game_transactions (wallet_provider, transaction_uuid, kind, account_pk, game_pk,
        round_pk, round, amount, state, status)
      select wallet_provider, 'old-' || id, 'bet', account_pk, game_pk, id, round, 100, 'won', 'RS_OK'
      from game_rounds where round like 'old%'`.execute(db);
    const planOf = async (statement: RawBuilder<unknown>, ex: Executor = db) => {
      const compiled = statement.compile(ex);
      const explained = await ex.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    // Before the tables are analyzed (their statistics from when they held a round or none, as in a busy first
    // minute): the report job and the closer still look each queued round up by its key, where a join read
    // every round.
    for (const statement of [
      finishedRoundsStatement('provider', 500),
      closeStaleRoundsStatement(new Date(), 500),
    ]) {
      const unanalyzed = await planOf(statement);
      expect(unanalyzed).not.toMatch(/Seq Scan on game_rounds|Hash Join|Merge Join/);
      expect(unanalyzed).toMatch(/Index Scan using game_rounds_pkey/);
    }
    await sql`analyze game_rounds, game_transactions, uncounted_game_rounds`.execute(db);
    // Before 0030 the closer read every record to find a stale round's bets, each minute.
    const closer = await planOf(closeStaleRoundsStatement(new Date(), 500));
    expect(closer).not.toMatch(/Seq Scan on game_/);
    expect(closer).toMatch(/game_transactions_bets_of_round/);
    const report = await planOf(finishedRoundsStatement('provider', 500));
    expect(report).not.toMatch(/Seq Scan on game_/);
    // The rounds not yet counted are their own queue (0032), read by its key in id order.
    expect(report).toMatch(/Index Scan using uncounted_game_rounds_pkey/);
    // 5,000 rounds counted since the queue was last vacuumed: each leaves a dead entry in its index until then.
    // The job reads the index in id order (no bitmap scan that visits the heap for every dead entry, every run),
    // and the rest of its transaction plans as usual.
    await sql`insert into game_rounds (wallet_provider, round, account_pk, game_pk, currency, stake, win, bets,
        status, opened_at, closed_at)
      select r.wallet_provider, 'late' || g, r.account_pk, r.game_pk, r.currency, 100, 0, 1, 'closed', now(), now()
      from game_rounds r cross join generate_series(1, 5000) g where r.round not like 'old%'`.execute(db);
    await counted('late%').execute(db);
    await sql`analyze game_rounds, uncounted_game_rounds`.execute(db);
    await db.transaction().execute(async (trx) => {
      const found = await inIndexOrder(trx, () => planOf(finishedRoundsStatement('provider', 500), trx));
      expect(found).toMatch(/Index Scan using uncounted_game_rounds_pkey/);
      expect(found).not.toMatch(/Bitmap/);
      await roundReportRepository.finishedRounds(trx, ['provider'], 500);
      const setting = await sql<{ enable_bitmapscan: string }>`show enable_bitmapscan`.execute(trx);
      expect(setting.rows[0]?.enable_bitmapscan).toBe('on');
    });
    // And they still do their work: the open round is closed once it is old enough, its bet ended.
    env().advance(49 * 3_600_000);
    expect(await env().services.games.closeStaleRounds()).toBe(1);
  });

  it('a round is queued for the report once: its later bets add to it, and a counted round is not queued again', async () => {
    const w = await ready(env());
    const db = env().ctx.db;
    const queued = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from uncounted_game_rounds q
          join game_rounds r on r.id = q.id where r.round = 'R1'`.execute(db)
      ).rows[0]?.n;
    // Two bets in one round: the second adds to the round (insert ... on conflict do update), which must neither
    // queue it twice (the queue's key would refuse the wallet's whole write) nor fail.
    expect((await w.bet('5')).status).toBe('RS_OK');
    expect((await w.bet('7')).status).toBe('RS_OK');
    expect(await queued()).toBe(1);
    expect((await w.win('b2', '30', { round_closed: true })).status).toBe('RS_OK');
    await countEveryRound(env());
    expect(await queued()).toBe(0);
    // A late bet on the counted round adds to it, and does not put it back in the queue.
    expect((await w.bet('1')).status).toBe('RS_OK');
    const round = await sql<{ bets: number }>`select bets from game_rounds where round = 'R1'`.execute(db);
    expect(round.rows[0]?.bets).toBe(3);
    expect(await queued()).toBe(0);
    const counted = await sql<{ n: number }>`select count(*)::int as n from report_rounds r
      join game_rounds g on g.id = r.round_pk where r.source = 'provider' and g.round = 'R1'`.execute(db);
    expect(counted.rows[0]?.n).toBe(1);
    await booksOk(env());
  });

  it('the report job counts a backlog of more than a batch in one run, each round once', async () => {
    const w = await ready(env());
    await w.bet('10', { round_closed: true }); // a real member, game and round for the backlog to copy
    // The app's background jobs stop with it (its own run of this job would share the backlog with ours); the
    // database stays open.
    await env().app.close();
    const db = env().ctx.db;
    // Finished rounds not counted yet, as a restart after a busy hour leaves them: two full batches and a part.
    const backlog = 2 * ROUND_BATCH + 50;
    await sql`insert into game_rounds (wallet_provider, round, account_pk, game_pk, currency, stake, win, bets,
        status, opened_at, closed_at)
      select r.wallet_provider, 'backlog' || g, r.account_pk, r.game_pk, r.currency, 100, 0, 1, 'closed', now(),
        now()
      from game_rounds r cross join generate_series(1, ${backlog}::int) g`.execute(db);
    // The bet's own round and the backlog.
    expect(await gameReports.countDue(env().ctx.db)).toBe(backlog + 1);
    const reported = await sql<{ rounds: number; bets: number; uncounted: number }>`select
        (select count(*)::int from report_rounds where source = 'provider') as rounds,
        (select sum(bets)::int from report_days where product = 'casino') as bets,
        (select count(*)::int from uncounted_game_rounds) as uncounted`.execute(db);
    expect(reported.rows[0]).toEqual({ rounds: backlog + 1, bets: backlog + 1, uncounted: 0 });
    expect(await gameReports.countDue(env().ctx.db)).toBe(0);
    await booksOk(env());
  });

  it('the batch statements plan by key, whatever the tables held when their kept plan was made', async () => {
    // PGlite runs no prepared statements of ours: the pool that names them is PostgreSQL's.
    if (env().kind === 'pglite') return;
    // One of the wallet's own connections, as a batch runs on it: its settings are made when it opens.
    await env()
      .ctx.walletDb.connection()
      .execute(async (connection) => {
        // The plans the batch runs on are the generic ones, made once and kept.
        const mode = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(
          connection,
        );
        expect(mode.rows[0]?.mode).toBe('force_generic_plan');
        const money = await env().ctx.ledger.memberMoves(connection, []);
        const statements = [
          readBatchStatement({ sessions: [], requests: [], transactions: [] }),
          writeBatchStatement({
            rounds: [],
            transactions: [],
            states: [],
            requests: [],
            money,
            rulesVersion: '0',
            betSessions: [],
            now: new Date(),
            members: [],
          }),
        ];
        for (const [i, statement] of statements.entries()) {
          const compiled = statement.compile(connection);
          expect(compiled.sql.startsWith('/*prepared*/')).toBe(true);
          await sql.raw(`prepare plan_test_${i} as ${compiled.sql}`).execute(connection);
          const nulls = compiled.parameters.map(() => 'null').join(', ');
          const explained = await sql
            .raw<{ 'QUERY PLAN': string }>(`explain execute plan_test_${i}(${nulls})`)
            .execute(connection);
          const plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n');
          expect(plan).not.toMatch(/Seq Scan|Hash Join|Merge Join/);
          expect(plan).toMatch(/Index Scan using game_transactions_pkey/);
          await sql.raw(`deallocate plan_test_${i}`).execute(connection);
        }
      });
    // The server's other connections plan as PostgreSQL will: the settings are the wallet's alone.
    const elsewhere = await sql<{ on: string }>`select current_setting('enable_seqscan') as on`.execute(
      env().ctx.db,
    );
    expect(elsewhere.rows[0]?.on).toBe('on');
  });

  it('a call never waits for a transaction that only refers to the member (a foreign-key check)', async () => {
    // PGlite has one connection: no second transaction can hold a lock while a call runs.
    if (env().kind === 'pglite') return;
    const w = await ready(env());
    // What every foreign-key check on the member takes, and holds to its commit: a key-share lock on the
    // member's account and available balance rows (the report job's report_rounds and transfers, settlement's
    // transfers and entries). The wallet locks those rows against other writers only, so it goes on.
    const holder = await heldTransaction(env(), async (trx) => {
      await sql`select la.id from accounts a
        join ledger_accounts la on coalesce(la.owner_pk, 0) = a.id and la.kind = 'available'
        where a.account_id = 'demomyr' for key share of a, la`.execute(trx);
    });
    const answered = await Promise.race([
      w.bet('10').then((reply) => reply.status),
      new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000)),
    ]);
    await holder.commit();
    expect(answered).toBe('RS_OK');
    await expectBalance(env(), START - units('10'));
  });

  it('each movement publishes the member balance on the member channel', async () => {
    const w = await ready(env());
    const pushes: string[] = [];
    await env().ctx.bus.subscribe(MEMBER_CHANNEL, (message) => pushes.push(message));
    await w.bet('10');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const push = pushes.map(
      (m) => JSON.parse(m) as { account_id: string; payloads: Record<string, string>[] },
    );
    expect(push.at(-1)).toEqual({
      account_id: 'demomyr',
      payloads: [
        { op: 'balance', balance: '9990.00', account_balance: '9990.00', outstanding_balance: '0.00' },
      ],
    });
  });
});
