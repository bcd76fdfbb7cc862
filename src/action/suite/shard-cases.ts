/**
 * The case list of a sharded suite (the run mode's `cases` input): read, split by a stable hash of
 * each case id (analysis/shards.ts), and this shard's part written to a file the suite command reads.
 */
import { writeFileSync } from 'node:fs';

import { caseListSha, SHARD_KEYS, shardOf } from '../../analysis/shards.js';
import { UsageError } from '../../errors.js';
import { readRegularFile } from '../../fs-safe.js';
import type { Shard } from '../inputs/inputs.js';
import type { Scalar } from './metadata.js';

/** Largest case list read: a list of ids is a few MB at most. */
const MAX_CASE_LIST_BYTES = 64 * 1024 * 1024;

/** The case ids of a list file: a JSON array of strings, or one id per line (blank lines and `#` comments skipped). */
export function readCaseList(file: string, shown: string, input = 'cases'): string[] {
  let text: string;
  try {
    const bytes = readRegularFile(file, {
      maxBytes: MAX_CASE_LIST_BYTES,
      fail: (why) => new UsageError(`input "${input}": ${shown} ${why}; expected a file listing the suite's case ids`),
    });
    text = bytes.toString('utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      `input "${input}": cannot read ${shown} (${(err as { code?: string }).code ?? (err as Error).message}); expected a file listing the suite's case ids`,
    );
  }
  let ids: string[];
  if (text.trimStart().startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`input "${input}": ${shown} starts like a JSON array but is not valid JSON (${(err as Error).message})`);
    }
    const bad = Array.isArray(data) ? data.findIndex((x) => typeof x !== 'string' || x === '') : -1;
    if (!Array.isArray(data) || bad >= 0)
      throw new UsageError(`input "${input}": ${shown}${bad >= 0 ? ` [${bad}]` : ''}: expected a JSON array of non-empty case id strings`);
    ids = data as string[];
  } else {
    ids = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
  }
  if (ids.length === 0) throw new UsageError(`input "${input}": ${shown} lists no case ids`);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new UsageError(`input "${input}": ${shown} lists case ${JSON.stringify(id)} twice; expected each id once`);
    seen.add(id);
  }
  return ids;
}

/**
 * A later round of the candidate under design main (the run mode's `round` and `round-cases`): its
 * list kept in the artifact, its environment (BENCHGATE_CASES_FILE, the name mode ab's rounds use
 * too, and BENCHGATE_ROUND) and its stamp.
 */
export function prepareRound(
  round: number,
  list: readonly string[],
  out: string,
): { env: Record<string, string>; stamps: Record<string, Scalar>; cases: Set<string> | null } {
  writeFileSync(out, `${list.join('\n')}\n`);
  return {
    env: { BENCHGATE_CASES_FILE: out, BENCHGATE_ROUND: String(round), BENCHGATE_CASE_COUNT: String(list.length) },
    stamps: { 'main.round': round, 'main.round_cases': list.length },
    cases: new Set(list),
  };
}

/** This shard's cases written to `out` (one per line), its environment and its metadata stamps. */
export function prepareShard(
  shard: Shard,
  list: readonly string[] | null,
  out: string,
): { env: Record<string, string>; stamps: Record<string, Scalar>; cases: Set<string> | null } {
  const env: Record<string, string> = { BENCHGATE_SHARD_INDEX: String(shard.index), BENCHGATE_SHARD_TOTAL: String(shard.total) };
  const stamps: Record<string, Scalar> = { [SHARD_KEYS.index]: shard.index, [SHARD_KEYS.total]: shard.total };
  if (list === null) return { env, stamps, cases: null };
  const mine = list.filter((id) => shardOf(id, shard.total) === shard.index);
  writeFileSync(out, mine.length > 0 ? `${mine.join('\n')}\n` : '');
  env['BENCHGATE_SHARD_CASES_FILE'] = out;
  env['BENCHGATE_SHARD_CASE_COUNT'] = String(mine.length);
  stamps[SHARD_KEYS.listSha] = caseListSha(list);
  stamps[SHARD_KEYS.listSize] = list.length;
  stamps['shard.cases'] = mine.length;
  return { env, stamps, cases: new Set(mine) };
}
