import { createHmac } from 'node:crypto';
import type {
  RoomBetRequest,
  RoomCreateRequest,
  RoomInfoView,
  RoomJoinRequest,
  RoomListRequest,
  RoomPickView,
  RoomRankRow,
  RoomView,
} from '@sb/contract';
import { checkRoom, isValidRoomPin } from '@sb/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { formatMinor, toMinor } from '../../lib/money';
import { effectiveFeatures, type AccountService, type MemberSession } from '../account/service';
import type { MarketSnapshot } from '../catalog/snapshot';
import { TRANSFER_KINDS, HOUSE_ACCOUNTS } from '../ledger/kinds';
import { tournamentRepository as repo, type RoomRow } from './repository';
import { PRIZE_NAMES, mainMarket, roomMatchView, roomView } from './views';
import { settlementRecords } from '../settlement/service';

const TYPE_FILTER: Record<RoomListRequest['type_filter'], number[]> = {
  T0: [1, 2, 3],
  T1: [1],
  T2: [2],
  T3: [3],
};
const OPEN = new Set(['A']);
/** Matches a room can be built on: pre-match, not yet kicked off, more than this far ahead. */
const MIN_LEAD_MS = 5 * 60_000;
const LIST_MATCHES_MAX = 200;

/** Tournament rooms: the member calls. The lifecycle (closing, scoring, paying) is in lifecycle.ts. */
export class TournamentService {
  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    private readonly snapshot: MarketSnapshot,
  ) {}

  private async member(body: { account_id: string; session_token: string }): Promise<MemberSession> {
    const session = await this.accounts.requireSession(body);
    if (!effectiveFeatures(session.account.features).tournament) throw new AppError('tournamentDisabled');
    return session;
  }

  /** Leagues with matches a room can hold (soccer-style handicap markets, not live, not started). */
  async leagues(body: { account_id: string; session_token: string }) {
    await this.member(body);
    const counts = new Map<number, number>();
    for (const match of this.eligibleMatches())
      counts.set(match.leagueId, (counts.get(match.leagueId) ?? 0) + 1);
    const leagues = [...counts].map(([id, matches]) => ({
      league_id: id,
      name: this.snapshot.leagues.get(id)?.name ?? '',
      matches,
    }));
    return { leagues: leagues.sort((a, b) => a.name.localeCompare(b.name)) };
  }

  async matchesOfLeague(body: { account_id: string; session_token: string; league_id: number }) {
    await this.member(body);
    const matches = this.eligibleMatches()
      .filter((match) => match.leagueId === body.league_id)
      .slice(0, LIST_MATCHES_MAX)
      .map((match) => roomMatchView(this.snapshot, match.id, null));
    return { matches };
  }

  async lookup(body: { account_id: string; session_token: string; matches: number[] }) {
    await this.member(body);
    return { matches: body.matches.map((id) => roomMatchView(this.snapshot, id, null)) };
  }

  async create(body: RoomCreateRequest, virtual: boolean): Promise<{ roomid: number; room: RoomView }> {
    const session = await this.member(body);
    if (session.viewOnly) throw new AppError('SUSPEND');
    const account = session.account;
    const matchIds = [...new Set(body.matches)];
    if (matchIds.length !== body.matches.length) throw new AppError('tournamentMatchExists');
    const now = this.ctx.now().getTime();
    const matches = matchIds.map((id) => {
      const match = this.snapshot.matches.get(id);
      if (!match || match.outright || match.state === 2)
        throw new AppError('invalidBet', { field: 'matches' });
      const isVirtual = this.snapshot.sports.get(match.sportId)?.group === 'virtual';
      if (isVirtual !== virtual) throw new AppError('invalidBet', { field: 'matches' });
      return match;
    });
    const check = checkRoom({
      type: body.type,
      entryFee: body.type === 3 ? '0' : (body.rate ?? ''),
      playerLimit: body.room_limit,
      matches: matches.map((m) => ({ live: m.live || m.kickoff <= now })),
      maxMatches: this.ctx.config.tournament.maxMatches,
      ...(body.room_password !== undefined ? { pin: body.room_password } : {}),
    });
    if (!check.ok) throw new AppError(check.code, { extra: { ...check.params } });
    if (matches.some((m) => m.kickoff - now < MIN_LEAD_MS)) throw new AppError('matchChangeTime');
    if (matches.some((m) => !mainMarket(this.snapshot.marketsOf(m.id), 'hdp'))) {
      throw new AppError('invalidBet', { field: 'matches' });
    }
    if (!account.currency) throw new AppError('invalidCurrency');
    const firstKickoff = new Date(Math.min(...matches.map((m) => m.kickoff)));
    const roomId = await this.ctx.db.transaction().execute(async (trx) => {
      if (body.type === 2 && (await repo.openPrivateRoomsOf(trx, String(account.id))) > 0) {
        throw new AppError('roomExists');
      }
      return repo.insertRoom(trx, {
        ownerPk: String(account.id),
        type: body.type,
        virtual,
        currency: account.currency ?? '',
        entryFee: body.type === 3 ? 0n : toMinor(body.rate ?? '0'),
        roomLimit: Number(body.room_limit),
        pinHash: body.type === 2 ? this.pinHash(body.room_password ?? '') : null,
        firstKickoff,
        lastJoinTime: firstKickoff,
        operatorFeeBps: this.ctx.config.tournament.operatorFeeBps,
        freePrize: body.type === 3 ? toMinor(this.ctx.config.tournament.freePrize) : 0n,
        matchIds,
      });
    });
    const room = await this.room(roomId);
    return {
      roomid: Number(roomId),
      room: roomView(room, { pk: String(account.id), joined: false, hasBet: false }),
    };
  }

  /** `bet` (main handicap, one per match, all required) or `betplus` (main over/under, optional). */
  async setPicks(body: RoomBetRequest, kind: 'hdp' | 'ou'): Promise<{ picks: RoomPickView[] }> {
    const session = await this.member(body);
    if (session.viewOnly) throw new AppError('SUSPEND');
    const memberPk = String(session.account.id);
    const room = await this.room(body.roomid);
    this.assertBettingOpen(room);
    const matchIds = await repo.roomMatchIds(this.ctx.db, room.id);
    // A match in play locks the room's picks at once, before the lifecycle's next pass closes the room.
    if (matchIds.some((id) => this.snapshot.matches.get(id)?.live === true)) {
      throw new AppError('matchChangeTime');
    }
    const sides = kind === 'hdp' ? ['h', 'a'] : ['o', 'u'];
    const byMatch = new Map<number, (typeof body.picks)[number]>();
    for (const pick of body.picks) {
      if (!matchIds.includes(pick.match_id)) throw new AppError('invalidBet', { field: 'match_id' });
      if (!sides.includes(pick.selection)) throw new AppError('invalidBetTeam');
      if (byMatch.has(pick.match_id)) throw new AppError('tournamentMatchExists');
      byMatch.set(pick.match_id, pick);
    }
    if (kind === 'hdp' && byMatch.size !== matchIds.length) throw new AppError('betNotExists');
    const picks = [...byMatch.values()].map((pick) => {
      const market = mainMarket(this.snapshot.marketsOf(pick.match_id), kind);
      const price = market?.prices[pick.selection];
      if (!market || !price) throw new AppError('matchNotActive');
      if (pick.odds !== undefined && Number(pick.odds) !== Number(price))
        throw new AppError('oddsIsUpdating');
      return {
        matchId: pick.match_id,
        marketId: market.id,
        line: market.line,
        selection: pick.selection,
        price,
      };
    });
    await this.ctx.db.transaction().execute(async (trx) => {
      const locked = await repo.findRoom(trx, room.id, true);
      if (!locked) throw new AppError('roomNotExists');
      this.assertBettingOpen(locked);
      await repo.replacePicks(trx, room.id, memberPk, kind, picks, this.ctx.now());
    });
    return { picks: await this.picksView(room.id, memberPk) };
  }

  /** Joins with the member's picks in place; the entry fee moves to the escrow in the same transaction. */
  async join(body: RoomJoinRequest, ip: string, virtual: boolean): Promise<{ room: RoomView }> {
    const session = await this.member(body);
    if (session.viewOnly) throw new AppError('SUSPEND');
    const account = session.account;
    const memberPk = String(account.id);
    await this.ctx.db.transaction().execute(async (trx) => {
      const room = await repo.findRoom(trx, body.roomid, true);
      if (!room || room.is_virtual !== virtual) throw new AppError('roomNotExists');
      // Another brand's room does not exist for this member.
      if ((await repo.roomBrand(trx, String(room.owner_pk))) !== account.brand_id)
        throw new AppError('roomNotExists');
      this.assertJoinable(room);
      if (room.currency !== account.currency) throw new AppError('currencyNotSupported');
      if (room.type === 2) {
        if (!body.room_password) throw new AppError('roomPasswordRequired');
        if (!isValidRoomPin(body.room_password) || this.pinHash(body.room_password) !== room.pin_hash) {
          throw new AppError('invalidRoomPassword');
        }
      }
      if (await repo.entry(trx, room.id, memberPk)) throw new AppError('memberJoinedBefore');
      if (room.type === 3 && (await repo.addressJoined(trx, room.id, ip)))
        throw new AppError('IPJoinedBefore');
      if (room.players >= room.room_limit) throw new AppError('roomFull');
      const matchIds = await repo.roomMatchIds(trx, room.id);
      const picks = await repo.picksOf(trx, room.id, memberPk);
      if (picks.filter((p) => p.kind === 'hdp').length !== matchIds.length)
        throw new AppError('betNotExists');
      if (room.entry_fee > 0n) {
        await this.ctx.ledger.moveMember(trx, {
          transferId: `tour:fee:${room.id}:${memberPk}`,
          kind: TRANSFER_KINDS.tournamentFee,
          direction: 'out',
          ownerPk: memberPk,
          currency: room.currency,
          amount: room.entry_fee,
          account: HOUSE_ACCOUNTS.tournamentEscrow,
          ref: `room:${room.id}`,
        });
      }
      await repo.insertEntry(trx, { roomId: room.id, memberPk, ip, at: this.ctx.now() });
    });
    return { room: roomView(await this.room(body.roomid), { pk: memberPk, joined: true, hasBet: true }) };
  }

  /** Whether the member could join now (the checks of join without the money). */
  async validate(body: RoomJoinRequest, ip: string): Promise<{ valid: true }> {
    const session = await this.member(body);
    const memberPk = String(session.account.id);
    const room = await this.room(body.roomid);
    this.assertJoinable(room);
    if (await repo.entry(this.ctx.db, room.id, memberPk)) throw new AppError('memberJoinedBefore');
    if (room.type === 3 && (await repo.addressJoined(this.ctx.db, room.id, ip)))
      throw new AppError('IPJoinedBefore');
    if (room.players >= room.room_limit) throw new AppError('roomFull');
    const matchIds = await repo.roomMatchIds(this.ctx.db, room.id);
    const picks = await repo.picksOf(this.ctx.db, room.id, memberPk);
    if (picks.filter((p) => p.kind === 'hdp').length !== matchIds.length) throw new AppError('betNotExists');
    return { valid: true };
  }

  async list(body: RoomListRequest) {
    const session = await this.member(body);
    const memberPk = String(session.account.id);
    const statuses = body.status === '10' ? ['A', '4', '0', '3', '1', '2'] : [body.status];
    const { rows, total } = await repo.listRooms(this.ctx.db, {
      memberPk,
      brandId: session.account.brand_id,
      currency: session.account.currency ?? '',
      types: TYPE_FILTER[body.type_filter],
      statuses,
      search: body.search,
      mine: body.mine,
      offset: (body.page - 1) * body.page_size,
      limit: body.page_size,
    });
    const ids = rows.map((row) => String(row.id));
    const joined = new Set(
      (await repo.entriesOfMember(this.ctx.db, memberPk, ids)).map((r) => String(r.room_id)),
    );
    const bet = new Set((await repo.picksExist(this.ctx.db, memberPk, ids)).map((r) => String(r.room_id)));
    return {
      rooms: rows.map((row) =>
        roomView(row, { pk: memberPk, joined: joined.has(String(row.id)), hasBet: bet.has(String(row.id)) }),
      ),
      page: body.page,
      page_size: body.page_size,
      total_rows: total,
    };
  }

  async info(body: {
    account_id: string;
    session_token: string;
    roomid: number;
  }): Promise<{ room: RoomInfoView }> {
    const session = await this.member(body);
    const memberPk = String(session.account.id);
    const room = await this.room(body.roomid);
    const matchIds = await repo.roomMatchIds(this.ctx.db, room.id);
    const outcomes = new Map(
      (await settlementRecords.matchesWithResults(this.ctx.db, matchIds.map(String))).map((row) => [
        Number(row.id),
        {
          ft:
            row.ft_home !== null && row.ft_away !== null
              ? ([row.ft_home, row.ft_away] as [number, number])
              : null,
          void: row.state === 2,
        },
      ]),
    );
    const joined = (await repo.entry(this.ctx.db, room.id, memberPk)) !== undefined;
    const picks = await repo.picksOf(this.ctx.db, room.id, memberPk);
    return {
      room: {
        ...roomView(room, { pk: memberPk, joined, hasBet: picks.some((p) => p.kind === 'hdp') }),
        matches: matchIds.map((id) => roomMatchView(this.snapshot, id, outcomes.get(id) ?? null)),
      },
    };
  }

  async memberPicks(body: { account_id: string; session_token: string; roomid: number }) {
    const session = await this.member(body);
    const room = await this.room(body.roomid);
    return { picks: await this.picksView(room.id, String(session.account.id)) };
  }

  /** Every player's picks once betting has closed (before that, only the member's own are shown). */
  async allPicks(body: { account_id: string; session_token: string; roomid: number }) {
    const session = await this.member(body);
    const room = await this.room(body.roomid);
    const memberPk = String(session.account.id);
    const entries = await repo.entries(this.ctx.db, room.id);
    const names = new Map(entries.map((e) => [String(e.member_pk), e.account_id]));
    const open = OPEN.has(room.status);
    const rows = (await repo.picksOf(this.ctx.db, room.id))
      .filter((pick) => names.has(String(pick.member_pk)) && (!open || String(pick.member_pk) === memberPk))
      .map((pick) => ({ account_id: names.get(String(pick.member_pk)) ?? '', ...pickView(pick) }));
    return { picks: rows };
  }

  async rank(body: {
    account_id: string;
    session_token: string;
    roomid: number;
  }): Promise<{ ranks: RoomRankRow[]; final: boolean }> {
    await this.member(body);
    const room = await this.room(body.roomid);
    const entries = await repo.entries(this.ctx.db, room.id);
    const ranks = entries
      .map((entry) => ({
        rank: entry.place ?? 0,
        account_id: entry.account_id,
        points: trimPoints(entry.points),
        wins: entry.wins,
        losses: entry.losses,
        prize: formatMinor(entry.prize),
        prize_name:
          entry.prize > 0n && entry.place !== null && entry.place <= 3 ? PRIZE_NAMES[entry.place - 1]! : null,
      }))
      .sort((a, b) => (a.rank || 99) - (b.rank || 99) || a.account_id.localeCompare(b.account_id));
    return { ranks, final: room.status === '3' || room.status === '1' };
  }

  /** The member's finished rooms (gameresult*, betresultfinal) and refunds (tournamentrefund). */
  async finished(
    body: { account_id: string; session_token: string; page: number; page_size: number },
    refundsOnly: boolean,
  ) {
    const session = await this.member(body);
    const rows = await repo.finishedRoomsOf(
      this.ctx.db,
      String(session.account.id),
      (body.page - 1) * body.page_size,
      body.page_size,
    );
    return {
      rooms: rows
        .filter((row) => !refundsOnly || row.refunded)
        .map((row) => ({
          roomid: Number(row.id),
          type: row.type,
          status: row.status,
          currency: row.currency,
          rate: formatMinor(row.entry_fee),
          players: row.players,
          rank: row.place,
          points: trimPoints(row.points),
          prize: formatMinor(row.prize),
          refunded: row.refunded,
          refund: row.refunded ? formatMinor(row.entry_fee) : '0.00',
          ended_at: (row.ended_at ?? row.closed_at)?.toISOString() ?? null,
        })),
      page: body.page,
      page_size: body.page_size,
    };
  }

  async allowAddress(roomId: number, ip: string): Promise<void> {
    const room = await this.room(roomId);
    if (room.type !== 3) throw new AppError('roomIsPublicFree');
    await repo.allowAddress(this.ctx.db, room.id, ip);
  }

  private eligibleMatches() {
    const now = this.ctx.now().getTime();
    const out = [];
    for (const match of this.snapshot.matches.values()) {
      // Open for a room: not in play, not an outright, not finished, cancelled or suspended (0 or 500, none).
      const open = match.state === 0 || match.state === 500;
      if (match.live || match.outright || !open || match.kickoff - now < MIN_LEAD_MS) continue;
      if (!mainMarket(this.snapshot.marketsOf(match.id), 'hdp')) continue;
      out.push(match);
      if (out.length >= 5_000) break;
    }
    return out.sort((a, b) => a.kickoff - b.kickoff || a.id - b.id);
  }

  private async room(roomId: number | string): Promise<RoomRow> {
    const room = await repo.findRoom(this.ctx.db, roomId);
    if (!room) throw new AppError('roomNotExists');
    return room;
  }

  private assertJoinable(room: RoomRow): void {
    if (room.status === '2' || room.status === '3' || room.status === '1')
      throw new AppError('roomEndedOrCancelled');
    if (room.status !== 'A') throw new AppError('roomClosed');
    if (room.last_join_time.getTime() <= this.ctx.now().getTime()) throw new AppError('roomClosed');
  }

  private assertBettingOpen(room: RoomRow): void {
    if (room.status === '2' || room.status === '3' || room.status === '1')
      throw new AppError('roomEndedOrCancelled');
    if (room.status !== 'A' || room.last_betting_time.getTime() <= this.ctx.now().getTime()) {
      throw new AppError('matchChangeTime');
    }
  }

  private async picksView(roomId: string, memberPk: string): Promise<RoomPickView[]> {
    return (await repo.picksOf(this.ctx.db, roomId, memberPk)).map(pickView);
  }

  private pinHash(pin: string): string {
    return createHmac('sha256', this.ctx.secret).update(`room-pin:${pin}`).digest('hex');
  }
}

function pickView(pick: {
  match_id: string;
  kind: 'hdp' | 'ou';
  selection: string;
  line: string;
  price: string;
  outcome: string | null;
  points: string | null;
}): RoomPickView {
  return {
    match_id: Number(pick.match_id),
    kind: pick.kind,
    selection: pick.selection as RoomPickView['selection'],
    line: pick.line,
    odds: trimPoints(pick.price),
    outcome: pick.outcome,
    points: pick.points === null ? null : trimPoints(pick.points),
  };
}

/** NUMERIC text without trailing zeros ("90.000" -> "90", "47.500" -> "47.5"). */
function trimPoints(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
