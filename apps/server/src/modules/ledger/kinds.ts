/**
 * Every kind of transfer the ledger writes, declared once. A transfer's kind says which flow wrote it; the
 * statements and `ledger:verify` read it. New money writers add their kinds here and nowhere else.
 */
export const TRANSFER_KINDS = {
  // Sportsbook
  stake: 'stake',
  settle: 'settle',
  release: 'release',
  cancel: 'cancel',
  reversal: 'reversal',
  share: 'share',
  // Member money from and to the upline
  deposit: 'deposit',
  withdraw: 'withdraw',
  creditGiven: 'credit_given',
  creditTaken: 'credit_taken',
  adjustmentIn: 'adjustment_in',
  adjustmentOut: 'adjustment_out',
  // Provider and own games (one movement a wallet call or a round)
  gameBet: 'game_bet',
  gameWin: 'game_win',
  gameRollback: 'game_rollback',
  /** The member's commission (rebate) on casino and games turnover, paid when its rounds are counted. */
  gameRebate: 'game_rebate',
  // Tournament rooms
  tournamentFee: 'tournament_fee',
  tournamentPrize: 'tournament_prize',
  tournamentRefund: 'tournament_refund',
  /** The operator's fee of a paid room: from the escrow to the house once the room pays out. */
  tournamentRake: 'tournament_rake',
} as const;

export type TransferKind = (typeof TRANSFER_KINDS)[keyof typeof TRANSFER_KINDS];

/**
 * House-side roll-up accounts a member movement may run against (entries only, never a hot balance row).
 * `house` is the book's own result; the others keep a product's money apart so its figures read straight off
 * the ledger (a tournament's escrow holds the entry fees until prizes or refunds move them out).
 */
export const HOUSE_ACCOUNTS = {
  house: 'house',
  cash: 'cash',
  games: 'games_house',
  tournamentEscrow: 'tournament_escrow',
} as const;

export type HouseAccountKind = (typeof HOUSE_ACCOUNTS)[keyof typeof HOUSE_ACCOUNTS];
