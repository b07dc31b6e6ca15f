import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Trx } from '../../db/types';
import { bulkLedger, type BulkEntry, type BulkTransfer, type LockedAccount } from './bulk';
import { TRANSFER_KINDS } from './kinds';
import { MEMBER_AVAILABLE, MEMBER_OUTSTANDING } from './service';

/**
 * The posting rules of the sportsbook's settlement (settlement/batch.ts builds its batches with them and writes
 * them through the ledger's batch path): what a settled, reversed, cancelled or released bet moves between the
 * member's available and outstanding accounts, the house and the member's receivable. Owned by the ledger so
 * every rule that writes money lives in one module.
 */

/** What posting a bet needs to know of it (the settlement's locked bet row). */
export interface PostedBet {
  ref_no: string;
  account_pk: string;
  currency: string;
  risk: bigint;
  reservation_id: string;
  /** What the current settlement paid and credited as rebate (null before the first settlement). */
  payout: bigint | null;
  commission: bigint | null;
}

/** An upline level's account of its shares of its downline's results. */
export const UPLINE_PL = 'upline_pl';

/**
 * One operator's share transfer for a settlement batch in one currency: each upline level's part of the book's
 * result (and its commission) to its upline P/L account, the house taking the other side.
 */
export function shareTransfer(input: {
  batchKey: string;
  operator: string;
  currency: string;
  shares: { accountId: string; amount: bigint }[];
  houseAccountId: string;
}): BulkTransfer {
  const total = input.shares.reduce((sum, share) => sum + share.amount, 0n);
  return {
    transferId: `shares:${input.batchKey}:${input.operator}:${input.currency}`,
    kind: TRANSFER_KINDS.share,
    ownerPk: input.operator,
    currency: input.currency,
    amount: total < 0n ? -total : total,
    ref: input.batchKey,
    entries: [
      ...input.shares.map((share) => ({ accountId: share.accountId, amount: share.amount, kept: true })),
      { accountId: input.houseAccountId, amount: -total, kept: false },
    ],
  };
}

/** One operator's upline levels' parts of a batch in one currency: each level's account owner and amount. */
export interface LevelShares {
  operator: string;
  currency: string;
  byLevel: ReadonlyMap<string, bigint>;
}

/**
 * A batch's share transfers (settlement's and the game-rounds report's): one per operator and currency, each
 * level's non-zero part to its upline P/L account (opened if new). Operators and levels are taken in id order,
 * so two batches in flight lock the same accounts in the same order and never wait on each other crosswise.
 */
export async function levelShareTransfers(
  trx: Trx,
  batchKey: string,
  groups: Iterable<LevelShares>,
): Promise<BulkTransfer[]> {
  const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
  const transfers: BulkTransfer[] = [];
  for (const group of [...groups].sort((a, b) => (a.operator < b.operator ? -1 : 1))) {
    const moving = [...group.byLevel].filter(([, amount]) => amount !== 0n).sort(([a], [b]) => byId(a, b));
    if (moving.length === 0) continue;
    const accounts = await bulkLedger.memberAccounts(
      trx,
      moving.map(([pk]) => pk),
      UPLINE_PL,
      group.currency,
    );
    const shares = moving.flatMap(([pk, amount]) => {
      const accountId = accounts.get(pk);
      return accountId ? [{ accountId, amount }] : [];
    });
    transfers.push(
      shareTransfer({
        batchKey,
        operator: group.operator,
        currency: group.currency,
        shares,
        houseAccountId: await bulkLedger.houseAccount(trx, group.currency),
      }),
    );
  }
  return transfers;
}

/**
 * A member's commission on casino and games rounds counted in one report batch: from the house to the member's
 * available balance, one transfer per member and currency a batch (rules.md decision 12: commission per product).
 */
export function gameRebateTransfer(input: {
  batchKey: string;
  memberPk: string;
  currency: string;
  amount: bigint;
  memberAccountId: string;
  houseAccountId: string;
}): BulkTransfer {
  return {
    transferId: `rebate:${input.batchKey}:${input.memberPk}:${input.currency}`,
    kind: TRANSFER_KINDS.gameRebate,
    ownerPk: input.memberPk,
    currency: input.currency,
    amount: input.amount,
    ref: input.batchKey,
    entries: [
      { accountId: input.memberAccountId, amount: input.amount, kept: true },
      { accountId: input.houseAccountId, amount: -input.amount, kept: false },
    ],
  };
}

/** A member's ledger account for what a resettlement took back beyond their balance. */
export const RECEIVABLE = 'receivable';

/** What one batch changed, for the pushes after its commit. */
export interface BatchMoves {
  moved: number;
  members: Map<string, { account: AccountRow; available: bigint; outstanding: bigint }>;
}

/** The ledger side of a batch: member accounts (locked), house accounts, and the transfers built on them. */
export class Books {
  private readonly byKey = new Map<string, LockedAccount>();
  /** Each member's available balance as the batch's transfers so far would leave it. */
  private readonly running = new Map<string, bigint>();

  constructor(
    locked: LockedAccount[],
    readonly accounts: Map<string, AccountRow>,
    private readonly everyone: Map<string, AccountRow>,
    private readonly houses: Map<string, string>,
  ) {
    for (const account of locked) {
      this.byKey.set(`${account.ownerPk}|${account.kind}|${account.currency}`, account);
      if (account.kind === MEMBER_AVAILABLE)
        this.running.set(`${account.ownerPk}|${account.currency}`, account.balance);
    }
  }

  chainOf(member: AccountRow): AccountRow[] {
    return member.path
      .split('/')
      .filter(Boolean)
      .map((pk) => this.everyone.get(pk))
      .filter((account): account is AccountRow => account !== undefined && account.level !== 'member');
  }

  /**
   * Posts the reservation in one transfer: the stake leaves the outstanding account, the payout and the
   * rebate reach the available one, the house takes the difference. Its amount is the payout; the rebate
   * is what the member was credited beyond it (the statements read it so).
   */
  settlement(
    bet: PostedBet,
    gen: number,
    reservationId: string,
    figures: { payout: bigint },
    rebate: bigint,
  ): BulkTransfer {
    this.spend(bet, -(figures.payout + rebate));
    return {
      transferId: `settle:${bet.ref_no}:${gen}`,
      kind: TRANSFER_KINDS.settle,
      ownerPk: bet.account_pk,
      currency: bet.currency,
      amount: figures.payout,
      ref: bet.ref_no,
      entries: [
        { accountId: this.account(bet, MEMBER_OUTSTANDING), amount: -bet.risk, kept: true },
        { accountId: this.account(bet, MEMBER_AVAILABLE), amount: figures.payout + rebate, kept: true },
        { accountId: this.house(bet.currency), amount: bet.risk - figures.payout - rebate, kept: false },
      ],
      closes: { reservationId, state: figures.payout === bet.risk ? 'voided' : 'posted' },
    };
  }

  /**
   * Reverses a settlement with a new transfer: the payout and rebate come back from the member, and the
   * stake is put back at risk (a new reservation), or, cancelling, returned to the member. Money the member
   * no longer has is carried on their receivable account rather than breaking the balance guard.
   */
  reversal(bet: PostedBet, transferId: string, options: { refundStake?: boolean } = {}): BulkTransfer {
    const paid = (bet.payout ?? 0n) + (bet.commission ?? 0n);
    const takeBack = options.refundStake ? paid - bet.risk : paid;
    const entries: BulkEntry[] = [
      { accountId: this.house(bet.currency), amount: paid - bet.risk, kept: false },
    ];
    if (!options.refundStake) {
      entries.push({ accountId: this.account(bet, MEMBER_OUTSTANDING), amount: bet.risk, kept: true });
    }
    entries.push(...this.debitMember(bet, takeBack));
    return {
      transferId,
      kind: options.refundStake ? TRANSFER_KINDS.cancel : TRANSFER_KINDS.reversal,
      ownerPk: bet.account_pk,
      currency: bet.currency,
      amount: paid,
      ref: bet.ref_no,
      entries,
      ...(options.refundStake ? {} : { opens: bet.risk }),
    };
  }

  /** Releases a running bet's reservation untouched. */
  release(bet: PostedBet, transferId: string): BulkTransfer {
    this.spend(bet, -bet.risk);
    return {
      transferId,
      kind: TRANSFER_KINDS.cancel,
      ownerPk: bet.account_pk,
      currency: bet.currency,
      amount: bet.risk,
      ref: bet.ref_no,
      entries: [
        { accountId: this.account(bet, MEMBER_OUTSTANDING), amount: -bet.risk, kept: true },
        { accountId: this.account(bet, MEMBER_AVAILABLE), amount: bet.risk, kept: true },
      ],
      closes: { reservationId: bet.reservation_id, state: 'voided' },
    };
  }

  /** Each member's balances after the batch's transfers, for the balance push. */
  finalBalances(transfers: BulkTransfer[]): BatchMoves['members'] {
    const delta = new Map<string, bigint>();
    for (const transfer of transfers) {
      for (const entry of transfer.entries) {
        if (entry.kept) delta.set(entry.accountId, (delta.get(entry.accountId) ?? 0n) + entry.amount);
      }
    }
    const members: BatchMoves['members'] = new Map();
    for (const transfer of transfers) {
      const account = this.accounts.get(transfer.ownerPk);
      if (!account || members.has(transfer.ownerPk)) continue;
      const balanceOf = (kind: string) => {
        const locked = this.byKey.get(`${transfer.ownerPk}|${kind}|${transfer.currency}`);
        return locked ? locked.balance + (delta.get(locked.id) ?? 0n) : 0n;
      };
      members.set(transfer.ownerPk, {
        account,
        available: balanceOf(MEMBER_AVAILABLE),
        outstanding: balanceOf(MEMBER_OUTSTANDING),
      });
    }
    return members;
  }

  private debitMember(bet: PostedBet, amount: bigint): BulkEntry[] {
    if (amount <= 0n) {
      this.spend(bet, amount);
      return [{ accountId: this.account(bet, MEMBER_AVAILABLE), amount: -amount, kept: true }];
    }
    const key = `${bet.account_pk}|${bet.currency}`;
    const have = this.running.get(key) ?? 0n;
    const fromAvailable = have >= amount ? amount : have > 0n ? have : 0n;
    this.running.set(key, have - fromAvailable);
    const entries: BulkEntry[] = [
      { accountId: this.account(bet, MEMBER_AVAILABLE), amount: -fromAvailable, kept: true },
    ];
    if (fromAvailable < amount) {
      entries.push({ accountId: this.receivable(bet), amount: -(amount - fromAvailable), kept: true });
    }
    return entries;
  }

  private spend(bet: PostedBet, amount: bigint): void {
    const key = `${bet.account_pk}|${bet.currency}`;
    this.running.set(key, (this.running.get(key) ?? 0n) - amount);
  }

  private account(bet: PostedBet, kind: string): string {
    const account = this.byKey.get(`${bet.account_pk}|${kind}|${bet.currency}`);
    if (!account) throw new AppError('wallet_not_exists');
    return account.id;
  }

  private receivable(bet: PostedBet): string {
    const known = this.byKey.get(`${bet.account_pk}|${RECEIVABLE}|${bet.currency}`);
    if (known) return known.id;
    throw new ReceivableNeeded(bet.account_pk, bet.currency);
  }

  private house(currency: string): string {
    const id = this.houses.get(currency);
    if (!id) throw new Error(`no house account for ${currency}`);
    return id;
  }
}

/** Thrown when a reversal needs a receivable the member never had: opened, then the batch is retried. */
export class ReceivableNeeded extends Error {
  constructor(
    readonly ownerPk: string,
    readonly currency: string,
  ) {
    super(`receivable account needed for ${ownerPk}/${currency}`);
  }
}
