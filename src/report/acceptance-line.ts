/**
 * The acceptance events kept in benchgate's own check-run output (issue 46), so the next decision
 * reads them back: one hidden line, `<!-- benchgate:acceptances=<base64url JSON> -->`. Base64url has
 * no `-->` and no line break, so no reason, login or case id inside can end the comment, start a line
 * or forge another marker. Trust the line only in a check run benchgate itself wrote (the edge checks
 * the app); its events are checked field by field again on reading (analysis/acceptance/read.ts).
 */
import type { AcceptanceEvent } from '../analysis/acceptance/model.js';
import { readAcceptanceEvents } from '../analysis/acceptance/read.js';

const PREFIX = '<!-- benchgate:acceptances=';
const SUFFIX = ' -->';

/** The hidden line that carries `events`. */
export function acceptancesLine(events: readonly AcceptanceEvent[]): string {
  return `${PREFIX}${Buffer.from(JSON.stringify(events), 'utf8').toString('base64url')}${SUFFIX}`;
}

/** The events of the first whole line that carries them in `text`, checked; null when there is none. Throws, naming the place, when the line is not benchgate's form. */
export function readAcceptancesLine(text: string, where: string): AcceptanceEvent[] | null {
  const line = text.split(/\r?\n/).find((l) => l.startsWith(PREFIX));
  if (line === undefined) return null;
  const body = line.endsWith(SUFFIX) ? line.slice(PREFIX.length, -SUFFIX.length) : null;
  if (body === null || !/^[A-Za-z0-9_-]*$/.test(body)) throw new Error(`${where}: the acceptances line is not base64url between its markers`);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new Error(`${where}: the acceptances line does not hold JSON`);
  }
  return readAcceptanceEvents(value, `${where}: acceptances`);
}
