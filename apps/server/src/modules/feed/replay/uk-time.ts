/**
 * UK local time (Europe/London, GMT in winter, BST in summer) to UTC, independent of the machine's time zone:
 * the offset is read from Intl for the instant in question, never from the process's TZ.
 */

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** London's offset from UTC at an instant, in ms (0 or 3,600,000). */
export function londonOffsetMs(instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of LONDON.formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The UTC instant of a London wall-clock time. Tries the offset in force just before and after; in the autumn
 * hour that happens twice the earlier (BST) reading wins, and a time skipped in spring maps one hour on, as a
 * clock would show it.
 */
export function londonToUtc(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const candidates = [wall - londonOffsetMs(wall - 3 * 3600_000), wall - londonOffsetMs(wall + 3 * 3600_000)];
  for (const utc of candidates.sort((a, b) => a - b)) {
    if (utc + londonOffsetMs(utc) === wall) return new Date(utc);
  }
  // Spring-forward gap: no instant shows this wall time; use the pre-change offset (01:30 GMT = 02:30 BST).
  return new Date(wall - londonOffsetMs(wall - 3 * 3600_000));
}

const DMY_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HM_RE = /^(\d{1,2}):(\d{2})$/;

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** 'dd/mm/yyyy' (football-data.co.uk; old files use 'dd/mm/yy') or 'yyyy-mm-dd'; null if not a real date. */
export function parseDate(text: string): CalendarDate | null {
  const t = text.trim();
  const dmy = DMY_RE.exec(t);
  const iso = ISO_RE.exec(t);
  let year: number;
  let month: number;
  let day: number;
  if (dmy) {
    day = Number(dmy[1]);
    month = Number(dmy[2]);
    year = Number(dmy[3]);
    if (year < 100) year += 2000;
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else return null;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** 'hh:mm' to minutes after midnight; null if malformed. */
export function parseTime(text: string): { hour: number; minute: number } | null {
  const m = HM_RE.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

export function isoDate(d: CalendarDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}
