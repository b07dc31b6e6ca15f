import { formatUnits } from '../money';

/**
 * The simulator's own books: what it believes each member staked and won on the platform. A bet counts
 * once the platform accepted it (RS_OK); a bet whose outcome was unknown counts nothing once its rollback is
 * confirmed; a win counts once the platform confirmed it. Running sums per user, and the latest round
 * records in a bounded list.
 */
export interface RoundRecord {
  round: string;
  user: string;
  gameCode: string;
  stake: bigint;
  win: bigint;
  state: 'open' | 'settled' | 'refused' | 'rolled_back' | 'pending' | 'stuck';
  detail: string;
  at: string;
}

interface UserBook {
  bets: bigint;
  wins: bigint;
  rolledBack: bigint;
  acceptedBets: number;
  paidWins: number;
  rollbacks: number;
  refusedBets: number;
  /** Wins and rollbacks still being retried, and those stopped by a definite refusal. */
  pending: number;
  stuck: number;
  /** Answers that break the protocol (e.g. a bet accepted after its rollback): the fault run must see none. */
  anomalies: number;
}

export interface LedgerView {
  user: string;
  bets: string;
  wins: string;
  rolled_back: string;
  net: string;
  accepted_bets: number;
  paid_wins: number;
  rollbacks: number;
  refused_bets: number;
  pending: number;
  stuck: number;
  anomalies: number;
}

const MAX_USERS = 100_000;
const MAX_ROUNDS = 5_000;

export class Books {
  private readonly users = new Map<string, UserBook>();
  private rounds: RoundRecord[] = [];

  private book(user: string): UserBook {
    let book = this.users.get(user);
    if (!book) {
      if (this.users.size >= MAX_USERS) {
        // The oldest user's sums go: the books are a test instrument, not an archive.
        const oldest = this.users.keys().next().value;
        if (oldest !== undefined) this.users.delete(oldest);
      }
      book = {
        bets: 0n,
        wins: 0n,
        rolledBack: 0n,
        acceptedBets: 0,
        paidWins: 0,
        rollbacks: 0,
        refusedBets: 0,
        pending: 0,
        stuck: 0,
        anomalies: 0,
      };
      this.users.set(user, book);
    }
    return book;
  }

  betAccepted(user: string, amount: bigint): void {
    const book = this.book(user);
    book.bets += amount;
    book.acceptedBets += 1;
  }

  betRefused(user: string): void {
    this.book(user).refusedBets += 1;
  }

  rollbackConfirmed(user: string, amount: bigint): void {
    const book = this.book(user);
    book.rolledBack += amount;
    book.rollbacks += 1;
  }

  winPaid(user: string, amount: bigint): void {
    const book = this.book(user);
    book.wins += amount;
    book.paidWins += 1;
  }

  pendingChanged(user: string, delta: number): void {
    this.book(user).pending += delta;
  }

  stuck(user: string): void {
    this.book(user).stuck += 1;
  }

  anomaly(user: string): void {
    this.book(user).anomalies += 1;
  }

  record(round: RoundRecord): void {
    this.rounds.push(round);
    if (this.rounds.length > MAX_ROUNDS) this.rounds = this.rounds.slice(-MAX_ROUNDS);
  }

  recentRounds(user: string | undefined, limit: number): RoundRecord[] {
    const rows = user === undefined ? this.rounds : this.rounds.filter((round) => round.user === user);
    return rows.slice(-limit);
  }

  view(user: string): LedgerView {
    const book = this.users.get(user) ?? this.book(user);
    return {
      user,
      bets: formatUnits(book.bets),
      wins: formatUnits(book.wins),
      rolled_back: formatUnits(book.rolledBack),
      net: formatUnits(book.wins - book.bets),
      accepted_bets: book.acceptedBets,
      paid_wins: book.paidWins,
      rollbacks: book.rollbacks,
      refused_bets: book.refusedBets,
      pending: book.pending,
      stuck: book.stuck,
      anomalies: book.anomalies,
    };
  }

  allUsers(): string[] {
    return [...this.users.keys()];
  }
}
