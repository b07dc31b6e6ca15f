import { UPLINE_LEVELS, type UplineLevel } from '@sb/contract';
import { bucketOf } from './days';

/** A bet's new settlement as settlement's batch worked it out: what the daily win/loss sums gain from it. */
export interface SettledFigures {
  memberPk: string;
  currency: string;
  settledAt: Date;
  /** The stake at risk: the report's turnover. */
  risk: bigint;
  validTurnover: bigint;
  winLoss: bigint;
  commission: bigint;
  /** The upline's parts of this settlement (bet_shares rows), at most one per level. */
  parts: readonly { level: string; winLoss: bigint; commission: bigint }[];
}

/** One report_days row's change: a day, member and currency, with the sums its bets add. */
export interface ReportDayChange {
  day: number;
  memberPk: string;
  currency: string;
  bets: number;
  turnover: bigint;
  validTurnover: bigint;
  winLoss: bigint;
  commission: bigint;
  /** Each upline level's part: its win/loss share and its commission, 0 where the bets gave it none. */
  levels: Record<UplineLevel, { winLoss: bigint; commission: bigint }>;
}

const LEVEL_SET = new Set<string>(UPLINE_LEVELS);
const isUplineLevel = (level: string): level is UplineLevel => LEVEL_SET.has(level);

function emptyLevels(): ReportDayChange['levels'] {
  const levels = {} as ReportDayChange['levels'];
  for (const level of UPLINE_LEVELS) levels[level] = { winLoss: 0n, commission: 0n };
  return levels;
}

/**
 * The report_days rows a batch's new settlements add to: per betting day of the settlement (the statements'
 * bucket), member and currency, the bets counted and their sums, in a fixed order (day, member, currency) so two
 * writers meet the rows in the same order. The same figures the rebuild reads back from bets and bet_shares
 * (statement repository `addReportDays`), taken from memory: the batch has just computed them.
 */
export function reportDayChanges(settled: readonly SettledFigures[]): ReportDayChange[] {
  const rows = new Map<string, ReportDayChange>();
  for (const bet of settled) {
    const day = bucketOf(bet.settledAt.getTime());
    const key = `${day}|${bet.memberPk}|${bet.currency}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        day,
        memberPk: bet.memberPk,
        currency: bet.currency,
        bets: 0,
        turnover: 0n,
        validTurnover: 0n,
        winLoss: 0n,
        commission: 0n,
        levels: emptyLevels(),
      };
      rows.set(key, row);
    }
    row.bets += 1;
    row.turnover += bet.risk;
    row.validTurnover += bet.validTurnover;
    row.winLoss += bet.winLoss;
    row.commission += bet.commission;
    for (const part of bet.parts) {
      // Levels outside the chain's names are not report columns (the rebuild's pivot leaves them out too).
      if (!isUplineLevel(part.level)) continue;
      const level = row.levels[part.level];
      level.winLoss += part.winLoss;
      level.commission += part.commission;
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.day - b.day ||
      compareIds(a.memberPk, b.memberPk) ||
      (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0),
  );
}

/** Bigint ids as text, in numeric order (shorter first), as PostgreSQL orders the keys. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
