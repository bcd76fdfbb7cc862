/** `mode: publish`: the comment and check run from a finished run's artifacts, forks included (src/action/publish/). */
import type { GateConfig } from '../../policy/config-file.js';
import type { InputReader } from './declaration.js';
import type { DesignName } from './declaration-gate.js';
import type { BaselineFrom } from './declaration-publish.js';
import { type GateInputs, gateInputs, type PublishInputs, publishInputs } from './shared.js';

export interface PublishModeInputs extends GateInputs {
  mode: 'publish';
  suite: string;
  publish: PublishInputs;
  /** push-run: the default branch's run at the PR's base commit; pull-request-run: the triggering run's own (same-repository PRs only). */
  baselineFrom: BaselineFrom;
  /** The suite's noise profile (a path in the workspace), or null: as compare's (mode ab's rounds settle the same cases). */
  noiseProfile: string | null;
  /** paired, or main (compare-inputs.ts). */
  design: DesignName;
  /** Under design main: the most rounds of the candidate (compare-inputs.ts). */
  mainRounds: number;
}

export function publishModeInputs(read: InputReader, config: () => GateConfig): PublishModeInputs {
  return { mode: 'publish', ...runPublishFields(read, config) };
}

/** What the modes that decide and publish a gate run read alike (publish, command). */
export function runPublishFields(read: InputReader, config: () => GateConfig): Omit<PublishModeInputs, 'mode'> {
  const suite = read.value('suite');
  return {
    suite,
    ...gateInputs(read, config()),
    publish: publishInputs(read, suite),
    noiseProfile: read.text('noise-profile') || null,
    design: read.value('design'),
    mainRounds: read.value('main-rounds'),
    baselineFrom: read.value('baseline-from'),
  };
}
