/**
 * The arguments of a command that takes files and `--name VALUE` options (leaderboard, history, profile):
 * every problem a UsageError naming the option and pointing to the command's help.
 */
import { UsageError } from '../errors.js';
import { DEFAULT_CONFIG_PATH } from '../policy/config-file.js';
import { didYouMean } from '../policy/suggest.js';

/** The files and option values given to `benchgate <command>`; null means --help. */
export function readCommandArgs(command: string, args: readonly string[], options: readonly string[]): { values: Map<string, string>; files: string[] } | null {
  const values = new Map<string, string>();
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h') return null;
    const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) {
      files.push(arg);
      continue;
    }
    const name = m[1] as string;
    if (!options.includes(name))
      throw new UsageError(`Unknown option --${name}${didYouMean(name, [...options, 'help'], (n) => `--${n}`)}; see 'benchgate ${command} --help'`);
    const value = m[2] ?? args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (values.has(name)) throw new UsageError(`--${name} was given twice; give it once`);
    values.set(name, value);
  }
  return { values, files };
}

/** An option's value that must be one of `allowed`. */
export function oneOf<T extends string>(option: string, raw: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected one of ${allowed.join(', ')}`);
}

/** The configuration file: --config's, else the default (that may be missing). */
export function configOf(given: string | undefined): { path: string; explicit: boolean } {
  return given === undefined ? { path: DEFAULT_CONFIG_PATH, explicit: false } : { path: given, explicit: true };
}
