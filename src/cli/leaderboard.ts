/**
 * `benchgate leaderboard FILE|GLOB ...`: many runs ranked by one metric (history/leaderboard.ts),
 * as a terminal table, markdown, CSV or JSON. Every problem is a UsageError or the adapters' own
 * InputError, naming the option or the file.
 */
import { readFileSync, statSync } from 'node:fs';

import { readHead } from '../adapters/parsing/source.js';
import { loadRuns } from '../adapters/registry.js';
import type { RunChoice } from '../adapters/types.js';
import { UsageError } from '../errors.js';
import { historyLeaderboardEntries, looksLikeHistory, parseHistory } from '../history/history-file.js';
import {
  buildLeaderboard,
  GROUP_FIELDS,
  type GroupField,
  labelEntries,
  type LeaderboardEntry,
  leaderboardEntry,
  type LeaderboardFilters,
  RANK_METRICS,
  type RankMetric,
} from '../history/leaderboard.js';
import { expandInputs } from '../load/glob.js';
import { loadConfig, loadOptionsOf } from '../policy/config-file.js';
import { LEADERBOARD_RENDERERS } from '../report/leaderboard-report.js';
import { configOf, oneOf, readCommandArgs } from './command-args.js';

export const LEADERBOARD_FORMATS = ['table', 'markdown', 'csv', 'json'] as const;

export interface LeaderboardCommand {
  command: 'leaderboard';
  files: string[];
  by: RankMetric;
  groupBy: GroupField | null;
  filters: LeaderboardFilters;
  top: number | undefined;
  format: (typeof LEADERBOARD_FORMATS)[number];
  output: string | null;
  config: { path: string; explicit: boolean };
  inputFormat: string | null;
}

export const LEADERBOARD_OPTIONS = [
  'by',
  'group-by',
  'preset',
  'mode',
  'strategy',
  'model',
  'since',
  'until',
  'min-cases',
  'top',
  'format',
  'output',
  'config',
  'input-format',
] as const;
const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

function count(option: string, raw: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a whole number of at least 1`);
  return Number(raw);
}

/** Parses the arguments after `leaderboard`; null means --help. */
export function parseLeaderboard(args: readonly string[]): LeaderboardCommand | null {
  const read = readCommandArgs('leaderboard', args, LEADERBOARD_OPTIONS);
  if (read === null) return null;
  const { values, files } = read;
  if (files.length === 0) throw new UsageError("benchgate leaderboard needs summary files or globs: 'benchgate leaderboard runs/*.json'");
  const filters: LeaderboardFilters = {};
  for (const key of ['preset', 'mode', 'strategy', 'model'] as const) if (values.has(key)) filters[key] = values.get(key) as string;
  for (const key of ['since', 'until'] as const) {
    const v = values.get(key);
    if (v === undefined) continue;
    if (!DATE.test(v)) throw new UsageError(`Invalid value ${JSON.stringify(v)} for --${key}: expected a date such as 2026-11-01 (or an ISO timestamp)`);
    filters[key] = v;
  }
  if (values.has('min-cases')) filters.minCases = count('min-cases', values.get('min-cases') as string);
  return {
    command: 'leaderboard',
    files,
    by: oneOf('by', values.get('by') ?? 'reward', RANK_METRICS),
    groupBy: values.has('group-by') ? oneOf('group-by', values.get('group-by') as string, GROUP_FIELDS) : null,
    filters,
    top: values.has('top') ? count('top', values.get('top') as string) : undefined,
    format: oneOf('format', values.get('format') ?? 'table', LEADERBOARD_FORMATS),
    output: values.get('output') ?? null,
    config: configOf(values.get('config')),
    inputFormat: values.get('input-format') ?? null,
  };
}

/**
 * What benchgate itself wrote, from a file's first bytes: a compare report (`--format json`, the
 * fields of rlm-code's validate --json) or a leaderboard (`--format json`); null for anything else.
 */
export function benchgateOutputKind(head: string): string | null {
  if (/^\s*\{\s*"candidate_id"\s*:[^{]*"baseline_id"\s*:[^{]*"candidate_path"\s*:[^{]*"baseline_path"\s*:/.test(head)) return 'a compare report';
  if (/^\s*\{\s*"metric"\s*:[^{,]*,\s*"higher_is_better"\s*:/.test(head)) return 'a leaderboard';
  return null;
}

/** The runs of a file as a notice names them: `"a", "b"`, or `"a" (prompt "p")`. */
const choicesText = (choices: readonly RunChoice[]): string =>
  choices.map((c) => `${JSON.stringify(c.model)}${c.prompt === undefined ? '' : ` (prompt ${JSON.stringify(c.prompt)})`}`).join(', ');

/**
 * Loads every file (a history file gives all its runs, a promptfoo output one run per provider), ranks them and returns the rendered
 * leaderboard. benchgate's own reports among the files (a glob over a folder the demo or the CLI
 * wrote into) are no runs: each is skipped with a notice.
 */
export function runLeaderboard(cmd: LeaderboardCommand, notice: (text: string) => void = () => {}): string {
  const config = loadConfig(cmd.config.path, cmd.config.explicit) ?? {};
  const files = expandInputs('leaderboard', cmd.files, process.cwd());
  const options = loadOptionsOf(config, 'baseline', cmd.inputFormat);
  const entries = labelEntries(
    files.flatMap((file): Omit<LeaderboardEntry, 'label'>[] => {
      const head = statSync(file, { throwIfNoEntry: false })?.isFile() ? readHead(file) : null;
      const own = head === null ? null : benchgateOutputKind(head);
      if (own !== null) {
        notice(`skipped ${file}: ${own} benchgate wrote, not a run`);
        return [];
      }
      if (head !== null && looksLikeHistory(head)) return historyLeaderboardEntries(file, parseHistory(readFileSync(file, 'utf8'), file));
      // A file of several runs (promptfoo's providers, multi-hop QA's models): each is an entry of its own.
      const { summaries, several } = loadRuns(file, options);
      if (several !== null)
        notice(
          `${file} holds ${summaries.length} runs (${several.what} ${choicesText(several.choices)}): each is ranked on its own${cmd.filters.model === undefined ? '; --model NAME keeps one' : ''}`,
        );
      return summaries.map((summary) => leaderboardEntry(file, summary, config.pricing ?? {}));
    }),
  );
  if (entries.length === 0) throw new UsageError(`no run to rank: every file given is a report benchgate wrote (${files.join(', ')})`);
  const lb = buildLeaderboard(entries, cmd.by, cmd.filters, cmd.groupBy, cmd.top);
  if (lb.entries.length === 0) throw new UsageError(`no run is left to rank: ${lb.excluded.map((x) => `${x.count} left out (${x.filter})`).join('; ')}`);
  return LEADERBOARD_RENDERERS[cmd.format](lb);
}
