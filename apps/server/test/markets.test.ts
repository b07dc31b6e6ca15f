import { gmt8DayNumber, gmt8DayStart } from '@sb/domain';
import { expect, it } from 'vitest';
import { seeded } from './support/fixtures';
import { call, describeEachDatabase } from './support/harness';
import { settle, tradingDesk } from './support/catalog';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('uxmarket: the early tab by date (selected_days)', (env) => {
  it('lists the early matches of one GMT+8 day over HTTP, for uxmarket and uxmmo, and refuses an unknown day', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const today = gmt8DayNumber(Date.now());
    // Noon GMT+8 on the day `offset` days from today: well inside the day whatever the time of the run.
    const noon = (offset: number) => new Date(gmt8DayStart(today + offset) + 12 * HOUR).toISOString();
    const created: Record<string, number> = {};
    for (const [name, offset] of [
      ['tomorrow', 1],
      ['tomorrowLate', 1],
      ['inTwoDays', 2],
      ['inSevenDays', 7],
    ] as const) {
      const kickoff =
        name === 'tomorrowLate'
          ? new Date(gmt8DayStart(today + offset + 1) - 60_000).toISOString() // 23:59 GMT+8
          : noon(offset);
      const id = await desk.createMatch({ home: `${name} H`, away: `${name} A`, kickoff });
      await desk.trade('market', { match_id: id, kind: 'hdp', line: '0', prices: { h: '1.9', a: '1.9' } });
      created[name] = id;
    }
    await settle();
    const list = async (path: string, body: Record<string, unknown>) =>
      (await call(env().app, path, { sport_id: 1, menu: 'early', ...body })).body as unknown as {
        status: string;
        matches: number[][];
        total: number;
      };
    expect((await list('/cache/uxmarket', {})).total).toBe(4);
    const tomorrow = await list('/cache/uxmarket', { selected_days: '2' });
    expect(tomorrow.matches.map((m) => m[0])).toEqual([created.tomorrow, created.tomorrowLate]);
    expect(tomorrow.total).toBe(2);
    expect((await list('/cache/uxmarket', { selected_days: '3' })).matches.map((m) => m[0])).toEqual([
      created.inTwoDays,
    ]);
    expect((await list('/cache/uxmarket', { selected_days: '8' })).matches.map((m) => m[0])).toEqual([
      created.inSevenDays,
    ]);
    expect((await list('/cache/uxmarket', { selected_days: '5' })).total).toBe(0);
    // The Myanmar list takes the same request.
    expect((await list('/cache/uxmmo', { selected_days: '2' })).total).toBe(2);
    // A cancelled match leaves its day's list at once.
    await desk.trade('state', { match_id: created.inTwoDays, state: 2, detail: 'cancelled' });
    await settle();
    expect((await list('/cache/uxmarket', { selected_days: '3' })).total).toBe(0);
    expect((await list('/cache/uxmarket', { selected_days: '2' })).total).toBe(2);
    expect((await list('/cache/uxmarket', { selected_days: '9' })).status).toBe('0');
  });
});
