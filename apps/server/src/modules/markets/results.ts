import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { catalogRepository as repo } from '../catalog/repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const GMT8_MS = 8 * 60 * 60 * 1000;

/** One result row, named as the member app reads it (kick-off as an ISO instant). */
export interface ResultRow {
  match_id: number;
  sport_id: number;
  league_id: number;
  league_name: string;
  home: string;
  away: string;
  kickoff: string;
  state: number;
  state_detail: string;
  ht_home: number | null;
  ht_away: number | null;
  ft_home: number | null;
  ft_away: number | null;
}

/** Results read from the database by GMT+8 day: they outlive the snapshot's memory window. */
export class ResultsService {
  constructor(
    private readonly db: Db,
    private readonly sportGroups: () => Map<number, string>,
  ) {}

  async byDay(
    date: string,
    sportId: number | null,
    group: 'all' | 'efighting' | 'number-game',
  ): Promise<{ results: ResultRow[] }> {
    const start = Date.parse(`${date}T00:00:00Z`) - GMT8_MS;
    if (Number.isNaN(start)) throw new AppError('invalid_request', { field: 'date' });
    const rows = await repo.resultsBetween(this.db, new Date(start), new Date(start + DAY_MS), sportId);
    const groups = this.sportGroups();
    return {
      results: rows
        .filter((row) => group === 'all' || groups.get(row.sport_id) === group)
        .map((row) => ({
          match_id: Number(row.id),
          sport_id: row.sport_id,
          league_id: Number(row.league_id),
          league_name: row.league_name,
          home: row.home,
          away: row.away,
          kickoff: row.kickoff.toISOString(),
          state: row.state,
          state_detail: row.state_detail ?? '',
          ht_home: row.ht_home,
          ht_away: row.ht_away,
          ft_home: row.ft_home,
          ft_away: row.ft_away,
        })),
    };
  }

  async single(matchId: number) {
    const match = await repo.matchById(this.db, matchId);
    if (!match) throw new AppError('matchHide');
    const [result] = await repo.resultsOfMatches(this.db, [matchId]);
    return {
      match: {
        id: Number(match.id),
        home: match.home,
        away: match.away,
        kickoff: match.kickoff.getTime(),
        state: match.state,
        detail: match.state_detail,
      },
      result: result ?? null,
    };
  }
}
