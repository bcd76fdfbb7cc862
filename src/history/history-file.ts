/**
 * The history file: one JSON file per suite (kept on a branch of the repository by the action) with
 * an entry per baseline run on the default branch: where it ran (commit, branch, workflow run) and the
 * run's figures as the leaderboard computes them. The trend in the PR comment and `benchgate
 * leaderboard` read it. Entries are kept oldest first, one per workflow run (a re-run replaces its
 * entry), at most HISTORY_MAX_ENTRIES and HISTORY_MAX_BYTES: the oldest go first. Keys this version
 * does not know are kept as they are when the file is rewritten.
 *
 * Beside the runs, `verdicts` (absent from files written before it) keeps the gate's verdict of each
 * merged pull request, one per PR, at most HISTORY_MAX_VERDICTS: what the gate's record
 * (gate-record.ts) later checks against main's runs before and after the merge.
 */
import { z } from 'zod';

import { formatIssues, throwProblems } from '../adapters/parsing/issues.js';
import type { Price } from '../analysis/custom-gates/cost.js';
import { InputError } from '../errors.js';
import type { LoadedSummary, SummaryHead } from '../schema/loaded.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { type LeaderboardEntry, leaderboardEntry, runEntry } from './leaderboard.js';

export const HISTORY_SCHEMA = 'benchgate-history/1';
export const HISTORY_MAX_ENTRIES = 1000;
/** Under the 1 MB the contents API returns inline. */
export const HISTORY_MAX_BYTES = 900_000;

const text = z.string().max(1000);
const maybe = <T extends z.ZodType>(t: T) => t.nullable();
const count = z.number().int().nonnegative();
const num = z.number().refine(Number.isFinite, 'expected a finite number');

export const HistoryEntrySchema = z.looseObject({
  commit: z.string().regex(/^[0-9a-f]{40,64}$/, 'expected a full commit SHA'),
  branch: text,
  run_id: z.number().int().positive(),
  run_attempt: maybe(z.number().int().positive()),
  run_url: maybe(text),
  recorded_at: z.iso.datetime({ offset: true }),
  id: text,
  preset: maybe(text),
  mode: maybe(text),
  strategy: maybe(text),
  model: maybe(text),
  started_at: maybe(text),
  cases: count,
  reward: num,
  completion_rate: num,
  steps: maybe(num),
  tokens: maybe(count),
  cost: maybe(num),
  duration: maybe(num),
  efficiency: maybe(num),
  fingerprint: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

const sha = z.string().regex(/^[0-9a-f]{40,64}$/, 'expected a full commit SHA');

/**
 * The gate's verdict of one merged pull request, as its last gate run gave it: `head_sha` the commit
 * judged, `base_sha` what it was judged against, `merge_sha` the commit the merge made on the
 * default branch (null until known: the record cannot place the PR on main without it). `check` says
 * whether the check blocked the merge (`blocking`: a required check, hold = failure) or only
 * advised (`advisory`: a neutral conclusion whatever the verdict); the record is built the same way
 * for both. `at` is when the PR was merged (or the verdict given, when the merge time is unknown).
 */
export const GateVerdictEntrySchema = z.looseObject({
  pr: z.number().int().positive(),
  head_sha: sha,
  merge_sha: maybe(sha),
  base_sha: sha,
  verdict: z.enum(['promote', 'hold', 'inconclusive']),
  decide: z.enum(['point', 'significant']),
  check: z.enum(['blocking', 'advisory']),
  conclusion: z.enum(['success', 'failure', 'neutral']),
  at: z.iso.datetime({ offset: true }),
});
export type GateVerdictEntry = z.infer<typeof GateVerdictEntrySchema>;
/** The most PR verdicts a file keeps (the oldest go first); the record reads the last ones. */
export const HISTORY_MAX_VERDICTS = 500;

export const HistoryFileSchema = z.looseObject({
  schema: z.literal(HISTORY_SCHEMA, { error: `expected "${HISTORY_SCHEMA}"` }),
  suite: text,
  entries: z.array(HistoryEntrySchema),
  verdicts: z.array(GateVerdictEntrySchema).optional(),
});
export type HistoryFile = z.infer<typeof HistoryFileSchema>;

/** Where a run was recorded: the workflow run and the branch it measured. */
export interface RecordContext {
  branch: string;
  runUrl: string | null;
  recordedAt: string;
  /** The fingerprint keys of the run (their values are read from the summary's metadata). */
  fingerprintKeys: readonly string[];
}

const metaString = (s: SummaryHead, key: string): string | null => (typeof s.metadata[key] === 'string' ? (s.metadata[key] as string) : null);

/** The history entry of a stamped baseline run (a whole summary, or a loaded run); an InputError when it lacks its commit or run. */
export function historyEntry(run: BenchmarkSummary | LoadedSummary, pricing: Readonly<Record<string, Price>>, ctx: RecordContext): HistoryEntry {
  const s = 'rows' in run ? run.summary : run;
  const commit = metaString(s, 'github.sha') ?? metaString(s, 'git.commit');
  const runId = s.metadata['github.run_id'];
  if (commit === null || !/^[0-9a-f]{40,64}$/.test(commit))
    throw new InputError(`summary ${s.id}: metadata "github.sha": expected the commit the run measured, to record it in the history`);
  if (typeof runId !== 'number' || !Number.isInteger(runId) || runId < 1)
    throw new InputError(`summary ${s.id}: metadata "github.run_id": expected the workflow run's id, to record it in the history`);
  const attempt = s.metadata['github.run_attempt'];
  const { file, ...figures } = 'rows' in run ? runEntry('', run.summary, run.rows, pricing) : leaderboardEntry('', run, pricing);
  void file;
  const fingerprint = Object.fromEntries(ctx.fingerprintKeys.map((k) => [k, s.metadata[k] ?? null]));
  return {
    commit,
    branch: ctx.branch,
    run_id: runId,
    run_attempt: typeof attempt === 'number' ? attempt : null,
    run_url: ctx.runUrl,
    recorded_at: ctx.recordedAt,
    ...figures,
    fingerprint,
  };
}

/** True when a file's first bytes are those of a history file as benchgate writes it (`schema` first). */
export function looksLikeHistory(head: string): boolean {
  return /^\uFEFF?\s*\{\s*"schema"\s*:\s*"benchgate-history\//.test(head);
}

/** Reads a history file's text; `where` names it in errors (a path, or `branch:path`). */
export function parseHistory(textOf: string, where: string): HistoryFile {
  let root: unknown;
  try {
    root = JSON.parse(textOf);
  } catch (err) {
    throw new InputError(`${where}: not JSON (${err instanceof Error ? err.message : String(err)}); expected a benchgate history file`);
  }
  if (typeof root !== 'object' || root === null || (root as { schema?: unknown }).schema !== HISTORY_SCHEMA) {
    throw new InputError(`${where}: not a benchgate history file: expected "schema": "${HISTORY_SCHEMA}" at the top`);
  }
  const parsed = HistoryFileSchema.safeParse(root);
  if (!parsed.success) throwProblems(where, formatIssues(parsed.error.issues, root));
  return parsed.data;
}

/** `"key": [` then one item per line. */
function arrayLines(key: string, items: readonly unknown[]): string {
  const lines = items.map((e, i) => `    ${JSON.stringify(e)}${i < items.length - 1 ? ',' : ''}`);
  return `  ${JSON.stringify(key)}: [\n${lines.join('\n')}${lines.length ? '\n' : ''}  ]`;
}

/** The file's text: one entry (and one verdict) per line, so each recorded run is one line in the branch's diff. */
export function serializeHistory(h: HistoryFile): string {
  const { entries, verdicts, schema, suite, ...rest } = h;
  const top = JSON.stringify({ schema, suite, ...rest }); // schema first: how looksLikeHistory knows the file
  const arrays = [...(verdicts === undefined ? [] : [arrayLines('verdicts', verdicts)]), arrayLines('entries', entries)];
  return `${top.slice(0, -1)},\n${arrays.join(',\n')}\n}\n`;
}

/**
 * The history with `entry` added as the newest (replacing an entry of the same workflow run), and
 * how many old entries were dropped to stay within the limits.
 */
export function addEntry(h: HistoryFile | null, suite: string, entry: HistoryEntry): { history: HistoryFile; dropped: number } {
  if (h !== null && h.suite !== suite) throw new InputError(`the history file is of suite ${JSON.stringify(h.suite)}, not ${JSON.stringify(suite)}`);
  const entries = [...(h?.entries ?? []).filter((e) => e.run_id !== entry.run_id), entry];
  const history: HistoryFile = { ...(h ?? {}), schema: HISTORY_SCHEMA, suite, entries };
  let dropped = 0;
  while (history.entries.length > 1 && (history.entries.length > HISTORY_MAX_ENTRIES || Buffer.byteLength(serializeHistory(history)) > HISTORY_MAX_BYTES)) {
    history.entries.shift();
    dropped++;
  }
  return { history, dropped };
}

/**
 * The history with the verdict of a merged PR added as the newest (replacing an earlier one of the
 * same PR: a re-recorded merge), and how many old verdicts were dropped to stay within the limits.
 */
export function addVerdict(h: HistoryFile | null, suite: string, verdict: GateVerdictEntry): { history: HistoryFile; dropped: number } {
  if (h !== null && h.suite !== suite) throw new InputError(`the history file is of suite ${JSON.stringify(h.suite)}, not ${JSON.stringify(suite)}`);
  const verdicts = [...(h?.verdicts ?? []).filter((v) => v.pr !== verdict.pr), verdict];
  const history: HistoryFile = { ...(h ?? {}), schema: HISTORY_SCHEMA, suite, entries: h?.entries ?? [], verdicts };
  let dropped = 0;
  while (verdicts.length > 1 && (verdicts.length > HISTORY_MAX_VERDICTS || Buffer.byteLength(serializeHistory(history)) > HISTORY_MAX_BYTES)) {
    verdicts.shift();
    dropped++;
  }
  return { history, dropped };
}

/** The newest entry per commit on `branch`, the last `limit` of them, oldest first. */
export function branchRuns(h: HistoryFile, branch: string, limit: number): HistoryEntry[] {
  const byCommit = new Map<string, HistoryEntry>();
  for (const e of h.entries) {
    if (e.branch !== branch) continue;
    byCommit.delete(e.commit); // re-inserted: the map's order is the order of each commit's newest run
    byCommit.set(e.commit, e);
  }
  const runs = [...byCommit.values()];
  return limit <= 0 ? [] : runs.slice(-limit);
}

/** The history's runs as leaderboard entries; `file` plus the run id tells runs apart. */
export function historyLeaderboardEntries(file: string, h: HistoryFile): Omit<LeaderboardEntry, 'label'>[] {
  return h.entries.map((e) => ({
    file: `${file}#run-${e.run_id}`,
    id: e.id,
    preset: e.preset,
    mode: e.mode,
    strategy: e.strategy,
    model: e.model,
    started_at: e.started_at,
    cases: e.cases,
    reward: e.reward,
    completion_rate: e.completion_rate,
    steps: e.steps,
    tokens: e.tokens,
    cost: e.cost,
    duration: e.duration,
    efficiency: e.efficiency,
  }));
}
