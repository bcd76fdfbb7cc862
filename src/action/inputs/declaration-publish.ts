/**
 * The declared inputs of publishing a verdict (compare, publish): the token, the sticky comment, the
 * trend, the history branch and the check run; and where publish takes a pull request's baseline from.
 */
import { COMMENT_MODES } from '../../github/comments.js';
import * as parse from './parsers.js';
import type { InputSpec } from './spec.js';

/** Where publish takes a pull request's baseline from. */
export const BASELINE_FROM = ['push-run', 'pull-request-run'] as const;
export type BaselineFrom = (typeof BASELINE_FROM)[number];

/** Earlier runs the trend shows by default. */
export const DEFAULT_TREND_RUNS = 10;

export const BASELINE_FROM_INPUT = {
  name: 'baseline-from',
  modes: ['publish', 'command'],
  default: 'push-run',
  description:
    "where a pull request's baseline comes from. `push-run` (the default) takes it from a successful push, workflow_dispatch or schedule run of the same workflow file on the default branch at the PR's base commit, never from the PR's own run, and fails the check, saying what to run, when there is none yet. `pull-request-run` takes the triggering run's own baseline for a same-repository pull request (whose workflow file its author may edit); a pull request from a fork always gets `push-run`. Every summary's stamps (role, commit, run) are checked either way.",
  parse: parse.choice(BASELINE_FROM),
} as const satisfies InputSpec;

/** The gate workflow mode command decides and publishes again, unless given. */
export const DEFAULT_GATE_WORKFLOW = '.github/workflows/benchgate.yml';

export const PUBLISH_INPUTS = [
  {
    name: 'github-token',
    // Mode run reads it too, with reuse-baseline; having an action.yml default, it is never given by mistake.
    modes: ['run', 'compare', 'publish', 'store-profile', 'command'],
    actionDefault: '${{ github.token }}',
    description:
      "the token that writes the PR comment and the check run (`pull-requests: write`, `checks: write`; `actions: read` for publish). Empty: publish nothing. A read-only token (a fork PR's own run) gives a warning, not a failure. run, with `reuse-baseline`: reads earlier workflow runs and their artifacts (`actions: read`). store-profile: writes the history branch (`contents: write`). Default: the job's GITHUB_TOKEN.",
  },
  {
    name: 'comment',
    modes: ['compare', 'publish', 'command'],
    default: 'changed',
    description:
      'the sticky PR comment: `always` (update on every run), `changed` (only when the verdict or the numbers changed), `hold` (only on hold, and to update an earlier one) or `off`. Default `changed`.',
    parse: parse.choice(COMMENT_MODES),
  },
  {
    name: 'comment-group',
    modes: ['compare', 'publish', 'command'],
    description:
      "one combined PR comment for several suites (a matrix over presets): give every suite's gate job the same name here, and each writes its own section of that comment under an overview of all verdicts. Each suite keeps its own check run. Default none: one comment per suite.",
    parse: parse.commentGroup,
  },
  {
    name: 'trend',
    modes: ['compare', 'publish', 'command'],
    default: String(DEFAULT_TREND_RUNS),
    description: `how many earlier runs on the PR's base branch the comment's trend shows: Mermaid charts of the baseline's completion rate, mean reward and mean steps over those runs' baseline artifacts (or the \`history-branch\` file), and this PR's candidate. 0 turns it off. Needs \`actions: read\` (artifacts) or \`contents: read\` (history branch). Default ${DEFAULT_TREND_RUNS}.`,
    parse: parse.trendRuns,
  },
  {
    name: 'history-branch',
    modes: ['compare', 'publish', 'store-profile', 'command'],
    description:
      "keep the history as a JSON file per suite (`<suite>.json`) on this branch, such as `benchgate-history`, instead of reading earlier runs' artifacts: on a push to the default branch, compare mode adds its baseline run to the file (the gate job needs `contents: write`; benchgate creates the branch, with no parent, on first use), and the PR comment's trend reads it with one request. The file outlives artifact retention and feeds `benchgate leaderboard`. Default none: the history is the artifacts. store-profile: the branch the profile is stored on, beside the history (required).",
    parse: parse.historyBranch,
  },
  {
    name: 'check-name',
    modes: ['compare', 'publish', 'command'],
    description:
      "name of the check run on the PR's head commit (make it a required check), or `off`. Falls back to a commit status of that name when the token cannot write check runs. Default: benchgate and the suite in parentheses, as in benchgate (agent).",
    parse: parse.checkName,
  },
  {
    name: 'workflow',
    modes: ['command'],
    default: DEFAULT_GATE_WORKFLOW,
    description: `the gate workflow's file, whose newest finished run on the pull request's head commit a command decides and publishes again (as mode publish does for the run that triggered it): a path under \`.github/workflows/\`. Default \`${DEFAULT_GATE_WORKFLOW}\`.`,
    parse: parse.workflowPath,
  },
] as const satisfies readonly InputSpec[];
