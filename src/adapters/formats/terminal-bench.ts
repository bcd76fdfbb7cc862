/**
 * terminal-bench's `results.json` (terminal_bench/harness/models.py `BenchmarkResults`): `results[]`
 * of `TrialResults` with `task_id`, `trial_name` (`<task>.<attempt>-of-<n>.<run id>`),
 * `is_resolved` (null: the trial never reached its tests), `failure_mode` (`unset` when nothing
 * failed; `agent_timeout`, `test_timeout`, `parse_error`, `unknown_agent_error`,
 * `agent_installation_failed`, …), `parser_results` (each unit test's status),
 * `total_input_tokens` / `total_output_tokens`, the trial's times and `recording_path` (the session
 * recording); and the harness's own `n_resolved`, `accuracy`, `pass_at_k`. A task is a case,
 * completed when resolved (reward 1, else 0); the attempts of `--n-attempts` are merged
 * (parsing/attempts.ts). A failure mode other than `unset`/`none` is the case's error, written
 * `failure_mode: <mode>`: a timeout or a crash is a failure of the run, not a wrong answer, and the
 * verdict's infrastructure classifier reads it there. Tokens that are null, or 0 in and 0 out (agents
 * that do not report them, such as goose), are unknown, not 0.
 */
import type { BenchmarkSummary } from '../../schema/summary.js';
import { type Attempt, casesOfAttempts } from '../parsing/attempts.js';
import { isObj, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

export const TERMINAL_BENCH_SHAPE = 'a terminal-bench results.json: `results[]` of trials with `task_id`, `trial_name`, `is_resolved` and `failure_mode`';

const isTrial = (r: unknown): r is Obj => isObj(r) && typeof r['task_id'] === 'string' && typeof r['trial_name'] === 'string' && 'is_resolved' in r;

export function terminalBenchMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const d = source.json();
  if (!isObj(d) || !Array.isArray(d['results'])) return 'no `results` array';
  return d['results'].length > 0 && isTrial(d['results'][0]) ? null : 'its `results` are not trials with `task_id`, `trial_name` and `is_resolved`';
}

/** Seconds between two ISO times; null when either is missing or unreadable. */
function secondsBetween(start: unknown, end: unknown): number | null {
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  const s = Date.parse(start);
  const e = Date.parse(end);
  return Number.isFinite(s) && Number.isFinite(e) && e >= s ? (e - s) / 1000 : null;
}

const tokens = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

function attemptOf(p: Problems, r: unknown, i: number): Attempt | null {
  const place = `$.results[${i}]`;
  if (!isTrial(r)) return (p.add(place, null, 'a trial with `task_id`, `trial_name` and `is_resolved`', r), null);
  const resolved = r['is_resolved'];
  if (resolved !== null && typeof resolved !== 'boolean') return (p.add(place, 'is_resolved', 'true, false or null', resolved), null);
  const mode = typeof r['failure_mode'] === 'string' ? r['failure_mode'] : 'unset';
  const input = tokens(r['total_input_tokens']);
  const output = tokens(r['total_output_tokens']);
  const known = input !== null && output !== null && input + output > 0;
  const { task_id: task, instruction, ...kept } = r;
  void instruction;
  return {
    task: task as string,
    solved: resolved,
    reward: resolved === true ? 1 : 0,
    error: mode === 'unset' || mode === 'none' ? null : `failure_mode: ${mode}`,
    duration: secondsBetween(r['trial_started_at'], r['trial_ended_at']),
    usage: known ? { total_calls: 0, prompt_tokens: input, completion_tokens: output, roles: null } : null,
    extra: { ...kept, failure_mode: mode },
  };
}

export function fromTerminalBench(source: Source): BenchmarkSummary {
  const p = new Problems(source.file);
  const d = source.json() as Obj;
  const attempts = (d['results'] as unknown[]).flatMap((r, i) => attemptOf(p, r, i) ?? []);
  if (p.empty && attempts.length === 0) p.note('no trials in `results`');
  p.check();
  const cases = casesOfAttempts(attempts);
  const reported: Record<string, unknown> = {};
  for (const k of ['n_resolved', 'n_unresolved', 'accuracy', 'pass_at_k']) if (k in d) reported[k] = d[k];
  return summaryOf({
    id: typeof d['id'] === 'string' && d['id'] !== '' ? d['id'] : stemOf(source.file),
    format: 'terminal-bench',
    cases,
    run: {
      description: `terminal-bench run of ${cases.length} task${cases.length === 1 ? '' : 's'} (${attempts.length} trial${attempts.length === 1 ? '' : 's'})`,
    },
    extra: { terminal_bench: reported },
  });
}
