// GitHub's own parser for workflows and action manifests (@actions/workflow-parser, built from the
// same template schema as the runner), as the tests use it: action.yml through parseAction, a
// workflow through parseWorkflow + convertWorkflowTemplate with benchgate's reusable workflows
// resolved to this repository's files (so the inputs and secrets a caller passes are checked against
// what the called workflow declares), and the workflow snippets of the documentation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow, type WorkflowTemplate } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/action-parser';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/template-token';
import type { FileReference } from '@actions/workflow-parser/workflows/file-reference';
import { parse as parseYaml } from 'yaml';

import { REPO_ROOT } from './composite.js';
import { docFiles } from './docs.js';

/** The published reusable workflows a README reader calls: `benchgate/benchgate/.github/workflows/X.yml@REF`. */
const PUBLISHED = { owner: 'benchgate', repository: 'benchgate' };

/** Reads a called workflow: this repository's file for benchgate's own (any ref) and for `./…`; anything else is an error. */
export function repositoryFiles(files: Record<string, string> = {}) {
  return {
    getFileContent(ref: FileReference) {
      const remote = 'owner' in ref;
      if (remote && (ref.owner !== PUBLISHED.owner || ref.repository !== PUBLISHED.repository))
        throw new Error(`not benchgate's workflow: ${ref.owner}/${ref.repository}/${ref.path}@${ref.version}`);
      const path = ref.path.replace(/^\.\//, '');
      const content = files[path] ?? readFileSync(join(REPO_ROOT, path), 'utf8');
      return Promise.resolve({ name: path, content });
    },
  };
}

/** The errors GitHub's parser reports for an action manifest (`file:line:col: message`, as the parser words them). */
export function actionErrors(content: string, name = 'action.yml'): string[] {
  const result = parseAction({ name, content }, new NoOperationTraceWriter());
  return result.context.errors.getErrors().map((e) => e.message);
}

export interface ParsedWorkflow {
  errors: string[];
  template: WorkflowTemplate | null;
  /** The token tree as parsed (the converted template drops a step's `with`). */
  root: TemplateToken | null;
}

/** Parses and converts a workflow, fetching the reusable workflows it calls one level deep. */
export async function parseWorkflowText(name: string, content: string, files: Record<string, string> = {}): Promise<ParsedWorkflow> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  if (parsed.value === undefined) return { errors: parsed.context.errors.getErrors().map((e) => e.message), template: null, root: null };
  const template = await convertWorkflowTemplate(parsed.context, parsed.value, repositoryFiles(files), { fetchReusableWorkflowDepth: 1 });
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  return { errors, template, root: parsed.value };
}

export interface DocWorkflow {
  /** `README.md:43`: the file and the line of the opening fence. */
  where: string;
  content: string;
}

/** Every ```yaml block of README.md and docs/*.md that is a workflow (it has `on` and `jobs`). */
export function docWorkflows(): DocWorkflow[] {
  const out: DocWorkflow[] = [];
  for (const file of docFiles()) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*```ya?ml\s*$/.test(lines[i] as string)) continue;
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i] as string); i++) body.push(lines[i] as string);
      const content = body.join('\n');
      let doc: unknown;
      try {
        doc = parseYaml(content);
      } catch {
        doc = null;
      }
      if (doc !== null && typeof doc === 'object' && 'jobs' in doc && 'on' in doc)
        out.push({ where: `${file.slice(REPO_ROOT.length + 1)}:${start + 1}`, content });
    }
  }
  return out;
}
