// The state of the GitHub API double (pulls, issue comments, check runs, commit statuses) and the
// rules GitHub applies that the OpenAPI description does not encode. The JSON-schema checks (types,
// enums, maxLength, maxItems) run before any of this, in github-api-spec.ts.
import { GitStore } from './github-api-git.js';
import { ApiError, validationFailed } from './github-api-http.js';
import { ACTIONS_BOT, type ApiUser, fakeSha, type JobRecord, type PullRecord, stableId, timestamp, type WorkflowRunRecord } from './github-api-shapes.js';

export interface IssueComment {
  id: number;
  issue: number;
  body: string;
  user: ApiUser;
  created_at: string;
  updated_at: string;
  html_url: string;
}

export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  [key: string]: unknown;
}

export interface CheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  output: { title: string | null; summary: string | null; text: string | null; annotations: Annotation[] };
  external_id: string;
  details_url: string | null;
  started_at: string | null;
  completed_at: string | null;
  actions: unknown[];
}

export interface CommitStatus {
  id: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  description: string | null;
  context: string;
  target_url: string | null;
  created_at: string;
}

/** What a test seeds with `addPull`. headRepo is a full name; another than the served one is a fork. */
export interface PullSeed {
  number: number;
  headSha: string;
  headRef?: string;
  headRepo?: string;
  baseSha?: string;
  baseRef?: string;
  state?: 'open' | 'closed';
  /** The PR's author (default: the head repository's owner, or `someone` for a same-repository PR). */
  user?: string;
  /** Merged as this commit (the PR is closed, merged_at set). */
  mergeSha?: string;
}

export const COMMENT_MAX = 65_536;
export const OUTPUT_MAX = 65_535;
export const ANNOTATIONS_MAX = 50;
export const DESCRIPTION_MAX = 140;

type Body = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export class GitHubState {
  /** Branches and files (the contents and git database endpoints). */
  readonly git = new GitStore();
  private readonly pullList = new Map<number, PullRecord>();
  /** Issue numbers that exist: seeded pulls, and issues a test gave a comment. */
  private readonly issues = new Set<number>();
  private commentList: IssueComment[] = [];
  private readonly runs: CheckRun[] = [];
  private readonly statusList: CommitStatus[] = [];
  // Ids in the ranges real ones are in: clients must not assume they fit in 32 bits or start at 1.
  private nextCommentId = 2_400_000_001;
  private nextRunId = 31_000_000_001;
  private nextStatusId = 34_000_000_001;

  constructor(
    private readonly fullName: string,
    private readonly htmlBase: string,
  ) {}

  addPull(seed: PullSeed): PullRecord {
    const headRepo = seed.headRepo ?? this.fullName;
    const pull: PullRecord = {
      number: seed.number,
      state: seed.mergeSha !== undefined ? 'closed' : (seed.state ?? 'open'),
      headSha: seed.headSha,
      headRef: seed.headRef ?? `feature-${seed.number}`,
      headRepo,
      baseSha: seed.baseSha ?? fakeSha(`base ${seed.number}`),
      baseRef: seed.baseRef ?? 'main',
      ...(seed.mergeSha === undefined ? {} : { mergeSha: seed.mergeSha }),
      user: { login: seed.user ?? (headRepo === this.fullName ? 'someone' : (headRepo.split('/')[0] ?? 'someone')), type: 'User' },
      createdAt: timestamp(),
    };
    this.pullList.set(seed.number, pull);
    this.issues.add(seed.number);
    return pull;
  }

  /** Workflow runs, newest first (as GET /actions/runs lists them). */
  readonly workflowRuns: WorkflowRunRecord[] = [];

  addWorkflowRun(seed: Partial<WorkflowRunRecord> & Pick<WorkflowRunRecord, 'id' | 'headSha'>): WorkflowRunRecord {
    const run: WorkflowRunRecord = { headBranch: 'main', event: 'push', status: 'completed', conclusion: 'success', createdAt: timestamp(), ...seed };
    this.workflowRuns.push(run);
    this.workflowRuns.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
    return run;
  }

  /** The jobs of each workflow run (GET /actions/runs/{id}/jobs); a run not seeded has none. */
  readonly runJobs = new Map<number, JobRecord[]>();

  addJobs(runId: number, jobs: readonly { name: string; conclusion: JobRecord['conclusion'] }[]): void {
    const list = this.runJobs.get(runId) ?? [];
    for (const j of jobs) list.push({ id: stableId(`job ${runId} ${list.length}`), runId, name: j.name, conclusion: j.conclusion, createdAt: timestamp() });
    this.runJobs.set(runId, list);
  }

  /**
   * Each user's role on the repository (GET /collaborators/{username}/permission): the role's name,
   * and the legacy base permission GitHub derives from it (maintain reads as write, triage as read).
   * A user not seeded is no collaborator: GitHub answers 404 for one.
   */
  readonly roles = new Map<string, 'admin' | 'maintain' | 'write' | 'triage' | 'read'>();

  /** The re-runs asked for (POST /actions/runs/{run_id}/rerun), in order. */
  readonly reruns: number[] = [];

  hasIssue(n: number): boolean {
    return this.issues.has(n);
  }

  pull(n: number): PullRecord {
    const pull = this.pullList.get(n);
    if (!pull) throw new ApiError(404, 'Not Found');
    return pull;
  }

  pulls(): PullRecord[] {
    return [...this.pullList.values()];
  }

  /** A comment as a test seeds it: no length rule, any author, and the issue comes into being. */
  seedComment(issue: number, body: string, user: ApiUser): IssueComment {
    this.issues.add(issue);
    return this.pushComment(issue, body, user);
  }

  createComment(issue: number, body: string): IssueComment {
    if (!this.issues.has(issue)) throw new ApiError(404, 'Not Found');
    checkCommentBody(body);
    return this.pushComment(issue, body, ACTIONS_BOT);
  }

  /** Comments of one issue, ascending by id (GitHub's order for this list). */
  comments(issue: number): IssueComment[] {
    if (!this.issues.has(issue)) throw new ApiError(404, 'Not Found');
    return this.commentList.filter((c) => c.issue === issue).sort((a, b) => a.id - b.id);
  }

  comment(id: number): IssueComment {
    const found = this.commentList.find((c) => c.id === id);
    if (!found) throw new ApiError(404, 'Not Found');
    return found;
  }

  updateComment(id: number, body: string): IssueComment {
    const found = this.comment(id);
    checkCommentBody(body);
    return Object.assign(found, { body, updated_at: timestamp() });
  }

  deleteComment(id: number): void {
    const found = this.comment(id);
    this.commentList = this.commentList.filter((c) => c !== found);
  }

  checkRuns(): CheckRun[] {
    return this.runs;
  }

  checkRun(id: number): CheckRun {
    const run = this.runs.find((r) => r.id === id);
    if (!run) throw new ApiError(404, 'Not Found');
    return run;
  }

  createCheckRun(body: Body): CheckRun {
    const blank: CheckRun = {
      id: this.nextRunId++,
      name: '',
      head_sha: str(body['head_sha']) ?? '',
      status: 'queued',
      conclusion: null,
      output: { title: null, summary: null, text: null, annotations: [] },
      external_id: '',
      details_url: null,
      started_at: timestamp(),
      completed_at: null,
      actions: [],
    };
    const run = applyCheckRun(blank, body);
    this.runs.push(run);
    return run;
  }

  updateCheckRun(id: number, body: Body): CheckRun {
    const run = this.checkRun(id);
    return Object.assign(run, applyCheckRun(run, body));
  }

  createStatus(sha: string, body: Body): CommitStatus {
    const description = str(body['description']) ?? null;
    if (description !== null && description.length > DESCRIPTION_MAX) {
      throw validationFailed('Status', 'description', `description is too long (maximum is ${DESCRIPTION_MAX} characters)`);
    }
    const status: CommitStatus = {
      id: this.nextStatusId++,
      sha,
      state: body['state'] as CommitStatus['state'],
      description,
      context: str(body['context']) ?? 'default',
      target_url: str(body['target_url']) ?? null,
      created_at: timestamp(),
    };
    this.statusList.push(status);
    return status;
  }

  statuses(): CommitStatus[] {
    return this.statusList;
  }

  private pushComment(issue: number, body: string, user: ApiUser): IssueComment {
    const id = this.nextCommentId++;
    const kind = this.pullList.has(issue) ? 'pull' : 'issues';
    const now = timestamp();
    const comment: IssueComment = {
      id,
      issue,
      body,
      user: { ...user },
      created_at: now,
      updated_at: now,
      html_url: `${this.htmlBase}/${kind}/${issue}#issuecomment-${id}`,
    };
    this.commentList.push(comment);
    return comment;
  }
}

function checkCommentBody(body: string): void {
  // JS length (UTF-16 units) is at least GitHub's count (code points), so this errs on the strict side.
  if (body.length > COMMENT_MAX) {
    throw validationFailed('IssueComment', 'body', `body is too long (maximum is ${COMMENT_MAX} characters)`);
  }
  // The schema allows "", but GitHub refuses an empty comment (message approximated).
  if (body.trim() === '') throw validationFailed('IssueComment', 'body', "body can't be blank", 'missing_field');
}

/**
 * The check run after applying a create/update body, validated as a whole before anything changes.
 * Rules from the Checks API docs that the spec cannot say: a conclusion implies `completed`,
 * `completed` needs a conclusion, `action_required` needs a details_url; annotations are appended.
 */
function applyCheckRun(run: CheckRun, body: Body): CheckRun {
  const next: CheckRun = structuredClone(run);
  for (const key of ['name', 'details_url', 'external_id', 'started_at', 'completed_at'] as const) {
    const value = str(body[key]);
    if (value !== undefined) next[key] = value;
  }
  if (Array.isArray(body['actions'])) next.actions = body['actions'] as unknown[];
  const status = str(body['status']) as CheckRun['status'] | undefined;
  const conclusion = str(body['conclusion']);
  if (status) next.status = status;
  if (status && status !== 'completed' && !conclusion) Object.assign(next, { conclusion: null, completed_at: null });
  if (conclusion) Object.assign(next, { conclusion, status: 'completed' });
  if (next.status === 'completed') next.completed_at ??= timestamp();
  const output = body['output'] as Body | undefined;
  if (output) {
    for (const key of ['title', 'summary', 'text'] as const) {
      const value = str(output[key]);
      if (key !== 'title' && value !== undefined && value.length > OUTPUT_MAX) {
        throw validationFailed('CheckRun', `output.${key}`, `${key} is too long (maximum is ${OUTPUT_MAX} characters)`);
      }
      if (value !== undefined) next.output[key] = value;
    }
    const annotations = (output['annotations'] ?? []) as Annotation[];
    if (annotations.length > ANNOTATIONS_MAX) {
      throw validationFailed('CheckRun', 'output.annotations', `only ${ANNOTATIONS_MAX} annotations are allowed per request`);
    }
    next.output.annotations.push(...annotations);
  }
  if (next.status === 'completed' && !next.conclusion) throw new ApiError(422, 'Invalid request.\n\n"conclusion" wasn\'t supplied.');
  if (next.conclusion === 'action_required' && !next.details_url) {
    throw validationFailed('CheckRun', 'details_url', 'details_url is required when the conclusion is action_required', 'missing_field');
  }
  return next;
}
