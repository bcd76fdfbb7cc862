/**
 * The stamps publish checks on every summary it compares (the run mode writes them:
 * src/action/suite/metadata.ts): each side says it is the role it is used as, of the commit it stands
 * for (the baseline the PR's base commit, the candidate the PR's head) and of the workflow run it
 * was downloaded from. A summary that says otherwise was uploaded under the wrong name (a fork run
 * that uploads its candidate as the baseline too) or is another run's: the verdict holds, whatever
 * the policy allows, and each problem is named in the check run. The stamps of the PR's own run are
 * the PR's to write: they catch a mistake or a swap, never prove the candidate; the baseline's are
 * trusted because its run is (github/trusted-run.ts).
 */
import { untrusted } from '../../report/markdown/markdown.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import type { Role } from '../inputs/inputs.js';

export interface Expected {
  role: Role;
  /** The commit the side stands for. */
  commit: string;
  /** The workflow run it was downloaded from. */
  runId: number;
  /** How a reader knows it: `the baseline (workflow run 12 on main)`. */
  label: string;
}

/** A stamp's value as the report shows it: escaped (the PR's run writes it), or `nothing` when the summary has none. */
const short = (v: unknown): string =>
  typeof v === 'string'
    ? untrusted(v, { maxLength: 40 })
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : v === undefined || v === null
        ? 'nothing'
        : untrusted(String(v), { maxLength: 40 });

/** The commit a summary says its suite ran on: HEAD of the checkout, else the PR head or the pushed commit the event named. */
function stampedCommit(m: Readonly<Record<string, unknown>>, role: Role): unknown {
  const git = m['git.commit'];
  if (typeof git === 'string' && git !== '') return git;
  return role === 'candidate'
    ? (m['github.pr_head_sha'] ?? null)
    : m['github.event'] === 'pull_request'
      ? (m['github.pr_base_sha'] ?? null)
      : (m['github.sha'] ?? null);
}

/** The problems of one summary's stamps (benchgate's words and the stamps' values, shortened), [] when it is what it should be. */
export function stampProblems(summary: BenchmarkSummary, want: Expected): string[] {
  const m = summary.metadata;
  const out: string[] = [];
  const what = `provenance: ${want.label}`;
  if (m['benchgate.role'] !== want.role) out.push(`${what} is stamped benchgate.role ${short(m['benchgate.role'])}, not \`${want.role}\``);
  const commit = stampedCommit(m, want.role);
  if (commit !== want.commit) out.push(`${what} is stamped for commit ${short(commit)}, not \`${want.commit.slice(0, 12)}\``);
  // A baseline reused by the PR's run (reuse-baseline) keeps the stamps of the push run that measured it.
  const reused = m['reuse.run_id'] !== undefined && m['reuse.run_id'] === m['github.run_id'];
  if (m['github.run_id'] !== want.runId && !(reused && want.role === 'baseline'))
    out.push(`${what} is stamped github.run_id ${short(m['github.run_id'])}, not ${want.runId}`);
  return out;
}

/** Every summary's problems: each trial of each side. */
export function provenanceProblems(sides: readonly { summaries: readonly BenchmarkSummary[]; want: Expected }[]): string[] {
  const out = new Set<string>();
  for (const { summaries, want } of sides) for (const s of summaries) for (const p of stampProblems(s, want)) out.add(p);
  return [...out];
}
