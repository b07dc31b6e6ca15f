/** Today's betting day in GMT+8 as YYYY-MM-DD. */
export const bookDayToday = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
