/** The CLI's help texts. Every option is listed with its default; a test checks none is missing. */
import { INPUT_FORMATS } from '../adapters/registry.js';
import { ALLOWABLE_FINDING_CODES } from '../analysis/integrity/findings.js';
import { gateHelp } from '../policy/options.js';

/**
 * Words joined by `sep`, wrapped so that no line passes `width` columns; the lines after the first
 * are indented by `indent` spaces. The first is too, unless `after` says at which column it goes
 * on after text already there.
 */
function wrap(words: readonly string[], indent: number, width: number, sep = ', ', after: number | null = null): string {
  const glue = sep.trimEnd();
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line}${sep}${word}` : word;
    const start = lines.length === 0 && after !== null ? after : indent;
    if (start + next.length + glue.length > width && line) {
      lines.push(`${line}${glue}`);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines.map((l, i) => (i === 0 && after !== null ? '' : ' '.repeat(indent)) + l).join('\n');
}

/** The input formats after an option's name, from column `at` and wrapped under it, then `tail` (the default). */
function formats(at: number, tail: string): string {
  const text = wrap(INPUT_FORMATS, at, 100, ' | ', at);
  const last = text.slice(text.lastIndexOf('\n') + 1);
  const lastStart = text.includes('\n') ? 0 : at;
  return lastStart + last.length + 1 + tail.length <= 100 ? `${text} ${tail}` : `${text}\n${' '.repeat(at)}${tail}`;
}

export const MAIN_HELP = `benchgate: decide from benchmark evidence whether a candidate may be promoted over a baseline.

Usage:
  benchgate compare --baseline FILE --candidate FILE [options]
  benchgate leaderboard FILE|GLOB... [options]
  benchgate history FILE|GLOB... [options]
  benchgate profile FILE|GLOB... [options]
  benchgate help [compare | leaderboard | history | profile]
  benchgate --help | version | --version | -v

Commands:
  compare       Compare two benchmark summaries and print a report; the exit code is the verdict.
  leaderboard   Rank many runs by one metric, with filters and statistics per group.
  history       A branch's runs as a series: the shifts in it, the regression budget's state and
                the gate's record (its verdicts on merged PRs against main's runs).
  profile       Measure the suite's own noise from repeated runs on one commit: flaky cases,
                per-case pass rates, how often each policy holds when nothing changed.

Run 'benchgate help COMMAND' (or the command with --help) for its options.
`;

export const LEADERBOARD_HELP = `Usage: benchgate leaderboard FILE|GLOB... [options]

Ranks runs (summary files of any input format; quote globs) by one metric. Every file is its own
entry, and a benchgate history file (the history-branch's <suite>.json) gives one entry per run it
holds, with the figures recorded then: runs that share an id are told apart by their file. A
promptfoo output of several providers (a multi-hop QA file of several models) gives one entry per
provider (model), said on standard error; --model keeps one. Tokens
are the case rows' own usage and a cost needs a price (the configuration's pricing, or the
summary's cost_usd): unknown values are shown as unknown, never 0, and rank last. benchgate's own
reports among the files (a compare report or a leaderboard as JSON) are skipped with a notice.

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
  --input-format NAME  ${formats(23, '(default: auto)')}
  -h, --help           this help

Exit codes:
  0  the leaderboard was written
  2  the command line or an input file is wrong, or the filters leave no run
  4  a bug in benchgate (the message says so; please report it)
`;

export const PROFILE_HELP = `Usage: benchgate profile FILE|GLOB... [options]

Builds the suite's noise profile from K runs of it on one commit of the default branch (K >= 2;
5 or more advised; quote globs): per case, how often it completes and the spread of its reward and
steps; for the suite, how often two runs disagree on a case and how often the point and the
significant policies hold when nothing changed (every pair of the runs, at most 45). The runs must
be of one format, preset, model and commit. 'benchgate compare' given the JSON profile with
--noise-profile FILE then marks each regressed case as flaky or stable on main.

Options:
  --format FORMAT      markdown | json (default: markdown); json is the file --noise-profile reads
  --output FILE        write there instead of standard output
  --config FILE        the configuration (default: .github/benchgate.yml when it exists): the
                       gates of the A/A figures, input format and field mapping
  --input-format NAME  ${INPUT_FORMATS.join(' | ')} (default: auto)
  --model NAME         for a results file with one run per model: the model to profile
  --prompt LABEL       promptfoo: the prompt label to profile
  -h, --help           this help

Exit codes:
  0  the profile was written
  2  the command line or an input file is wrong, or the runs are not of one suite and commit
  4  a bug in benchgate (the message says so; please report it)
`;

export const COMPARE_HELP = `Usage: benchgate compare --baseline FILE --candidate FILE [options]
       benchgate compare --decide significant --baseline 'base-*.json' --candidate 'cand-*.json'

Compares a candidate benchmark run with a baseline run using rlm-code's four promotion gates
(exactly as rlm-code computes them) plus integrity checks rlm-code lacks (missing cases, incomplete,
cancelled or empty runs, different presets, totals that contradict the case rows).

Inputs:
  --baseline FILE                  summary of the baseline run (required); with --decide
                                   significant, repeat it or give a quoted glob for repeated trials
                                   of one suite
  --candidate FILE                 summary of the candidate run (required); the same
  --input-format NAME              ${formats(35, '(default: auto, detected from the file)')}
  --baseline-model NAME            for a results file with one run per model: the baseline's model
                                   (promptfoo: a provider's label or id, else a prompt's label)
  --candidate-model NAME           the candidate's model (the same file may serve both sides)
  --baseline-prompt LABEL          promptfoo: the baseline's prompt label (with --baseline-model,
                                   that provider's prompt)
  --candidate-prompt LABEL         promptfoo: the candidate's prompt label
  --baseline-run RUN               for a history of runs (RLE benchmark_history.jsonl): the
                                   baseline's run by timestamp (or a prefix such as a date) or git
                                   commit; default: the newest
  --candidate-run RUN              the candidate's run (the same file may serve both sides)
  --config FILE                    the gate configuration (default: .github/benchgate.yml when it
                                   exists); the options below override it

Gates (rlm-code's names; deltas are candidate − baseline, absolute):
${gateHelp('min_reward_delta', 'min_completion_delta', 'max_steps_increase', 'fail_on_completion_regression')}  N is a decimal number (e.g. 0, -0.05, 1e-3) or inf / -inf; NaN is refused.
${gateHelp('benchmark_tolerance', 'completion_margin', 'reward_margin', 'flaky_below', 'settle_share')}
Decision:
${gateHelp('decide', 'confidence', 'cluster')}  --sequential                     for significant: decide round by round (one trial of each side
                                   per round, the files given so far), at levels that keep the error
                                   rates when you stop at the first decision; says whether to stop
                                   and about how many more rounds would decide (exit 3 meanwhile)
  --max-trials N                   for --sequential: the most rounds, fixed before the first
                                   (2 to 50, default: 10); for --design main: the most rounds of
                                   the candidate (1 to 50, default: 3)
  --design DESIGN                  paired | main (default: paired). main, for significant: the
                                   --baseline files are main's runs of the suite (5 or more), the
                                   --candidate files the candidate's rounds alone: round 1 every
                                   case, each later round the cases --next-cases lists (drawn from
                                   main's runs, the key and the round; about 40% of the suite),
                                   judged after every round like --sequential
  --draw-key KEY                   for --design main: the key the rounds draw their cases with
                                   (the pull request's number, say; default: benchgate)
${gateHelp('main_max_age')}  --noise-profile FILE             the suite's noise profile, as 'benchgate profile' writes it with
                                   --format json: each regressed case is marked flaky or stable
                                   on main (used only when the runs' fingerprint agrees with the
                                   profile's); with --sequential, a case deterministic on main
                                   runs the first round, then a fifth of the later rounds (drawn
                                   in advance by case and round), so later rounds may leave it out
  --next-cases FILE                for --sequential or --design main: write the case ids the next
                                   round runs, one a line (every case without a profile); pass it
                                   to the suite as BENCHGATE_CASES_FILE

Findings:
${gateHelp('allow_findings')}${wrap(ALLOWABLE_FINDING_CODES, 35, 100)}

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
  3  inconclusive: under --decide significant, no gate failed but not every gate is shown to hold
     (with --sequential: run another round unless the report says the maximum is reached); under
     either policy, a verdict that would promote while more than infrastructure.max_share (5%) of a
     side's cases failed for outage reasons: rerun them (a hold is never turned into 3)
  4  a bug in benchgate, not in the input: the message says so and how to report it
     (BENCHGATE_DEBUG=1 adds the stack trace)
`;

export const HISTORY_HELP = `Usage: benchgate history FILE|GLOB... [options]

Reads a branch's runs as a series, oldest first: summary files of any input format (quote globs;
ordered by start time when every run has one, else by file name), a benchgate history file (the
history-branch's <suite>.json) or github-action-benchmark's data.js. Prints the series, the shifts
in each metric (E-divisive means with a seeded permutation test, split first where the model,
preset, scoring version, dataset, suite or tool changes; advisory) and, when the configuration has
a regression_budget, what the newest run (or --candidate) has used of it since the reference.
When a history file keeps merged PRs' verdicts, prints the gate's record: each verdict against the
merge's real effect on main's runs before and after it (judged from the summary files given, which
need their cases and commit), false holds and misses with exact intervals, and whether the numbers
support making the check required.

Options:
  --config FILE        the configuration (default: .github/benchgate.yml when it exists); its
                       regression_budget names the reference (a tag is resolved with git in the
                       current directory) and the budget per figure
  --candidate FILE     judge this summary against the budget instead of the newest run
  --metric NAME[,NAME] search only these metrics (completion_rate, reward, steps, cost, or a
                       data.js benchmark's name) (default: all)
  --min-change PCT     list only shifts of at least this share of the level before, such as 5%
                       for machine benchmarks whose level wobbles by a few percent (default: 0%)
  --format FORMAT      markdown | json (default: markdown)
  --input-format NAME  the format of summary files (default: auto)
  -h, --help           show this help

Exit status:
  0  printed; shifts never change it
  1  the candidate would overspend the regression budget, or the budget cannot be judged
  2  the command line or an input file is wrong (the message says what and where)
`;
