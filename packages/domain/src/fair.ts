/**
 * Provably fair random source (rules.md decision 13, games-tournaments-backoffice.md 2.5): every outcome of our
 * own games is HMAC-SHA256(server seed, `client seed:nonce:block`) read 4 bytes at a time. The server publishes
 * sha256(server seed) before the seed is used and reveals the seed when it rotates, so anyone can recompute a
 * round. SHA-256 is written out here (no platform crypto) so the browser's verify screen runs the same code as
 * the server. Everything is integer maths on the 32-bit words: a float u is exactly n / 2^32.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
/** The message schedule, reused: compress is never re-entered. */
const schedule = new Uint32Array(64);

/** One SHA-256 compression of the 64-byte block at `offset` into `state`. */
function compress(state: Uint32Array, block: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i += 1) {
    const at = offset + i * 4;
    w[i] =
      (((block[at] as number) << 24) |
        ((block[at + 1] as number) << 16) |
        ((block[at + 2] as number) << 8) |
        (block[at + 3] as number)) >>>
      0;
  }
  for (let i = 16; i < 64; i += 1) {
    const w15 = w[i - 15] as number;
    const w2 = w[i - 2] as number;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let i = 0; i < 64; i += 1) {
    const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + s1 + ch + (K[i] as number) + (w[i] as number)) >>> 0;
    const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (s0 + maj) >>> 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) >>> 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) >>> 0;
  }
  state[0] = ((state[0] as number) + a) >>> 0;
  state[1] = ((state[1] as number) + b) >>> 0;
  state[2] = ((state[2] as number) + c) >>> 0;
  state[3] = ((state[3] as number) + d) >>> 0;
  state[4] = ((state[4] as number) + e) >>> 0;
  state[5] = ((state[5] as number) + f) >>> 0;
  state[6] = ((state[6] as number) + g) >>> 0;
  state[7] = ((state[7] as number) + h) >>> 0;
}

/** Hashes `data` on from `state`, which has already taken `priorBytes` (a multiple of 64) bytes. */
function finish(state: Uint32Array, data: Uint8Array, priorBytes: number): Uint8Array {
  const bitLength = (priorBytes + data.length) * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  for (let offset = 0; offset < padded.length; offset += 64) compress(state, padded, offset);
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i += 1) outView.setUint32(i * 4, state[i] as number);
  return out;
}

/** SHA-256 (FIPS 180-4) of a byte string. */
export function sha256(data: Uint8Array): Uint8Array {
  return finish(Uint32Array.from(INITIAL), data, 0);
}

/** HMAC-SHA256 with the key's inner and outer pad states computed once (two compressions a short message). */
export class Hmac {
  private readonly inner = Uint32Array.from(INITIAL);
  private readonly outer = Uint32Array.from(INITIAL);

  constructor(key: Uint8Array) {
    const block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256(key) : key);
    const pad = new Uint8Array(64);
    for (let i = 0; i < 64; i += 1) pad[i] = (block[i] as number) ^ 0x36;
    compress(this.inner, pad, 0);
    for (let i = 0; i < 64; i += 1) pad[i] = (block[i] as number) ^ 0x5c;
    compress(this.outer, pad, 0);
  }

  digest(message: Uint8Array): Uint8Array {
    const innerHash = finish(Uint32Array.from(this.inner), message, 64);
    return finish(Uint32Array.from(this.outer), innerHash, 64);
  }
}

/** HMAC-SHA256 (RFC 2104). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return new Hmac(key).digest(message);
}

/** UTF-8 bytes of a string (written out: the domain package has no platform globals). */
export function utf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return Uint8Array.from(bytes);
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The commitment published before a server seed is used: sha256 of the seed's text, in hex. */
export function seedHash(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

/** 2^32: a float u is n / 2^32 for the 32-bit word n (exactly b0/256 + b1/256² + b2/256³ + b3/256⁴). */
export const TWO_32 = 4_294_967_296;
/** Words one HMAC gives (32 bytes / 4). */
const WORDS_PER_BLOCK = 8;
/** A round never needs more than this many floats (a 4D draw takes 23, hi-lo one a step): a bound, not a budget. */
export const MAX_CURSOR = 100_000;

/**
 * The stream of one round: successive 32-bit words of HMAC(server seed, `client:nonce:block`), block 0, 1, ...
 * `cursor` is how many words were taken, so a round that needs more than 8 floats reads on into the next block.
 */
export class FairStream {
  private cursor = 0;
  private block: Uint8Array = new Uint8Array(0);
  private readonly hmac: Hmac;

  constructor(
    serverSeed: string,
    readonly clientSeed: string,
    readonly nonce: number,
  ) {
    this.hmac = new Hmac(utf8(serverSeed));
  }

  /** The next word n in [0, 2^32). */
  nextWord(): number {
    if (this.cursor >= MAX_CURSOR) throw new RangeError('a round read past its cursor bound');
    const index = this.cursor % WORDS_PER_BLOCK;
    if (index === 0) {
      const round = this.cursor / WORDS_PER_BLOCK;
      this.block = this.hmac.digest(utf8(`${this.clientSeed}:${this.nonce}:${round}`));
    }
    this.cursor += 1;
    const at = index * 4;
    const b = this.block;
    return (
      (b[at] as number) * 16_777_216 +
      (b[at + 1] as number) * 65_536 +
      (b[at + 2] as number) * 256 +
      (b[at + 3] as number)
    );
  }

  /** The next float in [0, 1), exactly n / 2^32. */
  nextFloat(): number {
    return this.nextWord() / TWO_32;
  }

  /** floor(u · n) for the next float u, in exact integer maths (n · word < 2^53 for n < 2^21). */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2_097_152) throw new RangeError(`below(${n})`);
    return Math.floor((this.nextWord() * n) / TWO_32);
  }

  get used(): number {
    return this.cursor;
  }
}

/** The first `take` items of a Fisher-Yates shuffle of 0..n-1 driven by successive floats (distinct values). */
export function fisherYates(stream: FairStream, n: number, take = n): number[] {
  if (take > n || n > 100_000) throw new RangeError('fisherYates bounds');
  const items = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < take; i += 1) {
    const j = i + stream.below(n - i);
    const swap = items[i] as number;
    items[i] = items[j] as number;
    items[j] = swap;
  }
  return items.slice(0, take);
}

/** An index picked by integer weights: the float's share of the total weight, by cumulative sum. */
export function weightedPick(stream: FairStream, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (!Number.isSafeInteger(total) || total <= 0 || total > 2_097_152) throw new RangeError('weights');
  let point = stream.below(total);
  for (let i = 0; i < weights.length; i += 1) {
    point -= weights[i] as number;
    if (point < 0) return i;
  }
  return weights.length - 1;
}
