/**
 * `benchgate profile`'s report: the suite's noise on main (analysis/noise/profile.ts) as markdown:
 * where the runs came from, the suite-level figures, a histogram of per-case pass rates and the
 * flakiest cases. Case ids and file names are untrusted text.
 */
import type { CaseNoise, NoiseProfile } from '../analysis/model.js';
import { isFlaky } from '../analysis/noise/profile.js';
import { grouped, pyFixed } from '../stats/format.js';
import { bullets, table, untrusted } from './markdown/markdown.js';
import { percent } from './markdown/words.js';

/** The flakiest cases listed, at most. */
export const FLAKIEST_SHOWN = 20;

/** The histogram's bins of pass rates: never, five bins of 20 points between, always. */
const BINS: readonly { label: string; holds: (c: CaseNoise) => boolean }[] = [
  { label: 'never (0%)', holds: (c) => c.passed === 0 },
  ...[0, 20, 40, 60, 80].map((lo) => ({
    label: lo === 0 ? 'under 20%' : lo === 80 ? '80% up, not always' : `${lo}–${lo + 20}%`,
    holds: (c: CaseNoise) => {
      const r = (100 * c.passed) / c.runs;
      return isFlaky(c) && r >= lo && (lo + 20 === 100 ? r < 100 : r < lo + 20);
    },
  })),
  { label: 'always (100%)', holds: (c) => c.passed === c.runs },
];

const BAR = 30;
const spread = (mean: number, sd: number): string => `${pyFixed(mean, 3)} ± ${pyFixed(sd, 3)}`;

/** The histogram of per-case pass rates on main, as a table with bars. */
export function passRateHistogram(profile: NoiseProfile): string[] {
  const counts = BINS.map((b) => profile.cases.filter(b.holds).length);
  const most = Math.max(1, ...counts);
  return table(
    ['Pass rate on main', 'Cases', ''],
    ['left', 'right', 'left'],
    BINS.map((b, i) => {
      const n = counts[i] as number;
      return [b.label, grouped(n), n === 0 ? '' : '█'.repeat(Math.max(1, Math.round((BAR * n) / most)))];
    }),
  );
}

/** The flaky cases, the least predictable first (pass rate nearest one half), then by id. */
export function flakiest(profile: NoiseProfile, max = FLAKIEST_SHOWN): CaseNoise[] {
  const spreadOf = (c: CaseNoise): number => (c.passed / c.runs) * (1 - c.passed / c.runs);
  return profile.cases
    .filter(isFlaky)
    .sort((a, b) => spreadOf(b) - spreadOf(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, max);
}

export function renderNoiseProfile(profile: NoiseProfile): string {
  const f = profile.figures;
  const out: string[] = [
    `## benchgate noise profile: ${untrusted(profile.suite)}`,
    '',
    `${profile.runs.length} runs${profile.commit === null ? ' (their commit is not stamped)' : ` of commit ${untrusted(profile.commit.slice(0, 12))}`}` +
      `${profile.created_at === null ? '' : `, the newest from ${untrusted(profile.created_at)}`}.`,
    '',
    ...bullets([
      `**${grouped(f.cases)} cases:** ${grouped(f.always_pass)} always pass, ${grouped(f.never_pass)} never pass, **${grouped(f.flaky)} flaky** (pass in some runs only).`,
      f.discordance === null
        ? 'Discordance: the runs share no case.'
        : `**Discordance:** two runs disagree about completion on ${percent(f.discordance)} of the cases, on average over the run pairs.`,
      ...f.aa.map(
        (a) =>
          `**A/A under \`${a.policy}\`:** over ${a.pairs} pairs of these runs (nothing changed), ${a.hold} held (${percent(a.pairs === 0 ? 0 : a.hold / a.pairs)}), ` +
          `${a.promote} promoted, ${a.inconclusive} inconclusive.`,
      ),
    ]),
    '',
    '### Per-case pass rates',
    '',
    ...passRateHistogram(profile),
    '',
  ];
  const worst = flakiest(profile);
  if (worst.length > 0) {
    out.push(
      `### The flakiest cases${worst.length < f.flaky ? ` (${worst.length} of ${grouped(f.flaky)})` : ''}`,
      '',
      ...table(
        ['Case', 'Passes', 'Reward (mean ± sd)', 'Steps (mean ± sd)'],
        ['left', 'right', 'right', 'right'],
        worst.map((c) => [
          untrusted(c.id, { inTable: true, maxLength: 80 }),
          `${c.passed} of ${c.runs}`,
          spread(c.reward_mean, c.reward_sd),
          spread(c.steps_mean, c.steps_sd),
        ]),
      ),
      '',
    );
  }
  const keys = Object.entries(profile.fingerprint);
  out.push(
    '### Fingerprint',
    '',
    'A gate uses this profile only for runs whose known facts agree with these (facts the runs did not record are not checked):',
    '',
    ...bullets(keys.filter(([, v]) => v !== null).map(([k, v]) => `${untrusted(k)}: ${untrusted(String(v))}`)),
    '',
    `<sub>Runs: ${profile.runs.map((r) => untrusted(r.file, { maxLength: 80 })).join(', ')}</sub>`,
    '',
  );
  return out.join('\n');
}
