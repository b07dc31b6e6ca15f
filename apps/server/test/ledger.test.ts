import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import type { Trx } from '../src/db/types';
import { ledgerRepository } from '../src/modules/ledger/repository';
import { LedgerService, MEMBER_AVAILABLE } from '../src/modules/ledger/service';
import { memberPk, seeded } from './support/fixtures';
import { describeEachDatabase, type TestEnv } from './support/harness';

async function inTrx<T>(env: TestEnv, work: (trx: Trx, ledger: LedgerService) => Promise<T>): Promise<T> {
  return env.ctx.db.transaction().execute((trx) => work(trx, env.ctx.ledger));
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toSatisfy(
    (error: unknown) => error instanceof AppError && error.code === code,
  );
}

async function expectBooksBalance(env: TestEnv): Promise<void> {
  const report = await env.ctx.ledger.verify(env.ctx.db);
  expect(
    report,
    JSON.stringify(report, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
  ).toMatchObject({ ok: true });
}

describeEachDatabase('ledger', (env) => {
  it('reserves, posts a win, posts a loss and voids, with exact balances', async () => {
    await seeded(env());
    const pk = await memberPk(env(), 'demomyr');
    const balances = () => env().ctx.ledger.balances(env().ctx.db, pk, 'MYR');
    await inTrx(env(), (trx, ledger) =>
      ledger.reserve(trx, { transferId: 'bet1', ownerPk: pk, currency: 'MYR', amount: 10_000n }),
    );
    await inTrx(env(), (trx, ledger) =>
      ledger.reserve(trx, { transferId: 'bet2', ownerPk: pk, currency: 'MYR', amount: 5_000n }),
    );
    await inTrx(env(), (trx, ledger) =>
      ledger.reserve(trx, { transferId: 'bet3', ownerPk: pk, currency: 'MYR', amount: 2_500n }),
    );
    expect(await balances()).toEqual({ available: 1_000_000n - 17_500n, outstanding: 17_500n });
    // bet1 wins at 1.95 (payout 195.00), bet2 loses, bet3 is void.
    await inTrx(env(), (trx, ledger) =>
      ledger.post(trx, { transferId: 'settle1', reservationId: 'bet1', payout: 19_500n }),
    );
    await inTrx(env(), (trx, ledger) =>
      ledger.post(trx, { transferId: 'settle2', reservationId: 'bet2', payout: 0n }),
    );
    await inTrx(env(), (trx, ledger) => ledger.void(trx, { transferId: 'void3', reservationId: 'bet3' }));
    expect(await balances()).toEqual({ available: 1_000_000n + 9_500n - 5_000n, outstanding: 0n });
    await expectBooksBalance(env());
  });

  it('replays a transfer id without moving money twice, and refuses the id for something else', async () => {
    await seeded(env());
    const pk = await memberPk(env(), 'demomyr');
    const reserve = () =>
      inTrx(env(), (trx, ledger) =>
        ledger.reserve(trx, { transferId: 'same', ownerPk: pk, currency: 'MYR', amount: 700n }),
      );
    expect(await reserve()).toEqual({ transferId: 'same', replayed: false });
    expect(await reserve()).toEqual({ transferId: 'same', replayed: true });
    expect((await env().ctx.ledger.balances(env().ctx.db, pk, 'MYR')).outstanding).toBe(700n);
    await expectCode(
      inTrx(env(), (trx, ledger) =>
        ledger.reserve(trx, { transferId: 'same', ownerPk: pk, currency: 'MYR', amount: 800n }),
      ),
      'duplicate_debit_record',
    );
    const post = () =>
      inTrx(env(), (trx, ledger) =>
        ledger.post(trx, { transferId: 'pay', reservationId: 'same', payout: 1_400n }),
      );
    expect((await post()).replayed).toBe(false);
    expect((await post()).replayed).toBe(true);
    // A second, different close of the same reservation is refused.
    await expectCode(
      inTrx(env(), (trx, ledger) =>
        ledger.void(trx, { transferId: 'void-after-post', reservationId: 'same' }),
      ),
      'duplicate_credit_record',
    );
    await expectCode(
      inTrx(env(), (trx, ledger) => ledger.void(trx, { transferId: 'v', reservationId: 'no-such' })),
      'transfer_not_exists',
    );
    expect(await env().ctx.ledger.balances(env().ctx.db, pk, 'MYR')).toEqual({
      available: 1_000_000n + 700n,
      outstanding: 0n,
    });
    await expectBooksBalance(env());
  });

  it('refuses a stake above the available balance and leaves nothing behind', async () => {
    await seeded(env());
    const pk = await memberPk(env(), 'demomyr');
    await expectCode(
      inTrx(env(), (trx, ledger) =>
        ledger.reserve(trx, { transferId: 'big', ownerPk: pk, currency: 'MYR', amount: 1_000_001n }),
      ),
      'insufficient_balance',
    );
    const transfer = await env()
      .ctx.db.selectFrom('transfers')
      .select('id')
      .where('transfer_id', '=', 'big')
      .executeTakeFirst();
    expect(transfer).toBeUndefined();
    await inTrx(env(), (trx, ledger) =>
      ledger.reserve(trx, { transferId: 'all', ownerPk: pk, currency: 'MYR', amount: 1_000_000n }),
    );
    expect((await env().ctx.ledger.balances(env().ctx.db, pk, 'MYR')).available).toBe(0n);
    await expectBooksBalance(env());
  });

  it("is atomic with the caller's own writes: a later failure undoes the reservation", async () => {
    await seeded(env());
    const pk = await memberPk(env(), 'demomyr');
    await expect(
      inTrx(env(), async (trx, ledger) => {
        await ledger.reserve(trx, { transferId: 'atomic', ownerPk: pk, currency: 'MYR', amount: 5_000n });
        throw new Error('the bet row could not be written');
      }),
    ).rejects.toThrow('the bet row');
    expect(await env().ctx.ledger.balances(env().ctx.db, pk, 'MYR')).toEqual({
      available: 1_000_000n,
      outstanding: 0n,
    });
    await expectBooksBalance(env());
  });

  it('credits and debits: deposits, withdrawals never below zero, idempotent', async () => {
    await seeded(env());
    const pk = await memberPk(env(), 'demousd');
    const deposit = () =>
      inTrx(env(), (trx, ledger) =>
        ledger.credit(trx, {
          transferId: 'dep',
          ownerPk: pk,
          currency: 'USD',
          amount: 2_550n,
          kind: 'deposit',
        }),
      );
    await deposit();
    await deposit();
    await expectCode(
      inTrx(env(), (trx, ledger) =>
        ledger.debit(trx, {
          transferId: 'wd-too-much',
          ownerPk: pk,
          currency: 'USD',
          amount: 1_002_551n,
          kind: 'withdraw',
        }),
      ),
      'insufficient_balance',
    );
    await inTrx(env(), (trx, ledger) =>
      ledger.debit(trx, {
        transferId: 'wd',
        ownerPk: pk,
        currency: 'USD',
        amount: 1_002_550n,
        kind: 'withdraw',
      }),
    );
    expect((await env().ctx.ledger.balances(env().ctx.db, pk, 'USD')).available).toBe(0n);
    await expectBooksBalance(env());
  });

  it('keeps entries append-only', async () => {
    await seeded(env());
    await expect(env().ctx.db.updateTable('entries').set({ amount: 1n }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(env().ctx.db.deleteFrom('transfers').execute()).rejects.toThrow(/append-only/);
  });

  it('keys an entry by its transfer and account: a transfer moves an account once (0033)', async () => {
    await seeded(env());
    const db = env().ctx.db;
    const some = await db
      .selectFrom('entries')
      .select(['transfer_pk', 'ledger_account_id'])
      .executeTakeFirstOrThrow();
    // A second leg on the same account of the same transfer is refused, whatever its amount.
    await expect(
      sql`insert into entries (transfer_pk, ledger_account_id, amount)
        values (${some.transfer_pk}::bigint, ${some.ledger_account_id}::bigint, 1)`.execute(db),
    ).rejects.toThrow(/entries_pkey|duplicate key/);
    // The readers of a transfer's entries find them by the key's first column.
    const indexes = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'entries'
      order by indexname`.execute(db);
    expect(indexes.rows.map((row) => row.indexname)).toEqual(['entries_account', 'entries_pkey']);
    expect(indexes.rows[1]?.indexdef).toMatch(/\(transfer_pk, ledger_account_id\)/);
    await expectBooksBalance(env());
  });

  it('200 concurrent reserves against a balance that covers 100: exactly 100 succeed, never negative', async () => {
    await seeded(env());
    const pk = await memberPk(env(), 'demosgd');
    // demosgd holds 10,000.00; each stake is 100.00, so exactly 100 fit.
    const attempts = Array.from({ length: 200 }, (_, i) =>
      inTrx(env(), (trx, ledger) =>
        ledger.reserve(trx, { transferId: `burst-${i}`, ownerPk: pk, currency: 'SGD', amount: 10_000n }),
      ).then(
        () => 'ok' as const,
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'insufficient_balance') return 'refused' as const;
          throw error;
        },
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === 'ok')).toHaveLength(100);
    expect(results.filter((r) => r === 'refused')).toHaveLength(100);
    expect(await env().ctx.ledger.balances(env().ctx.db, pk, 'SGD')).toEqual({
      available: 0n,
      outstanding: 1_000_000n,
    });
    await expectBooksBalance(env());
  });

  it('concurrent replays of one transfer id move money once', async () => {
    await seeded(env());
    const pk = await memberPk(env(), 'demothb');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        inTrx(env(), (trx, ledger) =>
          ledger.reserve(trx, { transferId: 'dup', ownerPk: pk, currency: 'THB', amount: 1_000n }),
        ),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await env().ctx.ledger.balances(env().ctx.db, pk, 'THB')).outstanding).toBe(1_000n);
    await expectBooksBalance(env());
  });

  it("finds many members' accounts in one lookup, and a batch of moves for members new to the process", async () => {
    await seeded(env());
    const [myr, usd] = await Promise.all([memberPk(env(), 'demomyr'), memberPk(env(), 'demousd')]);
    const found = await ledgerRepository.findMemberAccountIds(env().ctx.db, MEMBER_AVAILABLE, [
      { ownerPk: myr, currency: 'MYR' },
      { ownerPk: usd, currency: 'USD' },
      { ownerPk: usd, currency: 'MYR' },
    ]);
    const one = (ownerPk: string, currency: string) =>
      ledgerRepository.findAccountId(env().ctx.db, { ownerPk, kind: MEMBER_AVAILABLE, currency });
    expect(found).toEqual(
      new Map([
        [`${myr}|MYR`, await one(myr, 'MYR')],
        [`${usd}|USD`, await one(usd, 'USD')],
      ]),
    );
    // A ledger that remembers no account yet (a process just started): both members' moves in one statement.
    const fresh = new LedgerService();
    const move = (ownerPk: string, currency: string, id: string) => ({
      transferId: `game:test:${id}`,
      kind: 'game_bet' as const,
      direction: 'out' as const,
      ownerPk,
      currency,
      amount: 1_000n,
      ref: 'slots',
      account: 'games_house' as const,
      balanceRead: 1_000_000n,
    });
    const money = await fresh.memberMoves(env().ctx.db, [move(myr, 'MYR', 'a'), move(usd, 'USD', 'b')]);
    const run = (fragment: typeof money) =>
      sql<{ held: boolean }>`with ${fragment.ctes} select ${fragment.balancesHeld} as held`.execute(
        env().ctx.db,
      );
    expect((await run(money)).rows[0]).toEqual({ held: true });
    const written = await sql<{ n: number }>`select count(*)::int as n from transfers
      where transfer_id in ('game:test:a', 'game:test:b')`.execute(env().ctx.db);
    expect(written.rows[0]?.n).toBe(2);
    expect(await env().ctx.ledger.balances(env().ctx.db, myr, 'MYR')).toMatchObject({ available: 999_000n });
    expect(await env().ctx.ledger.balances(env().ctx.db, usd, 'USD')).toMatchObject({ available: 999_000n });
    // The same transfer ids again: the whole statement is refused (the transfers' unique key), nothing moves.
    const again = await fresh.memberMoves(env().ctx.db, [move(myr, 'MYR', 'a'), move(usd, 'USD', 'b')]);
    await expect(run(again)).rejects.toThrow(/transfers_transfer_id_key/);
    expect(await env().ctx.ledger.balances(env().ctx.db, myr, 'MYR')).toMatchObject({ available: 999_000n });
    expect(await env().ctx.ledger.balances(env().ctx.db, usd, 'USD')).toMatchObject({ available: 999_000n });
    // A member without an account in that currency is refused, as one lookup at a time refused it.
    await expectCode(fresh.memberMoves(env().ctx.db, [move(usd, 'MYR', 'c')]), 'wallet_not_exists');
    await expectBooksBalance(env());
  });

  it('checks the references of what it appends once per statement: a missing row refuses the whole statement', async () => {
    await seeded(env());
    const db = env().ctx.db;
    const pk = await memberPk(env(), 'demomyr');
    await sql`insert into wallet_providers (code, name, secret) values ('reftest', 'Ref', 's')`.execute(db);
    await sql`insert into game_studios (code, name, wallet_provider) values ('refstudio', 'Ref', 'reftest')`.execute(
      db,
    );
    const game = await sql<{
      id: string;
    }>`insert into games (game_code, wallet_provider, studio, name, product,
      category, thumbnail_url) values ('ref_slot', 'reftest', 'refstudio', 'Ref', 'slots', 'Slots', '') returning id`
      .execute(db)
      .then((result) => String(result.rows[0]?.id));
    const round = (account: string, name: string) =>
      sql<{ id: string }>`insert into game_rounds (wallet_provider, round, account_pk, game_pk, currency)
        values ('reftest', ${name}, ${account}::bigint, ${game}::bigint, 'MYR') returning id`.execute(db);
    const rounds = sql<{
      n: string;
    }>`select count(*)::text as n from game_rounds where wallet_provider = 'reftest'`;
    // Two rows in one statement, the second naming no account: neither is written.
    await expect(
      sql`insert into game_rounds (wallet_provider, round, account_pk, game_pk, currency)
        values ('reftest', 'r1', ${pk}::bigint, ${game}::bigint, 'MYR'),
          ('reftest', 'r2', 999999999, ${game}::bigint, 'MYR')`.execute(db),
    ).rejects.toThrow(/account_pk names no row of accounts/);
    expect((await rounds.execute(db)).rows[0]?.n).toBe('0');
    const roundPk = String((await round(pk, 'r1')).rows[0]?.id);
    const record = (gamePk: string, uuid: string) =>
      sql`insert into game_transactions (wallet_provider, transaction_uuid, kind, account_pk, game_pk, round_pk,
        round, amount, status) values ('reftest', ${uuid}, 'bet', ${pk}::bigint, ${gamePk}::bigint,
        ${roundPk}::bigint, 'r1', 100, 'RS_OK')`.execute(db);
    await record(game, 't1');
    await expect(record('999999999', 't2')).rejects.toThrow(/game_pk names no row of games/);
    // A reference column never changes; the record's other columns do.
    await expect(
      sql`update game_transactions set round_pk = null where transaction_uuid = 't1'`.execute(db),
    ).rejects.toThrow(/never changes/);
    await sql`update game_transactions set state = 'done' where transaction_uuid = 't1'`.execute(db);
    await expect(
      sql`insert into entries (transfer_pk, ledger_account_id, amount)
        select (select max(id) + 1000 from transfers), min(id), 1 from ledger_accounts`.execute(db),
    ).rejects.toThrow(/transfer_pk names no row of transfers/);
    // The report job's counted rounds (0031): one naming no member refuses its whole statement.
    const counted = (member: string, round: number) =>
      sql`(${'provider'}, ${round}::bigint, ${'casino'}, 20261130, ${member}::bigint, 'MYR', 100, 100, -100, 0)`;
    await expect(
      sql`insert into report_rounds (source, round_pk, product, day, member_pk, currency, turnover, valid_turnover,
        win_loss, commission) values ${counted(pk, 900_000_001)}, ${counted('999999999', 900_000_002)}`.execute(
        db,
      ),
    ).rejects.toThrow(/member_pk names no row of accounts/);
    expect(
      (
        await sql<{
          n: string;
        }>`select count(*)::text as n from report_rounds where round_pk > 900000000`.execute(db)
      ).rows[0]?.n,
    ).toBe('0');
    await sql`insert into report_rounds (source, round_pk, product, day, member_pk, currency, turnover,
      valid_turnover, win_loss, commission) values ${counted(pk, 900_000_003)}`.execute(db);
    await expect(
      sql`update report_rounds set member_pk = member_pk + 1 where round_pk = 900000003`.execute(db),
    ).rejects.toThrow(/never changes/);
    await expectBooksBalance(env());
    // A row deleted after it was referenced is not refused by the database: ledger:verify finds the reference.
    await sql`delete from game_rounds where id = ${roundPk}::bigint`.execute(db);
    // And a counted round naming no member, written past its check (the trigger off, as a hand repair might).
    await sql`alter table report_rounds disable trigger report_rounds_references`.execute(db);
    await sql`insert into report_rounds (source, round_pk, product, day, member_pk, currency, turnover,
      valid_turnover, win_loss, commission) values ${counted('999999999', 900_000_004)}`.execute(db);
    await sql`alter table report_rounds enable trigger report_rounds_references`.execute(db);
    // And an entry naming no transfer, named by its key (no id since 0033).
    const account = (await sql<{ id: string }>`select min(id)::text as id from ledger_accounts`.execute(db))
      .rows[0]?.id;
    await sql`alter table entries disable trigger entries_references`.execute(db);
    await sql`insert into entries (transfer_pk, ledger_account_id, amount)
      values (900000005, ${account}::bigint, 1)`.execute(db);
    await sql`alter table entries enable trigger entries_references`.execute(db);
    const report = await env().ctx.ledger.verify(db);
    expect(report.ok).toBe(false);
    expect(report.dangling).toEqual([
      { reference: 'entries.transfer_pk', id: `900000005:${account}` },
      { reference: 'game_transactions.round_pk', id: expect.any(String) },
      { reference: 'report_rounds.member_pk', id: 'provider:900000004' },
      // The deleted round was never counted: its entry in the queue of uncounted rounds (0032) dangles too.
      { reference: 'uncounted_game_rounds.id', id: roundPk },
    ]);
  });

  describe('verify', () => {
    it('detects a balance that drifted from its entries', async () => {
      await seeded(env());
      await env()
        .ctx.db.updateTable('ledger_accounts')
        .set({ balance: 1n })
        .where('kind', '=', 'outstanding')
        .execute();
      const report = await env().ctx.ledger.verify(env().ctx.db);
      expect(report.ok).toBe(false);
      expect(report.drifted.length).toBeGreaterThan(0);
    });
  });
});
