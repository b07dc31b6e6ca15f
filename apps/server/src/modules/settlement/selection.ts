import type { Goal, MatchResult, MatchStatus, Selection } from '@sb/domain';

/**
 * The bridge from what the catalogue and the bet legs store (market kind, period, home line, the books'
 * short selection keys) to the domain library's selections and match results, so settlement never
 * re-derives a rule: it names the selection and asks @sb/domain for the outcome.
 */
export interface StoredLeg {
  kind: string;
  period: string;
  /** The HOME team's handicap for 'hdp'; the total for 'ou'; '' otherwise. */
  line: string;
  selection: string;
  /** The score when a live bet was struck (live handicap counts only goals after it). */
  homeScore: number | null;
  awayScore: number | null;
}

const PERIOD: Record<string, Selection['period']> = { ft: 'FT', '1h': '1H', '2h': '2H' };
const SIDE: Record<string, 'home' | 'away'> = { h: 'home', a: 'away' };

/** The domain selection for a stored leg, or null when the key does not belong to the market. */
export function toSelection(leg: StoredLeg): Selection | null {
  const period = PERIOD[leg.period];
  if (!period) return null;
  const key = leg.selection;
  switch (leg.kind) {
    case 'hdp': {
      const side = SIDE[key];
      if (!side) return null;
      const scoreAtBet =
        leg.homeScore !== null && leg.awayScore !== null
          ? { home: leg.homeScore, away: leg.awayScore }
          : undefined;
      return { period, market: 'handicap', side, homeLine: leg.line, ...(scoreAtBet ? { scoreAtBet } : {}) };
    }
    case 'ou':
      if (key !== 'o' && key !== 'u') return null;
      return { period, market: 'total', side: key === 'o' ? 'over' : 'under', line: leg.line };
    case '1x2':
      if (key !== '1' && key !== 'x' && key !== '2') return null;
      return { period, market: '1x2', pick: key === 'x' ? 'X' : key };
    case 'dc': {
      const pick = ({ '1x': '1X', x2: 'X2', '12': '12' } as const)[key as '1x' | 'x2' | '12'];
      return pick ? { period, market: 'double_chance', pick } : null;
    }
    case 'oe':
      if (key !== 'o' && key !== 'e') return null;
      return { period, market: 'odd_even', pick: key === 'o' ? 'odd' : 'even' };
    case 'ml': {
      const side = SIDE[key];
      return side ? { period, market: 'moneyline', pick: side } : null;
    }
    case 'cs':
      return { period, market: 'correct_score', pick: key === 'aos' || key === 'other' ? 'other' : key };
    case 'htft': {
      const pick = key.toUpperCase();
      return /^[HDA]{2}$/.test(pick) ? { period, market: 'ht_ft', pick: pick as 'HH' } : null;
    }
    case 'fglg': {
      const pick = key.toUpperCase();
      return ['HF', 'HL', 'AF', 'AL', 'NG'].includes(pick)
        ? { period, market: 'first_last_goal', pick: pick as 'HF' }
        : null;
    }
    case 'tg':
      return ['0-1', '2-3', '4-6', '7+'].includes(key)
        ? { period, market: 'total_goals', pick: key as '0-1' }
        : null;
    case 'eg':
      return { period, market: 'exact_goals', pick: key };
    default:
      return null;
  }
}

const STATUS_BY_DETAIL: Record<string, MatchStatus> = {
  cancelled: 'cancelled',
  cancelled_1h: 'cancelled_1h',
  cancelled_2h: 'cancelled_2h',
  abandoned: 'abandoned',
  abandoned_1h: 'abandoned_1h',
  abandoned_2h: 'abandoned_2h',
};

/**
 * The domain's match result from a stored result: goals are kept in order as scoring sides, and the first
 * (half-time total) of them are the first half's, which first/last goal markets of a half need.
 */
export function toMatchResult(
  match: { state: number; detail: string | null },
  result: { ht: [number, number] | null; ft: [number, number] | null; goals: ('h' | 'a')[] },
): MatchResult | null {
  const status: MatchStatus | undefined =
    match.state === 2
      ? (STATUS_BY_DETAIL[match.detail ?? 'cancelled'] ?? 'cancelled')
      : match.state === 1
        ? 'completed'
        : undefined;
  if (!status) return null;
  const fullTime = result.ft ?? result.ht;
  if (!fullTime) return status === 'completed' ? null : { status, fullTime: { home: 0, away: 0 } };
  const firstHalfGoals = result.ht ? result.ht[0] + result.ht[1] : null;
  const goals: Goal[] | undefined =
    firstHalfGoals === null || result.goals.length !== fullTime[0] + fullTime[1]
      ? undefined
      : result.goals.map((side, index) => ({
          team: side === 'h' ? 'home' : 'away',
          half: index < firstHalfGoals ? 1 : 2,
        }));
  return {
    status,
    fullTime: { home: fullTime[0], away: fullTime[1] },
    ...(result.ht ? { halfTime: { home: result.ht[0], away: result.ht[1] } } : {}),
    ...(goals ? { goals } : {}),
  };
}
