import type { WalletMember } from './repository';
import type { KnownTransaction } from './wallet-batch';

/** Members remembered (by wallet session) and dedupe records remembered, at most: the oldest go first. */
const MEMBERS_KEPT = 20_000;
const RECORDS_KEPT = 100_000;

const keyOf = (walletProvider: string, id: string) => `${walletProvider}\u0000${id}`;

/** What a batch's calls would read: the session each stakes on, its own id and the id it refers to. */
export interface RecallCall {
  provider: string;
  token: string;
  user: string;
  transactionUuid: string;
  referenceUuid: string | null;
}

/** A batch's read, recalled from memory: requests are taken as new (the write checks they are). */
export interface Recalled {
  members: WalletMember[];
  transactions: KnownTransaction[];
  rulesVersion: string;
}

/**
 * What the wallet knows of the members it served and the records it wrote, so that a batch of calls on them can
 * be decided without reading (one statement a batch instead of two). Memory is a hint, never the truth: the
 * batch's write checks everything a decision took from it (the account rules version the members were read at,
 * the balances not taken from since, the sessions staked on still open, every record and request new, every
 * state moved from the one remembered) and stands whole or not at all. A batch memory cannot answer whole (a
 * member or a referenced record not held, a call's own id already known, or any call not answered RS_OK) is
 * read and decided as before. Only what a committed write or a read found is remembered.
 */
export class WalletMemory {
  /** The newest account rules version seen: members read at an older one are not recalled. */
  private latestRules = 0n;
  private readonly members = new Map<string, { member: WalletMember; rules: bigint }>();
  private readonly records = new Map<string, KnownTransaction>();

  /** The batch's members and referenced records, or undefined when memory does not hold all of them. */
  recall(calls: readonly RecallCall[]): Recalled | undefined {
    const members = new Map<string, WalletMember>();
    const transactions = new Map<string, KnownTransaction>();
    for (const call of calls) {
      const held = this.members.get(keyOf(call.provider, call.token));
      if (!held || held.rules !== this.latestRules || held.member.account_id !== call.user) return undefined;
      // An open bet's id again: a repeat, decided as stored. (Any other record's id is not held: its repeat is
      // refused by the write, and the batch is then read and decided again.)
      if (this.records.has(keyOf(call.provider, call.transactionUuid))) return undefined;
      members.set(keyOf(call.provider, call.token), held.member);
      if (call.referenceUuid === null) continue;
      const referenced = this.records.get(keyOf(call.provider, call.referenceUuid));
      if (!referenced) return undefined;
      transactions.set(keyOf(call.provider, call.referenceUuid), referenced);
    }
    // Not copied: the engine never changes a member (a write's result is a new object), and a batch works on
    // copies of the records it is given (WalletBatch's constructor).
    return {
      members: [...members.values()],
      transactions: [...transactions.values()],
      rulesVersion: String(this.latestRules),
    };
  }

  /** Members as a read or a committed write left them, read at account rules version `rules` (kept as given). */
  rememberMembers(members: readonly WalletMember[], rules: string): void {
    const version = BigInt(rules);
    if (version > this.latestRules) this.latestRules = version;
    for (const member of members) {
      const key = keyOf(member.session_provider, member.session_token);
      this.members.delete(key);
      this.members.set(key, { member, rules: version });
    }
    evictOldest(this.members, MEMBERS_KEPT);
  }

  /**
   * Records as stored: found by a read or written by a committed batch, which is done with them (kept as given).
   * Only open bets are kept: a bet is what a later call refers to (a win or a rollback names one), and a bet's
   * first win, or its rollback, is what nearly every bet gets. A bet that won (a second win is rare), was rolled
   * back or was closed, and every win, rollback or tombstone leave memory: a call naming one, or repeating its
   * id, is read and decided as stored (a repeated id the write refuses, and the batch is read and decided again),
   * so nothing is taken from a memory that lacks it. Memory then holds a moment's bets instead of the last 100,000
   * records, and the record of every call no longer moves into the heap's old generation to die there.
   */
  rememberRecords(records: readonly KnownTransaction[]): void {
    for (const record of records) {
      const key = keyOf(record.walletProvider, record.transactionUuid);
      this.records.delete(key);
      if (record.kind === 'bet' && record.state === 'open') this.records.set(key, record);
    }
    evictOldest(this.records, RECORDS_KEPT);
  }

  /** How many records memory holds (its tests). */
  get heldRecords(): number {
    return this.records.size;
  }

  /** A batch's write did not stand: what it decided on may be wrong, so its members are read next time. */
  forget(calls: readonly RecallCall[]): void {
    for (const call of calls) this.members.delete(keyOf(call.provider, call.token));
  }
}

function evictOldest<V>(map: Map<string, V>, kept: number): void {
  for (const key of map.keys()) {
    if (map.size <= kept) return;
    map.delete(key);
  }
}
