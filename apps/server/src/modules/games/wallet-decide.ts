import type { WalletStatus } from '@sb/contract';
import { TRANSFER_KINDS } from '../ledger/kinds';
import type { GameRow, WalletMember } from './repository';
import type { KnownTransaction, WalletBatch } from './wallet-batch';
import type { Balance, MemberView, MoneyCall } from './wallet-engine';

/** States that refuse every stake (the worst state along the upline chain counts, as for sessions). */
const DISABLED_STATES = new Set(['closed', 'blocked', 'frozen', 'inactive', 'suspended']);

/** One call's decision by the operator decision table (games-tournaments-backoffice.md 1.4). */
export function decideCall(
  call: MoneyCall,
  member: WalletMember,
  balance: Balance,
  batch: WalletBatch,
  now: Date,
): WalletStatus {
  if (call.kind === 'bet') return decideBet(call, member, balance, batch, now);
  if (call.kind === 'win') return decideWin(call, member, balance, batch);
  return decideRollback(call, member, balance, batch);
}

function decideBet(
  call: MoneyCall & { kind: 'bet' },
  member: WalletMember,
  balance: Balance,
  batch: WalletBatch,
  now: Date,
): WalletStatus {
  const { provider, input, amount, game } = call;
  const existing = batch.transaction(provider, input.transaction_uuid);
  if (existing)
    return replayOf(existing, { kind: 'bet', amount, reference: null }, member, input.round, game);
  if (member.session_expires_at.getTime() <= now.getTime()) return 'RS_ERROR_TOKEN_EXPIRED';
  if (!game || game.wallet_provider !== provider) return 'RS_ERROR_INVALID_GAME';
  if (input.currency !== member.session_currency || member.currency !== member.session_currency)
    return 'RS_ERROR_WRONG_CURRENCY';
  if (!mayStake(member, game)) return 'RS_ERROR_USER_DISABLED';
  if (balance.available < amount) return 'RS_ERROR_NOT_ENOUGH_MONEY';
  const round = { walletProvider: provider, round: input.round, accountPk: member.account_pk };
  const roundKey = batch.betIntoRound(
    { ...round, gamePk: game.id, currency: member.session_currency },
    amount,
    input.round_closed,
  );
  batch.record({
    ...round,
    transactionUuid: input.transaction_uuid,
    kind: 'bet',
    gamePk: game.id,
    referenceUuid: null,
    amount,
    state: 'open',
    status: 'RS_OK',
    roundKey,
  });
  batch.stakedOn(provider, input.token);
  move(batch, call, member, balance, TRANSFER_KINDS.gameBet, amount, game);
  return 'RS_OK';
}

function decideWin(
  call: MoneyCall & { kind: 'win' },
  member: WalletMember,
  balance: Balance,
  batch: WalletBatch,
): WalletStatus {
  const { provider, input, amount, game } = call;
  const existing = batch.transaction(provider, input.transaction_uuid);
  const asked = { kind: 'win' as const, amount, reference: input.reference_transaction_uuid };
  if (existing) return replayOf(existing, asked, member, input.round, game);
  if (!game || game.wallet_provider !== provider) return 'RS_ERROR_INVALID_GAME';
  if (input.currency !== member.session_currency) return 'RS_ERROR_WRONG_CURRENCY';
  const bet = batch.transaction(provider, input.reference_transaction_uuid);
  if (bet?.kind === 'tombstone' || bet?.state === 'rolled_back') return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
  // A bet of another member, or one whose round the platform closed (it stands as lost), is not there to win.
  if (!bet || bet.kind !== 'bet' || bet.accountPk !== member.account_pk || bet.state === 'done')
    return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
  batch.record({
    walletProvider: provider,
    transactionUuid: input.transaction_uuid,
    kind: 'win',
    accountPk: member.account_pk,
    gamePk: game.id,
    round: input.round,
    referenceUuid: input.reference_transaction_uuid,
    amount,
    state: 'done',
    status: 'RS_OK',
    roundKey: bet.roundKey,
  });
  batch.setState(bet, 'won');
  batch.changeRoundOf(bet, member.session_currency, { win: amount, stake: 0n, closed: input.round_closed });
  move(batch, call, member, balance, TRANSFER_KINDS.gameWin, amount, game);
  return 'RS_OK';
}

function decideRollback(
  call: MoneyCall & { kind: 'rollback' },
  member: WalletMember,
  balance: Balance,
  batch: WalletBatch,
): WalletStatus {
  const { provider, input, game } = call;
  const existing = batch.transaction(provider, input.transaction_uuid);
  const asked = { kind: 'rollback' as const, amount: null, reference: input.reference_transaction_uuid };
  if (existing) return replayOf(existing, asked, member, input.round, game);
  if (!game || game.wallet_provider !== provider) return 'RS_ERROR_INVALID_GAME';
  const bet = batch.transaction(provider, input.reference_transaction_uuid);
  if (bet && bet.accountPk !== member.account_pk) return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
  const record = (amount: bigint, roundKey: string | null) =>
    batch.record({
      walletProvider: provider,
      transactionUuid: input.transaction_uuid,
      kind: 'rollback',
      accountPk: member.account_pk,
      gamePk: game.id,
      round: input.round,
      referenceUuid: input.reference_transaction_uuid,
      amount,
      state: 'done',
      status: 'RS_OK',
      roundKey,
    });
  if (!bet) {
    // Rollback before its bet: a tombstone under the bet's id refuses the bet if it arrives later.
    record(0n, null);
    batch.record({
      walletProvider: provider,
      transactionUuid: input.reference_transaction_uuid,
      kind: 'tombstone',
      accountPk: member.account_pk,
      gamePk: game.id,
      round: input.round,
      referenceUuid: input.transaction_uuid,
      amount: 0n,
      state: 'done',
      status: 'RS_ERROR_DUPLICATE_TRANSACTION',
    });
    return 'RS_OK';
  }
  // Only an open bet rolls back; a won bet (the win stands), a bet of a closed round, a second rollback,
  // a rollback of a win or of a tombstone: OK with nothing moved, so the provider stops retrying.
  if (bet.kind !== 'bet' || bet.state !== 'open') {
    batch.changeRoundOf(bet, member.session_currency, { win: 0n, stake: 0n, closed: false });
    record(0n, bet.roundKey);
    return 'RS_OK';
  }
  record(bet.amount, bet.roundKey);
  batch.setState(bet, 'rolled_back');
  batch.changeRoundOf(bet, member.session_currency, {
    win: 0n,
    stake: -bet.amount,
    closed: input.round_closed,
  });
  move(batch, call, member, balance, TRANSFER_KINDS.gameRollback, bet.amount, game);
  return 'RS_OK';
}

/** One ledger movement between the member's available balance and the games house account. */
function move(
  batch: WalletBatch,
  call: MoneyCall,
  member: WalletMember,
  balance: Balance,
  kind: 'game_bet' | 'game_win' | 'game_rollback',
  amount: bigint,
  game: GameRow,
): void {
  if (amount === 0n) return;
  const direction = kind === TRANSFER_KINDS.gameBet ? 'out' : 'in';
  batch.move({
    walletProvider: call.provider,
    transactionUuid: call.input.transaction_uuid,
    kind,
    direction,
    ownerPk: member.account_pk,
    currency: member.session_currency,
    amount,
    product: game.product,
    balanceRead: member.available,
  });
  balance.available += direction === 'in' ? amount : -amount;
}

/** Suspended, closed, blocked, frozen or inactive (the member or an upline), or the product switched off. */
function mayStake(member: MemberView, game: GameRow): boolean {
  const chain = [{ state: member.state, features: member.features }, ...member.upline];
  if (chain.some((account) => DISABLED_STATES.has(account.state))) return false;
  const feature = game.product === 'live_casino' ? 'live_casino' : null;
  return feature === null || !chain.some((account) => account.features?.[feature] === false);
}

/**
 * A transaction id seen before: the same call again (kind, member, round, game, amount where it has one and
 * the referenced id) gets the stored status; anything else under that id is a duplicate.
 */
function replayOf(
  existing: KnownTransaction,
  asked: { kind: KnownTransaction['kind']; amount: bigint | null; reference: string | null },
  member: MemberView,
  round: string,
  game: GameRow | undefined,
): WalletStatus {
  const same =
    existing.kind === asked.kind &&
    existing.accountPk === member.account_pk &&
    existing.round === round &&
    game !== undefined &&
    existing.gamePk === game.id &&
    (asked.amount === null || existing.amount === asked.amount) &&
    existing.referenceUuid === asked.reference;
  return same ? (existing.status as WalletStatus) : 'RS_ERROR_DUPLICATE_TRANSACTION';
}
