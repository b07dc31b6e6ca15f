import { randomUUID } from 'node:crypto';
import { formatUnits } from '../money';
import type { Books } from '../wallet/books';
import type { WalletClient } from '../wallet/client';
import type { Seat } from './sessions';

export const MIN_STAKE = 100_000n; // 1.00
export const MAX_STAKE = 100_000_000n; // 1,000.00
const WHOLE_UNIT = 100_000n;

export type PlayError =
  'bad_stake' | 'insufficient_funds' | 'bet_refused' | 'bet_rolled_back' | 'busy' | 'closed';

export type Staked =
  | { ok: true; round: string; betId: string | null; stake: bigint }
  | { ok: false; error: PlayError; status?: string };

/** Stakes are whole currency units so every return (banker 0.95, 35:1, fish x200) is whole cents. */
export function validStake(stake: bigint | null): stake is bigint {
  return stake !== null && stake >= MIN_STAKE && stake <= MAX_STAKE && stake % WHOLE_UNIT === 0n;
}

/**
 * The two halves of every round: take the stake (a wallet bet, or the fun balance in demo), then pay its
 * return (a wallet win, 0 for a loss, closing the round). The simulator's books and round records follow.
 */
export class RoundService {
  constructor(
    private readonly wallet: WalletClient | null,
    private readonly books: Books,
  ) {}

  async stake(
    seat: Seat,
    stake: bigint,
    description: string,
    round = `${seat.game.code}-${randomUUID()}`,
  ): Promise<Staked> {
    if (!validStake(stake)) return { ok: false, error: 'bad_stake' };
    if (!seat.wallet) {
      if ((seat.balance ?? 0n) < stake) return { ok: false, error: 'insufficient_funds' };
      seat.balance = (seat.balance ?? 0n) - stake;
      return { ok: true, round, betId: null, stake };
    }
    if (!this.wallet || !this.wallet.canTakeBets) return { ok: false, error: 'busy' };
    const result = await this.wallet.bet(seat.wallet, { round, roundClosed: false }, stake, description);
    if (result.kind === 'accepted') {
      if (result.balance !== null) seat.balance = result.balance;
      return { ok: true, round, betId: result.transactionId, stake };
    }
    this.record(seat, round, stake, 0n, result.kind === 'refused' ? 'refused' : 'rolled_back', description);
    if (result.kind === 'refused') {
      if (result.balance !== null) seat.balance = result.balance;
      const error = result.status === 'RS_ERROR_NOT_ENOUGH_MONEY' ? 'insufficient_funds' : 'bet_refused';
      return { ok: false, error, status: result.status };
    }
    return { ok: false, error: 'bet_rolled_back', status: result.reason };
  }

  /** Pays a staked bet's return; `closes` says whether this is the round's last call. */
  async settle(
    seat: Seat,
    staked: Extract<Staked, { ok: true }>,
    win: bigint,
    detail: string,
    closes = true,
  ): Promise<'paid' | 'pending' | 'stuck'> {
    if (!seat.wallet || staked.betId === null) {
      seat.balance = (seat.balance ?? 0n) + win;
      this.record(seat, staked.round, staked.stake, win, 'settled', detail);
      return 'paid';
    }
    if (!this.wallet) return 'stuck';
    const paid = await this.wallet.win(
      seat.wallet,
      { round: staked.round, roundClosed: closes },
      staked.betId,
      win,
    );
    if (paid.kind === 'paid' && paid.balance !== null) seat.balance = paid.balance;
    const state = paid.kind === 'paid' ? 'settled' : paid.kind;
    this.record(seat, staked.round, staked.stake, win, state, detail);
    return paid.kind;
  }

  private record(
    seat: Seat,
    round: string,
    stake: bigint,
    win: bigint,
    state: 'settled' | 'refused' | 'rolled_back' | 'pending' | 'stuck',
    detail: string,
  ): void {
    if (!seat.wallet) return;
    this.books.record({
      round,
      user: seat.wallet.user,
      gameCode: seat.game.code,
      stake,
      win,
      state,
      detail,
      at: new Date().toISOString(),
    });
  }
}

export function balanceText(seat: Seat): string | null {
  return seat.balance === null ? null : formatUnits(seat.balance);
}
