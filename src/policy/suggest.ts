/**
 * "Did you mean …?" for a mistyped name: an option, a configuration key, an input. The closest
 * known name by edit distance (fastest-levenshtein: a small, maintained implementation, rather
 * than another hand-written one), taken only when it is close enough to be a typo. `-` and `_` are
 * one character here, so `--min_reward_delta` finds `--min-reward-delta` and the configuration's
 * `min-reward-delta:` finds `min_reward_delta`.
 */
import { distance } from 'fastest-levenshtein';

const fold = (s: string): string => s.toLowerCase().replace(/_/g, '-');

/** The known name `word` most likely meant, or null when none is close. */
export function closestName(word: string, known: readonly string[]): string | null {
  const w = fold(word);
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of known) {
    const d = distance(w, fold(name));
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  // A typo: at most a third of the word's letters wrong (and at least one allowed).
  return best !== null && bestDistance <= Math.max(1, Math.floor(w.length / 3)) ? best : null;
}

/** " (did you mean X?)" or "", with `show` formatting the name (e.g. adding `--` or quotes). */
export function didYouMean(word: string, known: readonly string[], show: (name: string) => string = (n) => n): string {
  const near = closestName(word, known);
  return near === null ? '' : ` (did you mean ${show(near)}?)`;
}
