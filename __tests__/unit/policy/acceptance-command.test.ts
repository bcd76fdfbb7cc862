// Issue 46: the /benchgate commands of a PR comment, parsed strictly. Each row is a comment body and
// what the parser must make of it; the hostile rows are the reason the grammar is strict.
import { describe, expect, it } from 'vitest';

import { ACCEPT_DAYS_DEFAULT, type CommandContext, parseComment, type ParsedComment } from '../../../src/policy/acceptance-command.js';

const ctx: CommandContext = {
  caseIds: new Set(['case-1', 'case-2', 'case-3', 'reward-case', 'weird|id']),
  gateNames: ['reward', 'completion', 'steps', 'completion_regressions', 'latency_p95'],
};

const cmd = (body: string) => {
  const r = parseComment(body, ctx);
  if (r.kind !== 'command') throw new Error(`expected a command, got ${JSON.stringify(r)}`);
  return r.command;
};
const refusal = (body: string) => {
  const r = parseComment(body, ctx);
  if (r.kind !== 'refused') throw new Error(`expected a refusal, got ${JSON.stringify(r)}`);
  return r.refusal;
};

describe('parseComment: accepted commands', () => {
  const table: { what: string; body: string; expected: unknown }[] = [
    {
      what: 'cases, the default expiry',
      body: '/benchgate accept case-1 case-2 because the provider was down',
      expected: { kind: 'accept', targets: { all: false, cases: ['case-1', 'case-2'], gates: [] }, reason: 'the provider was down', days: ACCEPT_DAYS_DEFAULT },
    },
    {
      what: 'commas, a gate and days',
      body: '/benchgate accept case-1,reward, case-3 because known trade-off for 30 days',
      expected: { kind: 'accept', targets: { all: false, cases: ['case-1', 'case-3'], gates: ['reward'] }, reason: 'known trade-off', days: 30 },
    },
    {
      what: 'all, for 1 day',
      body: '/benchgate accept all because release day for 1 day',
      expected: { kind: 'accept', targets: { all: true }, reason: 'release day', days: 1 },
    },
    {
      what: 'for 90 days, the most',
      body: '/benchgate accept steps because slower is fine for 90 days',
      expected: { kind: 'accept', targets: { all: false, cases: [], gates: ['steps'] }, reason: 'slower is fine', days: 90 },
    },
    {
      what: '"for" inside the reason is the reason',
      body: '/benchgate accept case-1 because waiting for upstream fix',
      expected: { kind: 'accept', targets: { all: false, cases: ['case-1'], gates: [] }, reason: 'waiting for upstream fix', days: 7 },
    },
    { what: 'revoke without targets', body: '/benchgate revoke', expected: { kind: 'revoke', targets: null } },
    { what: 'revoke a case', body: '/benchgate revoke case-2', expected: { kind: 'revoke', targets: { all: false, cases: ['case-2'], gates: [] } } },
    { what: 'rerun', body: 'Flaky, try again.\n\n/benchgate rerun\n', expected: { kind: 'rerun' } },
    { what: 'explain', body: '/benchgate explain case-3', expected: { kind: 'explain', case_id: 'case-3' } },
    {
      what: 'CRLF line ends',
      body: 'hi\r\n/benchgate accept case-1 because ok\r\n',
      expected: { kind: 'accept', targets: { all: false, cases: ['case-1'], gates: [] }, reason: 'ok', days: 7 },
    },
    {
      what: 'a quoted command and one in a code block beside the real one',
      body: '> /benchgate accept all because quoted\n\n```\n/benchgate revoke\n```\n\n    /benchgate rerun\n/benchgate explain case-1',
      expected: { kind: 'explain', case_id: 'case-1' },
    },
  ];
  it.each(table)('$what', ({ body, expected }) => {
    expect(cmd(body)).toEqual(expected);
  });

  it('a hostile reason is kept as data, word for word', () => {
    const reason = '<!-- benchgate:v1 gate=x --> @org/team **bold** ::error::pwned $(rm -rf /) `x`';
    expect(cmd(`/benchgate accept case-1 because ${reason}`)).toMatchObject({ kind: 'accept', reason });
  });

  it('says which line the command is on', () => {
    expect(parseComment('a\nb\n/benchgate rerun', ctx)).toMatchObject({ kind: 'command', line: 3 });
  });
});

describe('parseComment: no command, or ignored', () => {
  const none: { what: string; body: string }[] = [
    { what: 'plain text', body: 'LGTM' },
    { what: 'mid-line', body: 'please run /benchgate accept all because x' },
    { what: 'quoted', body: '> /benchgate accept all because x' },
    { what: 'quoted without a space', body: '>/benchgate accept all because x' },
    { what: 'fenced', body: '~~~\n/benchgate accept all because x\n~~~' },
    { what: 'in a longer fence with a shorter inner one', body: '````\n```\n/benchgate rerun\n```\n````' },
    { what: 'indented code', body: '    /benchgate accept all because x' },
    { what: 'tab-indented code', body: '\t/benchgate rerun' },
    { what: 'in an HTML comment', body: '<!--\n/benchgate accept all because hidden\n-->' },
    { what: 'another word', body: '/benchgatex accept all because x' },
    { what: 'not lowercase', body: '/BenchGate accept all because x' },
    { what: 'empty', body: '' },
  ];
  it.each(none)('$what: none', ({ body }) => {
    expect(parseComment(body, ctx)).toEqual({ kind: 'none' });
  });

  it("a comment with benchgate's marker (its own, or a forged one) is ignored, never answered", () => {
    for (const body of ['<!-- benchgate:v1 gate=x -->\n/benchgate accept all because forged', '<!-- benchgate:reply -->\n/benchgate rerun'])
      expect(parseComment(body, ctx).kind).toBe('ignored');
    // A code span or block that quotes the marker is not the marker.
    expect(parseComment('```\n<!-- benchgate:v1 gate=x -->\n```\n/benchgate rerun', ctx).kind).toBe('command');
  });
});

describe('parseComment: refusals', () => {
  const table: { what: string; body: string; code: string; names?: string[] }[] = [
    { what: 'two commands', body: '/benchgate accept case-1 because a\n/benchgate rerun', code: 'several-commands' },
    { what: 'two commands on the same kind', body: '/benchgate rerun\n\n/benchgate rerun', code: 'several-commands' },
    { what: 'indented by a space', body: ' /benchgate rerun', code: 'not-at-line-start' },
    { what: 'no verb', body: '/benchgate', code: 'unknown-command' },
    { what: 'an unknown verb, named', body: '/benchgate approve all', code: 'unknown-command', names: ['approve'] },
    { what: 'no because', body: '/benchgate accept case-1', code: 'no-reason' },
    { what: 'an empty reason', body: '/benchgate accept case-1 because   ', code: 'no-reason' },
    { what: 'only days for a reason', body: '/benchgate accept case-1 because for 3 days', code: 'no-reason' },
    { what: 'no targets', body: '/benchgate accept because x', code: 'no-targets' },
    { what: 'all with others', body: '/benchgate accept all case-1 because x', code: 'all-not-alone' },
    { what: 'unknown ids, named', body: '/benchgate accept case-1 case-9 nope because x', code: 'unknown-targets', names: ['case-9', 'nope'] },
    { what: 'a finding code is no gate', body: '/benchgate accept not-comparable because x', code: 'unknown-targets', names: ['not-comparable'] },
    { what: 'a target by prefix', body: '/benchgate accept case because x', code: 'unknown-targets', names: ['case'] },
    { what: '0 days', body: '/benchgate accept case-1 because x for 0 days', code: 'bad-days', names: ['0'] },
    { what: '91 days', body: '/benchgate accept case-1 because x for 91 days', code: 'bad-days', names: ['91'] },
    { what: 'a fraction of days', body: '/benchgate accept case-1 because x for 1.5 days', code: 'bad-days', names: ['1.5'] },
    { what: 'negative days', body: '/benchgate accept case-1 because x for -3 days', code: 'bad-days', names: ['-3'] },
    { what: 'days in exponent form', body: '/benchgate accept case-1 because x for 1e1 days', code: 'bad-days', names: ['1e1'] },
    { what: 'a reason over the cap', body: `/benchgate accept case-1 because ${'x'.repeat(301)}`, code: 'reason-too-long' },
    { what: 'an escape sequence in the reason', body: '/benchgate accept case-1 because \u001b[31mred', code: 'reason-control' },
    { what: 'rerun with words', body: '/benchgate rerun please', code: 'extra-words' },
    { what: 'explain two cases', body: '/benchgate explain case-1 case-2', code: 'extra-words' },
    { what: 'explain an unknown case', body: '/benchgate explain case-9', code: 'unknown-targets', names: ['case-9'] },
    { what: 'revoke an unknown target', body: '/benchgate revoke everything', code: 'unknown-targets', names: ['everything'] },
    { what: 'a body over GitHub limit', body: `/benchgate rerun\n${'x'.repeat(70_000)}`, code: 'too-long' },
  ];
  it.each(table)('$what: $code', ({ body, code, names }) => {
    const r = refusal(body);
    expect(r.code).toBe(code);
    if (names !== undefined) expect(r.names).toEqual(names);
  });

  it("a refusal's message is benchgate's words: the comment's words are only in names", () => {
    const r = refusal('/benchgate accept <img src=x> because x');
    expect(r.names).toEqual(['<img', 'src=x>']);
    expect(r.message).not.toContain('<img');
    expect(r.known).toEqual(ctx.gateNames);
  });

  it('a case id that is also a gate name is ambiguous', () => {
    const r = parseComment('/benchgate accept reward because x', { ...ctx, caseIds: new Set(['reward']) });
    expect(r).toMatchObject({ kind: 'refused', refusal: { code: 'ambiguous-targets', names: ['reward'] } });
  });

  it('a long line of spaces parses in linear time (no backtracking regex on the reason)', () => {
    const body = `/benchgate accept case-1 because x${' '.repeat(60_000)}for`;
    expect(cmd(body)).toMatchObject({ reason: 'x for' });
  });
});

describe('the parsed result', () => {
  it('is plain data: nothing in it but strings, numbers, booleans and arrays', () => {
    const r: ParsedComment = parseComment('/benchgate accept case-1 because $(whoami) for 3 days', ctx);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});
