/**
 * `npm run calibrate`: how often each decision holds, promotes or stays undecided on simulated noisy
 * suites, printed as markdown tables (the README carries them):
 *
 * - independent: the same agent (A/A) and candidates worse by 5, 10 and 15 points on every case, at
 *   100, 200 and 400 cases, with 1 and 3 trials, next to exact McNemar;
 * - families: 6 and 40 task families, with and without a per-run family shock, A/A and 10 points
 *   worse, `--cluster auto` (the correlation check decides below 20 groups);
 * - slices: A/A with required slices by family at tolerance 0 (completion and reward);
 * - steps: the steps gate on a rise of +0.7 over its +0.5 cap, and on its cap, next to its own test alone;
 * - sizing: what the undecided sentence promises ("N cases decide a drop of 5 points with 80%
 *   power"), and how often a simulation at that N does decide it;
 * - verdict-sizing: the verdict's sizing (every undecided gate together), simulated at the size it
 *   gives (sizing-check.ts);
 * - heterogeneity: one family collapses while the others improve;
 * - verdicts: the cells of the default verdicts (margins, few families with shocks, an outage; verdicts.ts),
 *   --pairs N for its pairs per cell;
 * - per-case: sequential rounds that rerun only the cases not settled, against rerunning every case
 *   (per-case.ts; --per-case-cases, --per-case-shifts, --per-case-rules, --profile-runs; only with
 *   --only per-case: about 15 minutes at 500 pairs);
 * - profile-sizing: the sizing advice at a noise profile's noise, simulated at the size it gives
 *   (profile-sizing.ts);
 * - main: the baseline from main's runs, the candidate alone in rounds of drawn cases
 *   (main-design.ts; --main-cases, --main-shifts, --main-runs, --main-rounds, --main-share,
 *   --main-floor, --main-drift; only with --only main).
 *
 * Options: --runs N (pairs per cell, default 200), --seed N, --only a,b (sections), --reward-model
 * unit|rlm (simulate.ts: rewards near 0–1, or on rlm-code's scale with −1.0 failure rows), --resamples N
 * (sign patterns per comparison instead of the policy's default, to save time), and cell lists:
 * --cases, --trials, --drops and --reward-drop D (independent: the candidate's reward lower by D on every
 * trial, its completion as the drop says), --families, --shocks, --family-drops (families),
 * --slice-cells 6:0,40:0 (slices), --steps-trials, --rises (steps), --sizing-cells 0,1,2,3. With
 * --sequential: the sequential table instead (tools/calibrate/sequential.ts).
 */
import { mainDesignRows, setMainResamples } from './main-design.js';
import { perCaseRows } from './per-case.js';
import { profileSizingRows } from './profile-sizing.js';
import { printSequentialTable } from './sequential.js';
import { type CellOptions, type CellResult, type RewardModel, runCell, type Scenario, setCellResamples, setRewardModel } from './simulate.js';
import { sizingRows, verdictSizingRows } from './sizing-check.js';
import { verdictSections } from './verdicts.js';

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
}
const list = (s: string): number[] =>
  s
    .split(',')
    .map(Number)
    .filter((x) => Number.isFinite(x));
export const pct = (k: number, n: number): string => `${((100 * k) / n).toFixed(1)}%`;

type Write = (s: string) => void;

function independent(w: Write, argv: string[], runs: number, seed: number): void {
  w('**Independent cases.** A third easy cases (p 0.85-1), a third impossible (0-0.05), a third coin flips (0.3-0.7);\n');
  w(
    `the candidate's success probability is lower by the drop on every case. Point and McNemar see one run per side (the first trial); significant sees every trial.\n\n`,
  );
  w(
    '| Cases | Trials | Candidate | point: hold | significant: hold | significant: inconclusive | significant: promote | exact McNemar at 5%, one run: hold |\n',
  );
  w('|--:|--:|:--|--:|--:|--:|--:|--:|\n');
  for (const n of list(option(argv, 'cases', '100,200,400'))) {
    for (const k of list(option(argv, 'trials', '1,3'))) {
      for (const drop of list(option(argv, 'drops', '0,0.05,0.1,0.15'))) {
        const rewardDrop = Number(option(argv, 'reward-drop', '0'));
        const r = runCell({ cases: n, trials: k, drop, ...(rewardDrop > 0 ? { rewardDrop } : {}) }, runs, seed);
        const who = (drop === 0 ? 'same agent (A/A)' : `${Math.round(drop * 100)} points worse`) + (rewardDrop > 0 ? `, reward ${rewardDrop} lower` : '');
        w(
          `| ${n} | ${k} | ${who} | ${pct(r.point, runs)} | ${pct(r.significant.hold, runs)} | ${pct(r.significant.inconclusive, runs)} | ${pct(r.significant.promote, runs)} | ${pct(r.mcnemar, runs)} |\n`,
        );
      }
    }
  }
  w('\n');
}

/** A tolerance of 5 points on reward and completion, so that an equal agent can be promoted (and falsely promoted). */
const TOLERANT = { min_reward_delta: -0.05, min_completion_delta: -0.05, max_steps_increase: 0.5, fail_on_completion_regression: false };

function verdictRow(w: Write, label: string, r: CellResult, runs: number): void {
  w(
    `| ${label} | ${pct(r.significant.hold, runs)} | ${pct(r.significant.inconclusive, runs)} | ${pct(r.significant.promote, runs)} | ${pct(r.clustered, runs)} | ${pct(r.mcnemar, runs)} |\n`,
  );
}

const families = (f: number, shock: number, drop: number, trials = 1): Scenario => ({ cases: 400, trials, drop, families: f, shock });
const who = (s: Scenario): string =>
  `${s.families} families, ${s.shock === 0 ? 'no shock' : `shock ±${Math.round((s.shock ?? 0) * 100)} pts`}, ${s.trials === 1 ? '1 trial' : `${s.trials} trials`}, ${s.drop === 0 ? 'A/A' : `${Math.round(s.drop * 100)} points worse`}`;

function clusters(w: Write, argv: string[], runs: number, seed: number): void {
  w(
    '**Few or many task families, with and without a per-run family shock** (400 cases; on each run every family\'s success probability moves ±10 points together, or not at all), `--cluster auto`; "clustered" is how often whole families were flipped.\n\n',
  );
  w('| Scenario | hold | inconclusive | promote | clustered | exact McNemar at 5%, one run: hold |\n');
  w('|:--|--:|--:|--:|--:|--:|\n');
  for (const f of list(option(argv, 'families', '6,40'))) {
    for (const shock of list(option(argv, 'shocks', '0,0.1'))) {
      for (const drop of list(option(argv, 'family-drops', '0,0.1'))) {
        const s = families(f, shock, drop);
        verdictRow(w, who(s), runCell(s, runs, seed, { significance: { cluster: 'auto' } }), runs);
      }
    }
  }
  w('\n');
}

function slices(w: Write, argv: string[], runs: number, seed: number): void {
  const specs: CellOptions['slices'] = [
    { by: 'task_family', metric: 'completion_rate', tolerance: 0 },
    { by: 'task_family', metric: 'reward', tolerance: 0 },
  ];
  w(
    '**Slices in the error budget.** Required slices by task family on completion and reward at tolerance 0 (12 slice tests with 6 families, 80 with 40), A/A, 400 cases, `--cluster auto`; hold counts a failed gate or slice.\n\n',
  );
  w('| Scenario | hold | inconclusive | promote | clustered | exact McNemar at 5%, one run: hold |\n');
  w('|:--|--:|--:|--:|--:|--:|\n');
  // --slice-cells 6:0,40:0,6:0.1 (families:shock)
  for (const cell of option(argv, 'slice-cells', '6:0,40:0,6:0.1').split(',')) {
    const [f, shock] = cell.split(':').map(Number) as [number, number];
    const s = families(f, shock, 0);
    verdictRow(w, who(s), runCell(s, runs, seed, { significance: { cluster: 'auto' }, slices: specs }), runs);
  }
  w('\n');
}

function steps(w: Write, argv: string[], runs: number, seed: number): void {
  w(
    '**The steps gate** (cap +0.5): the candidate takes one more step with probability 0.7 (+0.7) or 0.5 (+0.5, on the cap); quality is the same agent\'s. "steps alone" is the steps gate\'s own one-sided test at 5% with no adjustment: the most any adjusted test could hold.\n\n',
  );
  w('| Cases | Trials | Steps rise | hold | inconclusive | promote | steps alone: hold |\n');
  w('|--:|--:|:--|--:|--:|--:|--:|\n');
  for (const k of list(option(argv, 'steps-trials', '1,3'))) {
    for (const rise of list(option(argv, 'rises', '0.7,0.5'))) {
      const r = runCell({ cases: 400, trials: k, drop: 0, stepsRise: rise }, runs, seed);
      w(
        `| 400 | ${k} | +${rise} | ${pct(r.significant.hold, runs)} | ${pct(r.significant.inconclusive, runs)} | ${pct(r.significant.promote, runs)} | ${pct(r.stepsAlone, runs)} |\n`,
      );
    }
  }
  w('\n');
}

function heterogeneity(w: Write, runs: number, seed: number): void {
  w(
    '**One family collapses** (6 families, 400 cases, one trial): the first family loses 40 points of success probability, the other five gain 10; the mean rises. "noted" is how often the report names the family under the verdict.\n\n',
  );
  w('| Scenario | hold | inconclusive | promote | noted (right family) |\n');
  w('|:--|--:|--:|--:|--:|\n');
  const s: Scenario = { cases: 400, trials: 1, drop: 0, families: 6, collapse: { drop: 0.4, rest: 0.1 } };
  for (const [label, t] of [
    ['default gates', undefined],
    ['5-point tolerances', TOLERANT],
  ] as const) {
    const r = runCell(s, runs, seed, { significance: { cluster: 'auto' }, thresholds: t, keep: true });
    const noted = r.results.filter((x) => x.heterogeneity?.group === 'family_00').length;
    w(
      `| ${label} | ${pct(r.significant.hold, runs)} | ${pct(r.significant.inconclusive, runs)} | ${pct(r.significant.promote, runs)} | ${pct(noted, runs)} |\n`,
    );
  }
  const aa = runCell({ cases: 400, trials: 1, drop: 0, families: 6 }, runs, seed, { significance: { cluster: 'auto' }, keep: true });
  w(
    `| A/A, no collapse (false notes) | ${pct(aa.significant.hold, runs)} | ${pct(aa.significant.inconclusive, runs)} | ${pct(aa.significant.promote, runs)} | ${pct(aa.results.filter((x) => x.heterogeneity !== null).length, runs)} |\n\n`,
  );
}

const SECTIONS: Record<string, (w: Write, argv: string[], runs: number, seed: number) => void> = {
  independent,
  families: clusters,
  slices,
  steps,
  sizing: (w, a, r, s) => sizingRows(w, r, s, list(option(a, 'sizing-cells', '0,1,2,3'))),
  'verdict-sizing': (w, _a, r, s) => verdictSizingRows(w, r, s),
  heterogeneity: (w, _a, r, s) => heterogeneity(w, r, s),
  verdicts: (w, a, r, s) => verdictSections(w, a, r, s, option),
  'per-case': perCaseRows,
  'profile-sizing': (w, _a, r, s) => profileSizingRows(w, r, s),
  main: mainDesignRows,
};

function main(argv: string[]): void {
  if (argv.includes('--sequential')) return printSequentialTable(argv, (s) => process.stdout.write(s));
  const runs = Number(option(argv, 'runs', '200'));
  const seed = Number(option(argv, 'seed', '1'));
  // per-case takes about 15 minutes at 500 pairs: only when asked (--only per-case).
  const only = option(
    argv,
    'only',
    Object.keys(SECTIONS)
      .filter((name) => name !== 'per-case' && name !== 'main')
      .join(','),
  ).split(',');
  const resamples = option(argv, 'resamples', '');
  if (resamples !== '') {
    setCellResamples(Number(resamples));
    setMainResamples(Number(resamples));
  }
  const model = option(argv, 'reward-model', 'unit');
  if (model !== 'unit' && model !== 'rlm') throw new RangeError(`--reward-model: expected unit or rlm, got ${model}`);
  setRewardModel(model as RewardModel);
  const w: Write = (s) => void process.stdout.write(s);
  if (model === 'rlm') w("Rewards on rlm-code's scale (--reward-model rlm): 0.6–1.4 on success, 0–0.2 otherwise, 1% failure rows at −1.0.\n\n");
  const flips = resamples === '' ? "the policy's sign patterns (9,999 at these sizes)" : `${resamples} sign patterns per comparison (--resamples)`;
  w(
    `Default gates (reward >= +0, completion >= +0, steps <= +0.5, no completion regression), 95% confidence; ${runs} pairs per row; seed ${seed}; ${flips}.\n\n`,
  );
  const started = Date.now();
  for (const name of only) {
    const section = SECTIONS[name];
    if (section === undefined) throw new RangeError(`unknown section ${name}: expected ${Object.keys(SECTIONS).join(', ')}`);
    section(w, argv, runs, seed);
  }
  w(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

main(process.argv.slice(2));
