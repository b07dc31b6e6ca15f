/** The drill-down path of the win/loss report: the caller first, then each account opened below it. */
export interface Drill {
  path: string[];
}

/** Open `accountId` below the current level (ignored when it is already on the path). */
export const drillInto = (drill: Drill, accountId: string): Drill =>
  drill.path.includes(accountId) ? drill : { path: [...drill.path, accountId] };

/** Go back to the level at `index` of the path (0 is the caller). */
export const drillTo = (drill: Drill, index: number): Drill => ({
  path: drill.path.slice(0, Math.max(1, index + 1)),
});

/** The account the report looks under: the last on the path; undefined is the caller itself. */
export const drillAccount = (drill: Drill): string | undefined =>
  drill.path.length > 1 ? drill.path.at(-1) : undefined;

/** Today in GMT+8 (the book's betting day) as YYYY-MM-DD, shifted by whole days. */
export const bookDay = (now: number, offsetDays = 0): string =>
  new Date(now + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
