/**
 * The suite's acceptances on the history branch (`<suite>.acceptances.json`, beside its history):
 * per pull request, what reviewers did with `/benchgate accept` and `revoke`, in the order it
 * happened (analysis/acceptance/model.ts AcceptanceEvent), so that the gate decides every later run
 * of the pull request with them (analysis/acceptance/ledger.ts) and the record says who decided, why
 * and until when. Only mode command writes it, for users with write permission; the file is read
 * strictly, like every file benchgate did not write in this run.
 */
import { z } from 'zod';

import { formatIssues, throwProblems } from '../adapters/parsing/issues.js';
import { ACCEPT_REASON_MAX, type AcceptanceEvent } from '../analysis/acceptance/model.js';
import { InputError } from '../errors.js';

export const ACCEPTANCES_SCHEMA = 'benchgate-acceptances/1';
/** Most events kept per pull request (the oldest go first), and most pull requests (the lowest numbers go first): the file stays under the contents API's 1 MB. */
export const ACCEPTANCES_MAX_EVENTS = 200;
export const ACCEPTANCES_MAX_PULLS = 500;

const login = z.string().min(1).max(100);
const at = z.iso.datetime({ offset: true });
const sha = z.string().regex(/^[0-9a-f]{40,64}$/, 'expected a full commit SHA');
const name = z.string().min(1).max(500);
const Targets = z.union([
  z.object({ all: z.literal(true) }),
  z.object({ all: z.literal(false), cases: z.array(name).max(500), gates: z.array(name).max(100) }),
]);
const value = z.number().refine(Number.isFinite, 'expected a finite number').nullable();
const Regression = z.object({ gate: name, case_id: name.nullable(), baseline: value, candidate: value, loss: value });
const Record_ = z.object({
  by: login,
  permission: z.enum(['write', 'maintain', 'admin']),
  at,
  head_sha: sha,
  targets: Targets,
  regressions: z.array(Regression).max(5000),
  reason: z
    .string()
    .min(1)
    .max(ACCEPT_REASON_MAX * 2),
  expires_at: at,
  comment_id: z.number().int().positive(),
});
const Event = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('accept'), record: Record_ }),
  z.object({ kind: z.literal('revoke'), by: login, at, comment_id: z.number().int().positive(), targets: Targets.nullable() }),
  z.object({ kind: z.literal('withdrawn'), comment_id: z.number().int().positive(), at }),
]);
const FileSchema = z.object({
  schema: z.literal(ACCEPTANCES_SCHEMA),
  suite: z.string(),
  pulls: z.record(z.string().regex(/^[1-9]\d*$/, 'expected a pull request number'), z.array(Event)),
});
export type AcceptancesFile = z.infer<typeof FileSchema>;

/** Reads the file's text; `where` names it in errors (`branch:path`). */
export function parseAcceptances(text: string, where: string): AcceptancesFile {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (err) {
    throw new InputError(`${where}: not JSON (${err instanceof Error ? err.message : String(err)}); expected benchgate's acceptances file`);
  }
  if (typeof root !== 'object' || root === null || (root as { schema?: unknown }).schema !== ACCEPTANCES_SCHEMA)
    throw new InputError(`${where}: not benchgate's acceptances file: expected "schema": "${ACCEPTANCES_SCHEMA}" at the top`);
  const parsed = FileSchema.safeParse(root);
  if (!parsed.success) throwProblems(where, formatIssues(parsed.error.issues, root));
  return parsed.data;
}

/** The events of pull request `pull`, oldest first ([] for none, or no file). */
export function pullEvents(file: AcceptancesFile | null, pull: number): AcceptanceEvent[] {
  return (file?.pulls[String(pull)] ?? []) as AcceptanceEvent[];
}

/** The file with `events` added to pull request `pull`, within the limits; one event per line in the branch's diff. */
export function addEvents(file: AcceptancesFile | null, suite: string, pull: number, events: readonly AcceptanceEvent[]): AcceptancesFile {
  const pulls = { ...(file?.pulls ?? {}) };
  pulls[String(pull)] = [...(pulls[String(pull)] ?? []), ...(events as AcceptancesFile['pulls'][string])].slice(-ACCEPTANCES_MAX_EVENTS);
  const kept = Object.keys(pulls)
    .map(Number)
    .sort((a, b) => b - a)
    .slice(0, ACCEPTANCES_MAX_PULLS);
  return { schema: ACCEPTANCES_SCHEMA, suite, pulls: Object.fromEntries(kept.sort((a, b) => a - b).map((n) => [String(n), pulls[String(n)] ?? []])) };
}

export function serializeAcceptances(file: AcceptancesFile): string {
  const pulls = Object.entries(file.pulls).map(
    ([n, events]) => `    ${JSON.stringify(n)}: [\n${events.map((e) => `      ${JSON.stringify(e)}`).join(',\n')}${events.length ? '\n' : ''}    ]`,
  );
  return `{"schema":${JSON.stringify(file.schema)},"suite":${JSON.stringify(file.suite)},\n  "pulls": {\n${pulls.join(',\n')}${pulls.length ? '\n' : ''}  }\n}\n`;
}
