import { randomBytes } from 'node:crypto';
import type { Game } from '../catalog';
import type { WalletSession } from '../wallet/client';

/**
 * A player's seat at one game page. The page holds only the seat id; the wallet token stays on the simulator.
 * Demo seats play with a fun balance and never call the wallet.
 */
export interface Seat {
  id: string;
  game: Game;
  lang: string;
  wallet: WalletSession | null;
  currency: string;
  /** Demo: the fun balance. Real: the last balance the platform reported. */
  balance: bigint | null;
  lastSeenAt: number;
}

const MAX_SEATS = 10_000;
const SEAT_IDLE_MS = 12 * 60 * 60 * 1000;
export const FUN_BALANCE = 100_000_000n; // 1,000.00 in wire units

export class SeatStore {
  private readonly seats = new Map<string, Seat>();

  open(game: Game, lang: string, wallet: WalletSession | null, balance: bigint | null): Seat {
    this.sweep();
    const seat: Seat = {
      id: randomBytes(18).toString('base64url'),
      game,
      lang,
      wallet,
      currency: wallet?.currency ?? 'FUN',
      balance: wallet ? balance : FUN_BALANCE,
      lastSeenAt: Date.now(),
    };
    this.seats.set(seat.id, seat);
    return seat;
  }

  get(id: unknown): Seat | undefined {
    if (typeof id !== 'string') return undefined;
    const seat = this.seats.get(id);
    if (seat) seat.lastSeenAt = Date.now();
    return seat;
  }

  /** Drops idle seats, and the oldest ones when the store is full (insertion order is age order). */
  private sweep(): void {
    const cutoff = Date.now() - SEAT_IDLE_MS;
    for (const [id, seat] of this.seats) {
      if (this.seats.size < MAX_SEATS && seat.lastSeenAt >= cutoff) break;
      this.seats.delete(id);
    }
  }
}
