/**
 * Reads what the evidence of the regressed cases needs beyond the comparison (analysis/evidence/):
 * the case rows with their text (the loaded form keeps none: schema/loaded.ts), read again in full
 * from each side's files, only when a case regressed,
 * and rlm-code trajectories, the JSONL file a native case's `run_path` names.
 *
 * A `run_path` is untrusted: rlm-code writes the absolute path on the machine that ran it. It is
 * looked up only inside the summary's run directory (rlm-code's layout: `<rlm>/benchmarks/<id>.json`
 * beside `<rlm>/runs/<run_id>.jsonl`, so `<rlm>`; else the summary's own directory), by its file
 * name, and the file's real path (symlinks followed) must lie inside that directory. Each file is
 * read up to {@link TRAJECTORY_MAX_BYTES}, all of them up to {@link TRAJECTORIES_MAX_BYTES}.
 */
import { constants, copyFileSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';

import { type LoadOptions, loadSummary } from '../adapters/registry.js';
import type { Comparison } from '../analysis/compare.js';
import { caseRowsOf, collectEvidence, regressedIds, type Side } from '../analysis/evidence/collect.js';
import type { TrajectoryInput } from '../analysis/evidence/extract.js';
import type { EvidenceReport } from '../analysis/evidence/model.js';
import { parseTrajectory } from '../analysis/evidence/rlm-code.js';
import { readRegularFile } from '../fs-safe.js';
import type { CaseResult } from '../schema/summary.js';
import { PARALLEL_MIN_BYTES } from './load.js';

const bytesOf = (file: string): number => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
const filesOf = (files: string | readonly string[]): readonly string[] => (typeof files === 'string' ? [files] : files);

/** Largest trajectory file read, in bytes. */
export const TRAJECTORY_MAX_BYTES = 8 * 1024 * 1024;
/** Largest total of trajectory files read for one comparison, in bytes. */
export const TRAJECTORIES_MAX_BYTES = 64 * 1024 * 1024;

/** The name of a trajectory file the gate reads (beside the summary, or in its `runs/`). */
export const RUN_FILE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,200}\.jsonl$/;

/** The directory a summary's trajectories must lie in: rlm-code's `<rlm>` when the summary is in its `benchmarks` directory, else the summary's own. */
export function runRoot(summaryFile: string): string {
  const dir = dirname(resolve(summaryFile));
  return basename(dir) === 'benchmarks' ? dirname(dir) : dir;
}

function inside(root: string, file: string): boolean {
  return file.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** The trajectory file of `runPath` inside the summary's run directory, or why there is none. */
export function trajectoryFile(summaryFile: string, runPath: string): { file: string } | { missing: string } {
  const name = basename(runPath.replace(/\\/g, '/'));
  if (!RUN_FILE.test(name)) return { missing: 'the run path does not name a `.jsonl` trajectory file' };
  const root = runRoot(summaryFile);
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch {
    return { missing: 'the run directory could not be read' };
  }
  const dir = dirname(resolve(summaryFile));
  const tried = [
    ...(isAbsolute(runPath) ? [runPath] : runPath.split(/[\\/]/).includes('..') ? [] : [resolve(dir, runPath)]),
    join(root, 'runs', name),
    join(dir, name),
  ];
  for (const file of tried) {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      continue;
    }
    if (inside(realRoot, real) && statSync(real).isFile()) return { file: real };
  }
  return { missing: `trajectory ${name} not found in the run directory beside the summary` };
}

/** Reads trajectories for one comparison within the byte caps. */
class TrajectoryReader {
  private used = 0;
  constructor(private readonly summaryFiles: Record<Side, string>) {}

  read(side: Side, c: CaseResult): TrajectoryInput | undefined {
    if (c.run_path === null || c.run_path === '') return undefined;
    const where = trajectoryFile(this.summaryFiles[side], c.run_path);
    if ('missing' in where) return { events: null, missing: where.missing };
    const size = statSync(where.file).size;
    if (size > TRAJECTORY_MAX_BYTES) return { events: null, missing: `trajectory larger than ${TRAJECTORY_MAX_BYTES} bytes, not read` };
    if (this.used + size > TRAJECTORIES_MAX_BYTES) return { events: null, missing: `trajectories beyond ${TRAJECTORIES_MAX_BYTES} bytes in all, not read` };
    this.used += size;
    try {
      const { events, bad_lines } = parseTrajectory(readRegularFile(where.file, { maxBytes: TRAJECTORY_MAX_BYTES }).toString('utf8'));
      return { events, missing: bad_lines > 0 ? `${bad_lines} line${bad_lines === 1 ? '' : 's'} of the trajectory not JSON, skipped` : null };
    } catch (err) {
      return { events: null, missing: `trajectory not read: ${(err as Error).message}` };
    }
  }
}

/**
 * The evidence of the regressed cases of `cmp`, whose summaries were read from `files` with
 * `options` (needed to read them again). Reads nothing when no case regressed. A side of several
 * files (trials, shards) is read file by file until every regressed case has its row: the first
 * file's row of a case wins, as the first trial's did.
 */
export function gatherEvidence(
  cmp: Comparison,
  files: Record<Side, string | readonly string[]>,
  options: Record<Side, LoadOptions>,
  /**
   * true: the regressed cases' rows, read again from a summary loaded packed (a large pair: seconds).
   * false: no rows of a pair of 16 MiB or more ({@link PARALLEL_MIN_BYTES}), however it was loaded (so
   * the report does not depend on whether a loading thread packed it); its cases say how to get them.
   * A smaller pair's rows are read either way (again, when it was loaded packed: a small file).
   */
  reread = true,
  /** From how many bytes (both files) a pair is large; default {@link PARALLEL_MIN_BYTES}. */
  largeFrom = PARALLEL_MIN_BYTES,
): EvidenceReport {
  const { ids, more } = regressedIds(cmp);
  if (ids.length === 0) return { cases: [], more };
  const unread: Partial<Record<Side, string>> = {};
  // Large by the files' sizes alone (not by how they were loaded, nor by the loading threshold's
  // override): the same files give the same report on every path.
  const list = { baseline: filesOf(files.baseline), candidate: filesOf(files.candidate) };
  const large = bytesOf(list.baseline[0] ?? '') + bytesOf(list.candidate[0] ?? '') >= largeFrom;
  const rowsOf = (side: Side): Map<string, CaseResult> => {
    if (!reread && large) {
      unread[side] = 'a large summary, loaded without its case rows; the command line reads them again with --evidence DIR';
      return new Map();
    }
    const rows = new Map<string, CaseResult>();
    for (const file of list[side]) {
      const left = ids.filter((id) => !rows.has(id));
      if (left.length === 0) break;
      for (const [id, row] of caseRowsOf(loadSummary(file, options[side]), left)) rows.set(id, row);
    }
    return rows;
  };
  const reader = new TrajectoryReader({ baseline: list.baseline[0] ?? '', candidate: list.candidate[0] ?? '' });
  return {
    cases: collectEvidence(cmp, ids, {
      rows: { baseline: rowsOf('baseline'), candidate: rowsOf('candidate') },
      unread,
      trajectory: (s, c) => reader.read(s, c),
    }),
    more,
  };
}

/** Most trajectory files collected into a run's artifact. */
export const TRAJECTORY_FILES_MAX = 10_000;

/**
 * Copies the trajectories of a summary's cases (rlm-code native rows' `run_path`, looked up as
 * {@link trajectoryFile} does, beside `sourceFile`) into `into/runs/`, where the gate finds them
 * beside the normalized summary: up to {@link TRAJECTORY_MAX_BYTES} each, {@link TRAJECTORIES_MAX_BYTES}
 * and {@link TRAJECTORY_FILES_MAX} files in all. Returns the files copied and how many were left out.
 */
export function collectTrajectories(cases: readonly CaseResult[], sourceFile: string, into: string): { files: string[]; skipped: number } {
  const files: string[] = [];
  const seen = new Set<string>();
  let used = 0;
  let skipped = 0;
  for (const c of cases) {
    if (c.run_path === null || c.run_path === '') continue;
    const where = trajectoryFile(sourceFile, c.run_path);
    if ('missing' in where || seen.has(basename(where.file))) {
      if ('missing' in where) skipped++;
      continue;
    }
    const size = statSync(where.file).size;
    if (size > TRAJECTORY_MAX_BYTES || used + size > TRAJECTORIES_MAX_BYTES || files.length >= TRAJECTORY_FILES_MAX) {
      skipped++;
      continue;
    }
    const target = join(into, 'runs', basename(where.file));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(where.file, target, constants.COPYFILE_EXCL);
    seen.add(basename(where.file));
    files.push(target);
    used += size;
  }
  return { files, skipped };
}
