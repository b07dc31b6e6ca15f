import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobRunner, firstRunAfter } from './runner';

function recordingLog() {
  const errors: string[] = [];
  const log = {
    error: (_fields: object, message: string) => errors.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** A run that finishes when the test says so. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('JobRunner', () => {
  it('never overlaps a job with itself: a run asked for while one is under way joins it', async () => {
    const { log } = recordingLog();
    const jobs = new JobRunner(log);
    const first = gate();
    let runs = 0;
    jobs.register({
      name: 'slow',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await first.opened;
      },
    });
    const a = jobs.runNow('slow');
    const b = jobs.runNow('slow');
    first.open();
    await Promise.all([a, b]);
    expect(runs).toBe(1);
    await jobs.runNow('slow');
    expect(runs).toBe(2);
  });

  it('logs a failed run and runs the job again next time', async () => {
    const { log, errors } = recordingLog();
    const jobs = new JobRunner(log);
    let calls = 0;
    jobs.register({
      name: 'flaky',
      intervalMs: 60_000,
      run: () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
      },
    });
    await jobs.runNow('flaky');
    await jobs.runNow('flaky');
    expect(calls).toBe(2);
    expect(errors).toEqual(['job flaky failed']);
  });

  it('stop waits for the runs under way', async () => {
    const { log } = recordingLog();
    const jobs = new JobRunner(log);
    const held = gate();
    let finished = false;
    jobs.register({
      name: 'held',
      intervalMs: 60_000,
      run: async () => {
        await held.opened;
        finished = true;
      },
    });
    jobs.start();
    void jobs.runNow('held');
    const stopped = jobs.stop().then(() => finished);
    held.open();
    expect(await stopped).toBe(true);
  });

  it('refuses duplicate names, bad intervals and registrations after start', () => {
    const jobs = new JobRunner(recordingLog().log);
    jobs.register({ name: 'one', intervalMs: 1_000, run: () => undefined });
    expect(() => jobs.register({ name: 'one', intervalMs: 1_000, run: () => undefined })).toThrow();
    expect(() => jobs.register({ name: 'two', intervalMs: 0, run: () => undefined })).toThrow();
    jobs.start();
    expect(() => jobs.register({ name: 'three', intervalMs: 1_000, run: () => undefined })).toThrow();
    expect(jobs.list()).toEqual([{ name: 'one', intervalMs: 1_000 }]);
    return jobs.stop();
  });

  it('starts a companion with the jobs and waits for its stop; none is attached after start', async () => {
    const jobs = new JobRunner(recordingLog().log);
    const events: string[] = [];
    const stopped = gate();
    jobs.attach({
      name: 'thread',
      start: () => events.push('start'),
      stop: async () => {
        events.push('stop asked');
        await stopped.opened;
        events.push('stopped');
      },
    });
    expect(events).toEqual([]);
    jobs.start();
    expect(events).toEqual(['start']);
    expect(() =>
      jobs.attach({ name: 'late', start: () => undefined, stop: async () => undefined }),
    ).toThrow();
    let done = false;
    const stopping = jobs.stop().then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(events).toEqual(['start', 'stop asked']);
    expect(done).toBe(false);
    stopped.open();
    await stopping;
    expect(events).toEqual(['start', 'stop asked', 'stopped']);
  });

  describe('spreading the jobs started together', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([2_000, 60_000, 100])(
      'gives the first eight jobs of one %i ms interval first runs apart by at least 9% of it',
      (intervalMs) => {
        const firsts = Array.from({ length: 8 }, (_, index) => firstRunAfter(index, intervalMs)).sort(
          (a, b) => a - b,
        );
        for (const first of firsts) {
          expect(first).toBeGreaterThanOrEqual(0);
          expect(first).toBeLessThan(intervalMs);
        }
        const gaps = firsts.slice(1).map((first, i) => first - (firsts[i] ?? 0));
        expect(Math.min(...gaps)).toBeGreaterThanOrEqual(Math.floor(intervalMs * 0.09));
      },
    );

    it('runs each job first at its share of its interval, then every interval, and never two of one interval together', async () => {
      vi.useFakeTimers({ now: 0 });
      const jobs = new JobRunner(recordingLog().log);
      // The server's mix: several jobs on 2 s, one on 1 s, one on 500 ms (jobs/index.ts).
      const intervals = [500, 2_000, 2_000, 2_000, 1_000, 2_000];
      const runs = intervals.map(() => [] as number[]);
      intervals.forEach((intervalMs, index) =>
        jobs.register({ name: `job-${index}`, intervalMs, run: () => void runs[index]?.push(Date.now()) }),
      );
      jobs.start();
      await vi.advanceTimersByTimeAsync(20_000);
      await jobs.stop();
      intervals.forEach((intervalMs, index) => {
        const times = runs[index] ?? [];
        expect(times[0]).toBe(firstRunAfter(index, intervalMs));
        expect(times[0]).toBeLessThan(intervalMs);
        // Then every interval, on the dot (fake time): 20 s hold 20 s / interval runs, less one at most.
        times.slice(1).forEach((time, i) => expect(time - (times[i] ?? 0)).toBe(intervalMs));
        expect(times.length).toBeGreaterThanOrEqual(20_000 / intervalMs - 1);
      });
      // The four 2 s jobs (which all ran at once every 2 s before) run at least 180 ms apart.
      const twoSecond = intervals.flatMap((intervalMs, index) =>
        intervalMs === 2_000 ? (runs[index] ?? []) : [],
      );
      const sorted = [...twoSecond].sort((a, b) => a - b);
      sorted.slice(1).forEach((time, i) => expect(time - (sorted[i] ?? 0)).toBeGreaterThanOrEqual(180));
      // Stopped: no job runs again.
      const counted = runs.map((times) => times.length);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(runs.map((times) => times.length)).toEqual(counted);
    });
  });
});
