import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JobRunner } from './runner';

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
});
