// The action's pure pieces: input checking, finding the summary, metadata stamps, fitting markdown
// into GitHub's size limits.
import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { describeOutcome } from '../../../src/action/artifact-layout.js';
import { parseFingerprint, parseNeeds, readInputs } from '../../../src/action/inputs/inputs.js';
import { findSummary, matchSummaries, snapshotSummaries } from '../../../src/action/suite/find-summary.js';
import { stampMetadata } from '../../../src/action/suite/metadata.js';
import { SummaryNotFound } from '../../../src/errors.js';
import { pullRequestOf } from '../../../src/github/context.js';
import { closers, fitMarkdown } from '../../../src/report/markdown/fit.js';
import { agedFileWriter } from '../../helpers/files.js';

const inputs = (values: Record<string, string>) => readInputs((name) => values[name] ?? '');
const RUN = { mode: 'run', role: 'baseline', command: 'make bench' };

describe('readInputs', () => {
  it('applies the documented defaults', () => {
    expect(inputs(RUN)).toMatchObject({
      suite: 'default',
      workingDirectory: '.',
      timeoutMinutes: 60,
      summary: '.rlm_code/rlm/benchmarks/*.json',
      format: 'auto',
      fingerprint: {},
      retentionDays: undefined,
      allowCommandFailure: false,
    });
    expect(inputs({ mode: 'compare' })).toMatchObject({
      baseline: null,
      candidate: null,
      thresholds: { min_reward_delta: 0, min_completion_delta: 0, max_steps_increase: 0.5, fail_on_completion_regression: true },
      allowFindings: [],
      failOnHold: true,
      needs: null,
      reportDir: null,
    });
  });

  it('chooses the run of each local file by model and prompt label (promptfoo, multi-hop QA)', () => {
    const c = inputs({
      mode: 'compare',
      baseline: 'out.json',
      candidate: 'out.json',
      'baseline-model': 'model-a',
      'baseline-prompt': 'concise',
      'candidate-prompt': 'verbose',
    });
    expect(c).toMatchObject({ load: { baseline: { model: 'model-a', prompt: 'concise' }, candidate: { prompt: 'verbose' } } });
    expect(c.mode === 'compare' && c.load.candidate.model).toBeUndefined();
  });

  it('takes a history branch by name, with slashes', () => {
    expect(inputs({ mode: 'compare', 'history-branch': 'bench/history-v1.2' })).toMatchObject({ publish: { historyBranch: 'bench/history-v1.2' } });
    expect(inputs({ mode: 'compare' })).toMatchObject({ publish: { historyBranch: '' } });
  });

  it('parses thresholds as rlm-code does, booleans as YAML does', () => {
    const c = inputs({
      mode: 'compare',
      'min-reward-delta': '-0.05',
      'max-steps-increase': 'inf',
      'fail-on-completion-regression': 'False',
      'fail-on-hold': 'TRUE',
      'allow-findings': 'new-cases, case-errors',
    });
    expect(c).toMatchObject({
      thresholds: { min_reward_delta: -0.05, max_steps_increase: Infinity, fail_on_completion_regression: false },
      failOnHold: true,
      allowFindings: ['new-cases', 'case-errors'],
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ mode: 'bench' }, 'input "mode": expected one of run, compare, publish, ab, store-profile, command, got "bench"'],
    [{ mode: 'run', role: 'baseline' }, 'input "command": required with mode: run'],
    [{ mode: 'run', command: 'x' }, 'input "role": required with mode: run; expected baseline or candidate'],
    [{ ...RUN, role: 'control' }, 'input "role": expected one of baseline, candidate, got "control"'],
    [{ ...RUN, suite: 'my suite' }, 'input "suite": expected a name of letters, digits'],
    [{ ...RUN, suite: '../x' }, 'input "suite": expected a name of letters, digits'],
    [{ ...RUN, 'timeout-minutes': '0' }, 'input "timeout-minutes": expected a number of minutes above 0'],
    [{ ...RUN, 'timeout-minutes': '1h' }, 'input "timeout-minutes": expected a number of minutes above 0'],
    [{ ...RUN, 'retention-days': '401' }, 'input "retention-days": expected a whole number of days from 1 to 400'],
    [{ ...RUN, 'allow-command-failure': 'yes' }, 'input "allow-command-failure": expected true or false, got "yes"'],
    [
      { ...RUN, format: 'xlsx' },
      'input "format": expected one of auto, benchgate, rlm-code, rle, rlm-runner, promptfoo, multihop-qa, inspect-ai, lm-eval, terminal-bench, tau-bench, swe-bench, tau2-bench, harbor, ctrf, junit, github-action-benchmark, github-action-benchmark-bigger, github-action-benchmark-smaller, records, got "xlsx"',
    ],
    [{ ...RUN, 'fail-on-hold': 'false' }, 'input "fail-on-hold" is not used by mode: run; remove it'],
    [{ mode: 'compare', command: 'x', role: 'baseline' }, 'input "role", "command" are not used by mode: compare; remove them'],
    [{ mode: 'compare', baseline: 'a.json' }, 'inputs "baseline" and "candidate": give both local files, or neither'],
    [{ mode: 'compare', 'candidate-prompt': 'verbose' }, 'input "candidate-prompt": chooses a run of a local file; give "baseline" and "candidate" too'],
    [{ ...RUN, 'baseline-model': 'gpt-4o' }, 'input "baseline-model" is not used by mode: run; remove it'],
    [{ mode: 'compare', 'min-reward-delta': 'nan' }, 'input "min-reward-delta": expected a number such as 0'],
    [{ mode: 'compare', 'allow-findings': 'missing-cases,everything' }, 'input "allow-findings": expected one of'],
    [{ mode: 'compare', 'comment-group': 'all presets' }, 'input "comment-group": expected a name of letters, digits, ".", "_" or "-"'],
    [{ ...RUN, 'comment-group': 'presets' }, 'input "comment-group" is not used by mode: run; remove it'],
    ...['../main', '-x', 'a//b', 'h/', 'h.lock', 'a/.b', 'my history', 'h~1', 'x'.repeat(101)].map(
      (b) =>
        [
          { mode: 'compare', 'history-branch': b },
          `input "history-branch": expected a branch name of letters, digits, ".", "_", "-" and "/" (at most 100), such as benchgate-history; benchgate creates it, got ${JSON.stringify(b)}`,
        ] as [Record<string, string>, string],
    ),
    [{ ...RUN, 'history-branch': 'benchgate-history' }, 'input "history-branch" is not used by mode: run; remove it'],
    [{ mode: 'compare', needs: 'success' }, 'input "needs": expected the JSON of the needs context; pass needs: ${{ toJSON(needs) }}'],
    [{ mode: 'compare', needs: '{"a": {"outputs": {}}}' }, 'input "needs": expected an object of jobs, each with a "result"'],
  ])('refuses %j', (values, message) => {
    expect(() => inputs(values)).toThrow(message);
  });

  it('reads a fingerprint mapping and refuses what cannot be a fingerprint', () => {
    expect(parseFingerprint('model: gpt-4.1\nseed: 7\nscoring_version: "3"\ncached: false\nnote: null')).toEqual({
      model: 'gpt-4.1',
      seed: 7,
      scoring_version: '3',
      cached: false,
      note: null,
    });
    expect(() => parseFingerprint('- a\n- b')).toThrow('input "fingerprint": expected a YAML mapping');
    expect(() => parseFingerprint('model: [a, b]')).toThrow('input "fingerprint": model must be a string, a finite number, true, false or null');
    expect(() => parseFingerprint('seed: .inf')).toThrow('seed must be a string, a finite number');
    expect(() => parseFingerprint('github.sha: abc')).toThrow('key "github.sha" must be lower case letters, digits and _');
    expect(() => parseFingerprint('model: "unclosed')).toThrow('input "fingerprint": not valid YAML');
  });

  it('reads the needs context', () => {
    expect(parseNeeds('{"baseline":{"result":"success","outputs":{}},"candidate":{"result":"failure","outputs":{}}}')).toEqual(
      new Map([
        ['baseline', 'success'],
        ['candidate', 'failure'],
      ]),
    );
    expect(parseNeeds('  ')).toBeNull();
  });
});

describe('findSummary', () => {
  const at = (root: string, rel: string, ageSeconds: number): string => agedFileWriter(root)(rel, ageSeconds);
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-find-'));
  const file = agedFileWriter(dir);
  const older = file('.rlm_code/rlm/benchmarks/a.json', 30);
  const newest = file('.rlm_code/rlm/benchmarks/b.json', 10);
  file('.rlm_code/rlm/benchmarks/notes.txt', 1);
  const deep = file('runs/x/y/result.json', 5);

  it('matches *, ? and ** and sorts newest first', () => {
    expect(matchSummaries('.rlm_code/rlm/benchmarks/*.json', dir).map((m) => m.path)).toEqual([newest, older]);
    expect(matchSummaries('.rlm_code/rlm/benchmarks/?.json', dir).map((m) => m.path)).toEqual([newest, older]);
    expect(matchSummaries('runs/**/*.json', dir).map((m) => m.path)).toEqual([deep]);
    expect(matchSummaries('**/result.json', dir).map((m) => m.path)).toEqual([deep]);
    expect(matchSummaries('runs/x/y/result.json', dir).map((m) => m.path)).toEqual([deep]);
    expect(matchSummaries(join(dir, 'runs', '*', 'y', '*.json'), '/').map((m) => m.path)).toEqual([deep]);
    expect(matchSummaries('nothing/*.json', dir)).toEqual([]);
  });

  it('takes the newest file written since the snapshot, and names the others it wrote', () => {
    const work = mkdtempSync(join(tmpdir(), 'benchgate-find-new-'));
    at(work, 'out/old.json', 60);
    const before = snapshotSummaries('out/*.json', work);
    const a = at(work, 'out/a.json', 20); // new, though its mtime is older than the snapshot (a copy that kept it)
    const b = at(work, 'out/b.json', 10);
    const found = findSummary('out/*.json', work, before);
    expect(found.path).toBe(b);
    expect(found.matches).toHaveLength(3);
    expect(found.otherNew).toEqual([relative(work, a)]);
  });

  it('refuses a file that was there before the command, however recent, and no match, saying what it looked for', () => {
    for (const ageSeconds of [0, 0.5, 1.5]) {
      const work = mkdtempSync(join(tmpdir(), 'benchgate-find-recent-'));
      at(work, 'out/checked-out.json', ageSeconds);
      const before = snapshotSummaries('out/*.json', work);
      // The suite writes nothing.
      expect(() => findSummary('out/*.json', work, before)).toThrow(
        /1 file\(s\) match .* but none was written by this run: the newest, out\/checked-out\.json, was last modified at .* and was already there, unchanged, before the command started/,
      );
    }
    const before = snapshotSummaries('.rlm_code/rlm/benchmarks/*.json', dir);
    expect(() => findSummary('.rlm_code/rlm/benchmarks/*.json', dir, before)).toThrow(
      /2 file\(s\) match .* but none was written by this run: the newest, \.rlm_code\/rlm\/benchmarks\/b\.json/,
    );
    expect(() => findSummary('out/*.json', dir, new Map())).toThrow(SummaryNotFound);
    expect(() => findSummary('out/*.json', dir, new Map())).toThrow('no file matches the summary pattern "out/*.json" in');
  });

  it('takes a file the suite rewrote at the same path: new content, or the same bytes with the old mtime put back', () => {
    const work = mkdtempSync(join(tmpdir(), 'benchgate-find-rewrite-'));
    const path = at(work, 'out/s.json', 0.5);
    let before = snapshotSummaries('out/*.json', work);
    writeFileSync(path, '{"rewritten": true}');
    expect(findSummary('out/*.json', work, before).path).toBe(path);

    before = snapshotSummaries('out/*.json', work);
    const { atime, mtime } = statSync(path);
    writeFileSync(path, '{"rewritten": true}'); // same bytes, same size
    utimesSync(path, atime, mtime); // and the modification time restored: the change time still moved
    expect(findSummary('out/*.json', work, before).path).toBe(path);
  });

  it('takes a file written beside an old one, never the old one', () => {
    const work = mkdtempSync(join(tmpdir(), 'benchgate-find-beside-'));
    at(work, 'out/old.json', 0.5);
    const before = snapshotSummaries('out/*.json', work);
    const fresh = at(work, 'out/new.json', 5); // an mtime older than the old file's
    const found = findSummary('out/*.json', work, before);
    expect(found.path).toBe(fresh);
    expect(found.otherNew).toEqual([]);
  });
});

describe('metadata', () => {
  const outcome = { command: 'make bench', exitCode: 0, signal: null, timedOut: false, durationSeconds: 12.34567 };

  it('takes the PR from pull_request payloads only, and only well-formed SHAs', () => {
    expect(pullRequestOf({ pull_request: { number: 7, head: { sha: 'a'.repeat(40) }, base: { sha: 'not a sha' } } })).toEqual({
      number: 7,
      headSha: 'a'.repeat(40),
      baseSha: null,
      baseRef: null,
    });
    expect(pullRequestOf({ pull_request: { number: 7, base: { ref: 'release/2.x' } } })?.baseRef).toBe('release/2.x');
    expect(pullRequestOf({ pull_request: { number: 7, base: { ref: 'main`<b>' } } })?.baseRef).toBeNull();
    expect(pullRequestOf({ push: {} })).toBeNull();
    expect(pullRequestOf({ pull_request: { number: '7' } })).toBeNull();
    expect(pullRequestOf(null)).toBeNull();
  });

  it('stamps the environment and the outcome, fingerprint keys beside namespaced ones', () => {
    const stamps = stampMetadata({
      env: { GITHUB_RUN_ID: '12', GITHUB_RUN_ATTEMPT: 'x', GITHUB_REF: '', RUNNER_OS: 'macOS' },
      event: null,
      role: 'candidate',
      suite: 's',
      outcome,
      gitCommit: null,
      sourceFile: 'out/s.json',
      sourceSha256: 'f'.repeat(64),
      fingerprint: { model: 'm' },
    });
    expect(stamps).toMatchObject({
      model: 'm',
      'github.run_id': 12,
      'github.run_attempt': null,
      'github.ref': null,
      'runner.os': 'macOS',
      'github.pr': null,
      'command.duration_seconds': 12.346,
      'benchgate.role': 'candidate',
    });
  });

  it('describes how a command ended', () => {
    expect(describeOutcome(outcome)).toBe('exited with code 0 after 12.3 s');
    expect(describeOutcome({ ...outcome, timedOut: true, exitCode: null, signal: 'SIGTERM', durationSeconds: 3600 })).toBe(
      'timed out after 60.0 min and was stopped',
    );
    expect(describeOutcome({ ...outcome, exitCode: null, signal: 'SIGKILL' })).toBe('was killed by SIGKILL after 12.3 s');
  });
});

describe('fitMarkdown', () => {
  const note = '> The rest is in the report artifact.';

  it('leaves markdown that fits alone', () => {
    expect(fitMarkdown('# a\n', { max: 10, unit: 'bytes' }, note)).toEqual({ text: '# a\n', truncated: false });
  });

  it('cuts at a line boundary, closes open details and fences, and ends with the note', () => {
    const body = [
      '# Report',
      '<details><summary>All</summary>',
      '',
      '```',
      ...Array.from({ length: 5000 }, (_, i) => `line ${i} ü`),
      '```',
      '</details>',
      'end',
    ].join('\n');
    for (const limit of [
      { max: 4096, unit: 'bytes' as const },
      { max: 4096, unit: 'chars' as const },
    ]) {
      const { text, truncated } = fitMarkdown(body, limit, note);
      expect(truncated).toBe(true);
      expect(limit.unit === 'bytes' ? Buffer.byteLength(text) : text.length).toBeLessThanOrEqual(4096);
      expect(text.endsWith(`\`\`\`\n</details>\n\n${note}\n`)).toBe(true);
      expect(text).toMatch(/\nline \d+ ü\n```\n/);
    }
  });

  it('knows which blocks are open', () => {
    expect(closers('<details>\n<details open>\n</details>\n')).toBe('</details>\n');
    expect(closers('~~~~\n<details>\n```\n')).toBe('~~~~\n');
    expect(closers('````\ncode\n````\n<details>')).toBe('\n</details>\n');
    expect(closers('plain')).toBe('');
  });
});
