import { countCell, priceCell } from './cells';
import { columnReader, parseCsv } from './csv';
import type { Bookmaker, ParseIssue } from './football-data';
import { isoDate, parseDate } from './uk-time';

/**
 * tennis-data.co.uk layout (ATP/WTA): one row per match, winner first. Dates are dd/mm/yyyy in the original
 * downloads and ISO in the derived ATP 2022 file; both are read. The file has no start times.
 */
export type TennisStatus = 'completed' | 'retired' | 'walkover' | 'other';

export interface TennisSet {
  readonly winner: number;
  readonly loser: number;
}

export interface TennisMatchRow {
  readonly sourceLine: number;
  readonly tournament: string;
  readonly location: string;
  readonly series: string;
  readonly court: string;
  readonly surface: string;
  readonly round: string;
  /** 3 or 5; null when blank (15 rows in ATP 2022). */
  readonly bestOf: number | null;
  readonly date: string;
  readonly winner: string;
  readonly loser: string;
  readonly winnerRank: number | null;
  readonly loserRank: number | null;
  /** Sets actually played, in order; a retirement can stop mid-set, a walkover has none. */
  readonly sets: readonly TennisSet[];
  readonly winnerSets: number | null;
  readonly loserSets: number | null;
  readonly status: TennisStatus;
  /** The Comment cell as written ('Completed', 'Retired', 'Walkover'...). */
  readonly comment: string;
  readonly prices: { readonly winner: string; readonly loser: string; readonly source: Bookmaker } | null;
}

export interface TennisDataFile {
  readonly rows: readonly TennisMatchRow[];
  readonly issues: readonly ParseIssue[];
}

function statusOf(comment: string): TennisStatus {
  const c = comment.toLowerCase();
  if (c.startsWith('completed')) return 'completed';
  if (c.startsWith('retired')) return 'retired';
  if (c.startsWith('walkover')) return 'walkover';
  return 'other';
}

export function parseTennisData(text: string): TennisDataFile {
  const table = parseCsv(text);
  const col = columnReader(table.header);
  const rows: TennisMatchRow[] = [];
  const issues: ParseIssue[] = [];
  for (const record of table.records) {
    const read = (name: string) => col(record.cells, name);
    const date = parseDate(read('Date'));
    const winner = read('Winner');
    const loser = read('Loser');
    if (!date || !winner || !loser) {
      issues.push({ line: record.line, reason: 'missing date or players' });
      continue;
    }
    const sets: TennisSet[] = [];
    for (let s = 1; s <= 5; s += 1) {
      const w = countCell(read(`W${s}`));
      const l = countCell(read(`L${s}`));
      if (w === null || l === null) break;
      sets.push({ winner: w, loser: l });
    }
    const b365 = [priceCell(read('B365W')), priceCell(read('B365L'))] as const;
    const ps = [priceCell(read('PSW')), priceCell(read('PSL'))] as const;
    const [pw, pl, source] =
      b365[0] && b365[1]
        ? [b365[0], b365[1], 'B365' as const]
        : ps[0] && ps[1]
          ? [ps[0], ps[1], 'PS' as const]
          : [];
    const comment = read('Comment');
    rows.push({
      sourceLine: record.line,
      tournament: read('Tournament'),
      location: read('Location'),
      series: read('Series'),
      court: read('Court'),
      surface: read('Surface'),
      round: read('Round'),
      bestOf: countCell(read('Best of')),
      date: isoDate(date),
      winner,
      loser,
      winnerRank: countCell(read('WRank')),
      loserRank: countCell(read('LRank')),
      sets,
      winnerSets: countCell(read('Wsets')),
      loserSets: countCell(read('Lsets')),
      status: statusOf(comment),
      comment,
      prices: pw && pl && source ? { winner: pw, loser: pl, source } : null,
    });
  }
  return { rows, issues };
}
