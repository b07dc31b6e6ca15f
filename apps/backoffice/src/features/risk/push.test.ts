import { describe, expect, it } from 'vitest';
import { affectsMatch, pushUrl } from './push';

describe('which pushes refresh the forecast of match 7', () => {
  it.each([
    [{ op: 'risk', reason: 'bet', match_ids: [7, 9] }, true],
    [{ op: 'risk', reason: 'bet', match_ids: [] }, true],
    [{ op: 'risk', reason: 'bet', match_ids: [8] }, false],
    [{ op: 'chg', c: { t: 'match', id: 7 } }, true],
    [{ op: 'chg', c: { t: 'result', id: 7 } }, true],
    [{ op: 'chg', c: { t: 'market', id: 7 } }, false],
    [{ op: 'chg', c: { t: 'match', id: 8 } }, false],
    [{ op: 'resync', id: 7 }, true],
    [{ op: 'pong' }, false],
  ])('%j -> %s', (message, expected) => {
    expect(affectsMatch(message, 7)).toBe(expected);
  });
  it('opens /ws beside the page', () => {
    expect(pushUrl({ protocol: 'https:', host: 'bo.example.com' })).toBe('wss://bo.example.com/ws');
    expect(pushUrl({ protocol: 'http:', host: '127.0.0.1:5174' })).toBe('ws://127.0.0.1:5174/ws');
  });
});
