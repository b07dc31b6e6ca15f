import { bettingDay } from '@sb/domain';
import { expect, it } from 'vitest';
import { FairService } from '../src/modules/fair/service';
import { describeEachDatabase } from './support/harness';

const DAY_MS = 86_400_000;

describeEachDatabase('a shared game whose days went unplayed', (env) => {
  it('on its next use reveals every earlier day it committed, and commits today', async () => {
    const fair = new FairService(env().ctx);
    const db = env().ctx.db;
    const firstDay = bettingDay(env().ctx.now().getTime());
    const first = await fair.current(db, 'racing');
    const committedAhead = await fair.nextDay(db, 'racing');
    expect(first.scope).toBe(`racing:${firstDay}`);
    expect(committedAhead.scope).toBe(`racing:${bettingDay(env().ctx.now().getTime() + DAY_MS)}`);

    // Nothing played for three whole days: neither the first day's seed nor the one committed for the day
    // after was ever revealed by a rollover.
    env().advance(4 * DAY_MS);
    const today = await fair.current(db, 'racing');

    expect(today.scope).toBe(`racing:${bettingDay(env().ctx.now().getTime())}`);
    expect([first.id, committedAhead.id]).not.toContain(today.id);
    const revealed = await fair.revealedSeeds('racing');
    const revealedHashes = revealed.map((seed) => seed.seed_hash);
    expect(revealedHashes).toContain(first.seed_hash);
    expect(revealedHashes).toContain(committedAhead.seed_hash);
    // A revealed seed is the one committed: its hash is what members saw beforehand.
    const shown = revealed.find((seed) => seed.seed_hash === first.seed_hash);
    expect(shown?.server_seed).toBe(first.server_seed);
    // Today's seed is still secret, and it is the one in force on the next read.
    expect(revealedHashes).not.toContain(today.seed_hash);
    expect((await fair.view('racing')).seed_hash).toBe(today.seed_hash);
  });
});
