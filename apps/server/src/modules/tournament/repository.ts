import { sql } from 'kysely';
import type { Executor } from '../../db/types';

export type RoomRow = Awaited<ReturnType<typeof tournamentRepository.findRoom>> & object;

const OPEN_STATUSES = ['A', '4', '0'];

/** The settlement inputs of a room's matches in one text (state, detail and result version per match). */
const resultsKey = (roomId: ReturnType<typeof sql.ref>) => sql<string>`(
  select string_agg(m.id || ':' || m.state || ':' || coalesce(m.state_detail, '') || ':' || coalesce(r.version, 0), ',' order by m.id)
  from tournament_room_matches rm
  join matches m on m.id = rm.match_id
  left join results r on r.match_id = m.id
  where rm.room_id = ${roomId})`;

/** The only SQL of tournament rooms. Catalogue tables (matches, results) are read, never written. */
export const tournamentRepository = {
  async insertRoom(
    ex: Executor,
    room: {
      ownerPk: string;
      type: number;
      virtual: boolean;
      currency: string;
      entryFee: bigint;
      roomLimit: number;
      pinHash: string | null;
      firstKickoff: Date;
      lastJoinTime: Date;
      operatorFeeBps: number;
      freePrize: bigint;
      matchIds: number[];
    },
  ): Promise<string> {
    const inserted = await ex
      .insertInto('tournament_rooms')
      .values({
        owner_pk: room.ownerPk,
        type: room.type,
        is_virtual: room.virtual,
        currency: room.currency,
        entry_fee: room.entryFee,
        room_limit: room.roomLimit,
        pin_hash: room.pinHash,
        status: 'A',
        first_kickoff: room.firstKickoff,
        last_join_time: room.lastJoinTime,
        last_betting_time: room.lastJoinTime,
        operator_fee_bps: room.operatorFeeBps,
        free_prize: room.freePrize,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ex
      .insertInto('tournament_room_matches')
      .values(
        room.matchIds.map((matchId, position) => ({
          room_id: inserted.id,
          match_id: String(matchId),
          position,
        })),
      )
      .execute();
    return String(inserted.id);
  },

  async findRoom(ex: Executor, roomId: number | string, lock = false) {
    let query = ex
      .selectFrom('tournament_rooms as r')
      .innerJoin('accounts as o', 'o.id', 'r.owner_pk')
      .selectAll('r')
      .select('o.account_id as owner_account_id')
      .where('r.id', '=', String(roomId));
    if (lock) query = query.forUpdate('r');
    return query.executeTakeFirst();
  },

  async roomMatchIds(ex: Executor, roomId: string): Promise<number[]> {
    const rows = await ex
      .selectFrom('tournament_room_matches')
      .select('match_id')
      .where('room_id', '=', roomId)
      .orderBy('position')
      .execute();
    return rows.map((row) => Number(row.match_id));
  },

  async openPrivateRoomsOf(ex: Executor, ownerPk: string): Promise<number> {
    const row = await ex
      .selectFrom('tournament_rooms')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_pk', '=', ownerPk)
      .where('type', '=', 2)
      .where('status', 'in', OPEN_STATUSES)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The brand of a room (its owner's). */
  async roomBrand(ex: Executor, ownerPk: string): Promise<number | undefined> {
    const row = await ex
      .selectFrom('accounts')
      .select('brand_id')
      .where('id', '=', ownerPk)
      .executeTakeFirst();
    return row?.brand_id;
  },

  async listRooms(
    ex: Executor,
    filter: {
      memberPk: string;
      /** Rooms of this brand only (by the owner's brand): members never see another brand's rooms. */
      brandId: number;
      currency: string;
      types: number[];
      statuses: string[];
      search: string;
      mine: boolean;
      offset: number;
      limit: number;
    },
  ) {
    let query = ex
      .selectFrom('tournament_rooms as r')
      .innerJoin('accounts as o', 'o.id', 'r.owner_pk')
      .selectAll('r')
      .select('o.account_id as owner_account_id')
      .where('o.brand_id', '=', filter.brandId)
      .where('r.currency', '=', filter.currency)
      .where('r.type', 'in', filter.types)
      .where('r.status', 'in', filter.statuses);
    if (filter.search !== '') {
      const digits = /^\d{1,15}$/.test(filter.search) ? filter.search : null;
      query = query.where((eb) =>
        eb.or([
          eb('o.account_id', 'ilike', `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ...(digits ? [eb('r.id', '=', digits)] : []),
        ]),
      );
    }
    if (filter.mine) {
      query = query.where((eb) =>
        eb.or([
          eb('r.owner_pk', '=', filter.memberPk),
          eb.exists(
            eb
              .selectFrom('tournament_entries as e')
              .select('e.room_id')
              .whereRef('e.room_id', '=', 'r.id')
              .where('e.member_pk', '=', filter.memberPk),
          ),
        ]),
      );
    }
    const total = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await query.orderBy('r.id', 'desc').offset(filter.offset).limit(filter.limit).execute();
    return { rows, total: Number(total.n) };
  },

  async entriesOfMember(ex: Executor, memberPk: string, roomIds: string[]) {
    if (roomIds.length === 0) return [];
    return ex
      .selectFrom('tournament_entries')
      .select('room_id')
      .where('member_pk', '=', memberPk)
      .where('room_id', 'in', roomIds)
      .execute();
  },

  async picksExist(ex: Executor, memberPk: string, roomIds: string[]) {
    if (roomIds.length === 0) return [];
    return ex
      .selectFrom('tournament_picks')
      .select('room_id')
      .distinct()
      .where('member_pk', '=', memberPk)
      .where('kind', '=', 'hdp')
      .where('room_id', 'in', roomIds)
      .execute();
  },

  async entry(ex: Executor, roomId: string, memberPk: string) {
    return ex
      .selectFrom('tournament_entries')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('member_pk', '=', memberPk)
      .executeTakeFirst();
  },

  async entries(ex: Executor, roomId: string) {
    return ex
      .selectFrom('tournament_entries as e')
      .innerJoin('accounts as a', 'a.id', 'e.member_pk')
      .selectAll('e')
      .select('a.account_id')
      .where('e.room_id', '=', roomId)
      .orderBy('e.joined_at')
      .execute();
  },

  async addressJoined(ex: Executor, roomId: string, ip: string): Promise<boolean> {
    const joined = await ex
      .selectFrom('tournament_entries')
      .select('member_pk')
      .where('room_id', '=', roomId)
      .where('ip', '=', ip)
      .executeTakeFirst();
    if (!joined) return false;
    const override = await ex
      .selectFrom('tournament_ip_overrides')
      .select('ip')
      .where('room_id', '=', roomId)
      .where('ip', '=', ip)
      .executeTakeFirst();
    return override === undefined;
  },

  async allowAddress(ex: Executor, roomId: string, ip: string): Promise<void> {
    await ex
      .insertInto('tournament_ip_overrides')
      .values({ room_id: roomId, ip })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  async insertEntry(ex: Executor, entry: { roomId: string; memberPk: string; ip: string; at: Date }) {
    await ex
      .insertInto('tournament_entries')
      .values({ room_id: entry.roomId, member_pk: entry.memberPk, ip: entry.ip, joined_at: entry.at })
      .execute();
    await ex
      .updateTable('tournament_rooms')
      .set((eb) => ({ players: eb('players', '+', 1) }))
      .where('id', '=', entry.roomId)
      .execute();
  },

  async replacePicks(
    ex: Executor,
    roomId: string,
    memberPk: string,
    kind: 'hdp' | 'ou',
    picks: { matchId: number; marketId: number; line: string; selection: string; price: string }[],
    at: Date,
  ): Promise<void> {
    await ex
      .deleteFrom('tournament_picks')
      .where('room_id', '=', roomId)
      .where('member_pk', '=', memberPk)
      .where('kind', '=', kind)
      .execute();
    if (picks.length === 0) return;
    await ex
      .insertInto('tournament_picks')
      .values(
        picks.map((pick) => ({
          room_id: roomId,
          member_pk: memberPk,
          match_id: String(pick.matchId),
          kind,
          market_id: String(pick.marketId),
          line: pick.line,
          selection: pick.selection,
          price: pick.price,
          changed_at: at,
        })),
      )
      .execute();
  },

  async picksOf(ex: Executor, roomId: string, memberPk?: string) {
    let query = ex.selectFrom('tournament_picks').selectAll().where('room_id', '=', roomId);
    if (memberPk !== undefined) query = query.where('member_pk', '=', memberPk);
    return query.orderBy('member_pk').orderBy('match_id').orderBy('kind').execute();
  },

  /** The decided outcome and points of a room's picks, in one statement. */
  async setPickOutcomes(
    ex: Executor,
    roomId: string,
    picks: {
      member_pk: string;
      match_id: string;
      kind: string;
      outcome: string | null;
      points: string | null;
    }[],
  ): Promise<void> {
    if (picks.length === 0) return;
    await sql`
      update tournament_picks p set outcome = c.outcome, points = c.points::numeric
      from jsonb_to_recordset(${JSON.stringify(picks)}::jsonb)
        as c(member_pk bigint, match_id bigint, kind text, outcome text, points text)
      where p.room_id = ${roomId} and p.member_pk = c.member_pk and p.match_id = c.match_id
        and p.kind = c.kind`.execute(ex);
  },

  /** Every player's points, tally, place and prize in a room, in one statement. */
  async setStandings(
    ex: Executor,
    roomId: string,
    standings: {
      member_pk: string;
      points: string;
      wins: number;
      losses: number;
      place: number | null;
      prize: string;
    }[],
  ): Promise<void> {
    if (standings.length === 0) return;
    await sql`
      update tournament_entries e set points = s.points::numeric, wins = s.wins, losses = s.losses,
        place = s.place, prize = s.prize::bigint
      from jsonb_to_recordset(${JSON.stringify(standings)}::jsonb)
        as s(member_pk bigint, points text, wins integer, losses integer, place integer, prize text)
      where e.room_id = ${roomId} and e.member_pk = s.member_pk`.execute(ex);
  },

  async markRefunded(ex: Executor, roomId: string, memberPk: string): Promise<void> {
    await ex
      .updateTable('tournament_entries')
      .set({ refunded: true })
      .where('room_id', '=', roomId)
      .where('member_pk', '=', memberPk)
      .execute();
  },

  async setRoom(
    ex: Executor,
    roomId: string,
    change: Partial<{
      status: string;
      rescore: boolean;
      scored_key: string | null;
      cancel_reason: string;
      ended_at: Date;
      closed_at: Date;
    }>,
  ): Promise<void> {
    await ex.updateTable('tournament_rooms').set(change).where('id', '=', roomId).execute();
  },

  /** What the room's matches stand on now (compared with scored_key to find rooms to score again). */
  async resultsKey(ex: Executor, roomId: string): Promise<string | null> {
    const row = await sql<{ key: string | null }>`select ${resultsKey(sql.val(roomId))} as key`.execute(ex);
    return row.rows[0]?.key ?? null;
  },

  /**
   * A result, a state or a period of this match changed: every room holding it is looked at again (scored, or
   * closed for joins and picks if the match kicked off before its scheduled time).
   */
  async markRescore(ex: Executor, matchId: number): Promise<void> {
    await sql`
      update tournament_rooms set rescore = true
      where status in ('A', '4', '0', '3')
        and id in (select room_id from tournament_room_matches where match_id = ${String(matchId)})`.execute(
      ex,
    );
  },

  /**
   * Rooms whose next lifecycle step is due. Not locked here: each step locks its room in its own
   * transaction and decides again on what it finds, so two processes on one room do the work once.
   */
  async dueRooms(ex: Executor, now: Date, payoutBefore: Date, limit: number) {
    return ex
      .selectFrom('tournament_rooms')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'A'),
            eb.or([eb('last_join_time', '<=', now), eb('rescore', '=', true)]),
          ]),
          eb.and([eb('status', '=', '4'), eb('first_kickoff', '<=', now)]),
          eb.and([
            eb('status', 'in', ['4', '0', '3']),
            eb.or([
              eb('rescore', '=', true),
              eb('scored_key', 'is distinct from', resultsKey(sql.ref('id'))),
            ]),
          ]),
          eb.and([eb('status', '=', '3'), eb('ended_at', '<=', payoutBefore)]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Whether any of the room's matches has started (in play, or already has a result). */
  async anyMatchStarted(ex: Executor, roomId: string): Promise<boolean> {
    const row = await sql<{ started: boolean }>`
      select exists (
        select 1 from tournament_room_matches rm
        join matches m on m.id = rm.match_id
        left join results r on r.match_id = m.id
        where rm.room_id = ${roomId} and (m.is_live or r.match_id is not null)) as started`.execute(ex);
    return row.rows[0]?.started === true;
  },

  async finishedRoomsOf(ex: Executor, memberPk: string, offset: number, limit: number) {
    return ex
      .selectFrom('tournament_entries as e')
      .innerJoin('tournament_rooms as r', 'r.id', 'e.room_id')
      .innerJoin('accounts as o', 'o.id', 'r.owner_pk')
      .selectAll('r')
      .select(['o.account_id as owner_account_id', 'e.place', 'e.prize', 'e.points', 'e.refunded'])
      .where('e.member_pk', '=', memberPk)
      .where('r.status', 'in', ['3', '1', '2'])
      .orderBy('r.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  },
};
