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
  for update of la
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
