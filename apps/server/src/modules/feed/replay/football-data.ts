import { priceCell, countCell, lineCell, resultCell, type ResultLetter } from './cells';
import { columnReader, parseCsv } from './csv';
import { isoDate, londonToUtc, parseDate, parseTime } from './uk-time';

/**
 * football-data.co.uk result-and-odds files (any league or season of that layout), parsed as they come: BOM,
 * CRLF, `8.0` for whole numbers, blank cells, `0` for a missing price. Columns are found by name, so older and
 * newer layouts (extra bookmakers, Referee or not) read the same.
 */

export type Bookmaker = 'B365' | 'PS';

export interface Score {
  readonly home: number;
  readonly away: number;
}

export interface ThreeWayPrices {
  readonly home: string;
  readonly draw: string;
  readonly away: string;
  readonly source: Bookmaker;
}

/** Asian handicap: `line` is the HOME team's handicap (negative: home gives goals). */
export interface HandicapPrices {
  readonly line: string;
  readonly home: string;
  readonly away: string;
  readonly source: Bookmaker;
}

export interface TotalPrices {
  readonly line: string;
  readonly over: string;
  readonly under: string;
  readonly source: Bookmaker;
}

export interface MarketPrices {
  readonly oneXTwo: ThreeWayPrices | null;
  readonly handicap: HandicapPrices | null;
  readonly total: TotalPrices | null;
}

export interface FootballMatchRow {
  /** 1-based line in the file, for messages. */
  readonly sourceLine: number;
  readonly division: string;
  /** Kick-off as a UTC instant (the file's date and time are UK local time). */
  readonly kickOff: Date;
  /** The file's own date (yyyy-mm-dd) and UK time (hh:mm). */
  readonly localDate: string;
  readonly localTime: string;
  readonly home: string;
  readonly away: string;
  readonly fullTime: Score;
  readonly result: ResultLetter;
  /** Null when the file leaves it blank (Union Berlin v Bochum, 14/12/2024). */
  readonly halfTime: Score | null;
  readonly halfTimeResult: ResultLetter | null;
  readonly opening: MarketPrices;
  readonly closing: MarketPrices;
}

export interface ParseIssue {
  readonly line: number;
  readonly reason: string;
}

export interface FootballDataFile {
  readonly rows: readonly FootballMatchRow[];
  /** Records that could not be read (missing teams, date or score), skipped rather than guessed. */
  readonly issues: readonly ParseIssue[];
}

/** Column names of one price set; the first bookmaker with a complete set wins. */
interface PriceColumns {
  readonly source: Bookmaker;
  readonly cols: readonly string[];
  readonly line?: string;
}

const OPENING_1X2: readonly PriceColumns[] = [
  { source: 'B365', cols: ['B365H', 'B365D', 'B365A'] },
  { source: 'PS', cols: ['PSH', 'PSD', 'PSA'] },
];
const CLOSING_1X2: readonly PriceColumns[] = [
  { source: 'B365', cols: ['B365CH', 'B365CD', 'B365CA'] },
  { source: 'PS', cols: ['PSCH', 'PSCD', 'PSCA'] },
];
const OPENING_AH: readonly PriceColumns[] = [
  { source: 'B365', cols: ['B365AHH', 'B365AHA'], line: 'AHh' },
  { source: 'PS', cols: ['PAHH', 'PAHA'], line: 'AHh' },
];
const CLOSING_AH: readonly PriceColumns[] = [
  { source: 'B365', cols: ['B365CAHH', 'B365CAHA'], line: 'AHCh' },
  { source: 'PS', cols: ['PCAHH', 'PCAHA'], line: 'AHCh' },
];
const OPENING_OU: readonly PriceColumns[] = [
  { source: 'B365', cols: ['B365>2.5', 'B365<2.5'] },
  { source: 'PS', cols: ['P>2.5', 'P<2.5'] },
];
const CLOSING_OU: readonly PriceColumns[] = [
  { source: 'B365', cols: ['B365C>2.5', 'B365C<2.5'] },
  { source: 'PS', cols: ['PC>2.5', 'PC<2.5'] },
];

type Read = (name: string) => string;

function firstComplete(
  read: Read,
  sets: readonly PriceColumns[],
): { prices: string[]; set: PriceColumns } | null {
  for (const set of sets) {
    const prices = set.cols.map((c) => priceCell(read(c)));
    if (prices.every((p): p is string => p !== null)) return { prices, set };
  }
  return null;
}

function marketPrices(
  read: Read,
  x12: readonly PriceColumns[],
  ah: readonly PriceColumns[],
  ou: readonly PriceColumns[],
) {
  const a = firstComplete(read, x12);
  const h = firstComplete(read, ah);
  const hLine = h?.set.line ? lineCell(read(h.set.line)) : null;
  const o = firstComplete(read, ou);
  const [ah0 = '', ah1 = ''] = h?.prices ?? [];
  const [ou0 = '', ou1 = ''] = o?.prices ?? [];
  const [x0 = '', x1 = '', x2 = ''] = a?.prices ?? [];
  return {
    oneXTwo: a ? { home: x0, draw: x1, away: x2, source: a.set.source } : null,
    handicap: h && hLine !== null ? { line: hLine, home: ah0, away: ah1, source: h.set.source } : null,
    total: o ? { line: '2.5', over: ou0, under: ou1, source: o.set.source } : null,
  };
}

/** When a file has no Time column (seasons before 2019-20), matches are placed at 15:00 UK. */
const DEFAULT_TIME = { hour: 15, minute: 0 };

function score(read: Read, home: string, away: string): Score | null {
  const h = countCell(read(home));
  const a = countCell(read(away));
  return h === null || a === null ? null : { home: h, away: a };
}

export function parseFootballData(text: string): FootballDataFile {
  const table = parseCsv(text);
  const col = columnReader(table.header);
  const hasTime = table.header.includes('Time');
  const rows: FootballMatchRow[] = [];
  const issues: ParseIssue[] = [];
  for (const record of table.records) {
    const read: Read = (name) => col(record.cells, name);
    const fail = (reason: string) => issues.push({ line: record.line, reason });
    const home = read('HomeTeam');
    const away = read('AwayTeam');
    const date = parseDate(read('Date'));
    const time = hasTime ? parseTime(read('Time')) : DEFAULT_TIME;
    const fullTime = score(read, 'FTHG', 'FTAG');
    const result = resultCell(read('FTR'));
    if (!home || !away) fail('missing team');
    else if (!date) fail(`bad date '${read('Date')}'`);
    else if (!time) fail(`bad time '${read('Time')}'`);
    else if (!fullTime || !result) fail('missing full-time score');
    else {
      rows.push({
        sourceLine: record.line,
        division: read('Div'),
        kickOff: londonToUtc(date.year, date.month, date.day, time.hour, time.minute),
        localDate: isoDate(date),
        localTime: `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`,
        home,
        away,
        fullTime,
        result,
        halfTime: score(read, 'HTHG', 'HTAG'),
        halfTimeResult: resultCell(read('HTR')),
        opening: marketPrices(read, OPENING_1X2, OPENING_AH, OPENING_OU),
        closing: marketPrices(read, CLOSING_1X2, CLOSING_AH, CLOSING_OU),
      });
    }
  }
  return { rows, issues };
}
