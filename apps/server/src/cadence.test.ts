import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';
import { nextOffs } from './modules/racing/service';

describe('draw and race cadence by configuration', () => {
  it("defaults to today's schedule: keno every 5 minutes, the number game every 10, races every 3", () => {
    expect(parseConfig({}).cadenceMs).toEqual({ keno: 300_000, numbers: 600_000, race: 180_000 });
  });

  it('takes shorter cadences in seconds (browser tests) and refuses one under a minute', () => {
    const short = parseConfig({
      KENO_INTERVAL_SECONDS: '60',
      NUMBER_GAME_INTERVAL_SECONDS: '120',
      RACE_INTERVAL_SECONDS: '90',
    });
    expect(short.cadenceMs).toEqual({ keno: 60_000, numbers: 120_000, race: 90_000 });
    expect(() => parseConfig({ KENO_INTERVAL_SECONDS: '59' })).toThrow(ConfigError);
    expect(() => parseConfig({ RACE_INTERVAL_SECONDS: 'soon' })).toThrow(ConfigError);
  });

  it('puts races on the configured grid, horses half a step after the greyhounds', () => {
    const now = Date.UTC(2026, 10, 27, 2, 0, 10);
    const at = (offs: Date[]) => offs.map((d) => d.toISOString().slice(11, 19));
    expect(at(nextOffs('greyhound', now, 2, 180_000))).toEqual(['02:03:00', '02:06:00']);
    expect(at(nextOffs('horse', now, 2, 180_000))).toEqual(['02:01:30', '02:04:30']);
    expect(at(nextOffs('greyhound', now, 2, 60_000))).toEqual(['02:01:00', '02:02:00']);
    expect(at(nextOffs('horse', now, 2, 60_000))).toEqual(['02:00:30', '02:01:30']);
  });
});
