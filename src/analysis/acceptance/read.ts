/**
 * Acceptance events read back from where the edge keeps them (the check's output, the history
 * branch: JSON), checked field by field before any is trusted to lift a regression (issue 46). An
 * error names the place, the field and what was expected. Pure.
 */
import { ACCEPT_REASON_MAX, type AcceptanceEvent, type AcceptanceRecord, type AcceptanceTargets, type HeldRegression } from './model.js';

const PERMISSIONS = ['write', 'maintain', 'admin'] as const;

type Obj = Record<string, unknown>;

function fail(where: string, field: string, expected: string): never {
  throw new Error(`${where}: ${field}: expected ${expected}`);
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Obj, key: string, where: string, max = 1000): string {
  const v = o[key];
  if (typeof v !== 'string' || v.length === 0 || v.length > max) fail(where, key, `a non-empty string of at most ${max} characters`);
  return v;
}

function time(o: Obj, key: string, where: string): string {
  const v = str(o, key, where, 40);
  if (!/^\d{4}-\d\d-\d\dT/.test(v) || !Number.isFinite(Date.parse(v))) fail(where, key, 'an ISO 8601 time');
  return v;
}

function commentId(o: Obj, where: string): number {
  const v = o['comment_id'];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0) fail(where, 'comment_id', 'a positive whole number');
  return v;
}

const numOrNull = (o: Obj, key: string, where: string): number | null => {
  const v = o[key];
  if (v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(where, key, 'a finite number or null');
  return v;
};

function strings(v: unknown, where: string, field: string): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x.length > 0)) fail(where, field, 'a list of non-empty strings');
  return [...(v as string[])];
}

function targetsOf(v: unknown, where: string): AcceptanceTargets {
  if (!isObj(v)) fail(where, 'targets', 'an object');
  if (v['all'] === true) return { all: true };
  if (v['all'] !== false) fail(where, 'targets.all', 'true or false');
  return { all: false, cases: strings(v['cases'], where, 'targets.cases'), gates: strings(v['gates'], where, 'targets.gates') };
}

function regressionOf(v: unknown, where: string): HeldRegression {
  if (!isObj(v)) fail(where, 'regression', 'an object');
  const caseId = v['case_id'];
  if (caseId !== null && (typeof caseId !== 'string' || caseId === '')) fail(where, 'case_id', 'a non-empty string or null');
  return {
    gate: str(v, 'gate', where, 300),
    case_id: caseId,
    baseline: numOrNull(v, 'baseline', where),
    candidate: numOrNull(v, 'candidate', where),
    loss: numOrNull(v, 'loss', where),
  };
}

/** One acceptance record, checked; `where` names it in errors (e.g. "check output: acceptances[2]"). */
export function readAcceptanceRecord(value: unknown, where: string): AcceptanceRecord {
  if (!isObj(value)) fail(where, 'record', 'an object');
  const permission = value['permission'];
  if (!PERMISSIONS.includes(permission as (typeof PERMISSIONS)[number])) fail(where, 'permission', `one of ${PERMISSIONS.join(', ')}`);
  const reason = str(value, 'reason', where, 4 * ACCEPT_REASON_MAX);
  if ([...reason].length > ACCEPT_REASON_MAX) fail(where, 'reason', `at most ${ACCEPT_REASON_MAX} characters`);
  const list = value['regressions'];
  if (!Array.isArray(list) || list.length === 0) fail(where, 'regressions', 'a non-empty list');
  return {
    by: str(value, 'by', where, 100),
    permission: permission as AcceptanceRecord['permission'],
    at: time(value, 'at', where),
    head_sha: str(value, 'head_sha', where, 64),
    targets: targetsOf(value['targets'], where),
    regressions: list.map((x, i) => regressionOf(x, `${where}: regressions[${i}]`)),
    reason,
    expires_at: time(value, 'expires_at', where),
    comment_id: commentId(value, where),
  };
}

/** A list of acceptance events, checked, in the order given. */
export function readAcceptanceEvents(value: unknown, where: string): AcceptanceEvent[] {
  if (!Array.isArray(value)) fail(where, 'events', 'a list');
  return value.map((e, i): AcceptanceEvent => {
    const at = `${where}[${i}]`;
    if (!isObj(e)) fail(at, 'event', 'an object');
    switch (e['kind']) {
      case 'accept':
        return { kind: 'accept', record: readAcceptanceRecord(e['record'], `${at}.record`) };
      case 'revoke':
        return {
          kind: 'revoke',
          by: str(e, 'by', at, 100),
          at: time(e, 'at', at),
          comment_id: commentId(e, at),
          targets: e['targets'] === null ? null : targetsOf(e['targets'], at),
        };
      case 'withdrawn':
        return { kind: 'withdrawn', comment_id: commentId(e, at), at: time(e, 'at', at) };
      default:
        return fail(at, 'kind', 'accept, revoke or withdrawn');
    }
  });
}
