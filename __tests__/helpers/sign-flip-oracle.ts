/**
 * The sign-flip loop as it was before issue 23 (pattern by pattern, every unit's bit tested, the sums
 * added in the typed arrays): kept as the oracle the faster loop in stats/sign-flip.ts must equal bit for bit.
 */
import { bitSource } from '../../src/stats/distributions.js';
import { type Patterns, SIGN_FLIP_SEED } from '../../src/stats/sign-flip.js';

export function signPatternsOracle(unitSize: Float64Array, unitSums: Float64Array[], resamples: number): Omit<Patterns, 'kernel'> {
  const G = unitSize.length;
  const exact = G <= 14;
  const count = exact ? 2 ** G : resamples + 1;
  const flippedSize = new Float64Array(count);
  const flippedSum = unitSums.map(() => new Float64Array(count));
  const next = bitSource(SIGN_FLIP_SEED);
  const words = Math.ceil(G / 32);
  const mask = new Uint32Array(words);
  const gates = unitSums.length;
  for (let p = 1; p < count; p++) {
    if (exact) mask[0] = p;
    else for (let w = 0; w < words; w++) mask[w] = next();
    let size = 0;
    for (let u = 0; u < G; u++) {
      if ((((mask[u >>> 5] as number) >>> (u & 31)) & 1) === 0) continue;
      size += unitSize[u] as number;
      for (let g = 0; g < gates; g++) (flippedSum[g] as Float64Array)[p]! += (unitSums[g] as Float64Array)[u] as number;
    }
    flippedSize[p] = size;
  }
  return { method: exact ? 'exact' : 'sampled', count, flippedSize, flippedSum };
}
