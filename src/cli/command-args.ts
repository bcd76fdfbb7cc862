/**
 * The arguments of a command that takes files and `--name VALUE` options (leaderboard, history, profile):
 * every problem a UsageError naming the option and pointing to the command's help.
 */
import { UsageError } from '../errors.js';
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
