import type { ResultRow } from '@sb/contract';
import { DAY_MS, gmt8DateStart } from '@sb/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { catalogRecords as repo } from '../catalog/service';

/** One result row as the contract describes it (the member app reads the same type). */
export type { ResultRow };

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
    const start = gmt8DateStart(date);
    if (start === null) throw new AppError('invalid_request', { field: 'date' });
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
          ...(Array.isArray(row.winners) && row.winners.length > 0
            ? { winners: row.winners as string[] }
            : {}),
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
