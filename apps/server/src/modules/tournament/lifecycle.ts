import {
  pickPoints,
  pickTally,
  rankStandings,
  Rational,
  roomCancellation,
  roomPool,
  selectionOutcome,
  splitPrizes,
  type MatchResult,
  type Outcome,
  type Standing,
} from '@sb/domain';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/types';
import { HOUSE_ACCOUNTS, TRANSFER_KINDS } from '../ledger/kinds';
import { settlementRecords, toMatchResult } from '../settlement/service';
import type { MemberNotifier } from '../../push/member';
import { tournamentRepository as repo, type RoomRow } from './repository';

/** Rooms handled per pass; the next pass (a timer tick later) takes the rest. */
const ROOMS_PER_PASS = 50;

type PickRow = Awaited<ReturnType<typeof repo.picksOf>>[number];

/**
 * The room lifecycle (rules.md decision 11): A Open -> 4 Stop Betting at the last join/betting time (or 2
 * Cancel with fewer than 3 players) -> 0 Active from the first kick-off -> 3 Ended once every match is decided
 * (final ranks; a corrected result in the payout delay re-ranks) -> 1 Closed when the prizes are paid; 2 Cancel
 * with fewer than 3 non-void matches. Every step is one transaction on a locked room row and every money
 * movement has an id derived from the room and the member, so a crash or a second process repeats nothing.
 */
export class TournamentLifecycle {
  constructor(
    private readonly ctx: AppContext,
    private readonly notifier: MemberNotifier,
  ) {}

  /** A result or a state of this match changed: its rooms are scored again on the next pass. */
  async matchChanged(matchId: number): Promise<void> {
    await repo.markRescore(this.ctx.db, matchId);
  }

  /** One pass over the rooms whose next step is due. Returns how many rooms moved. */
  async runDue(): Promise<number> {
    const now = this.ctx.now();
    const payoutBefore = new Date(now.getTime() - this.ctx.config.tournament.payoutDelayMs);
    const due = await repo.dueRooms(this.ctx.db, now, payoutBefore, ROOMS_PER_PASS);
    let moved = 0;
    for (const candidate of due) {
      const changed = await this.ctx.db.transaction().execute(async (trx) => {
        const room = await repo.findRoom(trx, candidate.id, true);
        return room ? this.step(trx, room, now, payoutBefore) : null;
      });
      if (changed) {
        moved += 1;
        await this.announce(changed);
      }
    }
    return moved;
  }

  private async step(trx: Trx, room: RoomRow, now: Date, payoutBefore: Date): Promise<RoomRow | null> {
    const before = room.status;
    let current = room;
    // A match that kicks off before its scheduled time (the feed says it is in play) locks the room then.
    const startedEarly =
      room.rescore && ['A', '4'].includes(room.status) && (await repo.anyMatchStarted(trx, room.id));
    if (current.status === 'A' && !startedEarly && current.last_join_time > now && current.rescore) {
      await repo.setRoom(trx, current.id, { rescore: false });
      return null;
    }
    if (current.status === 'A' && (current.last_join_time <= now || startedEarly)) {
      if (roomCancellation({ players: current.players, nonVoidMatches: Infinity }) !== null) {
        await this.cancel(trx, current, 'notEnoughPlayers');
        return { ...current, status: '2' };
      }
      current = await this.setStatus(trx, current, '4');
    }
    if (current.status === '4' && (current.first_kickoff <= now || startedEarly))
      current = await this.setStatus(trx, current, '0');
    if (['4', '0', '3'].includes(current.status)) {
      current = await this.score(trx, current, now);
      if (current.status === '2') return current;
    }
    if (current.status === '3' && current.ended_at !== null && current.ended_at <= payoutBefore) {
      current = await this.payOut(trx, current, now);
    }
    return current.status !== before || current.scored_key !== room.scored_key ? current : null;
  }

  private async setStatus(trx: Trx, room: RoomRow, status: string): Promise<RoomRow> {
    await repo.setRoom(trx, room.id, { status });
    return { ...room, status };
  }

  /** Decides every pick the results allow, ranks the players, and ends the room when every match is decided. */
  private async score(trx: Trx, room: RoomRow, now: Date): Promise<RoomRow> {
    const matchIds = await repo.roomMatchIds(trx, room.id);
    const scoredKey = await repo.resultsKey(trx, room.id);
    const results = new Map<number, MatchResult>();
    for (const row of await settlementRecords.matchesWithResults(trx, matchIds.map(String))) {
      const result = toMatchResult(
        { state: row.state, detail: row.state_detail },
        {
          ht: row.ht_home !== null && row.ht_away !== null ? [row.ht_home, row.ht_away] : null,
          ft: row.ft_home !== null && row.ft_away !== null ? [row.ft_home, row.ft_away] : null,
          goals: row.goals ?? [],
        },
      );
      if (result) results.set(Number(row.id), result);
    }
    const entries = await repo.entries(trx, room.id);
    const joined = new Set(entries.map((e) => String(e.member_pk)));
    const picks = (await repo.picksOf(trx, room.id)).filter((p) => joined.has(String(p.member_pk)));
    const tallies = new Map<string, { points: Rational; wins: number; losses: number; lastChange: number }>();
    const changedPicks: Parameters<typeof repo.setPickOutcomes>[2] = [];
    for (const pick of picks) {
      const result = results.get(Number(pick.match_id));
      const outcome = result ? pickOutcome(pick, result) : null;
      const points = outcome ? pickPoints(outcome, pick.price).toFixed(3) : null;
      if (outcome !== pick.outcome || points !== pick.points) {
        changedPicks.push({
          member_pk: String(pick.member_pk),
          match_id: String(pick.match_id),
          kind: pick.kind,
          outcome,
          points,
        });
      }
      const tally = tallies.get(String(pick.member_pk)) ?? {
        points: Rational.ZERO,
        wins: 0,
        losses: 0,
        lastChange: 0,
      };
      tally.lastChange = Math.max(tally.lastChange, pick.changed_at.getTime());
      if (outcome) {
        const { win, loss } = pickTally(outcome);
        tally.points = tally.points.add(pickPoints(outcome, pick.price));
        tally.wins += win;
        tally.losses += loss;
      }
      tallies.set(String(pick.member_pk), tally);
    }
    // One statement for the room's changed picks, one for its standings: a room of 30 players is 3 writes.
    await repo.setPickOutcomes(trx, room.id, changedPicks);
    const decided = matchIds.every((id) => results.has(id));
    const voidMatches = matchIds.filter((id) => isVoid(results.get(id))).length;
    if (
      decided &&
      roomCancellation({ players: room.players, nonVoidMatches: matchIds.length - voidMatches })
    ) {
      await this.cancel(trx, room, 'notEnoughMatches');
      return { ...room, status: '2' };
    }
    const standings: Standing[] = entries.map((entry) => {
      const tally = tallies.get(String(entry.member_pk));
      return {
        memberId: String(entry.member_pk),
        points: tally?.points ?? Rational.ZERO,
        wins: tally?.wins ?? 0,
        losses: tally?.losses ?? 0,
        lastChange: tally?.lastChange ?? entry.joined_at.getTime(),
      };
    });
    const ranked = rankStandings(standings);
    const prizes = decided
      ? splitPrizes(this.pool(room), ranked, room.type === 3).prizes
      : new Map<string, bigint>();
    await repo.setStandings(
      trx,
      room.id,
      ranked.map((standing) => ({
        member_pk: standing.memberId,
        points: standing.points.toFixed(3),
        wins: standing.wins,
        losses: standing.losses,
        place: standing.place,
        prize: String(prizes.get(standing.memberId) ?? 0n),
      })),
    );
    const ended = decided && room.status !== '3';
    await repo.setRoom(trx, room.id, {
      rescore: false,
      scored_key: scoredKey,
      ...(ended ? { status: '3', ended_at: now } : {}),
    });
    return {
      ...room,
      rescore: false,
      scored_key: scoredKey,
      ...(ended ? { status: '3', ended_at: now } : {}),
    };
  }

  /** Pays the final prizes (from the escrow, or from the house for a free room) and the operator's fee. */
  private async payOut(trx: Trx, room: RoomRow, now: Date): Promise<RoomRow> {
    const free = room.type === 3;
    const entries = await repo.entries(trx, room.id);
    let paid = 0n;
    for (const entry of entries) {
      if (entry.prize <= 0n) continue;
      paid += entry.prize;
      await this.ctx.ledger.moveMember(trx, {
        transferId: `tour:prize:${room.id}:${entry.member_pk}`,
        kind: TRANSFER_KINDS.tournamentPrize,
        direction: 'in',
        ownerPk: String(entry.member_pk),
        currency: room.currency,
        amount: entry.prize,
        account: free ? HOUSE_ACCOUNTS.house : HOUSE_ACCOUNTS.tournamentEscrow,
        ref: `room:${room.id}`,
      });
    }
    if (!free) {
      // What the escrow still holds after the prizes (the operator's fee, and a remainder the house keeps
      // when the Champion's place is shared) goes to the house, so a closed room leaves the escrow at zero.
      const kept = room.entry_fee * BigInt(room.players) - paid;
      if (kept > 0n) {
        await this.ctx.ledger.moveHouse(trx, {
          transferId: `tour:rake:${room.id}`,
          kind: TRANSFER_KINDS.tournamentRake,
          from: HOUSE_ACCOUNTS.tournamentEscrow,
          to: HOUSE_ACCOUNTS.house,
          currency: room.currency,
          amount: kept,
          ref: `room:${room.id}`,
        });
      }
    }
    await repo.setRoom(trx, room.id, { status: '1', closed_at: now });
    return { ...room, status: '1', closed_at: now };
  }

  /** Status 2 and every entry fee back, once (the refund's id is the room's and the member's). */
  private async cancel(
    trx: Trx,
    room: RoomRow,
    reason: 'notEnoughPlayers' | 'notEnoughMatches',
  ): Promise<void> {
    for (const entry of await repo.entries(trx, room.id)) {
      if (entry.refunded || room.entry_fee === 0n) continue;
      await this.ctx.ledger.moveMember(trx, {
        transferId: `tour:refund:${room.id}:${entry.member_pk}`,
        kind: TRANSFER_KINDS.tournamentRefund,
        direction: 'in',
        ownerPk: String(entry.member_pk),
        currency: room.currency,
        amount: room.entry_fee,
        account: HOUSE_ACCOUNTS.tournamentEscrow,
        ref: `room:${room.id}`,
      });
      await repo.markRefunded(trx, room.id, String(entry.member_pk));
    }
    await repo.setRoom(trx, room.id, {
      status: '2',
      cancel_reason: reason,
      rescore: false,
      closed_at: this.ctx.now(),
    });
  }

  private pool(room: RoomRow): bigint {
    return roomPool({
      free: room.type === 3,
      entryFeeMinor: room.entry_fee,
      players: room.players,
      operatorFeeBps: room.operator_fee_bps,
      freePrizeMinor: room.free_prize,
    }).pool;
  }

  /** Tells the room's members that it moved (their lobby and room screens refresh). */
  private async announce(room: RoomRow): Promise<void> {
    for (const entry of await repo.entries(this.ctx.db, room.id)) {
      await this.notifier.send(entry.account_id, {
        op: 'room',
        roomid: Number(room.id),
        status: room.status,
      });
    }
  }
}

function pickOutcome(pick: PickRow, result: MatchResult): Outcome {
  if (pick.kind === 'hdp') {
    return selectionOutcome(
      {
        period: 'FT',
        market: 'handicap',
        side: pick.selection === 'h' ? 'home' : 'away',
        homeLine: pick.line,
      },
      result,
    );
  }
  return selectionOutcome(
    { period: 'FT', market: 'total', side: pick.selection === 'o' ? 'over' : 'under', line: pick.line },
    result,
  );
}

/** A match whose handicap is void (cancelled, postponed, abandoned undecided) scores nothing for anyone. */
function isVoid(result: MatchResult | undefined): boolean {
  if (!result) return false;
  return (
    selectionOutcome({ period: 'FT', market: 'handicap', side: 'home', homeLine: '0' }, result) === 'void'
  );
}
