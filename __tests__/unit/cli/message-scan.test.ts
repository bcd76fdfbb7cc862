// Issue 42 item 6: no message names an option that does not exist, and every benchgate command a
// message shows parses when pasted. Both scan every string of src/ (the TypeScript parser gives
// the literals, so comments are left out; a template's ${…} holes are kept as a marker), so a new
// message is checked the day it is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { COMMAND_OPTIONS, parseArgs } from '../../../src/cli/args.js';
import { UsageError } from '../../../src/errors.js';

const SRC = join(import.meta.dirname, '..', '..', '..', 'src');
/** Where a template literal has a `${…}`. */
const HOLE = '\u0000';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every string and template literal of src/, with the file it is in; imports left out. */
function literals(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path);
    const visit = (n: ts.Node): void => {
      if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push({ file, text: n.text });
      else if (ts.isTemplateExpression(n)) out.push({ file, text: n.head.text + n.templateSpans.map((s) => HOLE + s.literal.text).join('') });
      ts.forEachChild(n, visit);
    };
    visit(ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true));
  }
  return out;
}

const LITERALS = literals();

/**
 * Options of other programs that messages name, each with a word the same string must hold, so the
 * reader sees whose option it is. A string that is only the option is an argument benchgate passes
 * to that program (git, bash), not a message.
 */
const OTHER_PROGRAMS: Record<string, string> = {
  json: 'validate', // rlm-code's `validate --json` (help: the JSON report's fields)
  log_samples: 'lm_eval', // lm-evaluation-harness writes the samples files with it
  output_path: 'lm_eval',
  'no-log-samples': 'samples', // Inspect AI's `inspect eval --no-log-samples`
  to: 'inspect log convert', // Inspect AI's `inspect log convert --to json`
  'max-old-space-size': 'NODE_OPTIONS', // Node.js's heap limit
  'without-pip': 'python3 -m venv', // mode ab's per-side virtualenv (action/ab/isolation.ts)
  'system-site-packages': 'python3 -m venv',
};

describe('every --option a string of src/ names', () => {
  const real = new Set([...Object.values(COMMAND_OPTIONS).flat(), 'help', 'version']);
  // A CSS custom property of the evidence page (`--line:#d0d7de`, `var(--line)`) is no option.
  const named = LITERALS.flatMap(({ file, text }) =>
    /^--[\w-]+$/.test(text) ? [] : [...text.matchAll(/(?<![\w-]|var\()--([a-z][\w-]*)(?![\w-]*:)/g)].map((m) => ({ file, text, option: m[1] as string })),
  );

  it('finds the options the messages name (the scan itself works)', () => {
    const options = new Set(named.map((n) => n.option));
    for (const o of ['baseline-model', 'input-format', 'decide', 'model', 'min-change', 'settle-share']) expect(options).toContain(o);
  });

  it("is an option of one of benchgate's commands, or another program's that the string names", () => {
    const wrong = named.filter(({ text, option }) => !real.has(option) && !(option in OTHER_PROGRAMS && text.includes(OTHER_PROGRAMS[option] as string)));
    expect(wrong.map(({ file, option, text }) => `${file}: --${option} in ${JSON.stringify(text.slice(0, 120))}`)).toEqual([]);
  });

  it("a message of one command's code names only that command's options", () => {
    const own: Record<string, readonly string[]> = {
      'cli/leaderboard.ts': COMMAND_OPTIONS.leaderboard,
      'cli/history.ts': COMMAND_OPTIONS.history,
      'cli/profile.ts': COMMAND_OPTIONS.profile,
    };
    const wrong = named.filter(({ file, option }) => own[file] !== undefined && !own[file].includes(option) && !(option in OTHER_PROGRAMS));
    expect(wrong.map(({ file, option }) => `${file}: --${option}`)).toEqual([]);
  });
});

/** The words a POSIX shell makes of `line` (quotes and backslashes; no expansion). Throws on an open quote. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`an unclosed ' in ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let j = i + 1;
      let text = '';
      for (; j < line.length && line[j] !== '"'; j++) text += line[j] === '\\' && /["\\$`]/.test(line[j + 1] ?? '') ? (line[++j] as string) : line[j];
      if (j >= line.length) throw new Error(`an unclosed " in ${line}`);
      word = (word ?? '') + text;
      i = j;
    } else if (ch === '\\') word = (word ?? '') + (line[++i] ?? '');
    else word = (word ?? '') + ch;
  }
  if (word !== null) words.push(word);
  return words;
}

const COMMANDS = Object.keys(COMMAND_OPTIONS);

/**
 * The benchgate commands a string shows: quoted as 'benchgate …' or `benchgate …`, and in the help
 * texts the example lines (a synopsis with [options] or a | is no command to paste).
 */
function examples(file: string, text: string): string[] {
  const quoted = [...text.matchAll(/'(benchgate(?: [^'\n]*)?)'|`(benchgate(?: [^`\n]*)?)`/g)].map((m) => (m[1] ?? m[2]) as string);
  const lines =
    file === 'cli/help.ts'
      ? text.split('\n').flatMap((l) => {
          const m = /^\s*(?:Usage:\s*)?(benchgate (?:compare|leaderboard|history|profile|help)\b.*)$/.exec(l);
          return m && !/[[|]|\.\.\./.test(m[1] as string) && !/'benchgate/.test(l) ? [m[1] as string] : [];
        })
      : [];
  return [...quoted, ...lines];
}

/** Each way the example reads once its holes and a COMMAND placeholder are filled in. */
function filledIn(example: string): string[][] {
  const words = shellWords(example).slice(1);
  const first = words[0] ?? '';
  const commands = first.includes(HOLE) || first === 'COMMAND' ? COMMANDS : [first];
  return commands.map((c) => [c, ...words.slice(1).map((w) => (w === 'COMMAND' ? 'compare' : w.replaceAll(HOLE, 'x')))]);
}

describe('every benchgate command a string of src/ shows', () => {
  const shown = LITERALS.flatMap(({ file, text }) => examples(file, text).map((example) => ({ file, example })));

  it('finds them (the scan itself works)', () => {
    const all = shown.map((s) => s.example);
    expect(all).toContain("benchgate compare --decide significant --baseline 'base-*.json' --candidate 'cand-*.json'");
    expect(all).toContain('benchgate compare --help');
    expect(shown.length).toBeGreaterThan(15);
  });

  it('parses with benchgate’s own parser when pasted (a bare command name, as in "\'benchgate compare\' takes only options", names it)', () => {
    const broken: string[] = [];
    for (const { file, example } of shown) {
      try {
        // `benchgate compare` exactly, with nothing after it: the command's name.
        if (COMMANDS.some((c) => example === `benchgate ${c}`)) continue;
        for (const argv of filledIn(example)) parseArgs(argv);
      } catch (err) {
        if (!(err instanceof UsageError) && !/unclosed/.test(String(err))) throw err;
        broken.push(`${file}: ${JSON.stringify(example)}: ${(err as Error).message}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the shell reading of a broken example is caught', () => {
    // What 'benchgate history 'runs/main-*.json'' gave: the quote closes after "history ".
    expect(() => parseArgs(shellWords('benchgate history ').slice(1))).toThrow(UsageError);
    expect(shellWords(`benchgate profile "runs/main-*.json" --format json`)).toEqual(['benchgate', 'profile', 'runs/main-*.json', '--format', 'json']);
    expect(() => shellWords("benchgate compare --baseline 'a.json")).toThrow(/unclosed/);
  });
});
