// action.yml, every workflow file and every workflow snippet of the documentation, read by GitHub's
// own parser (@actions/workflow-parser: the template schema the runner and GitHub's language services
// use), with calls to benchgate's reusable workflows resolved to this repository's files: zero
// errors. Then the one rule of reusable workflows the parser leaves to the server: a called job gets
// at most what its caller grants, so a caller must grant every permission the called jobs ask for,
// and a job that checks out the repository must be able to read it (`contents: read`, or a private
// repository's checkout fails with "Repository not found").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { REPO_ROOT } from '../helpers/composite.js';
import { actionErrors, docWorkflows, parseWorkflowText } from '../helpers/github-parser.js';

const read = (path: string): string => readFileSync(join(REPO_ROOT, path), 'utf8');
const workflowFiles = [
  ...readdirSync(join(REPO_ROOT, '.github', 'workflows')).map((f) => `.github/workflows/${f}`),
  ...readdirSync(join(REPO_ROOT, 'examples', 'workflows')).map((f) => `examples/workflows/${f}`),
].filter((f) => /\.ya?ml$/.test(f));
const snippets = docWorkflows();

describe("GitHub's parser", () => {
  it('loads action.yml without an error', () => {
    expect(actionErrors(read('action.yml'))).toEqual([]);
  });

  it('refuses an expression in an input description, as the runner does (the check can fail)', () => {
    const broken = read('action.yml').replace('description: "run: `baseline` or `candidate`.', 'description: "run: `${{ matrix.role }}`.');
    expect(actionErrors(broken)).toEqual([expect.stringMatching(/Unrecognized named-value: 'matrix'/)]);
  });

  it.each(workflowFiles)('parses %s without an error', async (file) => {
    const { errors, template } = await parseWorkflowText(file, read(file));
    expect(errors).toEqual([]);
    expect(template?.jobs.length).toBeGreaterThan(0);
  });

  it('finds the documentation workflow snippets', () => {
    // README: the PR and publish callers; docs: at least the ab, interleaved, rlm-code, history and shard examples.
    expect(snippets.filter((s) => s.where.startsWith('README.md')).length).toBeGreaterThanOrEqual(2);
    expect(snippets.length).toBeGreaterThanOrEqual(7);
  });

  it.each(snippets.map((s) => [s.where, s.content]))('parses the snippet at %s without an error', async (where, content) => {
    const { errors } = await parseWorkflowText(where, content);
    expect(errors).toEqual([]);
  });

  it('checks a call against the called workflow: an undeclared input and environment on the calling job are errors', async () => {
    const caller = (extra: string) =>
      [
        'on: pull_request',
        'permissions: { contents: read, actions: read }',
        'jobs:',
        '  benchgate:',
        '    uses: benchgate/benchgate/.github/workflows/gate.yml@v1',
        extra,
        '    with:',
        '      command: ./bench.sh',
        '      no-such-input: x',
      ].join('\n');
    expect((await parseWorkflowText('caller.yml', caller(''))).errors).toEqual([
      expect.stringMatching(/Invalid input, no-such-input is not defined in the referenced workflow/),
    ]);
    expect((await parseWorkflowText('caller.yml', caller('    environment: benchmarks'))).errors).toContainEqual(
      expect.stringMatching(/Unexpected value 'environment'/),
    );
  });
});

type Level = 'none' | 'read' | 'write';
type Permissions = Record<string, Level>;
const LEVEL: Record<Level, number> = { none: 0, read: 1, write: 2 };
const SCOPES = ['actions', 'checks', 'contents', 'deployments', 'issues', 'packages', 'pull-requests', 'statuses', 'id-token', 'security-events'];

/** A `permissions:` value as a full map (an absent key is none); undefined when not declared. */
function permissionsOf(value: unknown): Permissions | undefined {
  if (value === undefined) return undefined;
  if (value === 'read-all' || value === 'write-all') return Object.fromEntries(SCOPES.map((s) => [s, value === 'read-all' ? 'read' : 'write']));
  const given = (value ?? {}) as Permissions;
  return Object.fromEntries(SCOPES.map((s) => [s, given[s] ?? 'none']));
}

interface RawJob {
  uses?: string;
  permissions?: unknown;
  steps?: { uses?: string; with?: Record<string, unknown> }[];
}
interface RawWorkflow {
  permissions?: unknown;
  jobs: Record<string, RawJob>;
}

/** What each job of a called workflow asks for, from its own `permissions:` or the workflow's; undefined: it takes the caller's. */
function calledJobs(uses: string): [string, Permissions | undefined, RawJob][] {
  const path = /^(?:\.\/|benchgate\/benchgate\/)(\.github\/workflows\/[\w-]+\.yml)(?:@.+)?$/.exec(uses)?.[1];
  if (path === undefined) throw new Error(`not a benchgate reusable workflow: ${uses}`);
  const wf = parseYaml(read(path)) as RawWorkflow;
  return Object.entries(wf.jobs).map(([id, job]) => [id, permissionsOf(job.permissions ?? wf.permissions), job]);
}

const callers = [...workflowFiles.map((f) => ({ where: f, content: read(f) })), ...snippets.map((s) => ({ where: s.where, content: s.content }))].filter((w) =>
  Object.values((parseYaml(w.content) as RawWorkflow).jobs).some((j) => j.uses !== undefined),
);

describe('what a caller grants', () => {
  it.each(callers.map((c) => [c.where, c.content]))(
    '%s grants every permission the called jobs ask for, and contents: read to those that check out',
    (where, content) => {
      const wf = parseYaml(content) as RawWorkflow;
      for (const [id, job] of Object.entries(wf.jobs)) {
        if (job.uses === undefined) continue;
        const granted = permissionsOf(job.permissions ?? wf.permissions);
        expect(granted, `${where} ${id}: a caller states its permissions`).toBeDefined();
        for (const [calledId, asked, calledJob] of calledJobs(job.uses)) {
          const effective = asked ?? (granted as Permissions);
          for (const [scope, level] of Object.entries(effective))
            expect(
              LEVEL[level] <= LEVEL[(granted as Permissions)[scope] ?? 'none'],
              `${where} ${id} → ${calledId} asks ${scope}: ${level}, more than the caller grants`,
            ).toBe(true);
          if ((calledJob.steps ?? []).some((s) => s.uses?.startsWith('actions/checkout@')))
            expect(effective['contents'], `${where} ${id} → ${calledId} checks out without contents: read`).not.toBe('none');
        }
      }
    },
  );
});
