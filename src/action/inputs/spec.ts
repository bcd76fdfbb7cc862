/**
 * The shape of one declared action input (declaration.ts holds the table): what action.yml, the
 * program, docs/reference.md and the tests of the reusable workflows all read, so an input is
 * declared once.
 */
export const MODES = ['run', 'compare', 'publish', 'ab', 'store-profile', 'command'] as const;
export type Mode = (typeof MODES)[number];

/** Reads a raw input as the runner gives it (core.getInput in the runner, a map in tests). */
export type GetInput = (name: string) => string;

/** One input of action.yml. */
export interface InputSpec {
  /** Its name in action.yml (kebab-case), mapped to a field of the mode's inputs once, in its mode's module. */
  name: string;
  /** The modes that take it; given to any other mode it is an error (inputs.ts). action.yml's description starts with them. */
  modes: readonly Mode[];
  /** Its description in action.yml and docs/reference.md, after the modes; says its default, if any, in words. */
  description: string;
  /**
   * What an empty input reads as, applied by the program (action.yml declares no default, so that an
   * input a mode does not take stays empty and giving it is an error). Absent: empty means none, or
   * a default that depends on other inputs, which the mode's module works out and the description says.
   */
  default?: string;
  /** action.yml's own `default:`, which the runner fills in whatever the mode: only the token. */
  actionDefault?: string;
  /** action.yml's `required: true`: only `mode` (the modes check the rest themselves). */
  required?: true;
  /** Read as given, not trimmed: a command or a YAML or JSON text. */
  untrimmed?: true;
  /**
   * Reads the value (the default when the input is empty) into its type, or throws a UsageError
   * naming the input. Absent: the text itself. Checks that need other inputs are the mode's.
   */
  parse?(raw: string, name: string): unknown;
}
