import type { ParseIssue, Score } from './football-data';
import { isoDate, londonToUtc, parseDate } from './uk-time';

/**
 * openfootball football.json (CC0): `{ name, matches: [{ round, date, time, team1, team2, score: { ht, ft } }] }`.
 * Times of English leagues are UK local time; a time may also carry its own offset ('20:00 UTC+2').
 * Some matches have no half-time score (11 in EPL 2023-24).
 */
export interface OpenFootballRow {
  readonly competition: string;
  readonly round: string;
  readonly kickOff: Date;
  readonly localDate: string;
  readonly localTime: string | null;
  readonly home: string;
  readonly away: string;
  readonly fullTime: Score;
  readonly halfTime: Score | null;
}

export interface OpenFootballFile {
  readonly rows: readonly OpenFootballRow[];
  readonly issues: readonly ParseIssue[];
}

const TIME_RE = /^(\d{1,2}):(\d{2})(?:\s*UTC([+-]\d{1,2}))?$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pair(v: unknown): Score | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [h, a] = v as unknown[];
  return Number.isInteger(h) && Number.isInteger(a) && (h as number) >= 0 && (a as number) >= 0
    ? { home: h as number, away: a as number }
    : null;
}

/** Matches without a time are placed at 15:00 UK, the traditional kick-off. */
function kickOffOf(date: { year: number; month: number; day: number }, time: string | null): Date | null {
  if (time === null) return londonToUtc(date.year, date.month, date.day, 15, 0);
  const m = TIME_RE.exec(time.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return null;
  if (m[3] === undefined) return londonToUtc(date.year, date.month, date.day, hour, minute);
  return new Date(Date.UTC(date.year, date.month - 1, date.day, hour - Number(m[3]), minute));
}

export function parseOpenFootball(jsonText: string): OpenFootballFile {
  const doc: unknown = JSON.parse(jsonText.startsWith('\ufeff') ? jsonText.slice(1) : jsonText);
  if (!isRecord(doc) || !Array.isArray(doc.matches))
    throw new SyntaxError('not an openfootball file: no matches');
  const competition = typeof doc.name === 'string' ? doc.name : '';
  const rows: OpenFootballRow[] = [];
  const issues: ParseIssue[] = [];
  doc.matches.forEach((m: unknown, index) => {
    const fail = (reason: string) => issues.push({ line: index + 1, reason });
    if (!isRecord(m)) return fail('not an object');
    const date = typeof m.date === 'string' ? parseDate(m.date) : null;
    const time = typeof m.time === 'string' ? m.time : null;
    const home = typeof m.team1 === 'string' ? m.team1.trim() : '';
    const away = typeof m.team2 === 'string' ? m.team2.trim() : '';
    const scoreObj = isRecord(m.score) ? m.score : {};
    const fullTime = pair(scoreObj.ft);
    const kickOff = date ? kickOffOf(date, time) : null;
    if (!home || !away) return fail('missing team');
    if (!date || !kickOff) return fail('bad date or time');
    if (!fullTime) return fail('no full-time score');
    rows.push({
      competition,
      round: typeof m.round === 'string' ? m.round : '',
      kickOff,
      localDate: isoDate(date),
      localTime: time,
      home,
      away,
      fullTime,
      halfTime: pair(scoreObj.ht),
    });
  });
  return { rows, issues };
}
