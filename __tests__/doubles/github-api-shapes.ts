// The wire shapes of the GitHub API double: users, repositories, pulls, comments, check runs and
// statuses, with every field the spec marks required (the double's tests validate them against the
// spec's response schemas, so these cannot drift). API URLs point at the double, so a client that
// follows `url`/`comments_url` stays on loopback; html_url points at github.com, as it does for real.
import { createHash } from 'node:crypto';

export interface ApiUser {
  login: string;
  type: 'Bot' | 'User' | 'Organization';
}

/** Where the wire objects live: the double's base URL and the repository it serves. */
export interface Site {
  api: string;
  owner: string;
  repo: string;
  repoId: number;
}

/** The identity behind GITHUB_TOKEN (the GitHub Actions app's bot user; its real ids). */
export const ACTIONS_BOT: ApiUser = { login: 'github-actions[bot]', type: 'Bot' };
const KNOWN_IDS: Record<string, number> = { 'github-actions[bot]': 41898282, github: 9919 };
const WEB = 'https://github.com';

/** A stable positive 31-bit id for a name, so fixtures are deterministic across runs. */
export function stableId(name: string): number {
  return KNOWN_IDS[name] ?? (createHash('sha1').update(name).digest().readUInt32BE(0) >>> 1) + 1;
}

/** A 40-hex sha derived from a seed. */
export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

/** GitHub's timestamp format: ISO 8601 to the second, in UTC. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function nodeId(kind: string, id: number): string {
  return Buffer.from(`0${kind.length}:${kind}${id}`).toString('base64');
}

export function userJson(site: Site, user: ApiUser): Record<string, unknown> {
  const id = stableId(user.login);
  const u = `${site.api}/users/${encodeURIComponent(user.login)}`;
  const bot = user.type === 'Bot';
  return {
    login: user.login,
    id,
    node_id: nodeId(user.type, id),
    avatar_url: bot ? 'https://avatars.githubusercontent.com/in/15368?v=4' : `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: u,
    html_url: bot ? `${WEB}/apps/github-actions` : `${WEB}/${user.login}`,
    followers_url: `${u}/followers`,
    following_url: `${u}/following{/other_user}`,
    gists_url: `${u}/gists{/gist_id}`,
    starred_url: `${u}/starred{/owner}{/repo}`,
    subscriptions_url: `${u}/subscriptions`,
    organizations_url: `${u}/orgs`,
    repos_url: `${u}/repos`,
    events_url: `${u}/events{/privacy}`,
    received_events_url: `${u}/received_events`,
    type: user.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

/** A full `repository` object; `fullName` may name a fork of the served repository. */
export function repoJson(site: Site, fullName: string): Record<string, unknown> {
  const [owner = '', name = ''] = fullName.split('/');
  const fork = fullName.toLowerCase() !== `${site.owner}/${site.repo}`.toLowerCase();
  const id = fork ? stableId(fullName) : site.repoId;
  const r = `${site.api}/repos/${fullName}`;
  const created = '2024-01-02T03:04:05Z';
  const templated: Record<string, string> = {
    archive_url: '/{archive_format}{/ref}',
    assignees_url: '/assignees{/user}',
    blobs_url: '/git/blobs{/sha}',
    branches_url: '/branches{/branch}',
    collaborators_url: '/collaborators{/collaborator}',
    comments_url: '/comments{/number}',
    commits_url: '/commits{/sha}',
    compare_url: '/compare/{base}...{head}',
    contents_url: '/contents/{+path}',
    contributors_url: '/contributors',
    deployments_url: '/deployments',
    downloads_url: '/downloads',
    events_url: '/events',
    forks_url: '/forks',
    git_commits_url: '/git/commits{/sha}',
    git_refs_url: '/git/refs{/sha}',
    git_tags_url: '/git/tags{/sha}',
    hooks_url: '/hooks',
    issue_comment_url: '/issues/comments{/number}',
    issue_events_url: '/issues/events{/number}',
    issues_url: '/issues{/number}',
    keys_url: '/keys{/key_id}',
    labels_url: '/labels{/name}',
    languages_url: '/languages',
    merges_url: '/merges',
    milestones_url: '/milestones{/number}',
    notifications_url: '/notifications{?since,all,participating}',
    pulls_url: '/pulls{/number}',
    releases_url: '/releases{/id}',
    stargazers_url: '/stargazers',
    statuses_url: '/statuses/{sha}',
    subscribers_url: '/subscribers',
    subscription_url: '/subscription',
    tags_url: '/tags',
    teams_url: '/teams',
    trees_url: '/git/trees{/sha}',
  };
  return {
    id,
    node_id: nodeId('Repository', id),
    name,
    full_name: fullName,
    owner: userJson(site, { login: owner, type: fork ? 'User' : 'Organization' }),
    private: false,
    html_url: `${WEB}/${fullName}`,
    description: null,
    fork,
    url: r,
    ...Object.fromEntries(Object.entries(templated).map(([key, suffix]) => [key, `${r}${suffix}`])),
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    clone_url: `${WEB}/${fullName}.git`,
    svn_url: `${WEB}/${fullName}`,
    mirror_url: null,
    homepage: null,
    language: 'TypeScript',
    size: 1024,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    forks_count: 0,
    forks: 0,
    open_issues_count: 0,
    open_issues: 0,
    default_branch: 'main',
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: 'public',
    license: null,
    topics: [],
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    pushed_at: created,
    created_at: created,
    updated_at: created,
  };
}

export interface PullRecord {
  number: number;
  state: 'open' | 'closed';
  headSha: string;
  headRef: string;
  headRepo: string;
  baseSha: string;
  baseRef: string;
  /** The commit it was merged as; absent for a PR not merged. */
  mergeSha?: string;
  user: ApiUser;
  createdAt: string;
}

/** A `pull-request` (full = GET one) or `pull-request-simple` (a list entry) object. */
export function pullJson(site: Site, p: PullRecord, full: boolean, comments = 0): Record<string, unknown> {
  const id = stableId(`pull ${site.repoId} ${p.number}`);
  const r = `${site.api}/repos/${site.owner}/${site.repo}`;
  const html = `${WEB}/${site.owner}/${site.repo}/pull/${p.number}`;
  const side = (sha: string, ref: string, fullName: string) => ({
    label: `${fullName.split('/')[0] ?? ''}:${ref}`,
    ref,
    sha,
    repo: repoJson(site, fullName),
    user: userJson(site, { login: fullName.split('/')[0] ?? '', type: fullName === `${site.owner}/${site.repo}` ? 'Organization' : 'User' }),
  });
  const links = {
    self: `${r}/pulls/${p.number}`,
    html,
    issue: `${r}/issues/${p.number}`,
    comments: `${r}/issues/${p.number}/comments`,
    review_comments: `${r}/pulls/${p.number}/comments`,
    review_comment: `${r}/pulls/comments{/number}`,
    commits: `${r}/pulls/${p.number}/commits`,
    statuses: `${r}/statuses/${p.headSha}`,
  };
  const simple = {
    url: links.self,
    id,
    node_id: nodeId('PullRequest', id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: links.issue,
    commits_url: links.commits,
    review_comments_url: links.review_comments,
    review_comment_url: links.review_comment,
    comments_url: links.comments,
    statuses_url: links.statuses,
    number: p.number,
    state: p.state,
    locked: false,
    title: `Pull request #${p.number}`,
    user: userJson(site, p.user),
    body: null,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: p.createdAt,
    updated_at: p.createdAt,
    closed_at: p.state === 'closed' ? p.createdAt : null,
    merged_at: p.mergeSha === undefined ? null : p.createdAt,
    merge_commit_sha: p.mergeSha ?? null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(p.headSha, p.headRef, p.headRepo),
    base: side(p.baseSha, p.baseRef, `${site.owner}/${site.repo}`),
    _links: Object.fromEntries(Object.entries(links).map(([k, href]) => [k, { href }])),
    author_association: p.headRepo === `${site.owner}/${site.repo}` ? 'MEMBER' : 'CONTRIBUTOR',
    auto_merge: null,
    draft: false,
  };
  if (!full) return simple;
  return {
    ...simple,
    merged: p.mergeSha !== undefined,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: null,
    comments,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 1,
    deletions: 0,
    changed_files: 1,
  };
}

/** A workflow run a test seeds (`addWorkflowRun`): its id is the results double's REST run id. */
export interface WorkflowRunRecord {
  id: number;
  headSha: string;
  headBranch: string;
  event: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: 'success' | 'failure' | 'cancelled' | null;
  createdAt: string;
  /** The workflow file the run ran (default .github/workflows/benchgate.yml). */
  path?: string;
  /** The head repository's full name (default the served repository; another is a fork's run). */
  headRepo?: string;
  /** When the run last changed, for a finished run when it finished (default `createdAt`). */
  updatedAt?: string;
}

/** A `workflow-run` object. */
export function workflowRunJson(site: Site, w: WorkflowRunRecord): Record<string, unknown> {
  const r = `${site.api}/repos/${site.owner}/${site.repo}`;
  const run = `${r}/actions/runs/${w.id}`;
  const repo = repoJson(site, `${site.owner}/${site.repo}`);
  const who = { name: 'Octo Cat', email: 'octo@example.com' };
  return {
    id: w.id,
    name: 'benchgate',
    node_id: nodeId('WorkflowRun', w.id),
    head_branch: w.headBranch,
    head_sha: w.headSha,
    path: w.path ?? '.github/workflows/benchgate.yml',
    display_title: 'benchgate',
    run_number: w.id % 1000,
    event: w.event,
    status: w.status,
    conclusion: w.conclusion,
    workflow_id: 161335,
    check_suite_id: w.id + 1,
    check_suite_node_id: nodeId('CheckSuite', w.id + 1),
    url: run,
    html_url: `${WEB}/${site.owner}/${site.repo}/actions/runs/${w.id}`,
    pull_requests: [],
    created_at: w.createdAt,
    updated_at: w.updatedAt ?? w.createdAt,
    run_attempt: 1,
    run_started_at: w.createdAt,
    jobs_url: `${run}/jobs`,
    logs_url: `${run}/logs`,
    check_suite_url: `${r}/check-suites/${w.id + 1}`,
    artifacts_url: `${run}/artifacts`,
    cancel_url: `${run}/cancel`,
    rerun_url: `${run}/rerun`,
    workflow_url: `${r}/actions/workflows/161335`,
    previous_attempt_url: null,
    head_commit: { id: w.headSha, tree_id: fakeSha(`tree ${w.headSha}`), message: 'a commit', timestamp: w.createdAt, author: who, committer: who },
    repository: repo,
    head_repository: w.headRepo === undefined ? repo : repoJson(site, w.headRepo),
  };
}

/** A job of a workflow run a test seeds (`addJobs`). */
export interface JobRecord {
  id: number;
  runId: number;
  name: string;
  conclusion: 'success' | 'failure' | 'neutral' | 'cancelled' | 'skipped' | 'timed_out' | 'action_required';
  createdAt: string;
}

export function jobJson(site: Site, j: JobRecord, headSha: string): Record<string, unknown> {
  const r = `${site.api}/repos/${site.owner}/${site.repo}`;
  return {
    id: j.id,
    run_id: j.runId,
    run_url: `${r}/actions/runs/${j.runId}`,
    run_attempt: 1,
    node_id: nodeId('Job', j.id),
    head_sha: headSha,
    url: `${r}/actions/jobs/${j.id}`,
    html_url: `${WEB}/${site.owner}/${site.repo}/actions/runs/${j.runId}/job/${j.id}`,
    status: 'completed',
    conclusion: j.conclusion,
    created_at: j.createdAt,
    started_at: j.createdAt,
    completed_at: j.createdAt,
    name: j.name,
    steps: [{ name: 'Run benchgate', status: 'completed', conclusion: j.conclusion, number: 1, started_at: j.createdAt, completed_at: j.createdAt }],
    check_run_url: `${r}/check-runs/${j.id}`,
    labels: ['ubuntu-latest'],
    runner_id: 1,
    runner_name: 'GitHub Actions 1',
    runner_group_id: 1,
    runner_group_name: 'GitHub Actions',
    workflow_name: 'Bench',
    head_branch: 'codemode',
  };
}
