import { describe, expect, it } from 'vitest';
import { isSafeText } from './fields';

describe('isSafeText', () => {
  it.each([
    ['', true],
    ['plain ascii', true],
    ['中文 ไทย tiếng việt', true],
    ['a pair 😀 is one character', true],
    ['\u{1F600}\u{1F601}', true],
    ['nul \u0000 inside', false],
    ['\u0000', false],
    ['lone high \uD83D at the middle', false],
    ['lone high at the end \uD83D', false],
    ['\uDE00 lone low at the start', false],
    ['two highs \uD83D\uD83D\uDE00', false],
    ['pair then lone low 😀\uDE00', false],
  ])('%j is safe: %s', (text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });
});
