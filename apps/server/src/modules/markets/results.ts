import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { catalogRepository as repo } from '../catalog/repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const GMT8_MS = 8 * 60 * 60 * 1000;

/** Result rows: [matchId, sportId, leagueId, leagueName, home, away, kickoffMs, state, detail, htHome, htAway, ftHome, ftAway]. */
export type ResultTuple = [
  number,
  number,
  number,
  string,
  string,
  string,
  number,
  number,
  string,
  number | null,
  number | null,
  number | null,
  number | null,
];

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
  ): Promise<{ results: ResultTuple[] }> {
    const start = Date.parse(`${date}T00:00:00Z`) - GMT8_MS;
    if (Number.isNaN(start)) throw new AppError('invalid_request', { field: 'date' });
    const rows = await repo.resultsBetween(this.db, new Date(start), new Date(start + DAY_MS), sportId);
    const groups = this.sportGroups();
    return {
      results: rows
        .filter((row) => group === 'all' || groups.get(row.sport_id) === group)
        .map((row) => [
          Number(row.id),
          row.sport_id,
          Number(row.league_id),
          row.league_name,
          row.home,
          row.away,
          row.kickoff.getTime(),
          row.state,
          row.state_detail ?? '',
          row.ht_home,
          row.ht_away,
          row.ft_home,
          row.ft_away,
        ]),
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
