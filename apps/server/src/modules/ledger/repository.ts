import { sql } from 'kysely';
import type { Executor } from '../../db/types';

export interface LedgerAccountKey {
  ownerPk: string | null;
  kind: string;
  currency: string;
}

export interface NewTransfer {
  transferId: string;
  kind: string;
  currency: string;
  amount: bigint;
  ref: string | null;
  ownerPk: string | null;
}

/** The references checked once per statement as rows are inserted (migrations 0028, 0031): table, column, target. */
const CHECKED_REFERENCES = [
  ['transfers', 'owner_pk', 'accounts'],
  ['entries', 'transfer_pk', 'transfers'],
  ['entries', 'ledger_account_id', 'ledger_accounts'],
  ['game_rounds', 'account_pk', 'accounts'],
  ['game_rounds', 'game_pk', 'games'],
  ['game_transactions', 'account_pk', 'accounts'],
  ['game_transactions', 'game_pk', 'games'],
  ['game_transactions', 'round_pk', 'game_rounds'],
  ['report_rounds', 'member_pk', 'accounts'],
  ['uncounted_game_rounds', 'id', 'game_rounds'],
] as const;

/**
 * How a dangling row is named: its id, or for a row keyed otherwise its key: a wallet dedupe record (no id since
 * 0030) by its provider's key, a counted round by its source and round, an entry (no id since 0033) by its
 * transfer and account.
 */
const rowLabel = (table: (typeof CHECKED_REFERENCES)[number][0]) => {
  if (table === 'game_transactions') return sql`x.wallet_provider || ':' || x.transaction_uuid`;
  if (table === 'report_rounds') return sql`x.source || ':' || x.round_pk::text`;
  if (table === 'entries') return sql`x.transfer_pk::text || ':' || x.ledger_account_id::text`;
  return sql`x.id::text`;
};

/** The ledger's SQL, and only SQL: rules live in LedgerService. */
export const ledgerRepository = {
  async ensureAccount(
    ex: Executor,
    key: LedgerAccountKey,
    flags: { allowNegative: boolean; rollup: boolean },
  ): Promise<string> {
    await sql`insert into ledger_accounts (owner_pk, kind, currency, allow_negative, rollup)
      values (${key.ownerPk}, ${key.kind}, ${key.currency}, ${flags.allowNegative}, ${flags.rollup})
      on conflict (coalesce(owner_pk, 0), kind, currency) do nothing`.execute(ex);
    const id = await this.findAccountId(ex, key);
    if (id === null) throw new Error(`ledger account missing after insert: ${key.kind}/${key.currency}`);
    return id;
  },

  async findAccountId(ex: Executor, key: LedgerAccountKey): Promise<string | null> {
    const row = await ex
      .selectFrom('ledger_accounts')
      .select('id')
      .where(sql<boolean>`coalesce(owner_pk, 0) = ${key.ownerPk ?? 0}`)
      .where('kind', '=', key.kind)
      .where('currency', '=', key.currency)
      .executeTakeFirst();
    return row ? String(row.id) : null;
  },

  /**
   * Many members' accounts of one kind in one statement (by owner and currency), as `owner|currency` -> id;
   * a member without such an account is absent. Uses the unique index's form, coalesce(owner_pk, 0).
   */
  async findMemberAccountIds(
    ex: Executor,
    kind: string,
    owners: readonly { ownerPk: string; currency: string }[],
  ): Promise<Map<string, string>> {
    if (owners.length === 0) return new Map();
    const result = await sql<{ owner_pk: string; currency: string; id: string }>`
      select a.owner_pk::text as owner_pk, a.currency, a.id::text as id
      from unnest(${owners.map((o) => o.ownerPk)}::bigint[], ${owners.map((o) => o.currency)}::text[])
        as q(owner_pk, currency)
      join ledger_accounts a on coalesce(a.owner_pk, 0) = q.owner_pk and a.kind = ${kind}
        and a.currency = q.currency`.execute(ex);
    return new Map(result.rows.map((row) => [`${row.owner_pk}|${row.currency}`, row.id]));
  },

  /** Inserts the transfer header; null when the transfer id exists already (an idempotent replay). */
  async insertTransfer(ex: Executor, transfer: NewTransfer): Promise<string | null> {
    const row = await ex
      .insertInto('transfers')
      .values({
        transfer_id: transfer.transferId,
        kind: transfer.kind,
        currency: transfer.currency,
        amount: transfer.amount,
        ref: transfer.ref,
        owner_pk: transfer.ownerPk,
      })
      .onConflict((oc) => oc.column('transfer_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? String(row.id) : null;
  },

  async findTransfer(ex: Executor, transferId: string) {
    return ex.selectFrom('transfers').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();
  },

  async insertEntries(ex: Executor, transferPk: string, entries: { accountId: string; amount: bigint }[]) {
    const rows = entries
      .filter((entry) => entry.amount !== 0n)
      .map((entry) => ({
        transfer_pk: transferPk,
        ledger_account_id: entry.accountId,
        amount: entry.amount,
      }));
    if (rows.length > 0) await ex.insertInto('entries').values(rows).execute();
  },

  /**
   * Moves a kept balance by delta, refusing (null) when a guarded account would go below zero. The row
   * lock taken by UPDATE serialises concurrent writers, and the WHERE is re-checked on the locked row.
   */
  async applyDelta(ex: Executor, accountId: string, delta: bigint): Promise<bigint | null> {
    const row = await ex
      .updateTable('ledger_accounts')
      .set({ balance: sql`balance + ${delta}` })
      .where('id', '=', accountId)
      .where('rollup', '=', false)
      .where(sql<boolean>`(allow_negative or balance + ${delta} >= 0)`)
      .returning('balance')
      .executeTakeFirst();
    return row ? row.balance : null;
  },

  async balances(ex: Executor, ownerPk: string, currency: string): Promise<Map<string, bigint>> {
    const rows = await ex
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .where('owner_pk', '=', ownerPk)
      .where('currency', '=', currency)
      .execute();
    return new Map(rows.map((row) => [row.kind, row.balance]));
  },

  async insertReservation(
    ex: Executor,
    row: { transferPk: string; ownerPk: string; currency: string; amount: bigint },
  ): Promise<void> {
    await ex
      .insertInto('reservations')
      .values({
        transfer_pk: row.transferPk,
        owner_pk: row.ownerPk,
        currency: row.currency,
        amount: row.amount,
        state: 'open',
        closed_by: null,
      })
      .execute();
  },

  /** Locks the reservation row so a post and a void of the same reservation cannot both happen. */
  async lockReservation(ex: Executor, reservationTransferId: string) {
    return ex
      .selectFrom('reservations')
      .innerJoin('transfers', 'transfers.id', 'reservations.transfer_pk')
      .select([
        'reservations.transfer_pk',
        'reservations.owner_pk',
        'reservations.currency',
        'reservations.amount',
        'reservations.state',
        'reservations.closed_by',
      ])
      .where('transfers.transfer_id', '=', reservationTransferId)
      .forUpdate()
      .executeTakeFirst();
  },

  async closeReservation(ex: Executor, transferPk: string, state: 'posted' | 'voided', closedBy: string) {
    await ex
      .updateTable('reservations')
      .set({ state, closed_by: closedBy })
      .where('transfer_pk', '=', transferPk)
      .execute();
  },

  // ---- Invariant checks (ledger:verify) ----
  async unbalancedTransfers(ex: Executor, limit: number) {
    const result = await sql<{ transfer_id: string; total: bigint }>`
      select t.transfer_id, coalesce(sum(e.amount), 0)::bigint as total
      from transfers t left join entries e on e.transfer_pk = t.id
      group by t.id, t.transfer_id
      having coalesce(sum(e.amount), 0) <> 0 or count(e.transfer_pk) = 0
      limit ${limit}`.execute(ex);
    return result.rows;
  },

  async driftedBalances(ex: Executor, limit: number) {
    const result = await sql<{ id: string; kind: string; balance: bigint; entries_total: bigint }>`
      select a.id::text as id, a.kind, a.balance, coalesce(sum(e.amount), 0)::bigint as entries_total
      from ledger_accounts a left join entries e on e.ledger_account_id = a.id
      where not a.rollup
      group by a.id
      having a.balance <> coalesce(sum(e.amount), 0)
      limit ${limit}`.execute(ex);
    return result.rows;
  },

  async negativeGuardedAccounts(ex: Executor, limit: number) {
    return ex
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'balance'])
      .where('allow_negative', '=', false)
      .where('balance', '<', 0n)
      .limit(limit)
      .execute();
  },

  /** Open reservations per member must add up to that member's outstanding balance. */
  async outstandingMismatches(ex: Executor, limit: number) {
    const result = await sql<{ owner_pk: string; currency: string; outstanding: bigint; reserved: bigint }>`
      select a.owner_pk::text as owner_pk, a.currency, a.balance as outstanding,
        coalesce((select sum(r.amount) from reservations r
          where r.owner_pk = a.owner_pk and r.currency = a.currency and r.state = 'open'), 0)::bigint as reserved
      from ledger_accounts a
      where a.kind = 'outstanding'
        and a.balance <> coalesce((select sum(r.amount) from reservations r
          where r.owner_pk = a.owner_pk and r.currency = a.currency and r.state = 'open'), 0)
      limit ${limit}`.execute(ex);
    return result.rows;
  },

  /**
   * Bets whose money does not match their state: a bet settled (or cancelled, or rejected) must have the
   * transfer that did it, of the right kind and owner, and its reservation closed; a decided bet's
   * reservation still open means its stake is held for nothing. (Read from bets by the ledger's own check:
   * the books must agree with what members are told.)
   */
  async betMismatches(ex: Executor, limit: number) {
    const result = await sql<{ ref_no: string; status: string; problem: string }>`
      select b.ref_no, b.status,
        case
          when r.state = 'open' then 'reservation still open'
          when t.id is null then 'no transfer ' || x.transfer_id
          else 'transfer ' || x.transfer_id || ' is another movement'
        end as problem
      from bets b
      cross join lateral (select
        case when b.cancelled_at is not null then 'cancel:' || b.ref_no
          when b.status = 'rejected' then 'reject:' || b.ref_no
          else 'settle:' || b.ref_no || ':' || b.settle_gen end as transfer_id,
        case when b.cancelled_at is not null then 'cancel'
          when b.status = 'rejected' then 'release' else 'settle' end as kind) x
      left join lateral (select r.state from transfers rt join reservations r on r.transfer_pk = rt.id
        where rt.transfer_id = b.reservation_id) r on true
      left join lateral (select t.id, t.kind, t.owner_pk from transfers t
        where t.transfer_id = x.transfer_id) t on true
      where b.status not in ('waiting', 'running')
        and (r.state = 'open' or t.id is null or t.kind <> x.kind or t.owner_pk <> b.account_pk)
      limit ${limit}`.execute(ex);
    return result.rows;
  },

  /**
   * References the database checks only as rows are inserted (migration 0028: once per statement, no lock on
   * the referenced row, so a row deleted later is not refused): each one naming a row that is not there.
   */
  async danglingReferences(ex: Executor, limit: number) {
    const checks = CHECKED_REFERENCES.map(
      ([table, column, target]) => sql`select ${`${table}.${column}`} as reference, ${rowLabel(table)} as id
        from ${sql.table(table)} x
        where x.${sql.ref(column)} is not null
          and not exists (select 1 from ${sql.table(target)} r where r.id = x.${sql.ref(column)})`,
    );
    const result = await sql<{ reference: string; id: string }>`
      select * from (${sql.join(checks, sql` union all `)}) dangling limit ${limit}`.execute(ex);
    return result.rows;
  },

  async counts(ex: Executor) {
    const result = await sql<{ transfers: bigint; entries: bigint; accounts: bigint }>`
      select (select count(*) from transfers) as transfers, (select count(*) from entries) as entries,
        (select count(*) from ledger_accounts) as accounts`.execute(ex);
    const row = result.rows[0];
    return {
      transfers: Number(row?.transfers ?? 0),
      entries: Number(row?.entries ?? 0),
      accounts: Number(row?.accounts ?? 0),
    };
  },
};
