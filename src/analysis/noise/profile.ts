/**
 * The suite's own noise: a profile built from K runs of one suite on one commit (the default
 * branch, nothing changed between the runs), so that every difference between them is noise. Per
 * case: how often it completes and the spread of its reward and steps; for the suite: how often two
 * runs disagree on a case (discordance) and how often each decision policy holds when nothing
 * changed (the A/A false-hold rate, measured on these runs' pairs).
 *
 * A profile is comparable with a run only when they share a fingerprint: the run facts and the
 * metadata keys that were equal on all K runs (model, scoring version, preset …). Keys that varied
 * between the K runs (a seed, a run number) are not part of it. Pure: no I/O.
 */
import { UsageError } from '../../errors.js';
import type { SummaryHead } from '../../schema/loaded.js';
import { completedAt, rewardAt, stepsAt } from '../../schema/packed-rows.js';
import type { Comparison } from '../compare.js';
import type { CaseNoise, LoadedSummary, NoiseMarks, NoiseProfile, NoiseScalar } from '../model.js';
import { compareCodePoints } from '../rlm/pair.js';
import type { SettledRounds } from './settled.js';
import { profileSizing } from './sizing.js';

export const NOISE_PROFILE_SCHEMA = 'benchgate.noise-profile/v1';

/** Fewer runs than this still make a profile, with a warning: a pass rate of 3 runs is coarse. */
export const RECOMMENDED_RUNS = 5;

/** Run pairs the A/A rates are measured on, at most (all pairs of up to 10 runs). */
export const MAX_AA_PAIRS = 45;

/** A case is flaky on main when its pass rate is strictly between these. */
export const isFlaky = (c: CaseNoise): boolean => c.passed > 0 && c.passed < c.runs;

/** Metadata keys benchgate stamps itself or that name the run rather than what was run. */
const NOT_FINGERPRINT = /^(github\.|git\.|benchgate\.|ab\.|runner\.|command$|started_at$|finished_at$|timestamp$|run_id$|seed$|random_seed$)/;

/** The commit a run measured, from benchgate's stamp or the tool's own field. */
export function commitOf(s: SummaryHead): string | null {
  for (const key of ['github.sha', 'git.commit', 'git_commit', 'commit']) {
    const v = s.metadata[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}

/** The facts of a run that make runs comparable: its format, run facts and plain metadata. */
export function fingerprintOf(s: SummaryHead): Record<string, NoiseScalar> {
  const out: Record<string, NoiseScalar> = {
    format: s.format,
    'run.preset': s.run.preset,
    'run.mode': s.run.mode,
    'run.model': s.run.model,
    'run.harness_strategy': s.run.harness_strategy,
    'run.mcp_server': s.run.mcp_server,
  };
  for (const [k, v] of Object.entries(s.metadata)) if (!NOT_FINGERPRINT.test(k) && k.length <= 100) out[`metadata.${k}`] = v;
  return out;
}

function meanAndSd(xs: readonly number[]): { mean: number; sd: number } {
  const n = xs.length;
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  if (n < 2) return { mean, sd: 0 };
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  return { mean, sd: Math.sqrt(ss / (n - 1)) };
}

/** The decisions measured when nothing changed: one comparison per run pair, by policy. */
export type AaComparer = (baseline: LoadedSummary, candidate: LoadedSummary) => 'promote' | 'hold' | 'inconclusive';

export interface ProfileOptions {
  /** The policies whose A/A rates to measure on the runs' pairs, by name; none when empty. */
  policies?: Readonly<Record<string, AaComparer>>;
  /** When the profile was made (ISO 8601); default: the newest run's finish or start time, else null. */
  createdAt?: string | null;
}

/** The keys whose values are equal on every run, with those values; throws when a key that must agree does not. */
function sharedFingerprint(runs: readonly LoadedSummary[]): Record<string, NoiseScalar> {
  const first = runs[0] as LoadedSummary;
  const shared = fingerprintOf(first.summary);
  for (const r of runs.slice(1)) {
    const f = fingerprintOf(r.summary);
    for (const key of Object.keys(shared)) {
      if (f[key] === shared[key]) continue;
      // The format, the preset and the model must agree: runs of two suites are no noise measurement.
      if (key === 'format' || key === 'run.preset' || key === 'run.model') {
        throw new UsageError(
          `noise profile: ${first.path} and ${r.path} differ in ${key} (${JSON.stringify(shared[key])} and ${JSON.stringify(f[key] ?? null)}); ` +
            'give runs of one suite, on one model, for a profile',
        );
      }
      delete shared[key];
    }
  }
  return shared;
}

/**
 * The noise profile of K ≥ 2 runs of one suite on one commit. Throws a UsageError for fewer than
 * two runs, runs of different commits, formats, presets or models.
 */
export function buildNoiseProfile(runs: readonly LoadedSummary[], options: ProfileOptions = {}): NoiseProfile {
  if (runs.length < 2) {
    throw new UsageError(
      `noise profile: got ${runs.length} run${runs.length === 1 ? '' : 's'}; give at least 2 runs of the suite on one commit (${RECOMMENDED_RUNS} or more recommended)`,
    );
  }
  const commits = new Map<string, string>();
  for (const r of runs) {
    const c = commitOf(r.summary);
    if (c !== null && !commits.has(c)) commits.set(c, r.path);
  }
  if (commits.size > 1) {
    const [[a, pa], [b, pb]] = [...commits.entries()] as [[string, string], [string, string]];
    throw new UsageError(
      `noise profile: ${pa} measured commit ${a.slice(0, 12)} and ${pb} commit ${b.slice(0, 12)}; a profile measures the noise of one commit: give runs of one commit`,
    );
  }
  const fingerprint = sharedFingerprint(runs);
  // Per case, per run: completion, reward and steps.
  const byId = new Map<string, { completed: number[]; reward: number[]; steps: number[] }>();
  const perRun: Map<string, boolean>[] = [];
  for (const r of runs) {
    const p = r.rows;
    const done = new Map<string, boolean>();
    for (let i = 0; i < p.ids.length; i++) {
      const id = p.ids[i] as string;
      let e = byId.get(id);
      if (e === undefined) byId.set(id, (e = { completed: [], reward: [], steps: [] }));
      const ok = completedAt(p, i);
      e.completed.push(ok ? 1 : 0);
      e.reward.push(rewardAt(p, i));
      e.steps.push(stepsAt(p, i));
      done.set(id, ok);
    }
    perRun.push(done);
  }
  const cases: CaseNoise[] = [...byId.entries()]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([id, e]) => {
      const reward = meanAndSd(e.reward);
      const steps = meanAndSd(e.steps);
      const passed = e.completed.reduce((s, x) => s + x, 0);
      return { id, runs: e.completed.length, passed, reward_mean: reward.mean, reward_sd: reward.sd, steps_mean: steps.mean, steps_sd: steps.sd };
    });
  // Discordance: per pair of runs, the share of their common cases on which completion differs.
  let pairs = 0;
  let discordant = 0;
  for (let a = 0; a < perRun.length; a++) {
    for (let b = a + 1; b < perRun.length; b++) {
      const x = perRun[a] as Map<string, boolean>;
      const y = perRun[b] as Map<string, boolean>;
      let common = 0;
      let differ = 0;
      for (const [id, ok] of x) {
        const other = y.get(id);
        if (other === undefined) continue;
        common++;
        if (other !== ok) differ++;
      }
      if (common > 0) {
        pairs++;
        discordant += differ / common;
      }
    }
  }
  const aa = Object.entries(options.policies ?? {}).map(([policy, decide]) => {
    const counts = { promote: 0, hold: 0, inconclusive: 0 };
    let n = 0;
    outer: for (let a = 0; a < runs.length; a++) {
      for (let b = a + 1; b < runs.length; b++) {
        if (n >= MAX_AA_PAIRS) break outer;
        counts[decide(runs[a] as LoadedSummary, runs[b] as LoadedSummary)]++;
        n++;
      }
    }
    return { policy, pairs: n, ...counts };
  });
  const times = runs.map((r) => r.summary.run.finished_at ?? r.summary.run.started_at).filter((t): t is string => t !== null && !Number.isNaN(Date.parse(t)));
  const newest = times.length === 0 ? null : times.reduce((m, t) => (Date.parse(t) > Date.parse(m) ? t : m));
  const first = (runs[0] as LoadedSummary).summary;
  const flaky = cases.filter(isFlaky).length;
  const always = cases.filter((c) => c.passed === c.runs).length;
  return {
    schema: NOISE_PROFILE_SCHEMA,
    suite: first.run.preset ?? first.id,
    created_at: options.createdAt === undefined ? newest : options.createdAt,
    commit: commits.size === 1 ? ([...commits.keys()][0] as string) : null,
    fingerprint,
    runs: runs.map((r) => ({ file: r.path, id: r.summary.id, started_at: r.summary.run.started_at })),
    cases,
    figures: {
      cases: cases.length,
      flaky,
      always_pass: always,
      never_pass: cases.length - flaky - always,
      discordance: pairs === 0 ? null : discordant / pairs,
      aa,
    },
  };
}

/**
 * Why a profile cannot be used for a run, or null when it can: a fingerprint key both know whose
 * values differ (a profile of another model or scoring version says nothing of this run's noise).
 */
export function profileMismatch(profile: NoiseProfile, s: SummaryHead): string | null {
  const diff = fingerprintDiff(profile, s);
  return diff === null ? null : `the profile was made with ${diff.key} ${JSON.stringify(diff.profile)} and this run has ${JSON.stringify(diff.run)}`;
}

/** The first fingerprint key both the profile and the run know whose values differ, or null when none does. */
export function fingerprintDiff(profile: NoiseProfile, s: SummaryHead): { key: string; profile: NoiseScalar; run: NoiseScalar } | null {
  const f = fingerprintOf(s);
  for (const [key, value] of Object.entries(profile.fingerprint)) {
    if (!Object.hasOwn(f, key) || f[key] === null || value === null) continue;
    if (f[key] !== value) return { key, profile: value, run: f[key] as NoiseScalar };
  }
  return null;
}

/** Why a profile cannot be used for a pair of runs (the baseline's mismatch first), or null when it fits both. */
function pairMismatch(profile: NoiseProfile, baseline: SummaryHead, candidate: SummaryHead): string | null {
  return profileMismatch(profile, baseline) ?? profileMismatch(profile, candidate);
}

/**
 * Each case's pass rate on main, for `flaky_below` (compare.ts), or null when the profile was made
 * with another fingerprint than either run's (it says nothing of their noise).
 */
function passRatesOnMain(profile: NoiseProfile, baseline: SummaryHead, candidate: SummaryHead): Map<string, number> | null {
  if (pairMismatch(profile, baseline, candidate) !== null) return null;
  return new Map(profile.cases.filter((c) => c.runs > 0).map((c) => [c.id, c.passed / c.runs]));
}

/** The compare options of `flaky_below` for a pair of trials: the pass rates on main when the profile fits their runs. */
export function onMainOptions(
  profile: NoiseProfile | null,
  trials: { baseline: readonly LoadedSummary[]; candidate: readonly LoadedSummary[] },
): { passRateOnMain?: ReadonlyMap<string, number> } {
  const [b, c] = [trials.baseline[0], trials.candidate[0]];
  const rates = profile === null || b === undefined || c === undefined ? null : passRatesOnMain(profile, b.summary, c.summary);
  return rates === null ? {} : { passRateOnMain: rates };
}

/** How a case behaved on main, in words: "flaky: passes 6 of 10 on main", "stable: passes 10 of 10 on main". */
export function caseNoiseWords(c: CaseNoise): string {
  const kind = isFlaky(c) ? 'flaky' : 'stable';
  return `${kind}: passes ${c.passed} of ${c.runs} on main`;
}

/** The profile's age in whole days at `now` (both ISO 8601), or null when it has no time. */
export function profileAgeDays(profile: NoiseProfile, now: string): number | null {
  if (profile.created_at === null) return null;
  const ms = Date.parse(now) - Date.parse(profile.created_at);
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 86_400_000)) : null;
}

/**
 * The cases a comparison shows as regressed: with repeated trials (significant), the cases whose
 * success rate fell across them (the report's "completed less often"); else the completion
 * regressions of the one pair of runs.
 */
function regressedIds(cmp: Comparison): string[] {
  const sig = cmp.significance;
  if (sig !== null && (sig.trials.baseline > 1 || sig.trials.candidate > 1)) return sig.declines.map((d) => d.case_id);
  return cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id);
}

/**
 * The noise marks of a comparison: its regressed cases (completion regressions) with their
 * behaviour on main, or why the profile was not used; with `settled`, what sequential rounds left
 * out (settled.ts). `now` dates the profile's age.
 */
export function noiseMarks(cmp: Comparison, profile: NoiseProfile, file: string, now: string, settled: SettledRounds | null = null): NoiseMarks {
  const unused = pairMismatch(profile, cmp.baseline.summary, cmp.candidate.summary);
  const byId = new Map(profile.cases.map((c) => [c.id, c]));
  const regressed = unused !== null ? [] : regressedIds(cmp).map((id) => ({ id, noise: byId.get(id) ?? null }));
  const marks: NoiseMarks = { file, age_days: profileAgeDays(profile, now), runs: profile.runs.length, commit: profile.commit, unused, regressed };
  // After the first round, only the cases a later round did leave out (a suite may ignore the list).
  // Said once the rounds did leave settled cases out (or before any later round ran); a suite that ignored the list ran them all.
  const skipped = settled === null || (settled.round > settled.rule.minRounds && settled.leftOut === 0) ? 0 : settled.settled.size;
  if (settled !== null && skipped > 0)
    marks.settled = { cases: skipped, rounds: settled.rule.minRounds, share: settled.rule.share ?? 0, next: settled.next.length };
  const sizing = unused === null ? profileSizing(cmp, profile) : null;
  if (sizing !== null) marks.sizing = sizing;
  return marks;
}
