/**
 * The one way benchgate writes to the job log. The runner reads every line of a step's output as a
 * possible workflow command (`::add-mask::…`, `::set-output …`, `::error::…`; also the old
 * `##[name]…` form anywhere in a line), and most of what benchgate logs holds text it did not write:
 * case and group labels, summary ids, branch names, error messages quoting a file. So every message
 * passes through here:
 * - `info` text that could start a command is fenced with `::stop-commands::<random token>` … `::<token>::`
 *   (the runner acts on nothing in between; the token is new each time and masked by the runner);
 * - `warning`, `error` and group titles are command data, which @actions/core escapes (CR, LF and `%`),
 *   so they stay one line the runner reads as that one command.
 * The suite's own output is fenced the same way, by the caller, around the whole run (suite/trial.ts).
 */
import { randomBytes } from 'node:crypto';

/** What benchgate logs through; `@actions/core` has this shape. */
export interface LogSink {
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  startGroup(title: string): void;
  endGroup(): void;
}

/** How the runner splits a process's output into lines (.NET `ReadLine`): LF, CR, or CR LF. */
const LINE_BREAK = /\r\n|\r|\n/;

/**
 * True when a line of `text` could be read as a workflow command: after leading white space it starts
 * with `::` (the runner's TryParseV2 trims it first), or it holds `##[` anywhere (TryParse, the old form).
 */
export function mayRunCommand(text: string): boolean {
  return text.split(LINE_BREAK).some((line) => line.trimStart().startsWith('::') || line.includes('##['));
}

/** A fresh stop token: 32 hex digits, which no text written before it can contain. */
export function stopToken(): string {
  return randomBytes(16).toString('hex');
}

/** The line that stops command processing until `::<token>::`, and the line that resumes it. */
export function stopCommands(token: string): { stop: string; resume: string } {
  return { stop: `::stop-commands::${token}`, resume: `::${token}::` };
}

/** `text` as it may be written to the log as plain lines: unchanged when safe, otherwise fenced. */
export function commandSafe(text: string, token: () => string = stopToken): string {
  if (!mayRunCommand(text)) return text;
  const fence = stopCommands(token());
  return `${fence.stop}\n${text}\n${fence.resume}`;
}

/** `sink` with every info line made command-safe; warnings, errors and titles go as escaped command data. */
export function commandSafeLog(sink: LogSink): LogSink {
  return {
    info: (message) => sink.info(commandSafe(message)),
    warning: (message) => sink.warning(message),
    error: (message) => sink.error(message),
    startGroup: (title) => sink.startGroup(title),
    endGroup: () => sink.endGroup(),
  };
}
