/** The CLI's help texts. Every option is listed with its default; a test checks none is missing. */
import { FINDING_CODES } from '../analysis/integrity/findings.js';
import { DEFAULT_THRESHOLDS as D } from '../analysis/rlm/thresholds.js';
import { INPUT_FORMATS } from '../adapters/registry.js';
import { GATE_OPTIONS } from '../policy/options.js';

/** Comma-joined words wrapped to `width`, each line indented by `indent` spaces. */
function wrap(words: readonly string[], indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}, ${word}` : word;
    if (indent + next.length + 1 > width && line) {
      lines.push(`${line},`);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines.map((l) => ' '.repeat(indent) + l).join('\n');
}

export const MAIN_HELP = `benchgate: decide from benchmark evidence whether a candidate may be promoted over a baseline.

Usage:
  benchgate compare --baseline FILE --candidate FILE [options]
  benchgate leaderboard FILE|GLOB... [options]
  benchgate help [compare | leaderboard]
  benchgate --help | --version

Commands:
  compare       Compare two benchmark summaries and print a report; the exit code is the verdict.
  leaderboard   Rank many runs by one metric, with filters and statistics per group.

Run 'benchgate help compare' or 'benchgate help leaderboard' (or the command with --help) for
its options.
`;

export const LEADERBOARD_HELP = `Usage: benchgate leaderboard FILE|GLOB... [options]

Ranks runs (summary files of any input format; quote globs) by one metric. Every file is its own
entry, and a benchgate history file (the history-branch's <suite>.json) gives one entry per run it
holds, with the figures recorded then: runs that share an id are told apart by their file. Tokens are the case rows' own usage and
a cost needs a price (the configuration's pricing, or the summary's cost_usd): unknown values are
shown as unknown, never 0, and rank last.

Ranking:
  --by METRIC          reward | completion_rate | steps | tokens | cost | duration | efficiency
                       (reward per 1,000 tokens per case) (default: reward; reward, completion_rate
                       and efficiency rank higher first, the others lower first)
  --group-by FIELD     strategy | model | mode | preset: mean, median, standard deviation and range
                       of the metric per group (default: over all runs)
  --top N              show the best N runs (default: all)

Filters (a run must pass all):
  --preset NAME        only runs of this preset
  --mode NAME          only runs of this mode
  --strategy NAME      only runs of this harness strategy
  --model NAME         only runs of this model
  --since DATE         only runs started on or after DATE (2026-11-01 or an ISO timestamp)
  --until DATE         only runs started on or before DATE; both exclude runs without a start time
  --min-cases N        only runs of at least N cases

Output:
  --format FORMAT      table | markdown | csv | json (default: table)
  --output FILE        write there instead of standard output
  --config FILE        the configuration (default: .github/benchgate.yml when it exists): pricing,
                       input format and field mapping
  --input-format NAME  ${INPUT_FORMATS.join(' | ')} (default: auto)
  -h, --help           this help

Exit codes:
  0  the leaderboard was written
  2  the command line or an input file is wrong, or the filters leave no run
`;

export const COMPARE_HELP = `Usage: benchgate compare --baseline FILE --candidate FILE [options]
       benchgate compare --decide significant --baseline 'runs/base-*.json' --candidate 'runs/cand-*.json'

Compares a candidate benchmark run with a baseline run using rlm-code's four promotion gates
(exactly as rlm-code computes them) plus integrity checks rlm-code lacks (missing cases, incomplete,
cancelled or empty runs, different presets, totals that contradict the case rows).

Inputs:
  --baseline FILE                  summary of the baseline run (required); with --decide significant,
                                   repeat it or give a quoted glob for repeated trials of one suite
  --candidate FILE                 summary of the candidate run (required); the same
  --input-format NAME              ${INPUT_FORMATS.join(' | ')} (default: auto, detected from the file)
  --baseline-model NAME            for a results file with one run per model: the baseline's model
                                   (promptfoo: a provider's label or id, else a prompt's label)
  --candidate-model NAME           the candidate's model (the same file may serve both sides)
  --baseline-prompt LABEL          promptfoo: the baseline's prompt label (with --baseline-model,
                                   that provider's prompt)
  --candidate-prompt LABEL         promptfoo: the candidate's prompt label
  --baseline-run RUN               for a history of runs (RLE benchmark_history.jsonl): the baseline's
                                   run by timestamp (or a prefix such as a date) or git commit;
                                   default: the newest
  --candidate-run RUN              the candidate's run (the same file may serve both sides)
  --config FILE                    the gate configuration (default: .github/benchgate.yml when it
                                   exists); the options below override it

Gates (rlm-code's names; deltas are candidate − baseline, absolute):
  --min-reward-delta N             the candidate's mean reward minus the baseline's must be at
                                   least N (default: ${D.min_reward_delta}; -0.05 allows a small drop)
  --min-completion-delta N         the completion-rate difference (a fraction: 0.05 = 5 points)
                                   must be at least N (default: ${D.min_completion_delta})
  --max-steps-increase N           mean steps may rise by at most N (default: ${D.max_steps_increase})
  --fail-on-completion-regression  hold when a case the baseline completed is not completed by the
                                   candidate (default: on)
  --no-fail-on-completion-regression
                                   do not gate on such cases (they are still reported)
  N is a decimal number (e.g. 0, -0.05, 1e-3) or inf / -inf; NaN is refused.
  --benchmark-tolerance T          github-action-benchmark files: how much worse a benchmark, or the
                                   geometric mean of the ratios, may get: 0.1 or 10% (default: 10%)
${GATE_OPTIONS.flatMap((o) => (o.help ? [`${o.help}\n`] : [])).join('')}
Decision:
  --decide POLICY                  point | significant (default: point)
                                     point        the gates on point estimates, exactly as rlm-code
                                     significant  each gate on the paired per-case evidence: it fails
                                                  only when the data show it violated, passes when
                                                  they show it holds, else the verdict is
                                                  inconclusive (exit 3)
  --confidence LEVEL               for significant: 0.95, 0.99 or 95% (default: 0.95)
  --cluster FIELD                  for significant: auto | none | task_family | environment | domain |
                                   split | length_bucket | any field of the case rows: cases of one
                                   group are tested as one unit
                                   (default: auto: task_family, environment or domain when every case
                                   has one: with at least 20 groups always, with fewer only when the
                                   data show the cases of a group moving together)
  --sequential                     for significant: decide round by round (one trial of each side
                                   per round, the files given so far), at levels that keep the error
                                   rates when you stop at the first decision; says whether to stop
                                   and about how many more rounds would decide (exit 3 meanwhile)
  --max-trials N                   for --sequential: the most rounds, fixed before the first
                                   (2 to 50, default: 10)

Findings:
  --allow-finding CODE[,CODE]      report findings with this code but do not hold the verdict on them;
                                   repeatable (default: none). Codes:
${wrap(FINDING_CODES, 35, 100)}

Output:
  --format FORMAT                  markdown | json | csv (default: markdown)
                                     markdown  the report a PR reviewer reads
                                     json      rlm-code's validate --json fields plus verdict,
                                               findings and the per-case rows
                                     csv       rlm-code's per-case report columns, RFC 4180 quoting
  --output FILE                    write the report to FILE (parent folders are created; an input
                                   file is never overwritten) instead of standard output
  --evidence DIR                   write the regressed cases' evidence to DIR: evidence.json (every
                                   step, both final answers, where the runs part) and evidence.html
                                   (one page, no script); rlm-code trajectories are read from the
                                   run directory beside each summary (<rlm>/runs), never outside it
  -h, --help                       show this help

Exit status:
  0  promote: all four gates pass and no finding holds the verdict
  1  hold: a gate failed or a finding holds the verdict
  2  the command line or an input file is wrong (the message says what and where)
  3  inconclusive (--decide significant only): no gate failed, but not every gate is shown to hold;
     with --sequential: run another round unless the report says the maximum is reached
`;
