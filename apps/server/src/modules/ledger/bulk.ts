import { sql } from 'kysely';
import { nullableWholes, texts, wholes } from '../../db/arrays';
import type { Trx } from '../../db/types';
import { assertSystemTransferId } from './transfer-ids';

/** One ledger account touched by a bulk batch, locked, with its balance before the batch. */
export interface LockedAccount {
  id: string;
  ownerPk: string;
  kind: string;
  currency: string;
  balance: bigint;
}

export interface BulkEntry {
  accountId: string;
  amount: bigint;
  /** False for roll-up accounts (the house): an entry only, no balance row to move. */
  kept: boolean;
}

/** A transfer written by a bulk batch: header, entries (summing to zero) and reservation effects. */
export interface BulkTransfer {
  transferId: string;
  kind: string;
  ownerPk: string;
  currency: string;
  amount: bigint;
  ref: string;
  entries: BulkEntry[];
  /** Closes an open reservation (by its transfer id) as posted or voided. */
  closes?: { reservationId: string; state: 'posted' | 'voided' };
  /** Puts an amount back at risk: a reservation opened on this transfer (a reversed settlement). */
  opens?: bigint;
}

/**
 * Transfers per write: every column travels as one array parameter (unnest), so a chunk is a handful of
 * parameters whatever its size; the bound keeps one statement's memory and run time in check.
 */
const CHUNK = 5_000;

/**
 * The ledger written set-wise for batch work (settlement): the same transfers, entries and reservations the
 * LedgerService writes one by one, in a handful of statements per batch. Balances move by their net delta
 * per account, rows locked in id order first (the order single transfers lock in, so no deadlock), and the
 * balance guard still holds: the database's CHECK refuses any guarded account going below zero.
 *
 * Balance rows are locked FOR NO KEY UPDATE, the lock an UPDATE takes: it excludes the other writers of a
 * balance but not the key-share lock of a foreign-key check (an entry or a report row naming the account),
 * which another transaction holds until it commits and which FOR UPDATE would wait for.
 */
export const bulkLedger = {
  /**
   * Locks member accounts of these owners in id order and returns them with their balances. (Owners are
   * matched as coalesce(owner_pk, 0), the expression of the accounts' unique index, so the index is used.)
   */
  async lockMemberAccounts(trx: Trx, ownerPks: string[], kinds: string[]): Promise<LockedAccount[]> {
    if (ownerPks.length === 0) return [];
    const result = await sql<{
      id: string;
      owner_pk: string;
      kind: string;
      currency: string;
      balance: bigint;
    }>`
      select id::text as id, owner_pk::text as owner_pk, kind, currency, balance from ledger_accounts
      where coalesce(owner_pk, 0) = any(${wholes(ownerPks)}) and kind = any(${texts(kinds)})
      order by id
      for no key update`.execute(trx);
    return result.rows.map((row) => ({
      id: row.id,
      ownerPk: row.owner_pk,
      kind: row.kind,
      currency: row.currency,
      balance: BigInt(row.balance),
    }));
  },

  /** Opens (idempotently) a member's extra account such as the receivable that carries a shortfall. */
  async ensureMemberAccount(trx: Trx, ownerPk: string, kind: string, currency: string): Promise<string> {
    const result = await sql<{ id: string }>`
      insert into ledger_accounts (owner_pk, kind, currency, allow_negative, rollup)
      values (${ownerPk}::bigint, ${kind}, ${currency}, true, false)
      on conflict (coalesce(owner_pk, 0), kind, currency) do update set kind = excluded.kind
      returning id::text as id`.execute(trx);
    const row = result.rows[0];
    if (!row) throw new Error(`ledger account ${kind} not opened`);
    return row.id;
  },

  /**
   * Owners' accounts of one kind and currency by owner, opening (idempotently) those not there yet: one
   * read for the usual case where every one exists. Opened in owner order, so concurrent batches agree.
   */
  async memberAccounts(
    trx: Trx,
    ownerPks: string[],
    kind: string,
    currency: string,
  ): Promise<Map<string, string>> {
    if (ownerPks.length === 0) return new Map();
    const found = await sql<{ id: string; owner_pk: string }>`
      select id::text as id, owner_pk::text as owner_pk from ledger_accounts
      where coalesce(owner_pk, 0) = any(${wholes(ownerPks)}) and kind = ${kind}
        and currency = ${currency}`.execute(trx);
    const ids = new Map(found.rows.map((row) => [row.owner_pk, row.id]));
    const missing = ownerPks.filter((pk) => !ids.has(pk)).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    for (const ownerPk of missing) {
      ids.set(ownerPk, await bulkLedger.ensureMemberAccount(trx, ownerPk, kind, currency));
    }
    return ids;
  },

  /** The house roll-up account of a currency (entries only, never a hot row). */
  async houseAccount(trx: Trx, currency: string): Promise<string> {
    // Read first: the upsert below locks the row till commit, which would serialise concurrent batches.
    const known = await sql<{ id: string }>`
      select id::text as id from ledger_accounts
      where coalesce(owner_pk, 0) = 0 and kind = 'house' and currency = ${currency}`.execute(trx);
    if (known.rows[0]) return known.rows[0].id;
    const result = await sql<{ id: string }>`
      insert into ledger_accounts (owner_pk, kind, currency, allow_negative, rollup)
      values (null, 'house', ${currency}, true, true)
      on conflict (coalesce(owner_pk, 0), kind, currency) do update set kind = excluded.kind
      returning id::text as id`.execute(trx);
    const row = result.rows[0];
    if (!row) throw new Error('house account not opened');
    return row.id;
  },

  /**
   * Writes the transfers. An id already recorded is skipped whole only when the recorded transfer is the
   * same movement (kind, amount, owner, currency: a replay of a batch that committed); anything else under
   * that id is refused (the batch rolls back) rather than read as done. Callers lock their own rows (bets)
   * first, so a replay here only happens across processes.
   * `accountsLocked`: the caller already holds the row locks of every kept account (lockMemberAccounts).
   */
  async write(
    trx: Trx,
    transfers: BulkTransfer[],
    options: { accountsLocked?: boolean } = {},
  ): Promise<number> {
    let written = 0;
    for (let start = 0; start < transfers.length; start += CHUNK) {
      written += await writeChunk(
        trx,
        transfers.slice(start, start + CHUNK),
        options.accountsLocked ?? false,
      );
    }
    return written;
  },
};

/**
 * One chunk in two or three statements. First the accounts whose balances move, locked in id order (the
 * order single transfers lock in, so no deadlock). Then one statement for headers, entries, balance deltas,
 * reservations opened (reversals) and closed, every step reading the headers actually inserted, so a
 * transfer id already recorded is skipped whole. A chunk that opens reservations closes in a third
 * statement: a close may be of a reservation opened in the same chunk, and a statement cannot see its own
 * inserts.
 */
async function writeChunk(trx: Trx, transfers: BulkTransfer[], accountsLocked: boolean): Promise<number> {
  if (transfers.length === 0) return 0;
  for (const transfer of transfers) assertSystemTransferId(transfer.transferId);
  const entries: { transferId: string; entry: BulkEntry }[] = [];
  const deltas = new Map<string, bigint>();
  for (const transfer of transfers) {
    let total = 0n;
    for (const entry of transfer.entries) {
      total += entry.amount;
      if (entry.amount === 0n) continue;
      entries.push({ transferId: transfer.transferId, entry });
      if (entry.kept) deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0n) + entry.amount);
    }
    if (total !== 0n) throw new Error(`transfer ${transfer.transferId} does not balance: ${total}`);
  }
  const moved = [...deltas.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  if (moved.length > 0 && !accountsLocked) {
    await sql`select id from ledger_accounts where id = any(${wholes(moved)}) order by id for no key update`.execute(
      trx,
    );
  }

  const opens = transfers.filter((t) => t.opens !== undefined);
  const closes = transfers.filter((t) => t.closes);
  const closeLater = opens.length > 0;
  const closeNow = closeLater ? [] : closes;
  const pkOf = await reservationPks(trx, closeNow);
  const closePks = [...pkOf.values()];
  const kept = entries.filter(({ entry }) => entry.kept);
  const written = await sql<{ fresh: string; to_close: string; closed: string; fresh_ids: string[] | null }>`
    with t as (
      insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
      select * from unnest(${texts(transfers.map((t) => t.transferId))},
        ${texts(transfers.map((t) => t.kind))}, ${texts(transfers.map((t) => t.currency))},
        ${wholes(transfers.map((t) => t.amount))}, ${texts(transfers.map((t) => t.ref))},
        ${wholes(transfers.map((t) => t.ownerPk))})
      on conflict (transfer_id) do nothing
      returning id, transfer_id
    ),
    e as (
      insert into entries (transfer_pk, ledger_account_id, amount)
      select t.id, v.account_id, v.amount
      from unnest(${texts(entries.map((e) => e.transferId))},
          ${wholes(entries.map((e) => e.entry.accountId))},
          ${wholes(entries.map((e) => e.entry.amount))}) as v(transfer_id, account_id, amount)
        join t on t.transfer_id = v.transfer_id
      returning 1
    ),
    d as (
      select v.account_id, sum(v.amount) as delta
      from unnest(${texts(kept.map((e) => e.transferId))},
          ${wholes(kept.map((e) => e.entry.accountId))},
          ${wholes(kept.map((e) => e.entry.amount))}) as v(transfer_id, account_id, amount)
        join t on t.transfer_id = v.transfer_id
      group by v.account_id
    ),
    b as (
      update ledger_accounts a set balance = a.balance + d.delta from d
      where a.id = d.account_id and d.delta <> 0 and a.id = any(${wholes(moved)})
      returning 1
    ),
    o as (
      insert into reservations (transfer_pk, owner_pk, currency, amount, state)
      select t.id, v.owner_pk, v.currency, v.amount, 'open'
      from unnest(${texts(opens.map((t) => t.transferId))}, ${wholes(opens.map((t) => t.ownerPk))},
          ${texts(opens.map((t) => t.currency))},
          ${nullableWholes(opens.map((t) => t.opens ?? null))}) as v(transfer_id, owner_pk, currency, amount)
        join t on t.transfer_id = v.transfer_id
      returning 1
    ),
    c as (
      select v.reservation_pk, v.state, v.closed_by
      from unnest(${nullableWholes(closeNow.map((t) => pkOf.get(t.closes?.reservationId ?? '') ?? null))},
          ${texts(closeNow.map((t) => t.closes?.state ?? null))},
          ${texts(closeNow.map((t) => t.transferId))}) as v(reservation_pk, state, closed_by)
        join t on t.transfer_id = v.closed_by
    ),
    r as (
      update reservations r set state = c.state, closed_by = c.closed_by
      from c
      where r.transfer_pk = c.reservation_pk and r.state = 'open'
        and r.transfer_pk = any(${wholes(closePks)})
      returning 1
    )
    select (select count(*) from t)::text as fresh, (select count(*) from c)::text as to_close,
      (select count(*) from r)::text as closed,
      (select count(*) from e)::text as entries, (select count(*) from b)::text as balances,
      (select count(*) from o)::text as opened,
      ${closeLater ? sql`(select array_agg(transfer_id) from t)` : sql`null::text[]`} as fresh_ids`.execute(
    trx,
  );
  const row = written.rows[0];
  if (!row) throw new Error('bulk ledger: no answer');
  if (Number(row.fresh) < transfers.length) await assertSameMovements(trx, transfers);
  let toClose = Number(row.to_close);
  let closed = Number(row.closed);
  if (closeLater) {
    const fresh = new Set(row.fresh_ids ?? []);
    const due = closes.filter((t) => fresh.has(t.transferId));
    toClose = due.length;
    if (due.length > 0) {
      const pks = await reservationPks(trx, due);
      const result = await sql`
        update reservations r set state = v.state, closed_by = v.closed_by
        from unnest(${nullableWholes(due.map((t) => pks.get(t.closes?.reservationId ?? '') ?? null))},
            ${texts(due.map((t) => t.closes?.state ?? null))},
            ${texts(due.map((t) => t.transferId))}) as v(reservation_pk, state, closed_by)
        where r.transfer_pk = v.reservation_pk and r.state = 'open'
          and r.transfer_pk = any(${wholes([...pks.values()])})`.execute(trx);
      closed = Number(result.numAffectedRows ?? 0n);
    }
  }
  if (closed !== toClose) throw new Error(`bulk ledger: ${toClose - closed} reservation(s) not open`);
  return Number(row.fresh);
}

/**
 * Some ids of the chunk were recorded already: each recorded transfer must be the very movement asked for
 * (those this chunk just inserted are, trivially). A different one under the same id is refused loudly: read
 * as "already done" it would leave a bet settled but never paid.
 */
async function assertSameMovements(trx: Trx, transfers: BulkTransfer[]): Promise<void> {
  const recorded = await sql<{
    transfer_id: string;
    kind: string;
    amount: string;
    owner_pk: string | null;
    currency: string;
  }>`
    select transfer_id, kind, amount::text as amount, owner_pk::text as owner_pk, currency from transfers
    where transfer_id = any(${texts(transfers.map((t) => t.transferId))})`.execute(trx);
  const byId = new Map(recorded.rows.map((r) => [r.transfer_id, r]));
  for (const transfer of transfers) {
    const existing = byId.get(transfer.transferId);
    const same =
      existing !== undefined &&
      existing.kind === transfer.kind &&
      existing.amount === transfer.amount.toString() &&
      existing.owner_pk === transfer.ownerPk &&
      existing.currency === transfer.currency;
    if (!same) {
      throw new Error(`bulk ledger: transfer id ${transfer.transferId} is recorded as another movement`);
    }
  }
}

/**
 * The reservations' own keys (their stake transfers' primary keys) by transfer id, looked up by index. The
 * closes then address reservations by primary key: joined on the text id instead, the planner would rather
 * scan every transfer and reservation, a cost growing with the books rather than with the batch.
 */
async function reservationPks(trx: Trx, closing: BulkTransfer[]): Promise<Map<string, string>> {
  const ids = [...new Set(closing.map((t) => t.closes?.reservationId ?? ''))];
  if (ids.length === 0) return new Map();
  const result = await sql<{ id: string; transfer_id: string }>`
    select id::text as id, transfer_id from transfers where transfer_id = any(${texts(ids)})`.execute(trx);
  return new Map(result.rows.map((row) => [row.transfer_id, row.id]));
}
