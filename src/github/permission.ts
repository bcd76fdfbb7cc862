/**
 * Who may answer benchgate from a pull request comment: the commenter's permission on the
 * repository, read from the REST API, never from the comment or the event (an `author_association`
 * says how the user is associated, not what they may do). GET
 * /repos/{owner}/{repo}/collaborators/{username}/permission (GitHub's REST reference,
 * "Get repository permissions for a user", as in @octokit/openapi): `permission` is the legacy
 * base role, admin, write, read or none, with maintain mapped to write and triage to read;
 * `role_name` the assigned role, custom roles included. A 404 is a user who is no collaborator:
 * none.
 */
import { type GitHubClient, statusOf } from './octokit.js';

/** The legacy base roles the endpoint answers with. */
export type BasePermission = 'admin' | 'write' | 'read' | 'none';

export interface Permission {
  permission: BasePermission;
  /** The assigned role's name (admin, maintain, write, triage, read, or a custom role); null for none. */
  role: string | null;
}

const BASE: readonly BasePermission[] = ['admin', 'write', 'read', 'none'];

export async function readPermission(octokit: GitHubClient, at: { owner: string; repo: string }, username: string): Promise<Permission> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner: at.owner, repo: at.repo, username });
    // An answer outside the four base roles is read as none: the safe side.
    const permission = (BASE as readonly string[]).includes(data.permission) ? (data.permission as BasePermission) : 'none';
    return { permission, role: typeof data.role_name === 'string' && data.role_name !== '' ? data.role_name : null };
  } catch (error) {
    if (statusOf(error) === 404) return { permission: 'none', role: null };
    throw error;
  }
}

/** Write, maintain (answered as write) and admin may change what the gate decides; triage, read and none may not. */
export const mayWrite = (p: Permission): boolean => p.permission === 'admin' || p.permission === 'write';
