/**
 * A role's summaries from the workflow run's artifacts: one artifact (with its repeated trials), or,
 * for a suite split across a job matrix, one artifact per shard, merged into one run before comparing.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import type { FindOptions } from '@actions/artifact';

import { type LoadOptions, loadSummary } from '../../adapters/registry.js';
import type { FindingDraft } from '../../analysis/integrity/findings.js';
import { isRound, mergeShardRounds, type ShardTrials } from '../../analysis/interleaved.js';
import type { LoadedSummary, ShardRounds } from '../../analysis/model.js';
import { mergeShards } from '../../analysis/shards.js';
import { InputError } from '../../errors.js';
import { downloadListedArtifact, listArtifacts, type ListedArtifact } from '../../github/artifacts.js';
import { loadedOf } from '../../load/load.js';
import { loadedWhole, type SummaryHead } from '../../schema/loaded.js';
import type { CaseFields } from '../../schema/pack.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import {
  artifactName,
  isGateEntry,
  MAX_ARTIFACT_SUMMARY_BYTES,
  NORMALIZED_FILE,
  parseRoundArtifact,
  parseShardArtifact,
  roundArtifactName,
  trialFile,
} from '../artifact-layout.js';
import type { Role } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';

type FindBy = NonNullable<FindOptions['findBy']>;

/** The artifacts of the run (this one, or another through `findBy`): listed once for both roles. */
export function listRunArtifacts(io: ActionIo, findBy?: FindBy): Promise<ListedArtifact[]> {
  return listArtifacts(io.artifacts, findBy);
}

/**
 * Downloads a role's summaries: its artifact's (summary.json, then the later trials), or, when the
 * role ran in shards, one per shard artifact. `listed` is the run's listing (listRunArtifacts, same
 * `findBy`); each artifact is downloaded by the id it gives, without looking it up again.
 */
export async function downloadSummary(
  io: ActionIo,
  suite: string,
  role: Role,
  into: string,
  listed: readonly ListedArtifact[],
  findBy?: FindBy,
): Promise<RoleFiles> {
  const name = artifactName(suite, role);
  const names = listed.map((a) => a.name);
  const shards = names.filter((n) => parseShardArtifact(suite, role, n) !== null).sort();
  if (!names.includes(name) && shards.length > 0) {
    const files: string[] = [];
    for (const shard of shards) files.push(...(await downloadOne(io, listed, shard, role, join(into, role, shard), findBy)));
    const trials = files.length > shards.length ? `, ${files.length} trials in all` : '';
    io.info(`benchgate: ${role} summary merged from ${shards.length} shard artifacts (${shards.join(', ')}${trials})`);
    return { files, sharded: true, artifacts: shards };
  }
  const files = await downloadOne(io, listed, name, role, join(into, role), findBy);
  io.info(`benchgate: ${role} summary from artifact ${name}${files.length > 1 ? ` (${files.length} trials)` : ''}`);
  const rounds = role === 'candidate' ? roundsOf(suite, names, files.length) : [];
  if (rounds.length === 0) return { files, sharded: false, artifacts: [name] };
  // design main's later rounds of the candidate (gate.yml's round jobs): one trial each, in order after round 1.
  for (const round of rounds) {
    const got = await downloadOne(io, listed, roundArtifactName(suite, round), role, join(into, `${role}-round-${round}`), findBy);
    if (got.length !== 1)
      throw new InputError(
        `artifact "${roundArtifactName(suite, round)}" holds ${got.length} trials; a round of the candidate runs each of its cases once (trials: 1)`,
      );
    files.push(...got);
  }
  io.info(`benchgate: ${role} rounds 2 to ${rounds.length + 1} from artifacts ${rounds.map((r) => roundArtifactName(suite, r)).join(', ')}`);
  return { files, sharded: false, artifacts: [name, ...rounds.map((r) => roundArtifactName(suite, r))], rounds: rounds.length + 1 };
}

/** The later rounds a run's artifacts hold (2, 3, …), checked to follow round 1 without a gap. */
function roundsOf(suite: string, names: readonly string[], roundOneTrials: number): number[] {
  const rounds = names
    .map((n) => parseRoundArtifact(suite, n))
    .filter((r): r is number => r !== null)
    .sort((a, b) => a - b);
  if (rounds.length === 0) return rounds;
  const gap = rounds.findIndex((r, i) => r !== i + 2);
  if (gap >= 0)
    throw new InputError(
      `artifact "${roundArtifactName(suite, rounds[gap] as number)}": round ${rounds[gap]} of the candidate without round ${gap + 2} before it`,
    );
  if (roundOneTrials !== 1)
    throw new InputError(
      `artifact "${artifactName(suite, 'candidate')}" holds ${roundOneTrials} trials beside later rounds; round 1 of the candidate runs every case once (trials: 1)`,
    );
  return rounds;
}

/** One artifact's normalized summaries: summary.json, then the later trials, each within the size cap. */
async function downloadOne(io: ActionIo, listed: readonly ListedArtifact[], name: string, role: Role, path: string, findBy?: FindBy): Promise<string[]> {
  const dir = await downloadListedArtifact(io.artifacts, listed, { name, path, wanted: isGateEntry, ...(findBy ? { findBy } : {}) });
  const files: string[] = [];
  for (let t = 1; ; t++) {
    const file = join(dir, trialFile(NORMALIZED_FILE, t));
    if (!existsSync(file)) break;
    const size = statSync(file).size;
    if (size > MAX_ARTIFACT_SUMMARY_BYTES) {
      throw new InputError(
        `artifact "${name}": ${trialFile(NORMALIZED_FILE, t)} is ${size} bytes, over the ${MAX_ARTIFACT_SUMMARY_BYTES}-byte limit for a summary`,
      );
    }
    files.push(file);
  }
  if (files.length === 0) {
    throw new InputError(`artifact "${name}" holds no ${NORMALIZED_FILE}: the ${role} run found no usable summary (its command.log in the artifact says why)`);
  }
  return files;
}

/** A role's downloaded summaries: trials of one artifact, or one per shard artifact. */
export interface RoleFiles {
  files: string[];
  sharded: boolean;
  /** The artifacts they came from: one, or one per shard, or one per round. */
  artifacts: string[];
  /** The candidate's rounds under design main (gate.yml's round jobs), when it has more than one: `files` are round 1's, then each later round's. */
  rounds?: number;
}

/**
 * A downloaded run named by what a reader knows, never by the runner's temporary path: its
 * artifact(s), then the file the suite wrote, the commit and the workflow run, as the run's stamps
 * say (`artifact benchgate-s-baseline: bench_1.json, commit 1a2b3c4, run 42`). Untrusted: the
 * report escapes it like every other name.
 */
export function sourceLabel(artifacts: readonly string[], summary: SummaryHead, trials = 1): string {
  const m = summary.metadata;
  const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
  const file = text(m['source.file']);
  const commit = text(m['git.commit']) ?? text(m['github.sha']);
  const run = text(m['github.run_id']);
  const facts = [
    file === null ? null : basename(file),
    commit === null ? null : `commit ${commit.slice(0, 7)}`,
    run === null ? null : `run ${run}`,
    trials > 1 ? `${trials} trials` : null,
  ].filter((x) => x !== null);
  const listed = artifacts.length > 3 ? [artifacts[0], '…', artifacts.at(-1)] : artifacts;
  const which = artifacts.length === 1 ? `artifact ${artifacts[0]}` : `artifacts ${listed.join(', ')} (${artifacts.length} shards)`;
  return facts.length > 0 ? `${which}: ${facts.join(', ')}` : which;
}

/** A role's shard files loaded, grouped by the artifact each was downloaded from (its folder), trials in order. */
export function loadShards(files: readonly string[], o: LoadOptions): ShardTrials[] {
  const byArtifact = new Map<string, ShardTrials>();
  for (const file of files) {
    const artifact = basename(dirname(file));
    const shard = byArtifact.get(artifact) ?? { artifact, trials: [] };
    shard.trials.push(loadSummary(file, o));
    byArtifact.set(artifact, shard);
  }
  return [...byArtifact.values()];
}

/** True when the shards are interleaved rounds (mode ab): some trial carries the design's stamps. */
export function areRounds(shards: readonly ShardTrials[] | null): boolean {
  return shards !== null && shards.some((s) => s.trials.some(isRound));
}

/** A role's shards (one run each) merged into one run, with the coverage finding. `where` names them in messages. */
export function mergedRole(role: Role, shards: readonly ShardTrials[], where: string, fields: CaseFields): { run: LoadedSummary; drafts: FindingDraft[] } {
  const repeated = shards.filter((s) => s.trials.length > 1).map((s) => s.artifact);
  if (repeated.length > 0)
    throw new InputError(
      `the ${role}'s shard artifacts hold repeated trials (${repeated.join(', ')}): a sharded suite runs each shard once in mode run, and only mode ab's interleaved rounds (stamped ab.round, ab.max_rounds) are merged round by round`,
    );
  const { summary, drafts } = mergeShards(
    role,
    shards.map((s) => ({ artifact: s.artifact, summary: s.trials[0] as BenchmarkSummary })),
  );
  return { run: loadedOf(`${where} (${shards.length} shards)`, summary, fields), drafts };
}

/** Both roles' shards of interleaved rounds, merged at their common look: the rounds as trials of each role, and what the report says of the shards. */
export function mergedRounds(
  shards: Record<Role, readonly ShardTrials[]>,
  where: string,
  fields: CaseFields,
): { trials: Record<Role, LoadedSummary[]>; max: number; rounds: ShardRounds; drafts: FindingDraft[] } {
  const merged = mergeShardRounds(shards.baseline, shards.candidate);
  const loaded = (role: Role): LoadedSummary[] =>
    merged.rounds[role].map((summary, r) => loadedWhole(`${where} (${role}, ${shards[role].length} shards, round ${r + 1})`, summary, fields));
  return { trials: { baseline: loaded('baseline'), candidate: loaded('candidate') }, max: merged.max, rounds: merged.shards, drafts: merged.drafts };
}
