import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import type {
  LeagueView,
  MarketRef,
  MarketStatus,
  MarketView,
  MatchView,
  ResultView,
  StateDetail,
  MatchState,
  LivePeriod,
} from './events';

type MatchRow = {
  id: string;
  external_key: string;
  sport_id: number;
  league_id: string;
  parent_id: string | null;
  child_type: string | null;
  is_outright: boolean;
  home: string;
  away: string;
  kickoff: Date;
  neutral: boolean;
  state: number;
  state_detail: string | null;
  is_live: boolean;
  period: string;
  minute: number;
  home_score: number;
  away_score: number;
  home_red: number;
  away_red: number;
  seq: bigint;
};

export function toMatchView(row: MatchRow): MatchView {
  return {
    id: Number(row.id),
    key: row.external_key,
    sportId: row.sport_id,
    leagueId: Number(row.league_id),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    childType: row.child_type,
    outright: row.is_outright,
    home: row.home,
    away: row.away,
    kickoff: row.kickoff.getTime(),
    neutral: row.neutral,
    state: row.state as MatchState,
    detail: row.state_detail as StateDetail | null,
    live: row.is_live,
    period: row.period as LivePeriod,
    minute: row.minute,
    score: [row.home_score, row.away_score],
    red: [row.home_red, row.away_red],
    seq: Number(row.seq),
  };
}

/** The catalogue's SQL. */
export const catalogRepository = {
  async upsertSports(
    ex: Executor,
    sports: { id: number; name: string; order: number; excluded: boolean; group: string; model: string }[],
  ): Promise<void> {
    if (sports.length === 0) return;
    await ex
      .insertInto('sports')
      .values(
        sports.map((s) => ({
          id: s.id,
          name: s.name,
          sort_order: s.order,
          menu_excluded: s.excluded,
          sport_group: s.group,
          model: s.model,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          sort_order: eb.ref('excluded.sort_order'),
          menu_excluded: eb.ref('excluded.menu_excluded'),
          sport_group: eb.ref('excluded.sport_group'),
          model: eb.ref('excluded.model'),
        })),
      )
      .execute();
  },

  async sports(ex: Executor) {
    return ex.selectFrom('sports').selectAll().orderBy('sort_order').execute();
  },

  async sportExists(ex: Executor, id: number): Promise<boolean> {
    return (await ex.selectFrom('sports').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  async ensureLeague(
    ex: Executor,
    league: { key: string; sportId: number; name: string; order: number },
  ): Promise<LeagueView> {
    await ex
      .insertInto('leagues')
      .values({
        external_key: league.key,
        sport_id: league.sportId,
        name: league.name,
        sort_order: league.order,
      })
      .onConflict((oc) => oc.column('external_key').doNothing())
      .execute();
    const row = await ex
      .selectFrom('leagues')
      .selectAll()
      .where('external_key', '=', league.key)
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), sportId: row.sport_id, name: row.name, order: row.sort_order };
  },

  async leagues(ex: Executor): Promise<LeagueView[]> {
    const rows = await ex.selectFrom('leagues').selectAll().execute();
    return rows.map((row) => ({
      id: Number(row.id),
      sportId: row.sport_id,
      name: row.name,
      order: row.sort_order,
    }));
  },

  /** Locks the match row: one writer at a time per match keeps sequence numbers gap-free and ordered. */
  async lockMatchByKey(ex: Executor, key: string): Promise<MatchRow | undefined> {
    return ex
      .selectFrom('matches')
      .selectAll()
      .where('external_key', '=', key)
      .forUpdate()
      .executeTakeFirst();
  },

  /** Several matches locked at once, in id order (the order single locks take, so no deadlock). */
  async lockMatchesByKeys(ex: Executor, keys: string[]): Promise<MatchRow[]> {
    if (keys.length === 0) return [];
    return ex
      .selectFrom('matches')
      .selectAll()
      .where('external_key', 'in', keys)
      .orderBy('id')
      .forUpdate()
      .execute();
  },

  /** Every market of these matches (closed ones too) with its prices: a price batch's working set. */
  async priceBatchMarkets(ex: Executor, matchIds: string[]): Promise<MarketView[]> {
    if (matchIds.length === 0) return [];
    const markets = await ex.selectFrom('markets').selectAll().where('match_id', 'in', matchIds).execute();
    if (markets.length === 0) return [];
    const selections = await ex
      .selectFrom('selections')
      .selectAll()
      .where(
        'market_id',
        'in',
        markets.map((m) => m.id),
      )
      .execute();
    return assembleMarkets(markets, selections);
  },

  /** Many selections' prices in one statement (each market/key once: the caller keeps the last). */
  async setManyPrices(ex: Executor, rows: { marketId: number; key: string; price: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await ex
      .insertInto('selections')
      .values(rows.map((row) => ({ market_id: String(row.marketId), key: row.key, price: row.price })))
      .onConflict((oc) =>
        oc.columns(['market_id', 'key']).doUpdateSet((eb) => ({ price: eb.ref('excluded.price') })),
      )
      .execute();
  },

  /** Moves several matches' sequence numbers at once. */
  async setSeqs(ex: Executor, seqs: { id: string; seq: bigint }[]): Promise<void> {
    if (seqs.length === 0) return;
    await sql`update matches m set seq = v.seq, updated_at = now()
      from (values ${sql.join(seqs.map((s) => sql`(${s.id}::bigint, ${s.seq}::bigint)`))}) as v(id, seq)
      where m.id = v.id`.execute(ex);
  },

  async insertEvents(
    ex: Executor,
    rows: { matchId: string; seq: bigint; payload: unknown }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await ex
      .insertInto('match_events')
      .values(
        rows.map((row) => ({ match_id: row.matchId, seq: row.seq, payload: JSON.stringify(row.payload) })),
      )
      .execute();
  },

  async matchById(ex: Executor, id: number): Promise<MatchRow | undefined> {
    return ex.selectFrom('matches').selectAll().where('id', '=', String(id)).executeTakeFirst();
  },

  async insertMatch(
    ex: Executor,
    row: {
      key: string;
      sportId: number;
      leagueId: number;
      parentId: number | null;
      childType: string | null;
      outright: boolean;
      home: string;
      away: string;
      kickoff: Date;
      neutral: boolean;
    },
  ): Promise<MatchRow> {
    return ex
      .insertInto('matches')
      .values({
        external_key: row.key,
        sport_id: row.sportId,
        league_id: String(row.leagueId),
        parent_id: row.parentId === null ? null : String(row.parentId),
        child_type: row.childType,
        is_outright: row.outright,
        home: row.home,
        away: row.away,
        kickoff: row.kickoff,
        neutral: row.neutral,
        seq: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async updateMatch(
    ex: Executor,
    id: string,
    changes: Partial<Omit<MatchRow, 'id' | 'external_key' | 'seq'>>,
    seq: bigint,
  ): Promise<MatchRow> {
    return ex
      .updateTable('matches')
      .set({ ...changes, seq, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async findMarket(ex: Executor, matchId: string, ref: MarketRef) {
    return ex
      .selectFrom('markets')
      .selectAll()
      .where('match_id', '=', matchId)
      .where('kind', '=', ref.kind)
      .where('period', '=', ref.period)
      .where('line', '=', ref.line)
      .executeTakeFirst();
  },

  async upsertMarket(
    ex: Executor,
    matchId: string,
    ref: MarketRef,
    fields: { status: MarketStatus; isMain: boolean; seq: bigint },
  ): Promise<string> {
    const row = await ex
      .insertInto('markets')
      .values({
        match_id: matchId,
        kind: ref.kind,
        period: ref.period,
        line: ref.line,
        status: fields.status,
        is_main: fields.isMain,
        updated_seq: fields.seq,
      })
      .onConflict((oc) =>
        oc.columns(['match_id', 'kind', 'period', 'line']).doUpdateSet({
          status: fields.status,
          is_main: fields.isMain,
          updated_seq: fields.seq,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async setPrices(ex: Executor, marketId: string, prices: Record<string, string>): Promise<void> {
    const rows = Object.entries(prices).map(([key, price]) => ({ market_id: marketId, key, price }));
    if (rows.length === 0) return;
    await ex
      .insertInto('selections')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['market_id', 'key']).doUpdateSet((eb) => ({ price: eb.ref('excluded.price') })),
      )
      .execute();
  },

  async setMarketStatus(ex: Executor, marketId: string, status: MarketStatus, seq: bigint): Promise<void> {
    await ex.updateTable('markets').set({ status, updated_seq: seq }).where('id', '=', marketId).execute();
  },

  /** Sets every market of a match (not closed ones) to a status; answers the ids changed. */
  async setAllMarketsStatus(
    ex: Executor,
    matchId: string,
    status: MarketStatus,
    seq: bigint,
  ): Promise<string[]> {
    const rows = await ex
      .updateTable('markets')
      .set({ status, updated_seq: seq })
      .where('match_id', '=', matchId)
      .where('status', '<>', 'closed')
      .where('status', '<>', status)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  },

  async marketViews(ex: Executor, marketIds: string[]): Promise<MarketView[]> {
    if (marketIds.length === 0) return [];
    const markets = await ex.selectFrom('markets').selectAll().where('id', 'in', marketIds).execute();
    const selections = await ex
      .selectFrom('selections')
      .selectAll()
      .where('market_id', 'in', marketIds)
      .execute();
    return assembleMarkets(markets, selections);
  },

  async upsertResult(
    ex: Executor,
    matchId: string,
    result: {
      ht: [number, number] | null;
      ft: [number, number] | null;
      goals: ('h' | 'a')[];
      winners: string[];
    },
  ): Promise<ResultView> {
    const row = await ex
      .insertInto('results')
      .values({
        match_id: matchId,
        ht_home: result.ht?.[0] ?? null,
        ht_away: result.ht?.[1] ?? null,
        ft_home: result.ft?.[0] ?? null,
        ft_away: result.ft?.[1] ?? null,
        goals: JSON.stringify(result.goals),
        winners: JSON.stringify(result.winners),
      })
      .onConflict((oc) =>
        oc.column('match_id').doUpdateSet((eb) => ({
          ht_home: eb.ref('excluded.ht_home'),
          ht_away: eb.ref('excluded.ht_away'),
          ft_home: eb.ref('excluded.ft_home'),
          ft_away: eb.ref('excluded.ft_away'),
          goals: eb.ref('excluded.goals'),
          winners: eb.ref('excluded.winners'),
          version: sql`results.version + 1`,
          published_at: sql`now()`,
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toResultView(row);
  },

  async insertEvent(ex: Executor, matchId: string, seq: bigint, payload: unknown): Promise<void> {
    await ex
      .insertInto('match_events')
      .values({ match_id: matchId, seq, payload: JSON.stringify(payload) })
      .execute();
  },

  async eventsSince(ex: Executor, matchId: number, afterSeq: number, limit: number): Promise<unknown[]> {
    const rows = await ex
      .selectFrom('match_events')
      .select('payload')
      .where('match_id', '=', String(matchId))
      .where('seq', '>', BigInt(afterSeq))
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((row) => row.payload);
  },

  // ---- snapshot loading ----
  async openMatches(ex: Executor, finishedSince: Date): Promise<MatchView[]> {
    const rows = await ex
      .selectFrom('matches')
      .selectAll()
      .where((eb) => eb.or([eb('state', 'in', [0, 5, 500]), eb('updated_at', '>=', finishedSince)]))
      .execute();
    return rows.map(toMatchView);
  },

  async marketsOfMatches(ex: Executor, matchIds: number[]): Promise<MarketView[]> {
    const views: MarketView[] = [];
    // Bounded batches: a big book loads in pieces, never one giant IN list.
    for (let i = 0; i < matchIds.length; i += 2000) {
      const ids = matchIds.slice(i, i + 2000).map(String);
      const markets = await ex
        .selectFrom('markets')
        .selectAll()
        .where('match_id', 'in', ids)
        .where('status', '<>', 'closed')
        .execute();
      const marketIds = markets.map((m) => m.id);
      const selections: { market_id: string; key: string; price: string }[] = [];
      for (let j = 0; j < marketIds.length; j += 5000) {
        selections.push(
          ...(await ex
            .selectFrom('selections')
            .selectAll()
            .where('market_id', 'in', marketIds.slice(j, j + 5000))
            .execute()),
        );
      }
      views.push(...assembleMarkets(markets, selections));
    }
    return views;
  },

  async resultsOfMatches(ex: Executor, matchIds: number[]): Promise<ResultView[]> {
    if (matchIds.length === 0) return [];
    const views: ResultView[] = [];
    for (let i = 0; i < matchIds.length; i += 2000) {
      const rows = await ex
        .selectFrom('results')
        .selectAll()
        .where('match_id', 'in', matchIds.slice(i, i + 2000).map(String))
        .execute();
      views.push(...rows.map(toResultView));
    }
    return views;
  },

  async resultsBetween(ex: Executor, from: Date, to: Date, sportId: number | null) {
    let query = ex
      .selectFrom('results as r')
      .innerJoin('matches as m', 'm.id', 'r.match_id')
      .innerJoin('leagues as l', 'l.id', 'm.league_id')
      .select([
        'm.id',
        'm.sport_id',
        'm.league_id',
        'l.name as league_name',
        'm.home',
        'm.away',
        'm.kickoff',
        'm.state',
        'm.state_detail',
        'r.ht_home',
        'r.ht_away',
        'r.ft_home',
        'r.ft_away',
        'r.winners',
      ])
      .where('m.kickoff', '>=', from)
      .where('m.kickoff', '<', to)
      .orderBy('m.kickoff')
      .orderBy('m.id')
      .limit(5000);
    if (sportId !== null) query = query.where('m.sport_id', '=', sportId);
    return query.execute();
  },
};

function assembleMarkets(
  markets: {
    id: string;
    match_id: string;
    kind: string;
    period: string;
    line: string;
    status: string;
    is_main: boolean;
  }[],
  selections: { market_id: string; key: string; price: string }[],
): MarketView[] {
  const prices = new Map<string, Record<string, string>>();
  for (const selection of selections) {
    const map = prices.get(selection.market_id) ?? {};
    map[selection.key] = normalisePrice(selection.price);
    prices.set(selection.market_id, map);
  }
  return markets.map((m) => ({
    id: Number(m.id),
    matchId: Number(m.match_id),
    kind: m.kind as MarketView['kind'],
    period: m.period as MarketView['period'],
    line: m.line,
    status: m.status as MarketStatus,
    isMain: m.is_main,
    prices: prices.get(m.id) ?? {},
  }));
}

/** NUMERIC(9,3) reads back as '1.950': keep two decimals unless the third carries a digit. */
export function normalisePrice(text: string): string {
  return text.replace(/(\.\d\d)0$/, '$1');
}

/** A price as written (e.g. '2' or '1.9') as the database will read it back ('2.00', '1.90'). */
export function storedPrice(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return normalisePrice(`${whole}.${fraction.padEnd(3, '0')}`);
}

function toResultView(row: {
  match_id: string;
  ht_home: number | null;
  ht_away: number | null;
  ft_home: number | null;
  ft_away: number | null;
  goals: ('h' | 'a')[];
  winners: string[];
  version: number;
}): ResultView {
  return {
    matchId: Number(row.match_id),
    ht: row.ht_home === null || row.ht_away === null ? null : [row.ht_home, row.ht_away],
    ft: row.ft_home === null || row.ft_away === null ? null : [row.ft_home, row.ft_away],
    goals: row.goals,
    winners: row.winners,
    version: row.version,
  };
}
