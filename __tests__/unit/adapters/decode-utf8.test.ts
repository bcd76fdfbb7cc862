// decodeUtf8 takes a shortcut for text whose characters are all below U+0100; on valid UTF-8 it must
// give exactly what Buffer's own UTF-8 decoding gives, and on invalid UTF-8 refuse the bytes at the
// offset where that decoding would first put U+FFFD (issue 18: a summary is never silently altered).
import { describe, expect, it } from 'vitest';

import { decodeUtf8 } from '../../../src/adapters/parsing/read-json.js';

/** Byte pieces: ASCII, 2-byte sequences for U+0080–U+00FF, and everything the shortcut must refuse. */
const PIECES: number[][] = [
  [0x61],
  [0x7e],
  [0x0a],
  [0x00],
  [0x22],
  [0xc3, 0xaf],
  [0xc2, 0x80],
  [0xc3, 0xbf],
  [0xc2, 0xa0],
  [0xc2],
  [0xc3],
  [0xc3, 0x41],
  [0xc3, 0xc3, 0xaf],
  [0x80],
  [0xbf],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xc4, 0x80],
  [0xdf, 0xbf],
  [0xe2, 0x80, 0x94],
  [0xef, 0xbb, 0xbf],
  [0xf0, 0x9f, 0x98, 0x80],
  [0xed, 0xa0, 0x80],
  [0xff],
];
const LATIN1 = PIECES.slice(0, 9);

/** A small deterministic generator (the same cases on every run). */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

function build(next: (n: number) => number, pieces: number[][], length: number, asciiShare: number): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < length; i++) {
    if (next(100) < asciiShare) bytes.push(0x20 + next(95));
    else bytes.push(...(pieces[next(pieces.length)] as number[]));
  }
  return Buffer.from(bytes);
}

const expectSame = (bytes: Buffer): void => {
  const expected = Buffer.from(bytes).toString('utf8');
  const bad = expected.indexOf('\ufffd'); // no piece below encodes U+FFFD itself
  if (bad < 0) expect(decodeUtf8(Buffer.from(bytes))).toBe(expected);
  else expect(() => decodeUtf8(Buffer.from(bytes))).toThrow(`text: invalid UTF-8 at byte ${Buffer.byteLength(expected.slice(0, bad))}; expected UTF-8 text`);
};

describe('decodeUtf8 equals Buffer#toString("utf8"), or refuses where it would put U+FFFD', () => {
  it('on ASCII and on Latin-1 letters in UTF-8 (the shortcut)', () => {
    expectSame(Buffer.from('{"id": "plain"}'));
    expectSame(Buffer.from('{"description": "naïve café, Ångström ÿ\u0080\u00a0"}'));
    expectSame(Buffer.from('ï'));
    expectSame(Buffer.from('éé'));
    expectSame(Buffer.alloc(0));
  });
  it('on text the shortcut must leave to the UTF-8 decoder', () => {
    for (const text of ['\ufeff{"a": "ï"}', 'naïve — dash', 'emoji 😀 ï', 'Ā', 'ï\u2028']) expectSame(Buffer.from(text));
    for (const bytes of [[0xc3], [0x61, 0xc3], [0xc3, 0x41], [0x80, 0x61], [0xc0, 0x80], [0xc3, 0xaf, 0xff]]) expectSame(Buffer.from(bytes));
  });
  it('on many random mixes of Latin-1 text', () => {
    const next = random(7);
    for (let i = 0; i < 3000; i++) expectSame(build(next, LATIN1, next(60), next(100)));
  });
  it('on many random mixes of valid and invalid UTF-8', () => {
    const next = random(11);
    for (let i = 0; i < 5000; i++) expectSame(build(next, PIECES, next(40), next(100)));
  });
  it('on long text with few and with very many Latin-1 letters', () => {
    const next = random(13);
    const sparse = Buffer.from(('a'.repeat(1999) + 'ï').repeat(200) + 'é');
    expectSame(sparse);
    const narrowed = Buffer.from(sparse);
    decodeUtf8(narrowed);
    expect(narrowed.equals(sparse), 'the shortcut narrows the bytes in place').toBe(false);
    expectSame(build(next, LATIN1, 200_000, 99));
    expectSame(build(next, LATIN1, 50_000, 10));
    expectSame(Buffer.from('é'.repeat(100_000)));
  });
});
