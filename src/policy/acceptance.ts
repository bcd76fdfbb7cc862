/**
 * Who may use a `/benchgate` command, and the record an accept makes (issue 46). The permission is
 * the repository's, read from the API by the caller (never from the comment); the pull request's
 * author and bots are judged by their permission like anyone else, so an author without write access
 * cannot accept their own regressions. Pure: everything comes in as parameters.
 */
import type { AcceptanceRecord, AcceptanceTargets, AcceptingPermission, HeldRegression } from '../analysis/acceptance/model.js';
import { gateNamesOf } from '../analysis/acceptance/regressions.js';
import type { Comparison } from '../analysis/compare.js';
import type { BenchgateCommand, CommandContext, Refusal } from './acceptance-command.js';

/** What a comment's words are matched against for this comparison: its report's case ids and its gate names. */
export function commandContextOf(cmp: Comparison): CommandContext {
  return { caseIds: new Set(cmp.cases.map((r) => r.case_id)), gateNames: gateNamesOf(cmp) };
}

/**
 * A repository permission as the REST API names it: `permission` of "get repository permissions for
 * a user" (admin, write, read, none), or its `role_name` when that is one of the base roles.
 */
export type RepoPermission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

const RANK: Record<RepoPermission, number> = { none: 0, read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

/**
 * The permission {@link mayCommand} ranks, from the API's answer: its `role_name` when that is one of
 * the base roles (maintain and triage, which `permission` folds into write and read), else its
 * `permission` (a custom role is read by the base role it carries).
 */
export function repoPermissionOf(permission: string, role: string | null): string {
  return role !== null && role !== 'none' && Object.hasOwn(RANK, role) ? role : permission;
}

/** The least permission each command needs: accepting, revoking and rerunning change the check or spend runs; explaining only reads the report. */
const NEEDS: Record<BenchgateCommand['kind'], RepoPermission> = { accept: 'write', revoke: 'write', rerun: 'write', explain: 'read' };

/** A GitHub login, or an app's bot login (`name[bot]`). */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

export type Permitted = { ok: true; permission: RepoPermission } | { ok: false; refusal: Refusal };

const notPermitted = (message: string): Permitted => ({ ok: false, refusal: { code: 'not-permitted', message, names: [] } });

/**
 * May `actor`, whose permission on the repository is `permission` (from the API), run a command of
 * `kind` on the pull request by `prAuthor`? A permission that is none of the base roles (a custom
 * role's name, a missing field) is refused: pass the API's `permission` field, which is always a
 * base role.
 */
export function mayCommand(kind: BenchgateCommand['kind'], permission: string, actor: string, prAuthor: string | null): Permitted {
  if (!LOGIN.test(actor)) return notPermitted('the commenter is not a GitHub login benchgate can read');
  if (!Object.hasOwn(RANK, permission))
    return notPermitted('their permission on the repository could not be read as admin, maintain, write, triage, read or none');
  const p = permission as RepoPermission;
  const needs = NEEDS[kind];
  if (RANK[p] >= RANK[needs]) return { ok: true, permission: p };
  const who = prAuthor !== null && actor.toLowerCase() === prAuthor.toLowerCase() ? "the pull request's author" : 'the commenter';
  return notPermitted(`\`/benchgate ${kind}\` needs ${needs} permission on the repository (or above), and ${who} has ${p}`);
}

/** May `actor` accept (and revoke): write, maintain or admin only. */
export function mayAccept(permission: string, actor: string, prAuthor: string | null): Permitted {
  return mayCommand('accept', permission, actor, prAuthor);
}

/** Who accepted, where and when: everything the record holds that is not in the command. */
export interface AcceptanceContext {
  by: string;
  permission: AcceptingPermission;
  /** The comment's time (ISO 8601): the acceptance starts then, and ends `days` later. */
  at: string;
  head_sha: string;
  comment_id: number;
}

/** True when `x` is one of what `targets` names. */
export function targetsName(targets: AcceptanceTargets, x: HeldRegression): boolean {
  return targets.all || targets.gates.includes(x.gate) || (x.case_id !== null && targets.cases.includes(x.case_id));
}

/**
 * The record of an accept against the regressions holding the verdict now (`held`, from the
 * comparison the check shows: analysis/acceptance/regressions.ts `heldRegressions`): it covers those
 * its targets name, as they are. Refused when nothing holds on a regression (a finding is not
 * accepted), or when a named case or gate has no regression holding the verdict.
 */
export function acceptanceRecord(
  command: Extract<BenchgateCommand, { kind: 'accept' }>,
  held: readonly HeldRegression[],
  ctx: AcceptanceContext,
): { ok: true; record: AcceptanceRecord } | { ok: false; refusal: Refusal } {
  if (held.length === 0)
    return {
      ok: false,
      refusal: {
        code: 'nothing-to-accept',
        message: 'no regression holds the verdict: a finding (a broken run, the regression budget) is not accepted by a comment',
        names: [],
      },
    };
  const t = command.targets;
  if (!t.all) {
    const idle = [...t.cases.filter((c) => !held.some((x) => x.case_id === c)), ...t.gates.filter((g) => !held.some((x) => x.gate === g))];
    if (idle.length > 0) return { ok: false, refusal: { code: 'not-regressed', message: 'no regression holding the verdict is named:', names: idle } };
  }
  const start = Date.parse(ctx.at);
  if (!Number.isFinite(start)) throw new RangeError(`acceptance: at ${JSON.stringify(ctx.at)} is not an ISO 8601 time`);
  const record: AcceptanceRecord = {
    by: ctx.by,
    permission: ctx.permission,
    at: new Date(start).toISOString(),
    head_sha: ctx.head_sha,
    targets: t,
    regressions: held.filter((x) => targetsName(t, x)).map((x) => ({ ...x })),
    reason: command.reason,
    expires_at: new Date(start + command.days * 86_400_000).toISOString(),
    comment_id: ctx.comment_id,
  };
  return { ok: true, record };
}
