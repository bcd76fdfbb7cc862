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
import type { AcceptanceEvent } from '../analysis/acceptance/model.js';
import { readAcceptanceEvents } from '../analysis/acceptance/read.js';
import { InputError } from '../errors.js';

export const ACCEPTANCES_SCHEMA = 'benchgate-acceptances/1';
/** Most events kept per pull request (the oldest go first), and most pull requests (the lowest numbers go first): the file stays under the contents API's 1 MB. */
export const ACCEPTANCES_MAX_EVENTS = 200;
export const ACCEPTANCES_MAX_PULLS = 500;

// The events themselves are checked field by field by the core's reader (analysis/acceptance/read.ts).
const FileSchema = z.object({
  schema: z.literal(ACCEPTANCES_SCHEMA),
  suite: z.string(),
  pulls: z.record(z.string().regex(/^[1-9]\d*$/, 'expected a pull request number'), z.array(z.unknown())),
});
type FileShape = z.infer<typeof FileSchema>;
export interface AcceptancesFile extends Omit<FileShape, 'pulls'> {
  pulls: Record<string, AcceptanceEvent[]>;
}

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
  const pulls: Record<string, AcceptanceEvent[]> = {};
  for (const [n, events] of Object.entries(parsed.data.pulls)) {
    try {
      pulls[n] = readAcceptanceEvents(events, `pulls.${n}`);
    } catch (err) {
      throw new InputError(`${where}: ${(err as Error).message}`);
    }
  }
  return { ...parsed.data, pulls };
}

/** The events of pull request `pull`, oldest first ([] for none, or no file). */
export function pullEvents(file: AcceptancesFile | null, pull: number): AcceptanceEvent[] {
  return file?.pulls[String(pull)] ?? [];
}

/** The file with `events` added to pull request `pull`, within the limits; one event per line in the branch's diff. */
export function addEvents(file: AcceptancesFile | null, suite: string, pull: number, events: readonly AcceptanceEvent[]): AcceptancesFile {
  const pulls = { ...(file?.pulls ?? {}) };
  pulls[String(pull)] = [...(pulls[String(pull)] ?? []), ...events].slice(-ACCEPTANCES_MAX_EVENTS);
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
