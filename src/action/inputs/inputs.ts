/**
 * The action's inputs, read through a `getInput(name)` function (core.getInput in the runner, a map in
 * tests) and checked before anything runs. Every error names the input, what it got and what it
 * expects. Which inputs a mode takes is declared once (declaration.ts); giving one the mode ignores is
 * an error too, since it is almost always a wiring mistake (a `command:` on the gate step, say). Each
 * mode's inputs are read by its own module over the shared parsers (parsers.ts, shared.ts).
 */
import { UsageError } from '../../errors.js';
import { type AbInputs, abInputs } from './ab-inputs.js';
import { type CommandModeInputs, commandModeInputs } from './command-inputs.js';
import { type CompareInputs, compareInputs } from './compare-inputs.js';
import { ALL_INPUTS, DEFAULTED_INPUTS, inputReader, INPUTS_BY_MODE } from './declaration.js';
import { type PublishModeInputs, publishModeInputs } from './publish-inputs.js';
import { type RunInputs, runInputs } from './run-inputs.js';
import { configOf, type ConfigReader } from './shared.js';
import type { GetInput } from './spec.js';
import { type StoreProfileInputs, storeProfileInputs } from './store-profile-inputs.js';

export type { AbInputs } from './ab-inputs.js';
export type { CommandModeInputs } from './command-inputs.js';
export type { CompareInputs } from './compare-inputs.js';
export { ALL_INPUTS, DECLARED_INPUTS, DEFAULTED_INPUTS, INPUTS_BY_MODE } from './declaration.js';
export { BASELINE_FROM, type BaselineFrom, DEFAULT_GATE_WORKFLOW, DEFAULT_TREND_RUNS } from './declaration-publish.js';
export { DEFAULT_SUMMARY_GLOB, DEFAULT_TIMEOUT_MINUTES, REUSE_MODES, type ReuseMode, type Role, ROLES } from './declaration-suite.js';
export { MAX_SHARDS, MAX_TRIALS, parseFingerprint, parseNeeds, type Shard } from './parsers.js';
export type { PublishModeInputs } from './publish-inputs.js';
export type { RunInputs } from './run-inputs.js';
export type { ConfigReader, GateInputs, PublishInputs } from './shared.js';
export { type GetInput, type Mode, MODES } from './spec.js';
export type { StoreProfileInputs } from './store-profile-inputs.js';

export type ActionInputs = RunInputs | CompareInputs | PublishModeInputs | AbInputs | StoreProfileInputs | CommandModeInputs;

/** Reads and checks every input of the chosen mode. */
export function readInputs(getInput: GetInput, readConfig: ConfigReader = () => null): ActionInputs {
  const read = inputReader(getInput);
  const mode = read.value('mode');
  const ignored = ALL_INPUTS.filter((name) => !INPUTS_BY_MODE[mode].includes(name) && !DEFAULTED_INPUTS.includes(name) && read.given(name));
  if (ignored.length > 0) {
    throw new UsageError(
      `input ${ignored.map((n) => `"${n}"`).join(', ')} ${ignored.length === 1 ? 'is' : 'are'} not used by mode: ${mode}; remove ${ignored.length === 1 ? 'it' : 'them'} (mode ${mode} takes: ${INPUTS_BY_MODE[mode].join(', ')})`,
    );
  }
  // The format first, as before the split: a bad format is named before any mode's own checks.
  read.value('format');
  // The configuration file is read once, and only by a mode that takes it.
  const config = configOf(read, readConfig);
  switch (mode) {
    case 'run':
      return runInputs(read, config);
    case 'compare':
      return compareInputs(read, config);
    case 'publish':
      return publishModeInputs(read, config);
    case 'ab':
      return abInputs(read, config);
    case 'store-profile':
      return storeProfileInputs(read);
    case 'command':
      return commandModeInputs(read, config);
  }
}
