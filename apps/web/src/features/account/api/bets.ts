import type {
  BetLegView,
  BetStatus,
  BetView,
  SettlementHistoryRow,
  StatementBetView,
  StatementDayRow,
  SystemCombinationRow,
} from '@sb/contract';

/**
 * The account screens' view of the server's replies. Every field is read from the contract's reply types
 * (packages/contract: betting.ts BetView for the open lists, statement.ts for statements and reports);
 * nothing is guessed. Money stays a decimal string.
 */

/** One pick of a bet: a single's only leg, or one leg of a parlay or system ticket. */
export interface Leg {
  no: number;
  matchId: number;
  sportId: number;
  league: string;
  home: string;
  away: string;
  kickoff: string;
  betType: string;
  period: string;
  line: string;
  choice: string;
  odds: string;
  live: boolean;
  scoreAtBet: string | null;
  /** won, lost, won_half, lost_half, draw, void once the leg is decided; null while it runs. */
  outcome: string | null;
  /** The score the leg settled on (its period's), when known. */
  result: string | null;
}

export interface Bet {
  id: number;
  refNo: string;
  time: string;
  settledAt: string | null;
  kind: 'single' | 'parlay' | 'system';
  betType: string;
  status: BetStatus;
  oddsType: string;
  odds: string;
  stake: string;
  risk: string;
  payout: string | null;
  winLoss: string | null;
  validTurnover: string | null;
  commission: string | null;
  currency: string;
  foldSizes: number[] | null;
  combinations: number;
  rejectReason: string | null;
  resettled: boolean;
  legs: Leg[];
}

export const toLeg = (leg: BetLegView & { result?: string | null }): Leg => ({
  no: leg.leg_no,
  matchId: leg.match_id,
  sportId: leg.sport_id,
  league: leg.league,
  home: leg.home,
  away: leg.away,
  kickoff: leg.kickoff,
  betType: leg.bet_type,
  period: leg.period,
  line: leg.line,
  choice: leg.choice,
  odds: leg.odds,
  live: leg.live,
  scoreAtBet: leg.score_at_bet,
  outcome: leg.outcome,
  result: leg.result ?? null,
});

/** A bet from the open lists (BetView) or from the statement calls (StatementBetView, with its figures). */
export const toBet = (bet: BetView | StatementBetView): Bet => {
  const settled = 'settled_at' in bet ? bet : null;
  return {
    id: bet.bet_id,
    refNo: bet.ref_no,
    time: bet.trans_time,
    settledAt: settled?.settled_at ?? null,
    kind: bet.kind,
    betType: bet.bet_type,
    status: bet.status,
    oddsType: bet.odds_type,
    odds: bet.odds,
    stake: bet.stake,
    risk: bet.risk,
    payout: bet.payout,
    winLoss: bet.win_loss,
    validTurnover: settled?.valid_turnover ?? null,
    commission: settled?.commission ?? null,
    currency: bet.currency,
    foldSizes: bet.fold_sizes,
    combinations: bet.combinations,
    rejectReason: bet.reject_reason,
    resettled: settled?.resettled ?? false,
    legs: bet.legs.map(toLeg),
  };
};

/** A statement row (dailystatement): balances before and after the betting day and what moved them. */
export interface StatementDay {
  date: string;
  opening: string;
  closing: string;
  turnover: string;
  validTurnover: string;
  commission: string;
  /** The day's settlements: the member's win or loss. */
  winLoss: string;
  /** Deposits, withdrawals and adjustments. */
  adjustment: string;
  /** Provider games, the 4D lottery, mini games and tournament rooms: each its own line. */
  games: string;
  lottery: string;
  miniGame: string;
  tournament: string;
  bets: number;
}

export const toStatementDay = (row: StatementDayRow): StatementDay => ({
  date: row.transaction_date,
  opening: row.opening_balance,
  closing: row.closing_balance,
  turnover: row.turnover,
  validTurnover: row.valid_turnover,
  commission: row.commission,
  winLoss: row.settled_amount,
  adjustment: row.adjustment,
  games: row.game_win_loss,
  lottery: row.lottery,
  miniGame: row.mini_game,
  tournament: row.tournament,
  bets: row.bets,
});

/** One movement of settlementhistory: a settlement, its reversal on resettlement, or a cancellation. */
export interface Settlement {
  key: string;
  refNo: string;
  betId: number;
  movement: SettlementHistoryRow['movement'];
  time: string;
  betType: string;
  stake: string;
  payout: string;
  winLoss: string;
  commission: string;
  status: BetStatus;
  resettled: boolean;
}

export const toSettlement = (row: SettlementHistoryRow, index: number): Settlement => ({
  // A resettled bet moves more than once: the position keeps the keys unique.
  key: `${row.bet_id}-${row.movement}-${row.time}-${index}`,
  refNo: row.ref_no,
  betId: row.bet_id,
  movement: row.movement,
  time: row.time,
  betType: row.bet_type,
  stake: row.stake,
  payout: row.payout,
  winLoss: row.win_loss,
  commission: row.commission,
  status: row.status,
  resettled: row.resettled,
});

/** One combination of a system ticket (betsysparlaybet): its legs, odds, unit stake and return. */
export interface Combination {
  no: number;
  fold: number;
  legNos: number[];
  matches: string;
  odds: string;
  stake: string;
  payout: string | null;
  winLoss: string | null;
  status: SystemCombinationRow['status'];
}

export const toCombination = (row: SystemCombinationRow): Combination => ({
  no: row.combination_no,
  fold: row.fold,
  legNos: row.leg_nos,
  matches: row.matches,
  odds: row.odds,
  stake: row.stake,
  payout: row.payout,
  winLoss: row.win_loss,
  status: row.status,
});

/** Translation key (betStatus.*) of a bet, leg or combination status as the server names it. */
const STATUS_KEYS: Record<string, string> = {
  waiting: 'waiting',
  running: 'running',
  rejected: 'rejected',
  void: 'void',
  refund: 'refund',
  won: 'won',
  won_half: 'wonHalf',
  draw: 'draw',
  lost_half: 'loseHalf',
  lost: 'lost',
};

export const statusKey = (status: string): string | null => STATUS_KEYS[status] ?? null;

/** Translation key (bets.types.*) of a bet type code: BT_HDP, BT_OU_1H, BT_PARLAY, BT_SYSPARLAY... */
const TYPE_KEYS: Record<string, string> = {
  BT_HDP: 'hdp',
  BT_OU: 'ou',
  BT_ML: 'ml',
  BT_1X2: '1x2',
  BT_CS: 'cs',
  BT_OE: 'oe',
  BT_DC: 'dc',
  BT_HTFT: 'htft',
  BT_FGLG: 'fglg',
  BT_TG: 'tg',
  BT_EG: 'eg',
  BT_TW: 'tw',
  BT_OR: 'or',
  BT_PARLAY: 'parlay',
  BT_SYSPARLAY: 'sysparlay',
};

export const betTypeKey = (code: string): { key: string | null; firstHalf: boolean } => {
  const firstHalf = code.endsWith('_1H');
  const base = firstHalf ? code.slice(0, -'_1H'.length) : code;
  return { key: TYPE_KEYS[base] ?? null, firstHalf };
};

/** The choice as the member reads it: the team for h/a/1/2, else a translation key or the raw key. */
export const choiceOf = (
  leg: Pick<Leg, 'choice' | 'home' | 'away'>,
): { team: string } | { key: string } | { raw: string } => {
  const choice = leg.choice;
  if (choice === 'h' || choice === '1') return { team: leg.home };
  if (choice === 'a' || choice === '2') return { team: leg.away };
  const key = CHOICE_KEYS[choice.toLowerCase()];
  return key ? { key } : { raw: choice };
};

const CHOICE_KEYS: Record<string, string> = {
  o: 'over',
  u: 'under',
  x: 'draw',
  odd: 'odd',
  even: 'even',
};

/** Reasons the server gives when it rejects a waiting live bet (bets.reasons.*); others show as sent. */
export const REJECT_REASONS = ['goal', 'redCard', 'period', 'suspended', 'matchState', 'priceMoved'];
