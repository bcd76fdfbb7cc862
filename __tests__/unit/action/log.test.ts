import * as core from '@actions/core';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { commandSafe, commandSafeLog, mayRunCommand } from '../../../src/action/log.js';
import { runnerCommands } from '../../helpers/runner-commands.js';

/** Text a summary, a label, a file name or a branch name could hold, each a workflow command as written. */
const COMMANDS = [
  '::add-mask::hunter2',
  '  ::set-output name=verdict::promote',
  '::ADD-MASK::upper case',
  'case a\n::error::pwned',
  'case a\r::add-mask::after a bare CR',
  'case a\r\n::set-output name=x::y',
  '\u00a0\t::warning::after white space',
  '\u2028::error::after a line separator',
  'in the middle ##[set-output name=verdict;]promote',
  '##[add-mask]hunter2',
  '::stop-commands::mine\n::add-mask::x\n::mine::\n::error::after its own fence',
  '::save-state name=x::y',
  '::add-path::/tmp/evil',
  '::echo::on',
  '::group::fake',
];
/** Hostile-looking text that is no command as it stands (the runner decodes %0A only inside a command). */
const NOT_COMMANDS = ['%0A::error::encoded', 'label: value', 'a :: b', 'x ::error::not at the start'];

describe('commandSafe', () => {
  it('each hostile text is a command as written, so the checks below can fail', () => {
    for (const text of COMMANDS) expect(runnerCommands(`${text}\n`), JSON.stringify(text)).not.toEqual([]);
  });

  it('the runner acts on nothing in a fenced text', () => {
    for (const text of [...COMMANDS, ...NOT_COMMANDS]) {
      expect(runnerCommands(`${commandSafe(text)}\n`), JSON.stringify(text)).toEqual([]);
      expect(runnerCommands(`before\n${commandSafe(text)}\n::warning::after`), JSON.stringify(text)).toEqual([{ name: 'warning', data: 'after' }]);
    }
  });

  it('leaves text that starts no command unchanged, and fences each time with a new token', () => {
    for (const text of NOT_COMMANDS) expect(commandSafe(text)).toBe(text);
    expect(mayRunCommand('benchgate: hold (failed gates: reward)')).toBe(false);
    const one = commandSafe('::x::');
    const two = commandSafe('::x::');
    expect(one).toMatch(/^::stop-commands::([0-9a-f]{32})\n::x::\n::\1::$/);
    expect(one).not.toBe(two);
  });
});

describe('commandSafeLog over @actions/core', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes only the commands benchgate issues, each carrying the hostile text as its data', () => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out += String(chunk);
      return true;
    });
    const log = commandSafeLog(core);
    const expected: { name: string; data: string }[] = [];
    for (const text of [...COMMANDS, ...NOT_COMMANDS]) {
      log.info(text);
      log.warning(text);
      log.error(text);
      log.startGroup(text);
      log.endGroup();
      expected.push({ name: 'warning', data: text }, { name: 'error', data: text }, { name: 'group', data: text }, { name: 'endgroup', data: '' });
    }
    vi.restoreAllMocks();
    expect(runnerCommands(out)).toEqual(expected);
    // The info lines are in the log as written.
    for (const text of NOT_COMMANDS) expect(out).toContain(`\n${text}\n`);
  });
});
