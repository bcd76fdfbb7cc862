/**
 * The `/benchgate` commands of a pull request comment, parsed strictly (issue 46):
 *
 *     /benchgate accept <case ids | gate names | all> because <reason> [for <N> days]
 *     /benchgate revoke [<case ids | gate names | all>]
 *     /benchgate rerun
 *     /benchgate explain <case id>
 *
 * - A command is a line that starts with `/benchgate` (lowercase, at the first column). Lines in
 *   fenced or indented code, quoted lines (`>`) and HTML comments that start a line are not read:
 *   quoting a command, or showing one in an example, runs nothing. A command indented by one to three
 *   spaces is refused (it must start the line).
 * - Exactly one command per comment: a second `/benchgate` line refuses the comment.
 * - A comment with a line that starts with `<!-- benchgate` is benchgate's own (or forges it): it is
 *   ignored, never answered.
 * - Targets are separated by spaces or commas; each must be `all` (alone), a gate name of the
 *   comparison or a case id of its report, exactly. Unknown ones are refused, named. A case id with
 *   a space or a comma cannot be named: accept it with `all` or by its gate. The first `because`
 *   ends the targets.
 * - The reason is the rest of the line, required, at most ACCEPT_REASON_MAX code points, without
 *   control characters; a last `for <N> days` (or `for 1 day`) is the expiry, N a whole number from 1
 *   to 90 (ACCEPT_DAYS_MAX), default ACCEPT_DAYS_DEFAULT.
 *
 * Nothing here runs, evaluates or prints anything: the result is data, and every string in it is the
 * comment's (the reports escape it). Pure.
 */
import { ACCEPT_REASON_MAX, type AcceptanceTargets } from '../analysis/acceptance/model.js';

/** Days an acceptance lasts when the command does not say: a week, long enough to merge, short enough to be looked at again. */
export const ACCEPT_DAYS_DEFAULT = 7;
/** The most days an acceptance may last: a quarter, after which the trade-off is a configuration change to review. */
export const ACCEPT_DAYS_MAX = 90;
/** Longest comment read, in UTF-16 units: GitHub's own limit on a comment body. */
export const COMMENT_BODY_MAX = 65_536;
/** Most targets one command may name. */
export const ACCEPT_TARGETS_MAX = 500;

export type BenchgateCommand =
  | { kind: 'accept'; targets: AcceptanceTargets; reason: string; days: number }
  | { kind: 'revoke'; targets: AcceptanceTargets | null }
  | { kind: 'rerun' }
  | { kind: 'explain'; case_id: string };

export type RefusalCode =
  | 'too-long'
  | 'not-at-line-start'
  | 'several-commands'
  | 'unknown-command'
  | 'no-targets'
  | 'all-not-alone'
  | 'unknown-targets'
  | 'ambiguous-targets'
  | 'too-many-targets'
  | 'no-reason'
  | 'reason-too-long'
  | 'reason-control'
  | 'bad-days'
  | 'extra-words'
  | 'not-permitted'
  | 'nothing-to-accept'
  | 'not-regressed';

/**
 * Why a command is refused: `message` is benchgate's words only (safe to show as is); `names` are the
 * comment's words it is about (unknown targets, an unknown verb), untrusted, escaped when shown.
 */
export interface Refusal {
  code: RefusalCode;
  message: string;
  names: string[];
  /** The gate names that could have been meant (untrusted too: a slice's group is a summary's label). */
  known?: string[];
}

export type ParsedComment =
  | { kind: 'none' }
  | { kind: 'ignored'; why: string }
  | { kind: 'command'; command: BenchgateCommand; line: number }
  | { kind: 'refused'; refusal: Refusal; line: number | null };

/** What a command's words are matched against: the report's case ids and the comparison's gate names (analysis/acceptance/regressions.ts `gateNamesOf`). */
export interface CommandContext {
  caseIds: ReadonlySet<string>;
  gateNames: readonly string[];
}

export const USAGE =
  '`/benchgate accept <case ids | gate names | all> because <reason> [for <N> days]`, `/benchgate revoke [<case ids | gate names | all>]`, `/benchgate rerun` or `/benchgate explain <case id>`';

const refuse = (code: RefusalCode, message: string, names: string[] = []): Refusal => ({ code, message, names });

/** The lines of the comment that are text a reader sees: fenced and indented code, quotes and HTML comments that start a line left out. */
function visibleLines(body: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let fence: { char: string; length: number } | null = null;
  let comment = false;
  body.split('\n').forEach((text, i) => {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence !== null) {
      if (open !== null && open[1]?.[0] === fence.char && (open[1]?.length ?? 0) >= fence.length && text.trim() === open[1]) fence = null;
      return;
    }
    if (comment) {
      comment = !text.includes('-->');
      return;
    }
    if (open !== null) {
      fence = { char: open[1]?.[0] as string, length: open[1]?.length ?? 3 };
      return;
    }
    if (/^ {0,3}<!--/.test(text)) {
      out.push({ text, line: i + 1 }); // kept: a benchgate marker is looked for on it
      comment = !text.slice(text.indexOf('<!--') + 4).includes('-->');
      return;
    }
    if (/^( {4,}|\t)/.test(text) || /^ {0,3}>/.test(text)) return;
    out.push({ text, line: i + 1 });
  });
  return out;
}

const COMMAND = /^( {0,3})\/benchgate(?=\s|$)/;

/** Parses a comment body: no command, one command, or a refusal with why; benchgate's own comments are ignored. */
export function parseComment(body: string, ctx: CommandContext): ParsedComment {
  if (body.length > COMMENT_BODY_MAX)
    return { kind: 'refused', refusal: refuse('too-long', `the comment is longer than ${COMMENT_BODY_MAX} characters`), line: null };
  const lines = visibleLines(body.replace(/\r\n?/g, '\n'));
  if (lines.some((l) => /^ {0,3}<!-- benchgate/.test(l.text)))
    return { kind: 'ignored', why: "the comment carries a benchgate marker: it is benchgate's own, or forges it" };
  const commands = lines.filter((l) => COMMAND.test(l.text));
  if (commands.length === 0) return { kind: 'none' };
  if (commands.length > 1)
    return {
      kind: 'refused',
      refusal: refuse('several-commands', `one command per comment: this one has ${commands.length}, on lines ${commands.map((c) => c.line).join(', ')}`),
      line: null,
    };
  const { text, line } = commands[0] as { text: string; line: number };
  if ((COMMAND.exec(text)?.[1] ?? '') !== '')
    return { kind: 'refused', refusal: refuse('not-at-line-start', 'a command must start its line, with no space before it'), line };
  const result = parseCommandLine(text.replace(COMMAND, ''), ctx);
  return 'code' in result ? { kind: 'refused', refusal: result, line } : { kind: 'command', command: result, line };
}

/** The words after `/benchgate`. */
function parseCommandLine(rest: string, ctx: CommandContext): BenchgateCommand | Refusal {
  const words = rest.split(/[ \t]+/).filter((w) => w !== '');
  const [verb, ...args] = words;
  switch (verb) {
    case 'accept':
      return parseAccept(rest, ctx);
    case 'revoke': {
      if (args.length === 0) return { kind: 'revoke', targets: null };
      const targets = matchTargets(args, ctx);
      return 'code' in targets ? targets : { kind: 'revoke', targets };
    }
    case 'rerun':
      return args.length === 0 ? { kind: 'rerun' } : refuse('extra-words', '`/benchgate rerun` takes nothing after it');
    case 'explain': {
      if (args.length !== 1) return refuse('extra-words', '`/benchgate explain` takes exactly one case id');
      const id = args[0] as string;
      return ctx.caseIds.has(id) ? { kind: 'explain', case_id: id } : refuse('unknown-targets', 'not a case id of this report:', [id]);
    }
    case undefined:
      return refuse('unknown-command', `a command is one of ${USAGE}`);
    default:
      return refuse('unknown-command', `the command is not one of ${USAGE}:`, [verb]);
  }
}

/** `accept <targets> because <reason> [for <N> days]`. */
function parseAccept(rest: string, ctx: CommandContext): BenchgateCommand | Refusal {
  const after = rest.replace(/^[ \t]*accept/, '');
  const words = after.split(/[ \t]+/).filter((w) => w !== '');
  const at = words.indexOf('because');
  if (at < 0) return refuse('no-reason', 'an acceptance needs a reason: `/benchgate accept <targets> because <reason>`');
  const named = matchTargets(words.slice(0, at), ctx);
  if ('code' in named) return named;
  const tail = words.slice(at + 1);
  let days = ACCEPT_DAYS_DEFAULT;
  const n = tail.length;
  if (n >= 3 && tail[n - 3] === 'for' && /^days?$/.test(tail[n - 1] as string)) {
    const d = tail[n - 2] as string;
    if (!/^[0-9]{1,3}$/.test(d) || Number(d) < 1 || Number(d) > ACCEPT_DAYS_MAX)
      return refuse('bad-days', `the days an acceptance lasts must be a whole number from 1 to ${ACCEPT_DAYS_MAX}:`, [d]);
    days = Number(d);
    tail.length = n - 3;
  }
  const reason = tail.join(' ');
  if (reason === '') return refuse('no-reason', 'an acceptance needs a reason after `because`');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(reason)) return refuse('reason-control', 'the reason may not hold control characters');
  if ([...reason].length > ACCEPT_REASON_MAX) return refuse('reason-too-long', `the reason is longer than ${ACCEPT_REASON_MAX} characters`);
  return { kind: 'accept', targets: named, reason, days };
}

/** The targets named: `all`, or each word a gate name or a case id of the report (commas separate too). */
function matchTargets(words: readonly string[], ctx: CommandContext): AcceptanceTargets | Refusal {
  const names = [...new Set(words.flatMap((w) => w.split(',')).filter((w) => w !== ''))];
  if (names.length === 0) return refuse('no-targets', 'name what is accepted: case ids, gate names, or `all`');
  if (names.length > ACCEPT_TARGETS_MAX) return refuse('too-many-targets', `at most ${ACCEPT_TARGETS_MAX} targets in one command; name the gate, or \`all\``);
  if (names.includes('all')) return names.length === 1 ? { all: true } : refuse('all-not-alone', '`all` names everything: it stands alone');
  const gates = new Set(ctx.gateNames);
  const both = names.filter((w) => gates.has(w) && ctx.caseIds.has(w));
  if (both.length > 0) return refuse('ambiguous-targets', 'both a gate name and a case id (name the case by its gate, or `all`):', both);
  const unknown = names.filter((w) => !gates.has(w) && !ctx.caseIds.has(w));
  if (unknown.length > 0) return { ...refuse('unknown-targets', 'not case ids of this report or gate names:', unknown), known: [...ctx.gateNames] };
  return { all: false, cases: names.filter((w) => ctx.caseIds.has(w)), gates: names.filter((w) => gates.has(w)) };
}
