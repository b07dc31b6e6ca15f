import { sql } from 'kysely';
import type { Trx } from './service';

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

/** Rows per multi-row statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 2_000;

/**
 * The ledger written set-wise for batch work (settlement): the same transfers, entries and reservations the
 * LedgerService writes one by one, in a handful of statements per batch. Balances move by their net delta
 * per account, rows locked in id order first (the order single transfers lock in, so no deadlock), and the
 * balance guard still holds: the database's CHECK refuses any guarded account going below zero.
 */
export const bulkLedger = {
  /** Locks member accounts of these owners in id order and returns them with their balances. */
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
      where owner_pk in (${sql.join(ownerPks.map((pk) => sql`${pk}::bigint`))})
        and kind in (${sql.join(kinds)})
      order by id
      for update`.execute(trx);
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

  /** The house roll-up account of a currency (entries only, never a hot row). */
  async houseAccount(trx: Trx, currency: string): Promise<string> {
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
   * Writes the transfers. Ids already recorded are skipped whole (a replay of a batch that committed);
   * callers lock their own rows (bets) first, so a replay here only happens across processes.
   */
  async write(trx: Trx, transfers: BulkTransfer[]): Promise<number> {
    let written = 0;
    for (let start = 0; start < transfers.length; start += CHUNK) {
      written += await writeChunk(trx, transfers.slice(start, start + CHUNK));
    }
    return written;
  },
};

async function writeChunk(trx: Trx, transfers: BulkTransfer[]): Promise<number> {
  if (transfers.length === 0) return 0;
  for (const transfer of transfers) {
    const total = transfer.entries.reduce((sum, entry) => sum + entry.amount, 0n);
    if (total !== 0n) throw new Error(`transfer ${transfer.transferId} does not balance: ${total}`);
  }
  const inserted = await sql<{ id: string; transfer_id: string }>`
    insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
    values ${sql.join(
      transfers.map(
        (t) =>
          sql`(${t.transferId}, ${t.kind}, ${t.currency}, ${t.amount}::bigint, ${t.ref}, ${t.ownerPk}::bigint)`,
      ),
    )}
    on conflict (transfer_id) do nothing
    returning id::text as id, transfer_id`.execute(trx);
  const pkById = new Map(inserted.rows.map((row) => [row.transfer_id, row.id]));
  const fresh = transfers.filter((t) => pkById.has(t.transferId));
  if (fresh.length === 0) return 0;

  const entryRows = fresh.flatMap((t) =>
    t.entries
      .filter((entry) => entry.amount !== 0n)
      .map(
        (entry) =>
          sql`(${pkById.get(t.transferId)}::bigint, ${entry.accountId}::bigint, ${entry.amount}::bigint)`,
      ),
  );
  for (let start = 0; start < entryRows.length; start += CHUNK) {
    await sql`insert into entries (transfer_pk, ledger_account_id, amount)
      values ${sql.join(entryRows.slice(start, start + CHUNK))}`.execute(trx);
  }

  const deltas = new Map<string, bigint>();
  for (const t of fresh) {
    for (const entry of t.entries) {
      if (entry.kept) deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0n) + entry.amount);
    }
  }
  const moved = [...deltas]
    .filter(([, delta]) => delta !== 0n)
    .sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1));
  if (moved.length > 0) {
    await sql`select id from ledger_accounts
      where id in (${sql.join(moved.map(([id]) => sql`${id}::bigint`))}) order by id for update`.execute(trx);
    await sql`update ledger_accounts a set balance = a.balance + d.delta
      from (values ${sql.join(moved.map(([id, delta]) => sql`(${id}::bigint, ${delta}::bigint)`))}) as d(id, delta)
      where a.id = d.id`.execute(trx);
  }

  // Opened first: a reversal's new reservation may be closed by the resettlement in the same batch.
  const opens = fresh.filter((t) => t.opens !== undefined);
  if (opens.length > 0) {
    await sql`insert into reservations (transfer_pk, owner_pk, currency, amount, state)
      values ${sql.join(
        opens.map(
          (t) =>
            sql`(${pkById.get(t.transferId)}::bigint, ${t.ownerPk}::bigint, ${t.currency}, ${t.opens}::bigint, 'open')`,
        ),
      )}`.execute(trx);
  }
  const closes = fresh.filter((t) => t.closes);
  if (closes.length > 0) {
    const closed = await sql<{ transfer_pk: string }>`
      update reservations r set state = v.state, closed_by = v.closed_by
      from (values ${sql.join(
        closes.map((t) => sql`(${t.closes?.reservationId}, ${t.closes?.state}, ${t.transferId})`),
      )}) as v(reservation_id, state, closed_by), transfers rt
      where rt.transfer_id = v.reservation_id and r.transfer_pk = rt.id and r.state = 'open'
      returning r.transfer_pk::text as transfer_pk`.execute(trx);
    if (closed.rows.length !== closes.length) {
      throw new Error(`bulk ledger: ${closes.length - closed.rows.length} reservation(s) not open`);
    }
  }
  return fresh.length;
}
