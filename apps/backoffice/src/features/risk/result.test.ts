import { describe, expect, it } from 'vitest';
import { resultRequest } from './result';

const input = (home: string, away: string, htHome = '', htAway = '') => ({ home, away, htHome, htAway });

describe('the desk’s result entry', () => {
  it.each([
    [input('2', '1'), { ok: true, request: { match_id: 7, ft: { home: 2, away: 1 } } }],
    [
      input(' 2', '1 ', '1', '0'),
      { ok: true, request: { match_id: 7, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } } },
    ],
    [
      input('2', '1', '2', '1'),
      { ok: true, request: { match_id: 7, ht: { home: 2, away: 1 }, ft: { home: 2, away: 1 } } },
    ],
    [input('', '1'), { ok: false, reason: 'incomplete' }],
    [input('2', 'x'), { ok: false, reason: 'incomplete' }],
    [input('2', '1', '1', ''), { ok: false, reason: 'halfTime' }],
    [input('2', '1', '3', '0'), { ok: false, reason: 'halfTime' }],
    [input('2', '1', '0', '2'), { ok: false, reason: 'halfTime' }],
    [input('1000', '1'), { ok: false, reason: 'incomplete' }],
  ])('%j -> %j', (typed, expected) => {
    expect(resultRequest(7, typed)).toEqual(expected);
  });
});
