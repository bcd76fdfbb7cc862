/**
 * The rlm-code in CI example (docs/github-actions.md "rlm-code in CI", examples/workflows/rlm-code.yml,
 * examples/rlm-code/run_benchmark.py): the workflow calls the reusable gate workflow with inputs it
 * declares, installs rlm-code with Python, gives the model's key from a secret, and calls the script
 * with arguments the script accepts. (The script itself was run
 * against rlm-code's source: see the issue 16 note; rlm-code cannot be installed in this test's
 * environment.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { loadManifest, REPO_ROOT } from '../helpers/composite.js';
import { readDocs } from '../helpers/docs.js';

interface Caller {
  jobs: { benchgate: { uses: string; with: Record<string, string>; secrets: Record<string, string> } };
}
interface Reusable {
  on: { workflow_call: { inputs: Record<string, unknown>; secrets: Record<string, unknown> } };
  jobs: Record<string, { steps?: { uses?: string; with?: Record<string, string> }[] }>;
}

const file = readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'rlm-code.yml'), 'utf8');
const docs = readDocs();
const block = /<!-- rlm-code-workflow-start -->\n```yaml\n([\s\S]*?)```\n<!-- rlm-code-workflow-end -->/.exec(docs)?.[1];
const caller = (parseYaml(file) as Caller).jobs.benchgate;
const gate = parseYaml(readFileSync(join(REPO_ROOT, '.github', 'workflows', 'gate.yml'), 'utf8')) as Reusable;
const script = readFileSync(join(REPO_ROOT, 'examples', 'rlm-code', 'run_benchmark.py'), 'utf8');

/** The script's options: `--name` -> its choices (null when free) and whether it is required. */
function scriptOptions(): Map<string, { choices: string[] | null; required: boolean }> {
  const tuples = new Map(
    [...script.matchAll(/^([A-Z]+) = \(([^)]*)\)/gm)].map((m) => [m[1] as string, [...(m[2] as string).matchAll(/"([^"]+)"/g)].map((x) => x[1] as string)]),
  );
  const out = new Map<string, { choices: string[] | null; required: boolean }>();
  for (const m of script.matchAll(/add_argument\("(--[a-z-]+)"([^\n]*)\)\n/g)) {
    const rest = m[2] as string;
    const choices = /choices=([A-Z]+)/.exec(rest)?.[1];
    out.set(m[1] as string, { choices: choices === undefined ? null : (tuples.get(choices) ?? []), required: rest.includes('required=True') });
  }
  return out;
}

describe('rlm-code in CI (documented example)', () => {
  it('is the documented workflow, calling gate.yml with inputs and a secret it declares', () => {
    expect(block, 'docs have the workflow between <!-- rlm-code-workflow-start --> and -end').toBe(file);
    expect(caller.uses).toBe('benchgate/benchgate/.github/workflows/gate.yml@v1');
    for (const key of Object.keys(caller.with)) expect(Object.keys(gate.on.workflow_call.inputs), key).toContain(key);
    for (const key of Object.keys(caller.secrets)) expect(Object.keys(gate.on.workflow_call.secrets), key).toContain(key);
  });

  it('installs rlm-code with Python and gives the model key from a secret; the summary is where mode: run looks', () => {
    expect(caller.with).toMatchObject({ 'python-version': '3.12', install: 'pip install rlm-code' });
    expect(caller.secrets['suite-env']).toBe('OPENAI_API_KEY=${{ secrets.OPENAI_API_KEY }}');
    // gate.yml's run step takes its summary input, whose default is where RLMRunner writes.
    const run = gate.jobs['suite']?.steps?.find((st) => st.with?.['mode'] === 'run');
    expect(run?.with?.['summary']).toBe('${{ inputs.summary }}');
    expect(gate.on.workflow_call.inputs['summary']).toMatchObject({ default: '.rlm_code/rlm/benchmarks/*.json' });
    expect(loadManifest().inputs['summary']?.description).toContain('`.rlm_code/rlm/benchmarks/*.json`');
    expect(script).toContain('.rlm_code/rlm/benchmarks/<benchmark_id>.json');
  });

  it('calls the script with options it declares, every required one, and values among its choices; the baseline runs tool_call, the candidate codemode', () => {
    const options = scriptOptions();
    expect([...options.keys()]).toEqual(expect.arrayContaining(['--preset', '--strategy', '--mode', '--model', '--provider', '--limit']));
    expect(script).toMatch(/runner\.run_benchmark\(\n\s+preset=args\.preset,\n\s+mode=args\.mode,\n\s+harness_strategy=args\.strategy,/);
    const commands = [caller.with['baseline-command'] as string, caller.with['command'] as string];
    for (const command of commands) {
      const [python, path, ...args] = command.split(/\s+/);
      expect([python, path]).toEqual(['python', 'ci/rlm_code_bench.py']);
      const given = new Map<string, string>();
      for (let i = 0; i < args.length; i += 2) given.set(args[i] as string, args[i + 1] as string);
      for (const [name, value] of given) {
        const o = options.get(name);
        expect(o, `${name} is an option of run_benchmark.py`).toBeDefined();
        if (o?.choices) expect(o.choices, name).toContain(value);
      }
      for (const [name, o] of options) if (o.required) expect(given.has(name), `${name} is required`).toBe(true);
    }
    expect(commands.map((c) => /--strategy (\S+)/.exec(c)?.[1])).toEqual(['tool_call', 'codemode']);
  });

  it('no longer documents an rlm-code shell command that does not exist', () => {
    expect(docs).not.toContain('rlm-code bench run');
    expect(loadManifest().inputs['command']?.description).toContain('ci/rlm_code_bench.py');
  });
});
