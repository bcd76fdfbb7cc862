// What the GitHub runner does with a step's output, ported from actions/runner
// (src/Runner.Common/ActionCommand.cs TryParseV2 and TryParse, src/Runner.Worker/ActionCommandManager.cs
// TryProcessCommand, at 258d6c8): the output is split into lines at LF, CR or CR LF (.NET ReadLine); a
// line is a command when, after leading white space, it is `::name[ props]::data` (v2), or holds
// `##[name[ props]]data` anywhere (v1), for a registered name (compared without case);
// `::stop-commands::<token>` makes the runner act on nothing until `::<token>::`.

/** The command extensions the runner registers (ActionCommandManager's extensions) and stop-commands. */
const REGISTERED = [
  'stop-commands',
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
];

export interface RunnerCommand {
  name: string;
  data: string;
}

function unescapeData(s: string): string {
  return s.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%25', '%');
}

function parseV2(line: string, registered: Set<string>): RunnerCommand | null {
  const message = line.trimStart();
  if (!message.startsWith('::')) return null;
  const end = message.indexOf('::', 2);
  if (end < 0) return null;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const name = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  return registered.has(name) ? { name, data: unescapeData(message.slice(end + 2)) } : null;
}

function parseV1(line: string, registered: Set<string>): RunnerCommand | null {
  const at = line.indexOf('##[');
  if (at < 0) return null;
  const rb = line.indexOf(']', at);
  if (rb < 0) return null;
  const info = line.slice(at + 3, rb);
  const space = info.indexOf(' ');
  const name = (space < 0 ? info : info.slice(0, space)).toLowerCase();
  return registered.has(name) ? { name, data: line.slice(rb + 1) } : null;
}

/**
 * The commands the runner would act on in `output`, in order. The stop and resume lines of a fence
 * are left out (they change nothing outside the runner); everything else is listed.
 */
export function runnerCommands(output: string): RunnerCommand[] {
  const registered = new Set(REGISTERED);
  const acted: RunnerCommand[] = [];
  let stopToken: string | null = null;
  for (const line of output.split(/\r\n|\r|\n/)) {
    const cmd = parseV2(line, registered) ?? parseV1(line, registered);
    if (cmd === null) continue;
    if (stopToken !== null) {
      if (cmd.name === stopToken) {
        registered.delete(stopToken);
        stopToken = null;
      }
      continue;
    }
    if (cmd.name === 'stop-commands') {
      if (cmd.data === '' || registered.has(cmd.data.toLowerCase())) throw new Error(`the runner refuses the stop token "${cmd.data}"`);
      stopToken = cmd.data.toLowerCase();
      registered.add(stopToken);
      continue;
    }
    acted.push(cmd);
  }
  return acted;
}
