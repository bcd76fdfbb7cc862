/**
 * The declared inputs of the modes that judge (compare, publish, ab): the local files of compare,
 * the configuration file and the gate options, and what the gate job does with its verdict. The
 * gate options' names and parsers are policy/options.ts's (shared with the CLI's flags and the
 * configuration file); only their wording for the action, and which modes take them, are here.
 */
import { DEFAULT_CONFIG_PATH } from '../../policy/config-file.js';
import { GATE_OPTIONS } from '../../policy/options.js';
import { DEFAULT_POLICY } from '../../policy/policy.js';
import * as parse from './parsers.js';
import type { InputSpec, Mode } from './spec.js';

const T = DEFAULT_POLICY.thresholds;

/** The action's wording of each gate option that is an input (policy/options.ts), by input name; a test checks every one has its text. */
const GATE_TEXT: Readonly<Record<string, string>> = {
  'min-reward-delta': `the candidate's average reward minus the baseline's must be at least this. Default ${T.min_reward_delta}.`,
  'min-completion-delta': `the completion-rate difference (a fraction: 0.05 = 5 points) must be at least this. Default ${T.min_completion_delta}.`,
  'max-steps-increase': `the average number of steps may rise by at most this. Default ${T.max_steps_increase}.`,
  'fail-on-completion-regression': `hold when a case the baseline completed is not completed by the candidate. Default \`${T.fail_on_completion_regression}\`.`,
  'allow-findings': 'finding codes that are reported but do not hold the verdict, separated by commas or spaces (for example `new-cases`). Default: none.',
  decide:
    "the decision policy. `point` judges the gates on the point estimates, exactly as rlm-code does. `significant` judges each gate on the paired per-case evidence: a gate fails only when the data show it violated at the `confidence` level, passes when they show it holds, and otherwise the verdict is `inconclusive`. Default: the configuration file's `decide`, else `default-decide`, else `point`; mode ab decides `significant` only.",
  confidence: `the confidence level of \`decide: significant\`, such as 0.95, 0.99 or 95%. Default ${DEFAULT_POLICY.confidence}.`,
  cluster: `under \`decide: significant\`, the case label whose groups are tested as units (cases of one family fail together): \`auto\`, \`none\`, \`task_family\`, \`environment\`, \`domain\`, \`split\`, \`length_bucket\`, or any other field of the case rows (a dotted path reaches nested objects). \`auto\` takes task_family, environment or domain when every case has one: with at least 20 groups always, with fewer only when the data show the cases of a group moving together. Default \`${DEFAULT_POLICY.cluster}\`.`,
  'main-max-age':
    "under `design: main`, the oldest main's runs may be, from when their suite finished to when the gate judges: hours (`36`, `36h`) or days (`7d`). The judging modes hold on older runs (finding `stale-baseline`), since the world they measured (a provider's model, a dataset) may have moved: docs/statistics.md shows 2 points of drift raising the at-margin promote rate to 12–15%. In the run mode (this input only, never the configuration's `main_max_age`), a baseline job's `reuse-baseline` does not take a baseline that would be older by then (it allows the candidate's rounds three times `timeout-minutes`) and runs the suite at the base commit instead: for a gate that judges the pull request run's own baseline (`baseline-from: pull-request-run`); publish's trusted baseline comes only from runs on the default branch. Default: no limit.",
  'fail-on-inconclusive': `\`true\` makes an inconclusive verdict a failed check run and a failed compare step, whose text names what would decide it; \`false\` is advisory mode: a neutral check run (which GitHub counts as passing, so it does not block a merge) and a warning. Default \`${DEFAULT_POLICY.failOnInconclusive}\`.`,
};

/**
 * Mode ab takes every gate option but fail-on-inconclusive (its rounds end in an upload for the gate
 * job, whose compare step is what passes or fails on the verdict) and main-max-age (design main only),
 * which the run mode takes instead: a baseline job reuses no main's runs older than that (run/reuse.ts).
 */
const modesOf = (input: string): readonly Mode[] =>
  input === 'main-max-age'
    ? ['run', 'compare', 'publish', 'command']
    : input === 'fail-on-inconclusive'
      ? ['compare', 'publish', 'command']
      : ['compare', 'publish', 'ab', 'command'];

/** The gate options that are action inputs, in policy/options.ts's order; read through policy.ts's overridesOf, so no parse here. */
export const GATE_OPTION_INPUTS: readonly InputSpec[] = GATE_OPTIONS.flatMap((o) =>
  o.input === null ? [] : [{ name: o.input, modes: modesOf(o.input), description: GATE_TEXT[o.input] ?? '' }],
);

/** compare's local summary files, and which run of such a file each side is. */
export const LOCAL_FILE_INPUTS = [
  { name: 'baseline', modes: ['compare'], description: 'a local baseline summary file instead of the artifact (give `candidate` too).' },
  { name: 'candidate', modes: ['compare'], description: 'a local candidate summary file instead of the artifact (give `baseline` too).' },
  {
    name: 'baseline-model',
    modes: ['compare'],
    description:
      "for a local file holding one run per model (multi-hop QA results, a promptfoo output): the baseline's run; in a promptfoo output a provider's label or id, else a prompt's label. Default: the configuration's `input.baseline_model`.",
  },
  {
    name: 'candidate-model',
    modes: ['compare'],
    description: "the same for the candidate (the same file may serve both). Default: the configuration's `input.candidate_model`.",
  },
  {
    name: 'baseline-prompt',
    modes: ['compare'],
    description:
      "for a local promptfoo output: the baseline's prompt label (with `baseline-model`, that provider's prompt). Default: the configuration's `input.baseline_prompt`.",
  },
  { name: 'candidate-prompt', modes: ['compare'], description: "the same for the candidate. Default: the configuration's `input.candidate_prompt`." },
] as const satisfies readonly InputSpec[];

export const CONFIG_INPUT = {
  name: 'config',
  modes: ['run', 'compare', 'publish', 'ab', 'command'],
  description: `the gate configuration file, relative to the workspace (see docs/configuration.md); inputs given here override its keys. The run mode reads only its \`input\` section (how to read the summary). On a pull request the compare mode reads it from the PR's base commit, never the head: from the workspace when the job checked out the base commit, else through the contents API (\`contents: read\`); the log says which file and commit. Mode ab reads it from \`baseline-directory\`. Default \`${DEFAULT_CONFIG_PATH}\` when it exists.`,
} as const satisfies InputSpec;

export const DEFAULT_DECIDE_INPUT = {
  name: 'default-decide',
  modes: ['compare', 'publish', 'command'],
  description:
    "the decision policy when neither `decide` nor the configuration file sets one. The reusable workflows (gate.yml, publish.yml) pass `significant`, so a noisy suite gets a usable verdict out of the box while `decide: point` (input or configuration file) still applies rlm-code's four gates exactly. Default empty: `point`.",
} as const satisfies InputSpec;

/** The designs a gate run is judged under. */
export const DESIGNS = ['paired', 'main'] as const;
export type DesignName = (typeof DESIGNS)[number];

/** What the gate job (compare) does besides judging. */
export const GATE_JOB_INPUTS = [
  {
    name: 'design',
    modes: ['compare', 'publish', 'command'],
    default: 'paired',
    description:
      "how the runs are paired (`decide: significant` only). `paired` (the default): the baseline's and the candidate's runs case by case. `main`: the baseline is main's runs of the suite at the PR's base commit, measured once per merge (the push run's baseline artifact with several trials: gate.yml's `main-runs`), and the candidate ran every case once; each case's difference is its run against its mean on main (analysis/main-design.ts, as the CLI's `--design main` judges one round). The candidate must hold one trial.",
    parse: parse.choice(DESIGNS),
  },
  {
    name: 'main-rounds',
    modes: ['compare', 'publish', 'command'],
    default: '1',
    description:
      "with `design: main`, the most rounds of the candidate: round 1 runs every case, each later round the cases drawn for it (about 40% of the suite, by case, round and the pull request, from main's runs alone), and the verdict is the first round that decides it, at the level the sequential design gives each round (later rounds are not judged). The same number in every job that judges the run (gate.yml's and publish.yml's `main-rounds`). Default 1. One round: one run of every case, judged at the full level.",
    parse: parse.rounds,
  },
  {
    name: 'next-cases',
    modes: ['compare'],
    description:
      'with `design: main`, makes this step a look between rounds, not the gate: it judges the rounds so far and, when the verdict is undecided and `main-rounds` allows another round, writes the case ids the next round runs to this path (a JSON array) and sets the output `next-round`; decided, or at the last round, it writes an empty array and `next-round` is empty. The path is resolved against the workspace (an absolute path under RUNNER_TEMP keeps it out of the checkout). A look never fails on the verdict, publishes nothing and uploads no report (the gate job after the rounds does). Default none.',
  },
  {
    name: 'fail-on-hold',
    modes: ['compare'],
    default: 'true',
    description: 'fail the step when the verdict is hold. Default `true`.',
    parse: parse.boolean,
  },
  {
    name: 'needs',
    modes: ['compare'],
    untrimmed: true,
    description:
      "the gate job's `needs` context as JSON: the expression `toJSON(needs)`. When a suite job failed or was cancelled, the gate holds and says so (run the gate job with `if: always()`).",
    parse: parse.parseNeeds,
  },
  {
    name: 'report-dir',
    modes: ['compare'],
    description: 'an empty directory for benchgate-report.md, .json and .csv. Default: a new directory under RUNNER_TEMP.',
  },
  {
    name: 'noise-profile',
    modes: ['compare', 'publish', 'ab', 'store-profile', 'command'],
    description:
      "the suite's noise profile (`benchgate profile --format json runs/main-*.json` writes it), a path in the workspace. Regressed cases are marked flaky or stable on main, with the profile's age and runs; in mode ab (and its gate) a case deterministic on main runs the first round, then a fifth of the later rounds (drawn in advance by case and round), and later rounds list the cases they run in the file named by BENCHGATE_CASES_FILE (a suite that ignores it still works). In compare and publish, `history-branch` reads `<suite>.noise-profile.json` from `history-branch` instead (the reusable workflow profile.yml stores it there). A profile of another fingerprint is not used, and the report says so; of a file holding the profiles of several fingerprints (the history branch's), the one of the runs' fingerprint is used. store-profile: the profile file to store (required). Default none.",
  },
] as const satisfies readonly InputSpec[];
