/** `mode: command`: answer a command in a pull request comment and publish the gate run again (src/action/command/). */
import type { GateConfig } from '../../policy/config-file.js';
import type { InputReader } from './declaration.js';
import type { DesignName } from './declaration-gate.js';
import type { BaselineFrom } from './declaration-publish.js';
import { type GateInputs, gateInputs, type PublishInputs, publishInputs } from './shared.js';

export interface CommandModeInputs extends GateInputs {
  mode: 'command';
  suite: string;
  publish: PublishInputs;
  baselineFrom: BaselineFrom;
  noiseProfile: string | null;
  /** paired, or main (compare-inputs.ts). */
  design: DesignName;
  /** The gate workflow whose newest run on the PR's head is decided and published again. */
  workflow: string;
}

export function commandModeInputs(read: InputReader, config: () => GateConfig): CommandModeInputs {
  const suite = read.value('suite');
  return {
    mode: 'command',
    suite,
    ...gateInputs(read, config()),
    publish: publishInputs(read, suite),
    noiseProfile: read.text('noise-profile') || null,
    design: read.value('design'),
    baselineFrom: read.value('baseline-from'),
    workflow: read.value('workflow'),
  };
}
