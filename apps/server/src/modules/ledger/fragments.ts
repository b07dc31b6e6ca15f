import { sql, type RawBuilder } from 'kysely';
import { TRANSFER_KINDS } from './kinds';

/**
 * The ledger's part of the placement statement (betting/repository.ts PLACE_SQL), owned here because only the
 * ledger writes money: placing a bet stays one round trip, yet the reservation of its stake is written by the
 * ledger's SQL, exactly as LedgerService.reserve would (a 'stake' transfer, its two entries, an open reservation,
 * the member's available down and outstanding up, never below zero unless the account allows it).
 *
 * The fragment is a list of CTEs that expects, before it in the same WITH:
 * - `q`: one row per bet with `i` (row number), `account_pk`, `currency`, `risk` (minor units), `reservation_id`
 *   (the transfer id, unique) and `ref_no`;
 * - `g`: the `i` of the rows whose guards passed (session, state, profile version, upline chain).
 * It defines `m` (the member's available and outstanding ledger accounts), `av` and `os` (their new balances;
 * a row of `q` missing from `av` had too little balance or no account in that currency), `tr` (the transfers),
 * `en` and `rs`. Rows are locked in ledger-account id order, as every ledger writer takes them.
 */
export const STAKE_RESERVATION_CTES = `m as materialized (
  -- the member's two ledger accounts (ledger_accounts_owner index)
  select g.i, av.id as avail, os.id as outs from g join q on q.i = g.i
  cross join lateral (
    select id from ledger_accounts
    where coalesce(owner_pk, 0) = q.account_pk and kind = 'available' and currency = q.currency) av
  cross join lateral (
    select id from ledger_accounts
    where coalesce(owner_pk, 0) = q.account_pk and kind = 'outstanding' and currency = q.currency) os
),
lk as (
  select la.id from ledger_accounts la join m on la.id = m.outs
  where m.outs < m.avail
  for no key update of la
),
av as (
  update ledger_accounts la set balance = la.balance - q.risk
  from m join q on q.i = m.i
  where la.id = m.avail and (select count(*) from lk) >= 0
    and not la.rollup and (la.allow_negative or la.balance - q.risk >= 0)
  returning m.i, la.balance
),
os as (
  update ledger_accounts la set balance = la.balance + q.risk
  from m join q on q.i = m.i join av on av.i = m.i
  where la.id = m.outs and not la.rollup
  returning m.i, la.balance
),
tr as (
  insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
  select q.reservation_id, '${TRANSFER_KINDS.stake}', q.currency, q.risk, q.ref_no, q.account_pk
  from q join os on os.i = q.i
  returning id, transfer_id
),
en as (
  insert into entries (transfer_pk, ledger_account_id, amount)
  select tr.id, e.account_id, e.amount
  from tr join q on q.reservation_id = tr.transfer_id join m on m.i = q.i
  cross join lateral (values (m.avail, -q.risk), (m.outs, q.risk)) as e(account_id, amount)
  returning transfer_pk
),
rs as (
  insert into reservations (transfer_pk, owner_pk, currency, amount, state)
  select tr.id, q.account_pk, q.currency, q.risk, 'open'
  from tr join q on q.reservation_id = tr.transfer_id
  returning transfer_pk
),`;

/**
 * The ledger's part of a statement that writes member movements set-wise together with its caller's own rows
 * (the wallet's batches: games/repository.ts writeBatch), so a batch commits its records and its money in one
 * statement. Built by `LedgerService.memberMoves`, which resolves the accounts; it writes exactly what
 * `moveMember` writes for each movement (a transfer, its two entries, the member's kept balance moved by its
 * net delta, the house side an entry only).
 *
 * The statement may run on its own, with no transaction around it, so the fragment takes its own locks: the
 * members' available accounts, in id order (as every ledger writer takes them, so it never deadlocks with
 * settlement or the report job), before their balances move. Another writer may have moved a balance since the
 * caller read it. Up (a rebate, a settled win): the movements go on from there, since whatever the caller
 * decided on the balance it read stands on a larger one. Down (a sports stake, a withdrawal): the caller may
 * have let a bet through that the balance no longer covers at some point of its sequence, so that member's
 * balance is left unmoved and `balancesHeld` is false.
 *
 * `ctes` defines `ml_v` (the movements, each with its transfer's id), `ml_t` (the transfers), `ml_e` (entries),
 * `ml_d` (net deltas), `ml_l` (the locks) and `ml_b` (balances moved); the caller must check that `balancesHeld`
 * is true, and undo the statement otherwise. A transfer id recorded before fails the statement itself (the
 * transfers' unique key: every transfer is inserted or none is). `balances` is a JSON array of the members' new
 * balances (`{ id, balance }`, as text), and of the `reported` accounts' balances the statement did not move.
 */
export interface MemberMovesFragment {
  ctes: RawBuilder<unknown>;
  balancesHeld: RawBuilder<unknown>;
  balances: RawBuilder<unknown>;
}

export function memberMovesFragment(
  transfers: readonly {
    transferId: string;
    kind: string;
    ownerPk: string;
    currency: string;
    amount: bigint;
    ref: string;
    memberAccount: string;
    houseAccount: string;
    /** The member's side: positive into its available balance, negative out of it. */
    toMember: bigint;
    /** The member's available balance the caller decided on (the same for each of a member's movements). */
    balanceRead: bigint;
  }[],
  reported: readonly string[] = [],
): MemberMovesFragment {
  const column = (pick: (t: (typeof transfers)[number]) => string | bigint) =>
    transfers.map((t) => String(pick(t)));
  // Each transfer's id is drawn (the column's own sequence) with its values, so its entries and its member's
  // delta are read from the same rows. Joined to the insert's RETURNING they were nested loops over two CTEs (a
  // wallet connection plans no hash join), quadratic in the batch: about a quarter of a sixty-call batch's time
  // (auto_explain, 2026-11-30). A plain insert: a transfer id recorded before fails the statement on its unique
  // key, a bug either way; it spares the conflict arbiter's index probe and WAL record a row. Nothing reads
  // `ml_t`: PostgreSQL runs a data-modifying CTE to its end all the same.
  const ctes = sql`ml_v as materialized (
      select nextval('transfers_id_seq') as id, v.*
      from unnest(${column((t) => t.transferId)}::text[], ${column((t) => t.kind)}::text[],
        ${column((t) => t.currency)}::text[], ${column((t) => t.amount)}::bigint[],
        ${column((t) => t.ref)}::text[], ${column((t) => t.ownerPk)}::bigint[],
        ${column((t) => t.memberAccount)}::bigint[], ${column((t) => t.houseAccount)}::bigint[],
        ${column((t) => t.toMember)}::bigint[], ${column((t) => t.balanceRead)}::bigint[])
        as v(transfer_id, kind, currency, amount, ref, owner_pk, member_account, house_account, to_member,
          balance_read)
    ),
    ml_t as (
      insert into transfers (id, transfer_id, kind, currency, amount, ref, owner_pk)
      select id, transfer_id, kind, currency, amount, ref, owner_pk from ml_v
    ),
    ml_e as (
      insert into entries (transfer_pk, ledger_account_id, amount)
      select ml_v.id, side.account_id, side.amount
      from ml_v cross join lateral (values (ml_v.member_account, ml_v.to_member),
        (ml_v.house_account, -ml_v.to_member)) as side(account_id, amount)
      returning 1
    ),
    ml_d as (
      select member_account as account_id, sum(to_member) as delta, min(balance_read) as floor
      from ml_v
      group by member_account
    ),
    ml_l as (
      select a.id from ledger_accounts a
      where a.id = any(${column((t) => t.memberAccount)}::bigint[])
      order by a.id
      for no key update
    ),
    ml_b as (
      update ledger_accounts a set balance = a.balance + ml_d.delta from ml_d
      where a.id = ml_d.account_id and a.balance >= ml_d.floor and (select count(*) from ml_l) >= 0
      returning a.id, a.balance
    )`;
  const moved = new Set(transfers.map((t) => t.memberAccount));
  const balancesHeld = sql`((select count(*) from ml_b) = ${String(moved.size)}::bigint)`;
  // The moved accounts' new balances, and those of `reported` accounts the statement left as they were: every
  // moved one is in ml_b once `balancesHeld` stands, so the others are known here and need no anti-join.
  const unmoved = [...new Set(reported)].filter((account) => !moved.has(account));
  const balances = sql`(select coalesce(json_agg(json_build_object('id', b.id::text, 'balance', b.balance::text)),
    '[]') from (select ml_b.id, ml_b.balance from ml_b
      union all select a.id, a.balance from ledger_accounts a where a.id = any(${unmoved}::bigint[])) b)`;
  return { ctes, balancesHeld, balances };
}
