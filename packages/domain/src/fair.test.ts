import { describe, expect, it } from 'vitest';
import {
  FairStream,
  TWO_32,
  fisherYates,
  hmacSha256,
  seedHash,
  sha256,
  toHex,
  utf8,
  weightedPick,
} from './fair';

// Expected digests computed with Node's crypto (the reference implementation).
describe('sha256 / hmac (pure, so the browser verifies with the same code)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['a'.repeat(55), '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
    ['a'.repeat(56), 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
    ['a'.repeat(64), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
    ['x'.repeat(1000), '44f8354494a5ba03ba1792a8d3e9c534c47a9181980fde7a3f44b06ef2ae7c7f'],
    ['日本語', '77710aedc74ecfa33685e33a6c7df5cc83004da1bdcef7fb280f5c2b2e97e0a5'],
  ])('sha256(%j)', (text, hex) => {
    expect(toHex(sha256(utf8(text)))).toBe(hex);
  });
  it('seedHash is the hex sha256 of the seed text', () => {
    expect(seedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it.each([
    ['key', 'msg', '2d93cbc1be167bcb1637a4a23cbff01a7878f0c50ee833954ea5221bb1b8c628'],
    ['k'.repeat(64), 'message', '890f3a16e0ca0aaa3bf180f70fa8e3970b3fd6505e98fde157988dcc19d1685c'],
    [
      'k'.repeat(100),
      'long key is hashed first',
      'e6846d1dfeffd9d746548119bfdf361f444d1b04f849d3863c8404f14c24d099',
    ],
  ])('hmac(%j, %j)', (key, message, hex) => {
    expect(toHex(hmacSha256(utf8(key), utf8(message)))).toBe(hex);
  });
});

describe('FairStream: HMAC(server seed, client:nonce:block), 4 bytes a float', () => {
  it('reads the words of block 0 then block 1', () => {
    const stream = new FairStream('server', 'client', 7);
    const words = Array.from({ length: 9 }, () => stream.nextWord());
    expect(words).toEqual([
      166635960, 2817234682, 1936052178, 535929547, 644917844, 3992089825, 858880742, 2334976241, 2283306880,
    ]);
    expect(stream.used).toBe(9);
  });
  it('a float is b0/256 + b1/256² + b2/256³ + b3/256⁴', () => {
    // HMAC('s', 'c:1:0') starts with the bytes 211 236 166 53.
    expect(new FairStream('s', 'c', 1).nextFloat()).toBe(
      211 / 256 + 236 / 256 ** 2 + 166 / 256 ** 3 + 53 / 256 ** 4,
    );
  });
  it('Fisher-Yates gives distinct values and is reproducible', () => {
    const a = fisherYates(new FairStream('s', 'c', 1), 10_000, 23);
    expect(new Set(a).size).toBe(23);
    expect(fisherYates(new FairStream('s', 'c', 1), 10_000, 23)).toEqual(a);
    expect(fisherYates(new FairStream('s', 'c', 2), 10_000, 23)).not.toEqual(a);
  });
  it('weighted pick follows cumulative weights', () => {
    const counts = [0, 0, 0];
    const stream = new FairStream('w', 'c', 0);
    for (let i = 0; i < 6_000; i += 1) counts[weightedPick(stream, [1, 2, 3])]! += 1;
    expect(counts[0]! / 6_000).toBeCloseTo(1 / 6, 1);
    expect(counts[2]! / 6_000).toBeCloseTo(1 / 2, 1);
  });

  it('chi-square of 1,000,000 draws into 100 buckets is within the 99.9% band', () => {
    const buckets = 100;
    const draws = 1_000_000;
    const counts = new Array<number>(buckets).fill(0);
    // 1,000 rounds (nonces) of 1,000 draws each, as rounds read it.
    for (let nonce = 0; nonce < 1_000; nonce += 1) {
      const stream = new FairStream('chi-square server seed', 'chi-square client', nonce);
      for (let i = 0; i < draws / 1_000; i += 1) counts[stream.below(buckets)]! += 1;
    }
    const expected = draws / buckets;
    const chi = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 99 degrees of freedom: the 0.1% and 99.9% points are about 58.5 and 148.2.
    expect(chi).toBeGreaterThan(58.5);
    expect(chi).toBeLessThan(148.2);
    expect(Math.max(...counts) < expected * 1.05).toBe(true);
    // About 1.3 s alone on this machine; the bound only keeps a loaded CI from failing it.
  }, 30_000);

  it('word fits 32 bits', () => {
    const stream = new FairStream('x', 'y', 3);
    for (let i = 0; i < 100; i += 1) {
      const word = stream.nextWord();
      expect(word).toBeGreaterThanOrEqual(0);
      expect(word).toBeLessThan(TWO_32);
    }
  });
});
