/**
 * The declared inputs of the modes that run the suite (run, ab): the command, its working tree, its
 * limits and how its summary is read. declaration.ts puts them in action.yml's order.
 */
import { INPUT_FORMATS } from '../../adapters/registry.js';
import { DEFAULT_MAX_TRIALS, MAX_TRIALS as MAX_SEQUENTIAL_ROUNDS } from '../../analysis/significance/sequential.js';
import { parseBudget } from '../suite/budget.js';
import * as parse from './parsers.js';
import type { InputSpec } from './spec.js';

export const ROLES = ['baseline', 'candidate'] as const;
export type Role = (typeof ROLES)[number];
export const REUSE_MODES = ['off', 'prefer', 'require'] as const;
export type ReuseMode = (typeof REUSE_MODES)[number];

/** Where rlm-code's `/rlm bench` writes its summaries. */
export const DEFAULT_SUMMARY_GLOB = '.rlm_code/rlm/benchmarks/*.json';
export const DEFAULT_TIMEOUT_MINUTES = 60;

const code = (s: string): string => `\`${s}\``;

export const SUITE_INPUTS = [
  {
    name: 'role',
    modes: ['run'],
    description: '`baseline` or `candidate`. Required with mode: run.',
    parse: parse.choice(ROLES),
  },
  {
    name: 'command',
    modes: ['run', 'ab'],
    untrimmed: true,
    description:
      'the shell command (bash, `-eo pipefail`) that runs the suite and writes its summary, for example `python ci/rlm_code_bench.py --preset dspy_quick --strategy codemode --model gpt-4o-mini` (rlm-code has no benchmark command: see "rlm-code in CI" in docs/github-actions.md). It sees no token and no action input (docs/security.md). Required with mode: run and mode: ab (there the candidate\'s, and the baseline\'s unless `baseline-command` is given).',
  },
  {
    name: 'baseline-command',
    modes: ['ab'],
    untrimmed: true,
    description: "the baseline's command when it differs from `command` (two strategies or models compared). Default: `command`.",
  },
  {
    name: 'baseline-directory',
    modes: ['ab'],
    description:
      "the baseline's working tree, relative to the workspace: the base commit checked out with actions/checkout `path:` (for example `base`). The baseline's command runs there, its summary is looked for there, and the configuration file is read from there (the base commit's thresholds, never the PR's). Required with mode: ab.",
    parse: parse.sideDirectory,
  },
  {
    name: 'candidate-directory',
    modes: ['ab'],
    description: "the candidate's working tree, relative to the workspace (the head commit, for example `head`). Required with mode: ab.",
    parse: parse.sideDirectory,
  },
  {
    name: 'install',
    modes: ['run', 'ab'],
    untrimmed: true,
    description:
      "the shell command (bash) that installs the suite's dependencies (for example `pip install -e .`), run by benchgate in the suite's own step, before the suite, with no token and no runner file, as the suite (docs/security.md); a failure stops the step. In mode run it runs once, in `working-directory`, in the suite's environment. In mode ab it runs in each side's tree in that side's own environment (its own HOME, caches, TMPDIR, npm global prefix and, when python3 is on PATH, a virtualenv first on PATH, which the side's rounds use too), the baseline's first; benchgate hashes the baseline's tree and environment after its install and holds (base-tree-changed) when anything but the baseline's own runs changes them. Default none.",
    parse: (raw: string): string | null => (raw.trim() === '' ? null : raw),
  },
  {
    name: 'max-trials',
    modes: ['ab'],
    default: String(DEFAULT_MAX_TRIALS),
    description: `the most rounds (one trial of each side per round) the sequential design runs, 2 to ${MAX_SEQUENTIAL_ROUNDS}. The decision is taken after every round at that round's level of a group-sequential design, so stopping at the first decision keeps the error rates of the fixed design of this many trials; fix it before the first run. Default ${DEFAULT_MAX_TRIALS}.`,
    parse: parse.maxTrials,
  },
  {
    name: 'working-directory',
    modes: ['run'],
    default: '.',
    description: 'directory the command runs in and the summary path is relative to. Default: the workspace.',
  },
  {
    name: 'timeout-minutes',
    modes: ['run', 'ab'],
    default: String(DEFAULT_TIMEOUT_MINUTES),
    description: `minutes the command may take; then its whole process group gets SIGTERM (SIGKILL 10 s later), whatever summary it wrote is uploaded, and the run is marked failed. Default ${DEFAULT_TIMEOUT_MINUTES}.`,
    parse: parse.timeoutMinutes,
  },
  {
    name: 'trials',
    modes: ['run'],
    default: '1',
    description:
      'how many times to run the command, one after another (repeated trials of a noisy suite, for `decide: significant`). Each run gets BENCHGATE_TRIAL (1, 2, …) and BENCHGATE_TRIALS in its environment and must write a new summary; `timeout-minutes` applies to each. Default 1.',
    parse: parse.trials,
  },
  {
    name: 'round',
    modes: ['run'],
    default: '1',
    description:
      'with role candidate under `design: main`, the round of the candidate this job runs: round 1 is the whole suite (artifact `benchgate-<suite>-candidate`), a later round `r` runs the cases listed in `round-cases` (artifact `benchgate-<suite>-candidate-round-<r>`). Default 1.',
    parse: parse.rounds,
  },
  {
    name: 'round-cases',
    modes: ['run'],
    description:
      "with `round` 2 or more, the file (relative to the workspace) listing the case ids the round runs (one a line, or a JSON array as the look before it writes them: compare's `next-cases`). It is read before the install, and the command gets it as BENCHGATE_CASES_FILE (and the round as BENCHGATE_ROUND); a suite that ignores it still works, at the cost of the cases it runs beyond the list. Required with `round` 2 or more.",
  },
  {
    name: 'reuse-baseline',
    modes: ['run'],
    default: 'off',
    description:
      "with role baseline, on a pull request, `prefer` takes the baseline an earlier run measured for the PR's base commit instead of running the suite: the run publish's trusted baseline takes (the newest successful push, workflow_dispatch or schedule run of the same workflow file on the default branch at that commit; same suite, same fingerprint, artifact not expired), and says which commit, run and age it used; when there is none the suite runs. `require` fails the step instead. `off` always runs the suite. Default `off`.",
    parse: parse.choice(REUSE_MODES),
  },
  {
    name: 'reuse-workflow',
    modes: ['run'],
    description:
      "with `reuse-baseline`, the workflow file (`.github/workflows/<file>.yml`) whose runs on the default branch supply the baseline. Default: this job's own workflow (GITHUB_WORKFLOW_REF, the caller's in a reusable workflow), the runs publish's trusted baseline takes too; give another file only when main's runs come from another workflow and this run's own gate judges its baseline (`baseline-from: pull-request-run`).",
    parse: (raw: string): string | null => (raw.trim() === '' ? null : parse.workflowPath(raw.trim(), 'reuse-workflow')),
  },
  {
    name: 'budget',
    modes: ['run', 'ab'],
    description:
      'a spend cap, in tokens ("2M tokens") or US dollars ("25 USD"). The suite reports its spend by appending JSON lines (`prompt_tokens`, `completion_tokens`, optionally `cost_usd` and `model`) to the file named by BENCHGATE_USAGE_FILE; past the cap benchgate stops the whole process group, keeps what the suite wrote, and the gate holds on the incomplete run. A USD cap prices tokens with the configuration\'s `pricing`. In mode ab the cap covers both sides and every round: a round that would pass it is not started, and a round it stops is not counted. Default none.',
    parse: parseBudget,
  },
  {
    name: 'shard',
    modes: ['run', 'ab'],
    description:
      "this job's part of a suite split across a job matrix, as INDEX/TOTAL (for example `2/4`, from a matrix value). The command gets BENCHGATE_SHARD_INDEX and BENCHGATE_SHARD_TOTAL, the artifact is named `benchgate-<suite>-<role>-shard-<INDEX>-of-<TOTAL>`, and the compare mode merges a role's shards and checks that together they cover the suite exactly once. In mode ab each shard job runs its own rounds and stops on its own; the gate merges the shards at the fewest rounds any shard ran and says which rounds it did not count. Default none.",
    parse: parse.shard,
  },
  {
    name: 'cases',
    modes: ['run', 'ab'],
    description:
      "with `shard`, a file (relative to `working-directory`; in mode ab to the baseline's tree) listing the suite's case ids, one per line or as a JSON array. Each shard gets its part (a stable split by a hash of the case id) in the file named by BENCHGATE_SHARD_CASES_FILE, one id per line. Default none: the command splits the suite itself.",
  },
  {
    name: 'summary',
    modes: ['run', 'ab'],
    default: DEFAULT_SUMMARY_GLOB,
    description: `path or glob (\`*\`, \`?\`, \`**\`) of the summary the command writes; the newest matching file the command wrote (new, or rewritten: a file that was there before it ran and is unchanged is never taken, however recent) is taken, and the log says which. Default ${code(DEFAULT_SUMMARY_GLOB)} (where rlm-code writes).`,
  },
  {
    name: 'format',
    modes: ['run', 'compare', 'ab'],
    default: 'auto',
    description: `format of the summary: \`auto\` (detect) or a format name: ${INPUT_FORMATS.filter((f) => f !== 'auto')
      .map(code)
      .join(', ')} (see docs/input-formats.md); in compare mode it applies to local files only. Default \`auto\`.`,
    parse: parse.choice(INPUT_FORMATS),
  },
  {
    name: 'fingerprint',
    modes: ['run', 'ab'],
    untrimmed: true,
    description:
      'facts that identify what ran, as a YAML mapping stamped on the summary, for example `model: gpt-4.1`, `seed: 7`, `scoring_version: 3` on separate lines. Keys: lower case, digits, `_`.',
    parse: parse.parseFingerprint,
  },
  {
    name: 'retention-days',
    modes: ['run', 'compare', 'ab'],
    description: "days to keep the uploaded artifact, 1 to 400. Default: the repository's setting.",
    parse: parse.retentionDays,
  },
  {
    name: 'allow-command-failure',
    modes: ['run', 'ab'],
    default: 'false',
    description:
      '`true` lets the step pass when the command fails or times out (its summary is still uploaded, marked failed, and the gate holds on it). Default `false`.',
    parse: parse.boolean,
  },
] as const satisfies readonly InputSpec[];
