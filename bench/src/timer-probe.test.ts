import { describe, expect, it } from 'vitest';
import { latenessOf, stealWithin, timerProbe } from './timer-probe';

describe('the timer probe beside a run', () => {
  it.each([
    {
      late: [0.1, 0.2, 0.1, 0.3],
      stolen: 0,
      expected: {
        probe_timer_late_p99_ms: 0.3,
        probe_timer_late_max_ms: 0.3,
        probe_stalls_over_20ms: 0,
        probe_stalls_ms: 0,
        probe_stalls_steal_ms: 0,
      },
    },
    {
      // 200 ticks: the p99 is the 199th smallest; two stalls longer than a whole target.
      // The host took 60 ms of the vCPUs' time within them.
      late: [...Array.from({ length: 197 }, () => 0.5), 12, 25, 82],
      stolen: 60,
      expected: {
        probe_timer_late_p99_ms: 25,
        probe_timer_late_max_ms: 82,
        probe_stalls_over_20ms: 2,
        probe_stalls_ms: 107,
        probe_stalls_steal_ms: 60,
      },
    },
    {
      // Exactly the target is not over it; no /proc/stat, no steal figure.
      late: [20, 20.1],
      stolen: null,
      expected: {
        probe_timer_late_p99_ms: 20.1,
        probe_timer_late_max_ms: 20.1,
        probe_stalls_over_20ms: 1,
        probe_stalls_ms: 20,
        probe_stalls_steal_ms: null,
      },
    },
    {
      late: [],
      stolen: 5,
      expected: {
        probe_timer_late_p99_ms: null,
        probe_timer_late_max_ms: null,
        probe_stalls_over_20ms: null,
        probe_stalls_ms: null,
        probe_stalls_steal_ms: null,
      },
    },
  ])('summarises ticks late by $late.length', ({ late, stolen, expected }) => {
    expect(latenessOf(late, stolen)).toEqual(expected);
  });

  it('reads the steal time within the stalls off /proc/stat lines before and after each (10 ms ticks, all vCPUs)', () => {
    //          user nice system idle iowait irq softirq steal
    const at = (steal: number) => `cpu  100 0 50 800 10 5 4 ${steal} 0 0`;
    expect(stealWithin([])).toBe(0);
    expect(
      stealWithin([
        [at(30), at(33)],
        [at(40), at(40)],
        [at(50), at(52)],
      ]),
    ).toBe(50);
    // No /proc/stat, or a line that is not the machine's: unknown, not 0.
    expect(stealWithin(null)).toBeNull();
    expect(stealWithin([[null, null]])).toBeNull();
    expect(stealWithin([[at(1), 'cpu0 1 2 3 4 5 6 7 8']])).toBeNull();
    expect(stealWithin([[at(1), 'cpu  1 2 3 4 5 6 7']])).toBeNull();
  });

  it('runs in a process of its own for the given time and answers its figures', async () => {
    const started = performance.now();
    const figures = await timerProbe(0.3);
    // The child's start (about 50 ms) plus its 300 ms of ticks.
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(figures.probe_timer_late_max_ms).not.toBeNull();
    expect(figures.probe_timer_late_p99_ms).toBeGreaterThanOrEqual(0);
    expect(figures.probe_timer_late_max_ms).toBeGreaterThanOrEqual(figures.probe_timer_late_p99_ms ?? 0);
    // Linux test machines have /proc/stat: the probe reads the steal time within its stalls (none is 0).
    expect(figures.probe_stalls_steal_ms).toBeGreaterThanOrEqual(0);
  });
});
