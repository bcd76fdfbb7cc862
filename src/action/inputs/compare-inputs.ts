/** `mode: compare`: the roles' artifacts of this run (or two local files), judged, reported and published (src/action/gate/). */
import type { LoadOptions } from '../../adapters/registry.js';
import { UsageError } from '../../errors.js';
import { type GateConfig, loadOptionsOf } from '../../policy/config-file.js';
import type { InputReader } from './declaration.js';
import type { DesignName } from './declaration-gate.js';
import { type GateInputs, gateInputs, givenFormat, type PublishInputs, publishInputs } from './shared.js';

export interface CompareInputs extends GateInputs {
  mode: 'compare';
  suite: string;
  /** Local files; null means download the role's artifact from this workflow run. */
  baseline: string | null;
  candidate: string | null;
  format: string;
  /** How local files are read: the format input, else the configuration's input section. */
  load: { baseline: LoadOptions; candidate: LoadOptions };
  failOnHold: boolean;
  publish: PublishInputs;
  /** The gate job's `needs` context (`toJSON(needs)`), when given: job id → result. */
  needs: Map<string, string> | null;
  reportDir: string | null;
  retentionDays: number | undefined;
  /** The suite's noise profile (a path in the workspace), or null: marks regressed cases; settles cases of mode ab's rounds. */
  noiseProfile: string | null;
  /** paired, or main: the baseline is main's runs at the base commit, the candidate one run of every case. */
  design: DesignName;
  /** Under design main: the most rounds of the candidate (1: one run of every case). */
  mainRounds: number;
  /** Under design main: a look between rounds, writing the next round's cases here; null: the gate. */
  nextCases: string | null;
}

type RunChoice = 'baseline-model' | 'candidate-model' | 'baseline-prompt' | 'candidate-prompt';

export function compareInputs(read: InputReader, config: () => GateConfig): CompareInputs {
  const baseline = read.text('baseline') || null;
  const candidate = read.text('candidate') || null;
  if ((baseline === null) !== (candidate === null)) {
    throw new UsageError('inputs "baseline" and "candidate": give both local files, or neither to download both artifacts of this workflow run');
  }
  // Which run of a local file holding several (a model's, a prompt's) each side is.
  const choice = (name: RunChoice): string | null => {
    if (!read.given(name)) return null;
    if (baseline === null)
      throw new UsageError(
        `input "${name}": chooses a run of a local file; give "baseline" and "candidate" too (the artifacts this workflow uploaded hold one run each)`,
      );
    return read.text(name);
  };
  const local = {
    baseline: [choice('baseline-model'), choice('baseline-prompt')],
    candidate: [choice('candidate-model'), choice('candidate-prompt')],
  } as const;
  const format = givenFormat(read);
  const suite = read.value('suite');
  return {
    mode: 'compare',
    suite,
    baseline,
    candidate,
    format: read.value('format'),
    load: {
      baseline: loadOptionsOf(config(), 'baseline', format, ...local.baseline),
      candidate: loadOptionsOf(config(), 'candidate', format, ...local.candidate),
    },
    ...gateInputs(read, config()),
    failOnHold: read.value('fail-on-hold'),
    needs: read.value('needs'),
    reportDir: read.text('report-dir') || null,
    noiseProfile: read.text('noise-profile') || null,
    design: read.value('design'),
    mainRounds: read.value('main-rounds'),
    nextCases: nextCasesOf(read),
    retentionDays: read.value('retention-days'),
    publish: publishInputs(read, suite),
  };
}

/** `next-cases`: a look between the rounds of design main only. */
function nextCasesOf(read: InputReader): string | null {
  const path = read.text('next-cases') || null;
  if (path !== null && read.value('design') !== 'main')
    throw new UsageError('input "next-cases": lists the next round of the candidate under design: main; give design: main, or remove it');
  if (path !== null && (read.given('baseline') || read.given('candidate')))
    throw new UsageError('input "next-cases": a look reads the rounds this workflow run uploaded; remove "baseline" and "candidate"');
  return path;
}
