/** Small pieces both modes use: artifact names, the event payload, how a command ended. */
import { RUN_FILE } from '../load/evidence.js';
import type { Role } from './inputs/inputs.js';
import type { CommandOutcome } from './suite/metadata.js';

/**
 * The artifact of one role of one suite in a workflow run: `benchgate-<suite>-<role>`, and
 * `benchgate-<suite>-report` for the gate's reports. Suite names are restricted (inputs.ts) so the
 * name is always valid, and two suites in one workflow never collide.
 */
export function artifactName(suite: string, role: Role | 'report', shard?: { index: number; total: number } | null): string {
  return `benchgate-${suite}-${role}${shard ? `-shard-${shard.index}-of-${shard.total}` : ''}`;
}

/** The shard artifacts of one role: `benchgate-<suite>-<role>-shard-<index>-of-<total>`, with index and total. */
export function parseShardArtifact(suite: string, role: Role, name: string): { index: number; total: number } | null {
  const prefix = `${artifactName(suite, role)}-shard-`;
  if (!name.startsWith(prefix)) return null;
  const m = /^(\d{1,3})-of-(\d{1,3})$/.exec(name.slice(prefix.length));
  return m ? { index: Number(m[1]), total: Number(m[2]) } : null;
}

/**
 * A round after the first of the candidate under design main (gate.yml's round jobs):
 * `benchgate-<suite>-candidate-round-<r>`; round 1 is the candidate's own artifact.
 */
export function roundArtifactName(suite: string, round: number): string {
  return `${artifactName(suite, 'candidate')}-round-${round}`;
}

/** The round of a candidate's round artifact (roundArtifactName), or null for any other name. */
export function parseRoundArtifact(suite: string, name: string): number | null {
  const prefix = `${artifactName(suite, 'candidate')}-round-`;
  if (!name.startsWith(prefix)) return null;
  const m = /^([2-9]|[1-9]\d)$/.exec(name.slice(prefix.length));
  return m ? Number(m[1]) : null;
}

/** The file a later round's case list is kept as in its artifact (never read back: the gate draws the same cases). */
export const ROUND_CASES_FILE = 'round-cases.txt';

/**
 * The entries of a role's artifact that compare and publish read (gate/role-files.ts): the
 * normalized summary of each trial (`summary.json`, `summary.trial-<t>.json`: suite/trial.ts
 * NORMALIZED_FILE and trialFile) and the trajectories run mode copies into `runs/` beside it
 * (load/evidence.ts collectTrajectories, read back by trajectoryFile as `runs/<name>`). The log, the
 * suite's original file, the shard's case list and the usage file are never read from a download.
 */
export function isGateEntry(entry: string): boolean {
  if (/^summary(\.trial-\d{1,3})?\.json$/.test(entry)) return true;
  return entry.startsWith('runs/') && RUN_FILE.test(entry.slice('runs/'.length));
}

/** A normalized summary in an artifact larger than this is refused before it is parsed. */
export const MAX_ARTIFACT_SUMMARY_BYTES = 1024 * 1024 * 1024;

function seconds(s: number): string {
  return s < 120 ? `${s.toFixed(1)} s` : `${(s / 60).toFixed(1)} min`;
}

/** "exited with code 0 after 3.2 s", "timed out after 60.0 min and was stopped", … */
export function describeOutcome(o: CommandOutcome): string {
  const after = seconds(o.durationSeconds);
  if (o.timedOut) return `timed out after ${after} and was stopped`;
  if (o.stopped) return `was stopped after ${after}: ${o.stopped}`;
  if (o.exitCode === null) return o.signal ? `was killed by ${o.signal} after ${after}` : 'could not be started';
  return `exited with code ${o.exitCode} after ${after}`;
}

/**
 * The files of a role's artifact (mode run and mode ab stage them: suite/trial.ts): each trial's
 * normalized summary, the suite's log, the file it wrote as found, a shard's case list and the
 * usage file of the spend cap.
 */
export const NORMALIZED_FILE = 'summary.json';
export const LOG_FILE = 'command.log';
export const ORIGINAL_DIR = 'original';
export const SHARD_CASES_FILE = 'shard-cases.txt';
export const USAGE_FILE = 'usage.jsonl';

/** Where trial `t` (1-based) keeps its files in the artifact: trial 1 as before, later ones numbered. */
export function trialFile(name: string, t: number): string {
  if (t === 1) return name;
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.trial-${t}${name.slice(dot)}`;
}

/** The report artifact's files (decide/decide.ts writes them). */
export const REPORT_FILES = { markdown: 'benchgate-report.md', json: 'benchgate-report.json', csv: 'benchgate-report.csv' } as const;
/** The evidence page in the report artifact, when a case regressed. */
export const EVIDENCE_HTML = 'evidence.html';
/** The regression budget's state as JSON, in the report directory and the report artifact. */
export const BUDGET_JSON = 'benchgate-budget.json';
