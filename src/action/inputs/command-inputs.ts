/** `mode: command`: answer a command in a pull request comment and publish the gate run again (src/action/command/). */
import type { GateConfig } from '../../policy/config-file.js';
import type { InputReader } from './declaration.js';
import { type PublishModeInputs, runPublishFields } from './publish-inputs.js';

export interface CommandModeInputs extends Omit<PublishModeInputs, 'mode'> {
  mode: 'command';
  /** The gate workflow whose newest run on the PR's head is decided and published again. */
  workflow: string;
}

export function commandModeInputs(read: InputReader, config: () => GateConfig): CommandModeInputs {
  return { mode: 'command', ...runPublishFields(read, config), workflow: read.value('workflow') };
}
