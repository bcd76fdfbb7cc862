/**
 * What the suite's noise profile says of the regressed cases (analysis/noise/profile.ts): each one's
 * behaviour on main, and where the profile came from and how old it is.
 */
import type { Comparison } from '../../analysis/compare.js';
import type { CaseNoise, NoiseMarks } from '../../analysis/model.js';
import { caseNoiseWords, isFlaky } from '../../analysis/noise/profile.js';
import { untrusted } from '../markdown/markdown.js';

/** The used marks of a comparison, or null when it has no profile or could not use it. */
export function usedNoise(cmp: Comparison): NoiseMarks | null {
  return cmp.noise !== undefined && cmp.noise.unused === null ? cmp.noise : null;
}

/** A regressed case's cell: "flaky: passes 6 of 10 on main", or that the profile lacks it. */
export function noiseCell(noise: CaseNoise | null | undefined): string {
  if (noise === undefined || noise === null) return 'not in the profile';
  return caseNoiseWords(noise).replace(/^flaky/, '⚠️ flaky');
}

/** One line on the profile: which runs, how old; or why it was not used. */
export function noiseLine(cmp: Comparison): string[] {
  const n = cmp.noise;
  if (n === undefined) return [];
  const source = `${untrusted(n.file, { maxLength: 80 })} (${n.runs} runs${n.commit === null ? '' : ` of ${untrusted(n.commit.slice(0, 7))}`}, ${
    n.age_days === null ? 'age unknown' : n.age_days === 0 ? 'made today' : `${n.age_days} day${n.age_days === 1 ? '' : 's'} old`
  })`;
  if (n.unused !== null) return [`<sub>Noise profile ${source} not used: ${untrusted(n.unused)}.</sub>`, ''];
  const flaky = n.regressed.filter((r) => r.noise !== null && isFlaky(r.noise)).length;
  const count = n.regressed.length;
  const tally =
    count === 0
      ? 'no case regressed'
      : count === 1
        ? `the regressed case is ${flaky === 1 ? 'flaky' : 'stable'} on main`
        : `${flaky} of the ${count} regressed cases ${flaky === 1 ? 'is' : 'are'} flaky on main`;
  const s = n.settled;
  const rounds =
    s === undefined
      ? ''
      : ` ${s.cases} ${s.cases === 1 ? 'case' : 'cases'} deterministic on main ran ${s.rounds === 1 ? 'the first round' : `the first ${s.rounds} rounds`}${
          s.share > 0 ? `, then ${Number((s.share * 100).toFixed(1))}% of the later rounds (drawn in advance by case and round)` : ' only'
        }; the next round runs ${s.next}.`;
  const z = n.sizing;
  const pts = z === undefined ? '' : `${Number((z.effect * 100).toFixed(1))} points`;
  const sizing =
    z === undefined
      ? ''
      : ` At the profile's noise, about ${z.cases} cases ${z.decides === 'fail' ? `show a drop of ${pts}` : `show an equal candidate within ${pts}`} in completion with 80% power${
          z.pair === null ? '' : ` (this pair's noise says ${z.pair})`
        }.`;
  return [`<sub>Noise profile ${source}: ${tally}.${rounds}${sizing}</sub>`, ''];
}
