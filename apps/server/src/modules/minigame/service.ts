import type { MiniGame, MiniRoundView } from '@sb/contract';
import {
  cardRank,
  diceRoll,
  dicePayout,
  diceWins,
  hiloCard,
  hiloPayout,
  hiloWinningRanks,
  hundredthsText,
  isDiceTarget,
  type DiceSide,
  type FairOutcome,
  type HiloGuess,
} from '@sb/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { MinigameRoundTable } from '../../db/schema';
import type { Trx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { formatMinor, toMinor } from '../../lib/money';
import { MemberNotifier } from '../../push/member';
import { HOUSE_ACCOUNTS, TRANSFER_KINDS } from '../ledger/kinds';
import type { AccountService, MemberSession } from '../account/service';
import { memberScope, type FairService, type StoredRound } from '../fair/service';
import { gameLimit, limitViews } from './limits';
import { minigameRepository as repo } from './repository';

/** A hi-lo round ends by itself after this many right guesses (its payout is then paid). */
export const HILO_MAX_STEPS = 20;

interface HiloDetail {
  cards: number[];
  guesses: HiloGuess[];
}

/** One movement between the member and the games' house account, with a `mini:` id. */
export async function moveGameMoney(
  ctx: AppContext,
  trx: Trx,
  input: {
    id: string;
    direction: 'in' | 'out';
    accountPk: string;
    currency: string;
    amount: bigint;
    ref: string;
  },
): Promise<void> {
  if (input.amount <= 0n) return;
  await ctx.ledger.moveMember(trx, {
    transferId: input.id,
    kind: input.direction === 'out' ? TRANSFER_KINDS.gameBet : TRANSFER_KINDS.gameWin,
    direction: input.direction,
    ownerPk: input.accountPk,
    currency: input.currency,
    amount: input.amount,
    account: HOUSE_ACCOUNTS.games,
    ref: input.ref,
  });
}

/**
 * Dice and hi-lo, played on the member's own seed (`member:<pk>`, rotated on request), and the member's rounds.
 * Each round is one row and its money one `game_bet` movement out and, when it pays, one `game_win` in
 * (ids `mini:<game>:<round>:bet|win`), written in the same transaction as the row.
 */
export class MinigameService {
  readonly notifier: MemberNotifier;

  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    private readonly fair: FairService,
  ) {
    this.notifier = new MemberNotifier(ctx);
  }

  /** The member's session, refused when the upline switched mini games off (or the account is view only). */
  async member(input: { account_id: string; session_token: string }, write: boolean): Promise<MemberSession> {
    const session = await this.accounts.requireSession(input);
    if ((session.account.features as Record<string, boolean>).mini_game === false)
      throw new AppError('MiniGameDisabled');
    if (write && session.viewOnly) throw new AppError('SUSPEND');
    if (!session.account.currency) throw new AppError('invalidCurrency');
    return session;
  }

  checkStake(
    game: MiniGame,
    currency: string,
    stakeText: string,
    potential?: (stake: bigint) => bigint,
  ): bigint {
    const stake = toMinor(stakeText);
    const limit = gameLimit(game, currency);
    if (stake < limit.min) throw new AppError('betLowerMin', { field: 'stake' });
    if (stake > limit.max) throw new AppError('betOverMax', { field: 'stake' });
    if (potential && potential(stake) > limit.maxPayout)
      throw new AppError('betOverMaxPayout', { field: 'stake' });
    return stake;
  }

  limits(currency: string) {
    return limitViews(currency);
  }

  async dice(input: {
    account_id: string;
    session_token: string;
    stake: string;
    side: 'under' | 'over';
    target: string;
  }) {
    const session = await this.member(input, true);
    const account = session.account;
    const currency = account.currency as string;
    const target = Number(toMinor(input.target));
    const side = input.side as DiceSide;
    if (!isDiceTarget(side, target)) throw new AppError('invalidBetType', { field: 'target' });
    const stake = this.checkStake('dice', currency, input.stake, (s) => dicePayout(s, side, target));
    const round = await this.ctx.db.transaction().execute(async (trx) => {
      const { seedId, nonce, stream } = await this.fair.round(trx, memberScope(String(account.id)));
      const roll = diceRoll(stream);
      const won = diceWins(side, target, roll);
      const payout = won ? dicePayout(stake, side, target) : 0n;
      const detail = JSON.stringify({ side, target: hundredthsText(target), roll: hundredthsText(roll) });
      const row = await repo.insertRound(trx, {
        game: 'dice',
        accountPk: String(account.id),
        currency,
        stake,
        seedId,
        nonce,
        crashRoundId: null,
        detail,
        at: this.ctx.now(),
      });
      if (!row) throw new Error('dice round not written');
      const roundId = String(row.id);
      const base = { accountPk: String(account.id), currency, ref: `dice:${roundId}` };
      await moveGameMoney(this.ctx, trx, {
        ...base,
        id: `mini:dice:${roundId}:bet`,
        direction: 'out',
        amount: stake,
      });
      await moveGameMoney(this.ctx, trx, {
        ...base,
        id: `mini:dice:${roundId}:win`,
        direction: 'in',
        amount: payout,
      });
      await repo.closeRound(trx, roundId, {
        status: won ? 'won' : 'lost',
        payout,
        detail,
        at: this.ctx.now(),
      });
      return { ...row, status: won ? ('won' as const) : ('lost' as const), payout, detail };
    });
    await this.notifier.balance(account);
    return { round: roundView({ ...round, seed_hash: null }) };
  }

  async hiloStart(input: { account_id: string; session_token: string; stake: string }) {
    const session = await this.member(input, true);
    const account = session.account;
    const currency = account.currency as string;
    const stake = this.checkStake('hilo', currency, input.stake);
    const round = await this.ctx.db.transaction().execute(async (trx) => {
      // One open hi-lo game at a time: its cards come from the member's seed in order.
      if (await repo.openHilo(trx, String(account.id)))
        throw new AppError('roundClosed', { extra: { reason: 'a hi-lo game is open' } });
      const { seedId, nonce, stream } = await this.fair.round(trx, memberScope(String(account.id)));
      const detail: HiloDetail = { cards: [hiloCard(stream)], guesses: [] };
      const row = await repo.insertRound(trx, {
        game: 'hilo',
        accountPk: String(account.id),
        currency,
        stake,
        seedId,
        nonce,
        crashRoundId: null,
        detail: JSON.stringify(detail),
        at: this.ctx.now(),
      });
      if (!row) throw new Error('hi-lo round not written');
      await moveGameMoney(this.ctx, trx, {
        id: `mini:hilo:${String(row.id)}:bet`,
        direction: 'out',
        accountPk: String(account.id),
        currency,
        amount: stake,
        ref: `hilo:${String(row.id)}`,
      });
      return row;
    });
    await this.notifier.balance(account);
    return { round: roundView({ ...round, seed_hash: null }) };
  }

  /** A guess: the next card from the round's stream; a wrong guess loses the stake, a right one goes on. */
  async hiloGuess(input: { account_id: string; session_token: string; round_id: number; guess: HiloGuess }) {
    const session = await this.member(input, true);
    const account = session.account;
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.ownOpenHilo(trx, input.round_id, String(account.id));
      const detail = JSON.parse(row.detail) as HiloDetail;
      const stream = await this.fair.stream(trx, String(row.seed_id), row.nonce as number);
      for (let i = 0; i < detail.cards.length; i += 1) stream.nextWord();
      const next = hiloCard(stream);
      const current = cardRank(detail.cards[detail.cards.length - 1] as number);
      const won = input.guess === 'higher' ? cardRank(next) >= current : cardRank(next) <= current;
      const updated: HiloDetail = {
        cards: [...detail.cards, next],
        guesses: [...detail.guesses, input.guess],
      };
      const now = this.ctx.now();
      if (!won) {
        await repo.closeRound(trx, String(row.id), {
          status: 'lost',
          payout: 0n,
          detail: JSON.stringify(updated),
          at: now,
        });
        return {
          ...row,
          status: 'lost' as const,
          payout: 0n,
          detail: JSON.stringify(updated),
          settled: true,
        };
      }
      const payout = hiloPayout(row.stake, steps(updated));
      const limit = gameLimit('hilo', row.currency);
      // The game ends by itself at its step bound or when the next win could pass the max payout.
      if (updated.guesses.length >= HILO_MAX_STEPS || payout >= limit.maxPayout) {
        return {
          ...(await this.payHilo(trx, row, updated, payout < limit.maxPayout ? payout : limit.maxPayout)),
          settled: true,
        };
      }
      await repo.closeRound(trx, String(row.id), {
        status: 'open',
        payout: null,
        detail: JSON.stringify(updated),
        at: null,
      });
      return { ...row, detail: JSON.stringify(updated), settled: false };
    });
    if (result.settled) await this.notifier.balance(account);
    return { round: roundView({ ...result, seed_hash: null }) };
  }

  async hiloCashout(input: { account_id: string; session_token: string; round_id: number }) {
    const session = await this.member(input, true);
    const account = session.account;
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      const row = await this.ownOpenHilo(trx, input.round_id, String(account.id));
      const detail = JSON.parse(row.detail) as HiloDetail;
      if (detail.guesses.length === 0)
        throw new AppError('roundClosed', { extra: { reason: 'guess at least once' } });
      return this.payHilo(trx, row, detail, hiloPayout(row.stake, steps(detail)));
    });
    await this.notifier.balance(account);
    return { round: roundView({ ...result, seed_hash: null }) };
  }

  async rounds(input: {
    account_id: string;
    session_token: string;
    game?: MiniGame | undefined;
    page: number;
    page_size: number;
  }) {
    const session = await this.member(input, false);
    const { rows, total } = await repo.memberRounds(
      this.ctx.db,
      String(session.account.id),
      { game: input.game },
      { limit: input.page_size, offset: (input.page - 1) * input.page_size },
    );
    return { data: rows.map(roundView), total, page: input.page };
  }

  /** The statement's mini-game rows: rounds settled in a window. */
  async report(memberPk: string, window: { from: Date; to: Date }, page: { limit: number; offset: number }) {
    const { rows, total } = await repo.memberRounds(
      this.ctx.db,
      memberPk,
      { settledFrom: window.from, settledTo: window.to },
      page,
    );
    return { data: rows.map(roundView), total };
  }

  async settledSums(memberPk: string, window: { from: Date; to: Date }) {
    return repo.settledSums(this.ctx.db, memberPk, window.from, window.to);
  }

  /** Whether the member has a round on their own seed still open (their seed may not be revealed then). */
  async hasOpenRound(accountPk: string): Promise<boolean> {
    return (await repo.openHilo(this.ctx.db, accountPk)) !== undefined;
  }

  /** A stored dice or hi-lo round for the verify call. */
  async fairRound(
    game: 'dice' | 'hilo',
    roundId: number,
  ): Promise<(StoredRound & { outcome: FairOutcome }) | null> {
    const row = await repo.round(this.ctx.db, String(roundId));
    if (!row || row.game !== game || row.seed_id === null || row.nonce === null) return null;
    if (game === 'dice') {
      const detail = JSON.parse(row.detail) as { roll: string };
      return { seedId: String(row.seed_id), nonce: row.nonce, outcome: { game: 'dice', roll: detail.roll } };
    }
    const detail = JSON.parse(row.detail) as HiloDetail;
    return {
      seedId: String(row.seed_id),
      nonce: row.nonce,
      outcome: { game: 'hilo', cards: detail.cards },
      cards: detail.cards.length,
    };
  }

  private async ownOpenHilo(trx: Trx, roundId: number, accountPk: string) {
    const row = await repo.lockRound(trx, String(roundId));
    if (!row || row.game !== 'hilo' || String(row.account_pk) !== accountPk)
      throw new AppError('roundNotExists', { field: 'round_id' });
    if (row.status !== 'open') throw new AppError('roundClosed', { field: 'round_id' });
    return row;
  }

  private async payHilo(trx: Trx, row: Selectable<MinigameRoundTable>, detail: HiloDetail, payout: bigint) {
    const roundId = String(row.id);
    await moveGameMoney(this.ctx, trx, {
      id: `mini:hilo:${roundId}:win`,
      direction: 'in',
      accountPk: String(row.account_pk),
      currency: row.currency,
      amount: payout,
      ref: `hilo:${roundId}`,
    });
    const text = JSON.stringify(detail);
    await repo.closeRound(trx, roundId, { status: 'won', payout, detail: text, at: this.ctx.now() });
    return { ...row, status: 'won' as const, payout, detail: text };
  }
}

function steps(detail: HiloDetail) {
  return detail.guesses.map((guess, i) => ({ rank: cardRank(detail.cards[i] as number), guess }));
}

export function roundView(row: {
  id: string;
  game: MiniGame;
  stake: bigint;
  payout: bigint | null;
  status: 'open' | 'won' | 'lost';
  detail: string;
  nonce: number | null;
  created_at: Date;
  seed_hash: string | null;
}): MiniRoundView {
  const detail = JSON.parse(row.detail) as Record<string, unknown>;
  if (row.game === 'hilo' && row.status === 'open') {
    const hilo = detail as unknown as HiloDetail;
    const rank = cardRank(hilo.cards[hilo.cards.length - 1] as number);
    detail.next = {
      higher: formatMultiplier(hilo, 'higher', rank),
      lower: formatMultiplier(hilo, 'lower', rank),
      cashout: hilo.guesses.length > 0 ? formatMinor(hiloPayout(row.stake, steps(hilo))) : null,
    };
  }
  return {
    round_id: Number(row.id),
    game: row.game,
    stake: formatMinor(row.stake),
    payout: row.payout === null ? null : formatMinor(row.payout),
    win_loss: row.payout === null ? null : formatMinor(row.payout - row.stake),
    status: row.status,
    detail,
    nonce: row.nonce,
    seed_hash: row.seed_hash,
    trans_time: row.created_at.toISOString(),
  };
}

/** What a right guess would make the round pay per 1.00 (the multiplier shown on the button). */
function formatMultiplier(detail: HiloDetail, guess: HiloGuess, rank: number): string {
  if (hiloWinningRanks(rank, guess) === 0) return '0.00';
  const next = [...steps(detail), { rank, guess }];
  return formatMinor(hiloPayout(100n, next));
}
