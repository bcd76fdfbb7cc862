// The values of a played workflow (helpers/workflow-player.ts): the world and events it is played in,
// what a play returns, GitHub's expression engine with the runner's functions, template tokens as
// values, and token permissions.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import type { FunctionDefinition } from '@actions/expressions/funcs/info';
import { isBasicExpression, isLiteral, isMapping, isSequence } from '@actions/workflow-parser';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/template-token';

import type { GitHubApiDouble } from '../doubles/github-api.js';
import type { ResultsServiceDouble } from '../doubles/results-service.js';

export interface PlayWorld {
  results: ResultsServiceDouble;
  gh: GitHubApiDouble;
  root: string;
  /** The repository's git directory (base and head commits in it). */
  git: string;
  /** Its default branch's commit (what a checkout without ref gets, as on workflow_run and pull_request_target). */
  defaultSha: string;
  private?: boolean;
  /** Environments by name: their secrets, given to a job that names the environment (they win over a passed secret of the same name). */
  environments?: Record<string, Record<string, string>>;
}

export interface PlayEvent {
  name: string;
  payload: Record<string, unknown>;
  sha: string;
  ref: string;
  /** The results service double's run (its backend id names the run's artifacts). */
  run: string;
  attempt?: number;
  secrets?: Record<string, string>;
  /** A fork's pull_request run: a read-only token. */
  readOnlyToken?: boolean;
  /** Files the triggering push or PR changed (for `paths:` filters). */
  changed?: string[];
  /** Cancels (or times out) job `job` as its step number `step` (from 0) starts: that step never ends; steps after it run on always() or cancelled(). */
  cancel?: { job: string; step: number };
}

export interface StepPlay {
  name: string;
  outcome: 'success' | 'failure' | 'skipped' | 'cancelled';
  log: string;
  outputs: Record<string, string>;
}
export interface JobPlay {
  id: string;
  name: string;
  matrix: Record<string, unknown>;
  result: 'success' | 'failure' | 'skipped' | 'cancelled';
  steps: StepPlay[];
  outputs: Record<string, string>;
  /** The job's environment ('' for none). */
  environment?: string;
}
export interface WorkflowPlay {
  triggered: boolean;
  jobs: JobPlay[];
}

export type Ctx = Record<string, unknown>;
export const LEVEL = { none: 0, read: 1, write: 2 } as const;
export type Perms = Record<string, keyof typeof LEVEL>;

const toData = (v: unknown): data.Dictionary => JSON.parse(JSON.stringify(v ?? {}), data.reviver) as data.Dictionary;
export const native = (v: data.ExpressionData): unknown => JSON.parse(JSON.stringify(v, data.replacer)) as unknown;

/** Evaluates one expression with the runner's functions: job status ones and hashFiles over the workspace. */
export interface JobStatus {
  failed: boolean;
  cancelled?: boolean;
  workspace?: string;
}

export function evaluate(expression: string, ctx: Ctx, status: JobStatus): data.ExpressionData {
  const fn = (name: string, call: FunctionDefinition['call'], maxArgs = 0): [string, FunctionDefinition] => [
    name.toLowerCase(),
    { name, minArgs: 0, maxArgs, call },
  ];
  const functions = new Map([
    fn('always', () => new data.BooleanData(true)),
    fn('success', () => new data.BooleanData(!status.failed && !status.cancelled)),
    fn('failure', () => new data.BooleanData(status.failed)),
    fn('cancelled', () => new data.BooleanData(status.cancelled ?? false)),
    fn(
      'hashFiles',
      (...a) => new data.StringData(a.some((p) => status.workspace && existsSync(join(status.workspace, p.coerceString()))) ? 'f'.repeat(64) : ''),
      255,
    ),
  ]);
  const parsed = new Parser(new Lexer(expression).lex().tokens, Object.keys(ctx), [...functions.values()]).parse();
  return new Evaluator(parsed, toData(ctx), functions).evaluate();
}

/** A template token's value: literals as they are, expressions evaluated, mappings and sequences recursively. */
export function valueOf(token: TemplateToken | undefined, ctx: Ctx, status: JobStatus = { failed: false }): unknown {
  if (token === undefined) return undefined;
  if (isBasicExpression(token)) return native(evaluate(token.expression, ctx, status));
  if (isLiteral(token)) return (token as unknown as { value: unknown }).value ?? null;
  if (isSequence(token)) return Array.from({ length: token.count }, (_, i) => valueOf(token.get(i), ctx, status));
  if (isMapping(token)) {
    const out: Record<string, unknown> = {};
    for (const { key, value } of token) out[String(valueOf(key, ctx, status))] = valueOf(value, ctx, status);
    return out;
  }
  throw new Error(`test error: cannot evaluate a ${token.typeName()}`);
}
export const asString = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function permissionsOf(value: unknown): Perms | undefined {
  if (value === undefined) return undefined;
  if (value === 'read-all' || value === 'write-all') return new Proxy({}, { get: () => (value === 'read-all' ? 'read' : 'write') }) as Perms;
  return { ...(value as Perms) };
}
export const cap = (asked: Perms | undefined, granted: Perms): Perms =>
  asked === undefined
    ? granted
    : Object.fromEntries(Object.entries(asked).map(([k, v]) => [k, LEVEL[v] <= LEVEL[granted[k] ?? 'none'] ? v : (granted[k] ?? 'none')]));

/** A step's `with` from the token tree: jobs.<id>.steps[i].with. */
export function withOf(root: TemplateToken, jobId: string, index: number): TemplateToken | undefined {
  const find = (t: TemplateToken | undefined, key: string) => (t !== undefined && isMapping(t) ? t.find(key) : undefined);
  const steps = find(find(find(root, 'jobs'), jobId), 'steps');
  return steps !== undefined && isSequence(steps) ? find(steps.get(index), 'with') : undefined;
}
