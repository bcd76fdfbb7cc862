/**
 * Every input of the action, declared once (issue 44): its name, the modes that take it, its
 * description, its default and its parser. From this table come the lists of inputs by mode (an
 * input a mode does not take is an error), every default the program applies, action.yml's inputs
 * block and the action-inputs section of docs/reference.md (both written by `npm run generate`,
 * tools/generate), and the tests that the reusable workflows pass each mode only inputs it takes.
 */
import { CONFIG_INPUT, DEFAULT_DECIDE_INPUT, GATE_JOB_INPUTS, GATE_OPTION_INPUTS, LOCAL_FILE_INPUTS } from './declaration-gate.js';
import { BASELINE_FROM_INPUT, PUBLISH_INPUTS } from './declaration-publish.js';
import { SUITE_INPUTS } from './declaration-suite.js';
import * as parse from './parsers.js';
import { type GetInput, type InputSpec, type Mode, MODES } from './spec.js';

const COMMON_INPUTS = [
  {
    name: 'mode',
    modes: MODES,
    required: true,
    description: `\`run\` (run a suite and upload its summary as an artifact), \`compare\` (download both summaries, compare, report, and fail on hold), \`publish\` (in a workflow_run workflow: decide on a finished run's artifacts and post the comment and check run, safe for forks), \`ab\` (both sides in one job, in interleaved rounds that stop as soon as the verdict is known, uploading both artifacts for the gate) \`store-profile\` (add a noise profile to \`<suite>.noise-profile.json\` on \`history-branch\`, keeping the profiles of other fingerprints: profile.yml's store job) or \`command\` (in an issue_comment workflow: answer \`/benchgate accept\`, \`revoke\`, \`rerun\` and \`explain\` on a pull request, from users with write permission, and decide and publish its gate run again).`,
    parse: parse.choice(MODES),
  },
  {
    name: 'suite',
    modes: MODES,
    default: 'default',
    description:
      'the name of the suite, the same in all three steps; it names the artifacts `benchgate-<suite>-baseline`, `benchgate-<suite>-candidate` and `benchgate-<suite>-report`, so several suites can share a workflow. Letters, digits, `.`, `_`, `-`; at most 64. Default `default`.',
    parse: parse.suite,
  },
] as const satisfies readonly InputSpec[];

/** Every input, in action.yml's order. */
export const DECLARED_INPUTS: readonly InputSpec[] = [
  ...COMMON_INPUTS,
  ...SUITE_INPUTS,
  BASELINE_FROM_INPUT,
  ...LOCAL_FILE_INPUTS,
  CONFIG_INPUT,
  ...GATE_OPTION_INPUTS,
  DEFAULT_DECIDE_INPUT,
  ...GATE_JOB_INPUTS,
  ...PUBLISH_INPUTS,
];

/** The inputs each mode takes, in action.yml's order. */
export const INPUTS_BY_MODE: Readonly<Record<Mode, readonly string[]>> = byMode();

function byMode(): Record<Mode, readonly string[]> {
  const out = {} as Record<Mode, readonly string[]>;
  for (const mode of MODES) out[mode] = DECLARED_INPUTS.filter((i) => i.modes.includes(mode)).map((i) => i.name);
  return out;
}

/** Every input the action declares. */
export const ALL_INPUTS: readonly string[] = DECLARED_INPUTS.map((i) => i.name);

/** Inputs action.yml gives a default (`github-token: ${{ github.token }}`): never "given" by mistake. */
export const DEFAULTED_INPUTS: readonly string[] = DECLARED_INPUTS.filter((i) => i.actionDefault !== undefined).map((i) => i.name);

/** An input's declaration. */
export function declaredInput(name: string): InputSpec {
  const spec = DECLARED_INPUTS.find((i) => i.name === name);
  if (spec === undefined) throw new RangeError(`no input ${JSON.stringify(name)} is declared`);
  return spec;
}

/** An input's description in action.yml: the modes that take it, then its text. */
export function actionDescription(spec: InputSpec): string {
  return `${spec.modes.join(', ')}: ${spec.description}`;
}

/** The inputs with a parser of their own or read as text: every one but the gate options, which policy.ts reads. */
type Typed =
  | (typeof COMMON_INPUTS)[number]
  | (typeof SUITE_INPUTS)[number]
  | typeof BASELINE_FROM_INPUT
  | (typeof LOCAL_FILE_INPUTS)[number]
  | typeof CONFIG_INPUT
  | typeof DEFAULT_DECIDE_INPUT
  | (typeof GATE_JOB_INPUTS)[number]
  | (typeof PUBLISH_INPUTS)[number];
/** The name of an input with its own parser (or read as text). */
export type TypedName = Typed['name'];
/** What reading an input gives: its parser's result, or its text. */
export type ValueOf<N extends TypedName> = Extract<Typed, { name: N }> extends { parse: (raw: string, name: string) => infer T } ? T : string;

/** Reads the declared inputs through a `getInput`. */
export interface InputReader {
  /** The input's text as the runner gives it (trimmed unless declared untrimmed); '' when empty. */
  text(name: string): string;
  /** Whether the input was given (not empty). */
  given(name: string): boolean;
  /** The input read by its declaration: its default when empty, then its parser. */
  value<N extends TypedName>(name: N): ValueOf<N>;
}

export function inputReader(getInput: GetInput): InputReader {
  const text = (name: string): string => (declaredInput(name).untrimmed ? getInput(name) : getInput(name).trim());
  return {
    text,
    given: (name) => getInput(name).trim() !== '',
    value<N extends TypedName>(name: N): ValueOf<N> {
      const spec = declaredInput(name);
      const raw = getInput(name).trim() === '' ? (spec.default ?? text(name)) : text(name);
      return (spec.parse ? spec.parse(raw, name) : raw) as ValueOf<N>;
    },
  };
}
